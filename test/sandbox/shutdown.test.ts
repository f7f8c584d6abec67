/**
 * Shutdown with --data: a change the sandbox answered is kept, and a request it refused changed nothing. Fastify
 * drains the requests in flight before the onClose hook that appends the last changes and writes the snapshot, so
 * a create still running when close() begins is answered normally and is there after a restart; a request that
 * comes once closing has begun is refused (503, or no connection) and is not. The in-flight reply closes its
 * keep-alive connection, so the shutdown does not wait out the connection's idle timeout (72 s).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSandbox, type RunningSandbox } from "../../src/sandbox";

const auth = (s: RunningSandbox) => ({ Authorization: s.apiKey, "content-type": "application/json" });

async function createEmployee(s: RunningSandbox, waveId: number, lastName: string): Promise<{ status: number; body: string }> {
  try {
    const res = await fetch(`${s.url}/v1/clients/1/employees`, {
      method: "POST",
      headers: auth(s),
      body: JSON.stringify({
        employee: {
          first_name: "Shutdown",
          last_name: lastName,
          appointment_date: "2026-11-01",
          wave_id: waveId,
          payment_method: "cash",
        },
      }),
    });
    return { status: res.status, body: await res.text() };
  } catch (e) {
    return { status: 0, body: String(e) }; // no connection: the server had stopped listening
  }
}

const lastNames = async (s: RunningSandbox) =>
  (
    (await (await fetch(`${s.url}/v1/clients/1/employees`, { headers: auth(s) })).json()) as { employee: { last_name: string } }[]
  ).map((e) => e.employee.last_name);

it("answers and keeps a create in flight when shutdown begins; refuses and does not keep one that comes after", async () => {
  const dataFile = join(mkdtempSync(join(tmpdir(), "sandbox-shutdown-")), "state.ndjson");
  const first = await startSandbox({ employees: 3, dataFile, latencyMs: 400 });
  const waves = (await (await fetch(`${first.url}/v1/clients/1/waves`, { headers: auth(first) })).json()) as {
    wave: { id: number };
  }[];
  const waveId = waves[0].wave.id;

  const inFlight = createEmployee(first, waveId, "InFlight");
  await new Promise((r) => setTimeout(r, 100)); // the request is in the sandbox (waiting out its latency)
  const closing = first.close();
  await new Promise((r) => setTimeout(r, 20));
  const late = await createEmployee(first, waveId, "Late");
  const answered = await inFlight;
  await closing; // without "Connection: close" on that reply, this waits out the 72 s idle timeout: the test times out

  expect(answered.status).toBe(200);
  expect(JSON.parse(answered.body)).toMatchObject({ message: "Employee created", id: expect.any(Number) });
  expect([0, 503]).toContain(late.status);

  const second = await startSandbox({ employees: 3, dataFile });
  try {
    const names = await lastNames(second);
    expect(names).toContain("InFlight");
    expect(names).not.toContain("Late");
  } finally {
    await second.close();
  }
});
