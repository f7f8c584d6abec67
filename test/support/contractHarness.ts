/**
 * Contract-test harness: a fast real sandbox on loopback and the real PayrollApi pointed at it.
 * Every error the tests see is kept so that a suite can check none of them carries the key.
 */
import { PayrollApi, PayrollError, type PayrollApiOptions } from "../../src/api";
import { startSandbox, type SandboxOptions } from "../../src/sandbox";

export const KEY = "contract-test-key-7d41";

export interface Harness {
  url: string;
  api: PayrollApi;
  /** A PayrollApi with other options (a wrong key, no retries, ...) against the same sandbox. */
  apiWith(overrides: Partial<PayrollApiOptions>): PayrollApi;
  /** Awaits a promise that must reject with a PayrollError; returns the error. */
  failure(promise: Promise<unknown>): Promise<PayrollError>;
  errors: PayrollError[];
  close(): Promise<void>;
}

export const FAST: SandboxOptions = { recalcMs: 150, reportJobMs: 400, reportQueue: 2, employees: 12, seed: 42 };

export async function startHarness(options: SandboxOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox({ ...FAST, apiKey: KEY, ...options });
  const errors: PayrollError[] = [];
  const apiWith = (overrides: Partial<PayrollApiOptions>) =>
    new PayrollApi({
      baseUrl: sandbox.url,
      apiKey: KEY,
      // Loopback and a private sandbox: no need to pace; keep retries short.
      requestsPerSecond: 0,
      maxConcurrent: 8,
      retryBaseMs: 20,
      retryMaxDelayMs: 100,
      timeoutMs: 10_000,
      ...overrides,
    });
  return {
    url: sandbox.url,
    api: apiWith({}),
    apiWith,
    errors,
    async failure(promise) {
      try {
        await promise;
      } catch (e) {
        if (!(e instanceof PayrollError)) throw e;
        errors.push(e);
        return e;
      }
      throw new Error("expected the call to fail");
    },
    close: () => sandbox.close(),
  };
}

/**
 * Polls `check` until it returns a value (not undefined): a wait for a state, giving up only near the unit suite's
 * default 20 s per test so that the failure names the condition (5 s is a limit load breaks).
 */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 15_000, everyMs = 50): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** An amount from the wire: a number or a string such as "1234.56" or "€1,234.56". */
export function amount(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return Number.NaN;
  const negative = /^-|\(.*\)$|-€/.test(value.trim());
  const n = Number(value.replace(/[^0-9.]/g, ""));
  return negative ? -n : n;
}

export const today = () => new Date().toISOString().slice(0, 10);

export function expectNoKey(errors: PayrollError[]): void {
  for (const e of errors) {
    expect(e.message).not.toContain(KEY);
    expect(JSON.stringify(e)).not.toContain(KEY);
  }
}

/** Whether the employee has an open employment period (long-term leave periods are `negative`). */
export function inEmployment(e: {
  service_periods?: { service_period: { negative: boolean; end_date: string | null } }[];
}): boolean {
  return (e.service_periods ?? []).some((p) => !p.service_period.negative && p.service_period.end_date === null);
}

/** `YYYY-MM-DD` `days` from today. */
export function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
