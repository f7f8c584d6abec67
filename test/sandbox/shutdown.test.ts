/**
 * Shutdown with --data (src/sandbox/http/shutdown.ts): a change the sandbox answered is kept, and a request it refused
 * (503) changed nothing, so a client that sends a refused create again makes no duplicate. Checked by starting a
 * second sandbox on the same file:
 * - writes acknowledged before closing, and a create in flight when closing begins, are answered and kept;
 * - a create and a bulk_input that come once closing has begun are answered 503 {message} before they run;
 * - a request in flight that is not answered normally (an inject() request, which no connection holds open; a
 *   request whose client went away) never lands in the last snapshot after a 503.
 * To make the last point observable, the last compaction is held before it writes the snapshot until the late
 * handler has had its chance to run (a large state gives it that time anyway: the snapshot is written in batches).
 * Replies sent while closing close their keep-alive connection, so the shutdown does not wait out the connection's
 * idle timeout (72 s).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { request } from "node:http";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildSandboxApp, startSandbox, type RunningSandbox } from "../../src/sandbox";
import { WalSegmentWriter } from "../../src/sandbox/store/writeAheadLog";
import { STOPPING_MESSAGE } from "../../src/sandbox/http/shutdown";

const KEY = "shutdown-test-key";
const headers = { Authorization: KEY, "content-type": "application/json" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const newDataFile = () => join(mkdtempSync(join(tmpdir(), "sandbox-shutdown-")), "state.ndjson");

interface Answer {
  status: number;
  body: string;
  connection: string | null;
}

/** A request over loopback; status 0 when there was no connection (the server had stopped listening). */
async function send(s: RunningSandbox, method: string, path: string, body?: unknown): Promise<Answer> {
  try {
    const res = await fetch(`${s.url}/v1${path}`, {
      method,
      headers: body === undefined ? { Authorization: KEY } : headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.text(), connection: res.headers.get("connection") };
  } catch (e) {
    return { status: 0, body: String(e), connection: null };
  }
}

const employee = (waveId: number, lastName: string) => ({
  employee: {
    first_name: "Shutdown",
    last_name: lastName,
    appointment_date: "2026-11-01",
    wave_id: waveId,
    payment_method: "cash",
  },
});
const jobTitle = (employeeId: number, title: string) => ({
  entities: [{ id: String(employeeId), attributes: { job_title: title } }],
});

/** What a sandbox started again on the file holds: employees by last name (with their job titles). */
async function restarted(dataFile: string): Promise<Map<string, { id: number; job_title: string | null }>> {
  const s = await startSandbox({ employees: 3, dataFile, apiKey: KEY });
  try {
    const list = JSON.parse((await send(s, "GET", "/clients/1/employees")).body) as {
      employee: { id: number; last_name: string; job_title: string | null };
    }[];
    return new Map(list.map(({ employee: e }) => [e.last_name, e]));
  } finally {
    await s.close();
  }
}

/** Holds the next snapshot (compaction starts by creating a journal segment) until release() is called. */
function holdCompaction(): { release(): void; restore(): void } {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  const create = WalSegmentWriter.create.bind(WalSegmentWriter);
  const spy = jest.spyOn(WalSegmentWriter, "create").mockImplementation(async (file, n) => {
    await held;
    return create(file, n);
  });
  return { release, restore: () => spy.mockRestore() };
}

async function firstWave(s: RunningSandbox): Promise<number> {
  return (JSON.parse((await send(s, "GET", "/clients/1/waves")).body) as { wave: { id: number } }[])[0].wave.id;
}

it("answers and keeps writes acknowledged before and in flight when closing begins; refuses with 503, and keeps none of, writes that come after", async () => {
  const dataFile = newDataFile();
  const first = await startSandbox({ employees: 3, dataFile, apiKey: KEY, latencyMs: 300 });
  const waveId = await firstWave(first);
  const before = await send(first, "POST", "/clients/1/employees", employee(waveId, "Before"));
  expect(before.status).toBe(200);
  const beforeId = (JSON.parse(before.body) as { id: number }).id;

  const inFlight = send(first, "POST", "/clients/1/employees", employee(waveId, "InFlight"));
  await sleep(100); // the request is in the sandbox (waiting out its latency)
  const closing = first.close();
  await sleep(30);
  const [late, lateBulk] = await Promise.all([
    send(first, "POST", "/clients/1/employees", employee(waveId, "Late")),
    send(first, "POST", "/clients/1/bulk_input", jobTitle(beforeId, "Late title")),
  ]);
  const answered = await inFlight;
  await closing; // without "Connection: close" on the in-flight reply, this waits out the 72 s idle timeout

  expect(answered.status).toBe(200);
  expect(JSON.parse(answered.body)).toMatchObject({ message: "Employee created", id: expect.any(Number) });
  for (const refused of [late, lateBulk]) {
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body)).toEqual({ message: STOPPING_MESSAGE });
    expect(refused.connection).toBe("close");
  }

  const kept = await restarted(dataFile);
  expect(kept.has("Before")).toBe(true);
  expect(kept.has("InFlight")).toBe(true);
  expect(kept.has("Late")).toBe(false);
  expect(kept.get("Before")!.job_title).not.toBe("Late title");
});

it("closes after a short grace when a request is never answered, instead of waiting for the connection's own timeout", async () => {
  // A request held far longer than any test (as a client that went away mid-response holds its connection).
  const s = await startSandbox({ employees: 3, apiKey: KEY, latencyMs: 60_000 });
  const held = send(s, "GET", "/clients/1/waves");
  await sleep(100);
  await s.close(); // without the grace this waits the 60 s out and the test's 20 s limit fails it
  const answer = await held;
  expect(answer.status).toBe(0); // cut, never answered
  expect(answer.body).toMatch(/fetch failed|socket|terminated/i);
});

describe("a request in flight that reaches its handler only once saving has begun", () => {
  let hold: ReturnType<typeof holdCompaction> | null = null;
  afterEach(() => {
    hold?.release();
    hold?.restore();
    hold = null;
  });

  it("inject(): shutdown waits for it, so it is answered as usual and kept (never a 503 whose change is saved)", async () => {
    const dataFile = newDataFile();
    const app: FastifyInstance = await buildSandboxApp({ employees: 3, dataFile, apiKey: KEY, latencyMs: 200 });
    const inject = (method: "GET" | "POST", url: string, payload?: unknown) =>
      app.inject({
        method,
        url: `/v1${url}`,
        headers: payload === undefined ? { Authorization: KEY } : headers,
        payload: payload as never,
      });
    const waveId = (JSON.parse((await inject("GET", "/clients/1/waves")).body) as { wave: { id: number } }[])[0].wave.id;
    expect((await inject("POST", "/clients/1/employees", employee(waveId, "Before"))).statusCode).toBe(200);

    hold = holdCompaction();
    const inFlight = inject("POST", "/clients/1/employees", employee(waveId, "InFlight"));
    await sleep(50);
    const closing = app.close();
    const answered = await inFlight;
    hold.release();
    await closing;

    const kept = await restarted(dataFile);
    // The rule: refused means not applied, answered means kept.
    expect({ status: answered.statusCode, kept: kept.has("InFlight") }).not.toEqual({ status: 503, kept: true });
    expect(answered.statusCode).toBe(200);
    expect(kept.has("InFlight")).toBe(true);
    expect(kept.has("Before")).toBe(true);
  });

  it("a client that went away: its delete is not applied once the last save has begun", async () => {
    const dataFile = newDataFile();
    const first = await startSandbox({ employees: 3, dataFile, apiKey: KEY, latencyMs: 300 });
    const waveId = await firstWave(first);
    const created = await send(first, "POST", "/clients/1/employees", employee(waveId, "Doomed"));
    expect(created.status).toBe(200);
    const id = (JSON.parse(created.body) as { id: number }).id;

    hold = holdCompaction();
    // A delete has no body to read, so after its client has gone it still reaches its handler once its latency is
    // over. Sent on a connection of its own (agent: false): fetch's pool would open a spare connection when one
    // closes, and a connection that has sent nothing holds server.close() until its timeout (Node keeps it open).
    const deleting = request(`${first.url}/v1/employees/${id}`, {
      method: "DELETE",
      headers: { Authorization: KEY },
      agent: false,
    });
    deleting.on("error", () => undefined);
    deleting.end();
    await sleep(100);
    deleting.destroy(); // the client goes away while the sandbox waits out the latency
    await sleep(50);
    const closing = first.close();
    await sleep(500); // the delete's latency is over: its handler has had its turn (refused, or applied before the fix)
    hold.release();
    await closing;

    expect((await restarted(dataFile)).has("Doomed")).toBe(true);
  });
});
