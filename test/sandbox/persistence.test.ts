/**
 * --data durability: the journal's frames, replay over the snapshot, torn and damaged records, compaction crash
 * windows, and that every mutating endpoint's reply waits until its change is on disk.
 *
 * A "crash image" is a copy of the data directory taken at some moment while the sandbox runs, never closed: what
 * a SIGKILL at that moment would leave (everything acknowledged was fsynced, so it is in the files).
 */
import {
  rmSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  truncateSync,
  writeFileSync,
  appendFileSync,
  existsSync,
} from "node:fs";
import { spawn } from "node:child_process";
import { promises as fsp } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { generateDemo } from "../../src/sandbox/demo/generate";
import { readWalFrames, walFrame } from "../../src/sandbox/store/writeAheadLog";
import { Persistence } from "../../src/sandbox/store/persistence";
import { call, KEY, makeApp } from "../support/sandboxApp";

const tempDir = () => mkdtempSync(join(tmpdir(), "sandbox-journal-"));

function crashImage(dir: string): string {
  const copy = tempDir();
  cpSync(dir, copy, { recursive: true });
  return copy;
}

const segments = (dir: string) =>
  readdirSync(dir)
    .filter((f) => /\.journal\.\d+$/.test(f))
    .sort((a, b) => Number(a.split(".").pop()) - Number(b.split(".").pop()));

async function loadImage(dir: string, log: string[] = []) {
  const p = new Persistence(join(dir, "state.ndjson"), { log: (l) => log.push(l) });
  const store = await p.load();
  if (!store) throw new Error("no state in the image");
  return store;
}

const jobTitle = async (dir: string, id: number, log?: string[]) => (await loadImage(dir, log)).employees.get(id)?.job_title;

describe("journal frames", () => {
  const records = ["one", '{"seq":2}', "three ✓"];
  const bytes = Buffer.concat(records.map(walFrame));

  it("reads back what was framed", () => {
    expect(readWalFrames(bytes)).toEqual({ payloads: records, validBytes: bytes.length, problem: null });
  });

  it("stops at a torn last record, at any cut", () => {
    const whole = walFrame(records[0]).length + walFrame(records[1]).length;
    for (let cut = whole + 1; cut < bytes.length; cut++) {
      const r = readWalFrames(bytes.subarray(0, cut));
      expect(r.payloads).toEqual(records.slice(0, 2));
      expect(r.validBytes).toBe(whole);
      expect(r.problem).toMatch(/cut short/);
    }
  });

  it("stops at a record whose checksum does not match", () => {
    const damaged = Buffer.from(bytes);
    damaged[damaged.length - 2] ^= 0x20;
    const r = readWalFrames(damaged);
    expect(r.payloads).toEqual(records.slice(0, 2));
    expect(r.problem).toMatch(/checksum/);
  });
});

describe("--data journal", () => {
  let app: FastifyInstance | null = null;
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = tempDir();
    file = join(dir, "state.ndjson");
    app = await makeApp({ dataFile: file, employees: 3 });
  });
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  const setTitle = async (title: string, id = 1001) => {
    const r = await call(app!, "PATCH", `/employees/${id}`, { employee: { job_title: title } });
    expect(r.status).toBe(200);
  };

  it("has every acknowledged write on disk when the reply arrives, and replays it over the snapshot", async () => {
    await setTitle("Acknowledged");
    const image = crashImage(dir);
    expect(readFileSync(file, "utf8")).not.toContain("Acknowledged"); // not compacted yet: only the journal has it
    expect(await jobTitle(image, 1001)).toBe("Acknowledged");
  });

  it("puts everything in the snapshot at shutdown and leaves no journal segment behind, restart after restart", async () => {
    await setTitle("Shut down");
    await app!.close();
    app = null;
    expect(segments(dir)).toEqual([]);
    expect(readFileSync(file, "utf8")).toContain("Shut down");
    for (let i = 0; i < 2; i++) {
      const again = await makeApp({ dataFile: file, employees: 3 });
      await again.close();
    }
    expect(segments(dir)).toEqual([]);
    expect(await jobTitle(dir, 1001)).toBe("Shut down");
  });

  it("compacts during a long push once the journal reaches the snapshot's size, without waiting for a pause", async () => {
    const first = segments(dir);
    const snapshotBytes = statSync(file).size;
    let sent = 0;
    for (let i = 0; segments(dir).join() === first.join(); i++) {
      const title = `${i} ${"x".repeat(2000)}`;
      const r = await call(app!, "POST", "/clients/1/bulk_input", {
        entities: [1001, 1002, 1003].map((id) => ({ id: String(id), attributes: { job_title: title } })),
      });
      expect(r.status).toBe(200);
      sent += 3 * title.length;
      if (sent > 3 * snapshotBytes) throw new Error(`no compaction after ${sent} bytes (snapshot ${snapshotBytes} bytes)`);
      await new Promise((r) => setImmediate(r));
    }
    expect(sent).toBeGreaterThan(snapshotBytes / 2);
  });

  it("acknowledges concurrent writes with fewer fsyncs than writes (group commit), all of them durable", async () => {
    const ids = [1001, 1002, 1003];
    const titles = Array.from({ length: 30 }, (_, i) => `Title ${i}`);
    await Promise.all(titles.map((t, i) => setTitle(t, ids[i % 3])));
    const image = crashImage(dir);
    const store = await loadImage(image);
    // Each employee's last title is the last one sent to it (requests run in order of arrival).
    for (const [k, id] of ids.entries()) expect(store.employees.get(id)!.job_title).toBe(titles[27 + k]);
    const records = readWalFrames(readFileSync(join(image, segments(image).at(-1)!))).payloads;
    expect(records.length).toBeGreaterThan(0);
    expect(records.length).toBeLessThan(titles.length);
  });

  it("drops a torn last record at load with a log line, truncates it, and keeps the records before it", async () => {
    await setTitle("Kept");
    const image = crashImage(dir);
    const last = join(image, segments(image).at(-1)!);
    const size = statSync(last).size;
    const torn = walFrame(JSON.stringify({ seq: 99, ids: {}, changes: [] }));
    appendFileSync(last, torn.subarray(0, torn.length - 5));
    const log: string[] = [];
    expect(await jobTitle(image, 1001, log)).toBe("Kept");
    expect(log.join("\n")).toMatch(/dropped the last \d+ bytes .*cut short/);
    expect(statSync(last).size).toBe(size);
  });

  it("fsyncs the truncated segment at load, so a power loss cannot bring the torn tail back before newer segments", async () => {
    await setTitle("Kept");
    const image = crashImage(dir);
    const last = join(image, segments(image).at(-1)!);
    const size = statSync(last).size;
    const torn = walFrame(JSON.stringify({ seq: 99, ids: {}, changes: [] }));
    appendFileSync(last, torn.subarray(0, torn.length - 5));
    // Every fsync of a file handle, with the file's size at that moment.
    const synced: string[] = [];
    const realOpen = fsp.open.bind(fsp);
    const spy = jest.spyOn(fsp, "open").mockImplementation((async (path: string, flags?: string) => {
      const handle = await realOpen(path, flags);
      const sync = handle.sync.bind(handle);
      handle.sync = async () => {
        await sync();
        synced.push(`${path} ${statSync(path).size}`);
      };
      return handle;
    }) as never);
    try {
      expect(await jobTitle(image, 1001)).toBe("Kept");
    } finally {
      spy.mockRestore();
    }
    expect(synced).toContain(`${last} ${size}`);
  });

  it("drops a last record whose checksum does not match", async () => {
    await setTitle("Before");
    await setTitle("Damaged");
    const image = crashImage(dir);
    const last = join(image, segments(image).at(-1)!);
    const bytes = readFileSync(last);
    bytes[bytes.length - 3] ^= 0x01;
    writeFileSync(last, bytes);
    const log: string[] = [];
    expect(await jobTitle(image, 1001, log)).toBe("Before");
    expect(log.join("\n")).toMatch(/checksum mismatch/);
  });

  it("refuses a journal damaged before newer segments (records would be missing), changing nothing", async () => {
    await setTitle("Old");
    const image = crashImage(dir);
    const last = join(image, segments(image).at(-1)!);
    const n = Number(last.split(".").pop());
    const bytes = readFileSync(last);
    bytes[bytes.length - 3] ^= 0x01;
    writeFileSync(last, bytes);
    writeFileSync(`${file.replace(dir, image)}.journal.${n + 1}`, walFrame(JSON.stringify({ seq: 2, ids: {}, changes: [] })));
    await expect(loadImage(image)).rejects.toThrow(/damaged .* newer journal segments/);
    expect(readFileSync(last)).toEqual(bytes);
  });

  it("refuses a journal without its state file", async () => {
    await setTitle("Orphan");
    const image = crashImage(dir);
    rmSync(join(image, "state.ndjson"));
    await expect(loadImage(image)).rejects.toThrow(/missing but its journal/);
    truncateSync(join(image, segments(image)[0]), 0);
    await expect(loadImage(image)).rejects.toThrow(/missing but its journal/);
  });

  it("loses nothing and applies nothing twice when a compaction is cut off at any point", async () => {
    // Before the compaction: the first snapshot and segment 1, with "A" and a new employee.
    await setTitle("A", 1001);
    const created = await call(app!, "POST", "/clients/1/employees", {
      employee: { wave_id: 11, first_name: "Short", last_name: "Lived", appointment_date: "2026-11-02", payment_method: "cash" },
    });
    expect(created.status).toBe(200);
    const before = crashImage(dir);
    // The debounced compaction (1 s after the change): when it is done, the segments before it are gone.
    const first = segments(dir)[0];
    // Waited for, however long load makes it (the test's timeout is the only limit).
    while (segments(dir).includes(first)) await new Promise((r) => setTimeout(r, 50));
    // After it, in the new segment: "B", and the new employee removed again.
    await setTitle("B", 1002);
    expect((await call(app!, "DELETE", `/employees/${created.body.id}`)).status).toBe(200);
    const after = crashImage(dir);

    const expectAll = async (image: string) => {
      const store = await loadImage(image);
      expect(store.employees.get(1001)!.job_title).toBe("A");
      expect(store.employees.get(1002)!.job_title).toBe("B");
      expect(store.employees.get(created.body.id)).toBeUndefined();
    };
    expect((await loadImage(before)).employees.get(created.body.id)?.first_name).toBe("Short");

    // 1. Cut off after the new segment was created, before the snapshot's rename: old snapshot, old and new segments.
    const w1 = tempDir();
    cpSync(after, w1, { recursive: true });
    cpSync(join(before, "state.ndjson"), join(w1, "state.ndjson"));
    for (const s of segments(before)) cpSync(join(before, s), join(w1, s));
    await expectAll(w1);

    // 2. Cut off after the rename, before the old segments were deleted: their records are skipped, not re-applied.
    const w2 = tempDir();
    cpSync(after, w2, { recursive: true });
    for (const s of segments(before)) cpSync(join(before, s), join(w2, s));
    await expectAll(w2);

    // 3. Cut off while the snapshot's temporary file was being written: it is ignored.
    const w3 = tempDir();
    cpSync(w1, w3, { recursive: true });
    writeFileSync(join(w3, "state.ndjson.3812"), '{"format":"payroll-sandbox-state","ver');
    await expectAll(w3);

    // 4. After the compaction: the new snapshot and the new segment.
    await expectAll(after);

    // And a sandbox started from a cut-off image goes on journaling after the records it replayed.
    const again = await makeApp({ dataFile: join(w2, "state.ndjson"), employees: 3 });
    try {
      expect((await call(again, "PATCH", "/employees/1001", { employee: { job_title: "C" } })).status).toBe(200);
      const image = crashImage(w2);
      expect(await jobTitle(image, 1001)).toBe("C");
      expect(await jobTitle(image, 1002)).toBe("B");
    } finally {
      await again.close();
    }
  });
});

describe("a journal that cannot be written", () => {
  it("confirms nothing, keeps the change in memory, and the snapshot at shutdown still saves it", async () => {
    const dir = tempDir();
    const file = join(dir, "state.ndjson");
    const persistence = new Persistence(file);
    const store = generateDemo({ seed: 7, employees: 2, today: "2026-11-21" });
    await persistence.open(store, false);
    store.employees.get(1001)!.job_title = "Written";
    await persistence.durable();
    expect(await jobTitle(crashImage(dir), 1001)).toBe("Written");

    // The segment's file handle goes away underneath: the append fails and cannot be cut back either.
    await (persistence as unknown as { writer: { handle: { close(): Promise<void> } } }).writer.handle.close();
    store.employees.get(1001)!.job_title = "Not confirmed";
    const log: string[] = [];
    (persistence as unknown as { log: (l: string) => void }).log = (l) => log.push(l);
    await expect(persistence.durable()).rejects.toMatchObject({
      statusCode: 503,
      message: expect.stringMatching(/not confirmed/),
    });
    await expect(persistence.durable()).rejects.toMatchObject({ statusCode: 503 });
    expect(log.join("\n")).toMatch(/journal append failed/);
    expect(await jobTitle(crashImage(dir), 1001)).toBe("Written");

    await persistence.flush();
    expect(await jobTitle(dir, 1001)).toBe("Not confirmed");
  });
});

describe("one sandbox per --data file", () => {
  const exited = (child: ReturnType<typeof spawn>) => new Promise((resolve) => child.once("exit", resolve));

  it("refuses a file whose lock is held by a live process, takes over a dead one's, and frees it at shutdown", async () => {
    const dir = tempDir();
    const file = join(dir, "state.ndjson");
    const live = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeFileSync(`${file}.lock`, `${live.pid}\n`);
      await expect(new Persistence(file).load()).rejects.toThrow(/in use by another sandbox \(PID \d+\)/);
    } finally {
      live.kill("SIGKILL");
      await exited(live);
    }
    // The same PID, now gone: a SIGKILLed sandbox's lock.
    const persistence = new Persistence(file);
    expect(await persistence.load()).toBeNull();
    expect(readFileSync(`${file}.lock`, "utf8").trim()).toBe(String(process.pid));
    await persistence.open(generateDemo({ seed: 7, employees: 2, today: "2026-11-21" }), false);
    await persistence.flush();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});

describe("every mutating endpoint", () => {
  it("replies only once its change would survive a crash", async () => {
    const dir = tempDir();
    const app = await makeApp({ dataFile: join(dir, "state.ndjson"), employees: 3 });
    const get = async (a: FastifyInstance, url: string) => {
      const r = await call(a, "GET", url);
      expect(r.status).toBe(200);
      return r.body;
    };
    try {
      const employee = 1002;
      const open = (await get(app, `/employees/${employee}/payslips`)).map((p: any) => p.payslip).find((p: any) => !p.finalised);
      const calc = (await get(app, `/employees/${employee}/calculations`)).find(
        (c: any) => c.id !== null && c.employee_id !== null,
      );
      const types = Object.keys(await get(app, "/clients/1/leave_types")).map(Number);
      const v2 = (await get(app, "/clients/3/employees"))[0].employee.id; // Regular Hours v2: week_hours
      const ids: Record<string, number> = {};
      const steps: [string, "POST" | "PATCH" | "DELETE", () => string, () => unknown, string][] = [
        [
          "bulk_input",
          "POST",
          () => "/clients/1/bulk_input",
          () => ({ entities: [{ id: String(employee), attributes: { job_title: "Bulk", [`calc.${calc.id}.amount`]: 123 } }] }),
          `/employees/${employee}/calculations`,
        ],
        [
          "create employee",
          "POST",
          () => "/clients/1/employees",
          () => ({
            employee: {
              wave_id: 11,
              first_name: "New",
              last_name: "Hire",
              appointment_date: "2026-11-02",
              payment_method: "cash",
            },
          }),
          "/clients/1/employees",
        ],
        [
          "patch employee",
          "PATCH",
          () => `/employees/${employee}`,
          () => ({ employee: { job_title: "Patched" } }),
          `/employees/${employee}`,
        ],
        [
          "create wave",
          "POST",
          () => "/clients/1/waves",
          () => ({ frequency: "monthly", first_end_date: "2026-11-30", last_day_of_month: 30 }),
          "/clients/1/waves",
        ],
        [
          "post calculation",
          "POST",
          () => `/employees/${employee}/calculations`,
          () => ({ calc_type: "commission", operation: "upsert", calculation_details: { amount: 50 } }),
          `/employees/${employee}/calculations`,
        ],
        [
          "payslip calculation",
          "POST",
          () => `/payslips/${open.id}/calculations`,
          () => ({ calc_type: "overtime", calculation_details: { hours: 3, rate: 20 } }),
          `/payslips/${open.id}/calculations`,
        ],
        [
          "patch calculation",
          "PATCH",
          () => `/calculations/${ids["post calculation"]}`,
          () => ({ calculation_details: { amount: 75 } }),
          `/employees/${employee}/calculations`,
        ],
        [
          "delete calculation",
          "DELETE",
          () => `/calculations/${ids["post calculation"]}`,
          () => undefined,
          `/employees/${employee}/calculations`,
        ],
        [
          "inherited",
          "PATCH",
          () => `/employees/${v2}/inherited_calculations`,
          () => ({ calc_type: "week_hours", effective_date: "2026-11-20", calculation_details: { full_day_hours_input: 7 } }),
          `/employees/${v2}/inherited_calculations`,
        ],
        [
          "leave day",
          "POST",
          () => `/employees/${employee}/leave_days`,
          () => ({ date: "2027-01-11", type_id: types[0] }),
          `/employees/${employee}/leave_days`,
        ],
        [
          "leave days",
          "POST",
          () => `/employees/${employee}/leave_days/create_multiple`,
          () => ({
            dates: [
              { date: "2027-02-01", type_id: types[0] },
              { date: "2027-02-02", hours: 4, type_id: types[0] },
            ],
          }),
          `/employees/${employee}/leave_days`,
        ],
        [
          "patch leave day",
          "PATCH",
          () => `/leave_days/${ids["leave day"]}`,
          () => ({ hours: 2 }),
          `/employees/${employee}/leave_days`,
        ],
        [
          "delete leave day",
          "DELETE",
          () => `/leave_days/${ids["leave day"]}`,
          () => undefined,
          `/employees/${employee}/leave_days`,
        ],
        [
          "profile mapping",
          "POST",
          () => `/employees/${employee}/profile_mappings`,
          () => ({ profile_mapping: { profile_id: 502, inputs: { note: "x" } } }),
          `/employees/${employee}/profile_mappings`,
        ],
        [
          "end service",
          "POST",
          () => `/employees/${employee}/service_periods/end_service`,
          () => ({ employee_action: { termination_date: open.date, termination_code: 2 } }),
          `/employees/${employee}/service_periods`,
        ],
        [
          "undo end service",
          "DELETE",
          () => `/employees/${employee}/service_periods/undo_end_service`,
          () => undefined,
          `/employees/${employee}/service_periods`,
        ],
        [
          "end service again",
          "POST",
          () => `/employees/${employee}/service_periods/end_service`,
          () => ({ employee_action: { termination_date: open.date, termination_code: 1 } }),
          `/employees/${employee}/service_periods`,
        ],
        [
          "reinstate",
          "POST",
          () => `/employees/${employee}/service_periods/reinstate`,
          () => ({ employee_action: { appointment_date: "2027-01-04" } }),
          `/employees/${employee}/payslips`,
        ],
        ["delete employee", "DELETE", () => `/employees/${ids["create employee"]}`, () => undefined, "/clients/1/employees"],
      ];
      for (const [name, method, url, body, check] of steps) {
        const r = await call(app, method, url(), body());
        if (r.status !== 200) throw new Error(`${name}: ${r.status} ${JSON.stringify(r.body)}`);
        if (typeof r.body?.id === "number") ids[name] = r.body.id;
        // A SIGKILL now leaves this image: started from it, the sandbox shows what the live one shows.
        const image = crashImage(dir);
        const restarted = await makeApp({ dataFile: join(image, "state.ndjson"), employees: 3 });
        try {
          const strip = (v: unknown) =>
            JSON.parse(JSON.stringify(v), (k, x) => (["updated_at", "nett_pay", "outputs"].includes(k) ? undefined : x));
          expect({ name, state: strip(await get(restarted, check)) }).toEqual({ name, state: strip(await get(app, check)) });
        } finally {
          await restarted.close();
        }
      }
      // Every request carried the key as its Authorization header: neither the journal nor the snapshot holds it.
      for (const f of readdirSync(dir)) expect(readFileSync(join(dir, f)).includes(KEY)).toBe(false);
      expect(segments(dir).length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
