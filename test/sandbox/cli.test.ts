/** CLI option checking and --data persistence (atomic file, round trip). */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../src/sandbox/cli";
import { call, makeApp } from "../support/sandboxApp";

describe("CLI options", () => {
  let stderr: jest.SpyInstance;
  beforeEach(() => {
    stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
  });
  afterEach(() => stderr.mockRestore());

  it.each([
    [["--port", "abc"], /--port/],
    [["--port", "70000"], /--port/],
    [["--employees", "0"], /--employees/],
    [["--fail-rate", "1.5"], /--fail-rate/],
    [["--rate-limit", "-1"], /--rate-limit/],
    [["--recalc-ms", "1.5"], /--recalc-ms/],
    [["--today", "2026-13-40"], /today/],
    [["--unknown"], /unknown option/],
  ])("%j gives a clear message and exit code 2", async (args, message) => {
    expect(await main(args as string[])).toBe(2);
    const written = stderr.mock.calls.map((c) => String(c[0])).join("");
    expect(written).toMatch(message);
  });

  it("exits non-zero as a real process", () => {
    const r = spawnSync(process.execPath, ["--import", "tsx", "src/sandbox/cli.ts", "--employees", "many"], {
      cwd: join(__dirname, "../.."),
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--employees/);
  });
});

describe("--data persistence", () => {
  it("saves on close and loads at start; changes survive a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-data-"));
    const file = join(dir, "state.json");
    const first = await makeApp({ dataFile: file, employees: 3 });
    const created = await call(first, "POST", "/clients/1/employees", {
      employee: {
        wave_id: 11,
        first_name: "Persisted",
        last_name: "Person",
        appointment_date: "2026-11-02",
        payment_method: "cash",
      },
    });
    expect(created.status).toBe(200);
    await first.close();
    expect(existsSync(file)).toBe(true);
    const [header, ...records] = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(header).toMatchObject({ format: "payroll-sandbox-state", version: 3 });
    expect(records.some(([table, rs]) => table === "employees" && rs.some((r: any) => r.first_name === "Persisted"))).toBe(true);

    // A different seed and size would generate different data: the file wins.
    const second = await makeApp({ dataFile: file, employees: 5, seed: 999 });
    try {
      const e = (await call(second, "GET", `/employees/${created.body.id}`)).body.employee;
      expect(e).toMatchObject({ first_name: "Persisted", number: created.body.number });
      expect((await call(second, "GET", "/clients/1/employees")).body).toHaveLength(4);
      // IDs continue after the loaded ones.
      const next = await call(second, "POST", "/clients/1/employees", {
        employee: { wave_id: 11, first_name: "Next", last_name: "One", appointment_date: "2026-11-02", payment_method: "cash" },
      });
      expect(next.body.id).toBeGreaterThan(created.body.id);
    } finally {
      await second.close();
    }
  });

  it("saves after changes without waiting for shutdown (debounced)", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "sandbox-data-")), "state.ndjson");
    const app = await makeApp({ dataFile: file, employees: 2 });
    // Waits for states, not times (the save is debounced, and a loaded machine stretches any delay).
    const fileHolds = async (text: string) => {
      while (!(existsSync(file) && readFileSync(file, "utf8").includes(text))) await new Promise((r) => setTimeout(r, 50));
    };
    try {
      await fileHolds('"payroll-sandbox-state"'); // the first save of a new file
      expect(readFileSync(file, "utf8")).not.toContain("Saved while running");
      await call(app, "PATCH", "/employees/1001", { employee: { job_title: "Saved while running" } });
      await fileHolds("Saved while running"); // without a shutdown: the test's timeout is the only limit
    } finally {
      await app.close();
    }
  });

  it("refuses a file that is not sandbox state instead of overwriting it", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "sandbox-data-")), "other.json");
    writeFileSync(file, "{ not json");
    await expect(makeApp({ dataFile: file })).rejects.toThrow(/not valid JSON/);
    expect(readFileSync(file, "utf8")).toBe("{ not json");
  });
});

describe("the running CLI", () => {
  it("serves, logs requests without the Authorization header, and stops cleanly on SIGTERM", async () => {
    const { spawn } = await import("node:child_process");
    const key = "cli-secret-4f1c9a";
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "src/sandbox/cli.ts", "--port", "0", "--employees", "2", "--log", "--api-key", key],
      {
        cwd: join(__dirname, "../.."),
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    let exitCode: number | null | undefined;
    void exited.then((code) => (exitCode = code));
    while (!/Base URL: (\S+)/.test(out)) {
      if (exitCode !== undefined) throw new Error(`CLI exited (${exitCode}) before it started: ${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const url = /Base URL: (\S+)/.exec(out)![1];
    const banner = out.length;
    expect((await fetch(`${url}/v1/clients`, { headers: { Authorization: key } })).status).toBe(200);
    expect((await fetch(`${url}/v1/clients`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(401);
    // Schema failures go through the one error handler, which logs nothing of the request either.
    const json = { Authorization: key, "Content-Type": "application/json" };
    expect((await fetch(`${url}/v1/clients/1/waves`, { method: "POST", headers: json, body: "{}" })).status).toBe(422);
    expect((await fetch(`${url}/v1/employees/abc`, { method: "PATCH", headers: json, body: "{}" })).status).toBe(404);
    // The log line of the last request is written once it is answered: wait for it, then stop.
    while (!/\/v1\/employees\/abc/.test(out.slice(banner))) await new Promise((r) => setTimeout(r, 20));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const logs = out.slice(banner);
    expect(logs).toMatch(/\/v1\/clients/);
    expect(logs).not.toContain(key);
  });
});
