/** Small, fast sandboxes for inject() tests, and a terse request helper. */
import type { FastifyInstance } from "fastify";
import { buildSandboxApp, type SandboxOptions } from "../../src/sandbox";

export const KEY = "test-key-0b7e";
export const FAST: SandboxOptions = { apiKey: KEY, employees: 8, seed: 7, recalcMs: 40, reportJobMs: 60, reportQueue: 2 };

export async function makeApp(opts: SandboxOptions = {}): Promise<FastifyInstance> {
  return buildSandboxApp({ ...FAST, ...opts });
}

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
  raw: Buffer;
}

export async function call<T = any>(
  app: FastifyInstance,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: unknown,
  headers: Record<string, string> = { authorization: KEY },
): Promise<Res<T>> {
  const r = await app.inject({
    method,
    url: `/v1${url}`,
    headers: payload === undefined ? headers : { "content-type": "application/json", ...headers },
    payload: payload as never,
  });
  const text = r.body;
  let body: unknown = text;
  if ((r.headers["content-type"] ?? "").toString().includes("json") && text) body = JSON.parse(text);
  return { status: r.statusCode, body: body as T, headers: r.headers, raw: r.rawPayload };
}

/** A request with the key and a raw body of the given content type (what a client other than PayrollApi may send). */
export function sendRaw(app: FastifyInstance, method: "POST" | "DELETE", path: string, contentType: string, payload?: string) {
  return app.inject({
    method,
    url: `/v1${path}`,
    headers: { authorization: KEY, "content-type": contentType },
    ...(payload === undefined ? {} : { payload }),
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls until check() returns a value: a wait for a state. It gives up only near the unit suite's default 20 s per
 * test, so that the failure names the condition; a shorter limit is one load breaks (3 s was: seconds of event-loop
 * lag at load 25-35 on 2 cores).
 */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error("condition not met in time");
    await sleep(20);
  }
}

/** Employees of a client, unwrapped. */
export async function employees(app: FastifyInstance, clientId: number, include?: string): Promise<any[]> {
  const r = await call(app, "GET", `/clients/${clientId}/employees${include ? `?include=${include}` : ""}`);
  expect(r.status).toBe(200);
  return r.body.map((x: { employee: unknown }) => x.employee);
}

/** An employee in service with an open regular payslip and finalised history. */
export async function activeEmployee(
  app: FastifyInstance,
  clientId: number,
): Promise<{ employee: any; open: any; finalised: any[] }> {
  for (const e of await employees(app, clientId, "service_periods")) {
    const sp = e.service_periods.map((s: any) => s.service_period).filter((s: any) => !s.negative);
    if (sp.at(-1).end_date !== null) continue;
    const payslips = (await call(app, "GET", `/employees/${e.id}/payslips`)).body.map((x: any) => x.payslip);
    const open = payslips.find((p: any) => !p.finalised && !p.special);
    const finalised = payslips.filter((p: any) => p.finalised);
    if (open && finalised.length) return { employee: e, open, finalised };
  }
  throw new Error(`no active employee in client ${clientId}`);
}

/** Sum of [item, amount] pairs, excluding the total pair, in cents. */
export function sumPairs(pairs: [string | number, string][]): number {
  return pairs.filter(([k]) => k !== "total" && k !== "Total").reduce((s, [, a]) => s + Math.round(Number(a) * 100), 0);
}
export function totalOf(pairs: [string | number, string][]): number {
  return Math.round(Number(pairs.find(([k]) => k === "total" || k === "Total")![1]) * 100);
}
