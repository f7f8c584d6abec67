/** Sandbox options and their defaults (shared by the programmatic API and the CLI). */
import { DEFAULT_TODAY } from "../service/clock";
import type { ResolvedOptions } from "../service/context";

export interface SandboxOptions {
  port?: number;
  host?: string;
  apiKey?: string;
  seed?: number;
  employees?: number;
  latencyMs?: number;
  /** Requests per minute per key, 0 = off. */
  rateLimit?: number;
  recalcMs?: number;
  reportJobMs?: number;
  reportQueue?: number;
  failRate?: number;
  /** Fraction of bulk_input answers lost after the write was applied (half answered 500, half a dropped connection). */
  loseReplyRate?: number;
  dataFile?: string;
  logger?: boolean;
  /** The sandbox's "today" (YYYY-MM-DD): decides the open pay period. Default 2026-11-21. */
  today?: string;
}

export const DEFAULTS = {
  port: 0,
  host: "127.0.0.1",
  apiKey: "sandbox-demo-key",
  seed: 42,
  employees: 40,
  latencyMs: 0,
  rateLimit: 0,
  recalcMs: 1500,
  reportJobMs: 3000,
  reportQueue: 3,
  failRate: 0,
  loseReplyRate: 0,
  logger: false,
  today: DEFAULT_TODAY,
} as const;

export function resolveOptions(opts: SandboxOptions = {}): ResolvedOptions {
  const defined = Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) as SandboxOptions;
  const r: ResolvedOptions = { ...DEFAULTS, ...defined };
  const problems = optionProblems(r);
  if (problems.length) throw new RangeError(`Invalid sandbox options: ${problems.join("; ")}`);
  return r;
}

/** Range checks, worded for people (the CLI prints them). */
export function optionProblems(r: ResolvedOptions): string[] {
  const p: string[] = [];
  const int = (name: string, v: number, min: number, max: number) => {
    if (!Number.isInteger(v) || v < min || v > max) p.push(`${name} must be a whole number from ${min} to ${max} (got ${v})`);
  };
  int("port", r.port, 0, 65535);
  int("seed", r.seed, 0, 2 ** 31 - 1);
  int("employees", r.employees, 1, 100_000);
  int("latency-ms", r.latencyMs, 0, 60_000);
  int("rate-limit", r.rateLimit, 0, 1_000_000);
  int("recalc-ms", r.recalcMs, 0, 600_000);
  int("report-job-ms", r.reportJobMs, 0, 600_000);
  int("report-queue", r.reportQueue, 1, 1000);
  if (!(r.failRate >= 0 && r.failRate <= 1)) p.push(`fail-rate must be a number from 0 to 1 (got ${r.failRate})`);
  if (!(r.loseReplyRate >= 0 && r.loseReplyRate <= 1))
    p.push(`lose-reply-rate must be a number from 0 to 1 (got ${r.loseReplyRate})`);
  if (!r.apiKey || /\s/.test(r.apiKey)) p.push("api-key must be a non-empty string without spaces");
  if (!r.host) p.push("host must not be empty");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(r.today) || Number.isNaN(Date.parse(r.today)))
    p.push(`today must be a YYYY-MM-DD date (got ${r.today})`);
  return p;
}
