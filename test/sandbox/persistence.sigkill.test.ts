/**
 * The sandbox CLI with --data, SIGKILLed during a push of bulk_input writes and started again: every write it
 * acknowledged is there. A real process, real files, a real SIGKILL.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const KEY = "kill-test-key";
const ROOT = join(__dirname, "../..");

interface Running {
  child: ChildProcess;
  url: string;
  exited: Promise<NodeJS.Signals | number | null>;
}

async function startCli(dataFile: string): Promise<Running> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "src/sandbox/cli.ts", "--port", "0", "--employees", "30", "--api-key", KEY, "--data", dataFile],
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on("exit", (code, signal) => resolve(signal ?? code)),
  );
  // However long load makes the start take (the test's timeout is the only limit); a child that exits fails at once.
  while (!/Base URL: (\S+)/.test(out)) {
    if (child.exitCode !== null) throw new Error(`the sandbox did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return { child, url: /Base URL: (\S+)/.exec(out)![1], exited };
}

async function employeesOf(url: string): Promise<{ id: number; job_title: string | null }[]> {
  const r = await fetch(`${url}/v1/clients/1/employees`, { headers: { Authorization: KEY } });
  expect(r.status).toBe(200);
  return ((await r.json()) as { employee: { id: number; job_title: string | null } }[]).map((x) => x.employee);
}

/** One bulk_input request per employee, all at once; resolves with the employee IDs whose write was acknowledged. */
function push(url: string, ids: number[], tag: string, onAck: (id: number) => void): Promise<unknown>[] {
  return ids.map(async (id) => {
    const r = await fetch(`${url}/v1/clients/1/bulk_input`, {
      method: "POST",
      headers: { Authorization: KEY, "Content-Type": "application/json" },
      body: JSON.stringify({ entities: [{ id: String(id), attributes: { job_title: `${tag} ${id}` } }] }),
    });
    const body = (await r.json()) as { success: string }[];
    if (r.status === 200 && body[0]?.success === "true") onAck(id);
  });
}

describe("sandbox --data under SIGKILL", () => {
  jest.setTimeout(60_000);
  let running: Running | null = null;
  afterEach(() => {
    if (running?.child.exitCode === null) running.child.kill("SIGKILL");
    running = null;
  });

  it("keeps every acknowledged bulk_input write when killed right after the last acknowledgement, or mid-push", async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), "sandbox-kill-")), "state.ndjson");
    running = await startCli(dataFile);
    const ids = (await employeesOf(running.url)).map((e) => e.id);
    expect(ids.length).toBeGreaterThanOrEqual(30);

    // 1. Killed at once after the last acknowledgement.
    const acked1: number[] = [];
    await Promise.all(push(running.url, ids, "first", (id) => acked1.push(id)));
    running.child.kill("SIGKILL");
    expect(await running.exited).toBe("SIGKILL");
    expect(acked1.length).toBe(ids.length);

    running = await startCli(dataFile);
    const after1 = new Map((await employeesOf(running.url)).map((e) => [e.id, e.job_title]));
    for (const id of acked1) expect(after1.get(id)).toBe(`first ${id}`);

    // 2. Killed while requests are in flight: as soon as a third of them are acknowledged.
    const acked2: number[] = [];
    const killed = running;
    const pending = push(running.url, ids, "second", (id) => {
      acked2.push(id);
      if (acked2.length === Math.ceil(ids.length / 3)) killed.child.kill("SIGKILL");
    });
    await Promise.allSettled(pending);
    expect(await killed.exited).toBe("SIGKILL");
    expect(acked2.length).toBeGreaterThanOrEqual(Math.ceil(ids.length / 3));

    running = await startCli(dataFile);
    const after2 = new Map((await employeesOf(running.url)).map((e) => [e.id, e.job_title]));
    for (const id of acked2) expect(after2.get(id)).toBe(`second ${id}`);
    // The others hold one of the two values: a write that was not acknowledged may or may not have landed.
    for (const id of ids) expect([`first ${id}`, `second ${id}`]).toContain(after2.get(id));
    running.child.kill("SIGTERM");
    expect(await running.exited).toBe(0);
  });
});
