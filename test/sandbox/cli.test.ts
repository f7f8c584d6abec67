/** CLI option checking and --data persistence (atomic file, round trip). */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../src/sandbox/cli";
import { call, makeApp } from "./helpers";

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
    const r = spawnSync(process.execPath, ["--import", "tsx", "src/sandbox/cli.ts", "--employees", "many"], { cwd: join(__dirname, "../.."), encoding: "utf8", timeout: 30_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--employees/);
  });
});

describe("--data persistence", () => {
  it("saves on close and loads at start; changes survive a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-data-"));
    const file = join(dir, "state.json");
    const first = await makeApp({ dataFile: file, employees: 3 });
    const created = await call(first, "POST", "/clients/1/employees", { employee: { wave_id: 11, first_name: "Persisted", last_name: "Person", appointment_date: "2026-11-02", payment_method: "cash" } });
    expect(created.status).toBe(200);
    await first.close();
    expect(existsSync(file)).toBe(true);
    const saved = JSON.parse(readFileSync(file, "utf8"));
    expect(saved.format).toBe("payroll-sandbox-state");

    // A different seed and size would generate different data: the file wins.
    const second = await makeApp({ dataFile: file, employees: 5, seed: 999 });
    try {
      const e = (await call(second, "GET", `/employees/${created.body.id}`)).body.employee;
      expect(e).toMatchObject({ first_name: "Persisted", number: created.body.number });
      expect((await call(second, "GET", "/clients/1/employees")).body).toHaveLength(4);
      // IDs continue after the loaded ones.
      const next = await call(second, "POST", "/clients/1/employees", { employee: { wave_id: 11, first_name: "Next", last_name: "One", appointment_date: "2026-11-02", payment_method: "cash" } });
      expect(next.body.id).toBeGreaterThan(created.body.id);
    } finally {
      await second.close();
    }
  });

  it("refuses a file that is not sandbox state instead of overwriting it", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "sandbox-data-")), "other.json");
    writeFileSync(file, "{ not json");
    await expect(makeApp({ dataFile: file })).rejects.toThrow(/not valid JSON/);
    expect(readFileSync(file, "utf8")).toBe("{ not json");
  });
});
