/** What every route handler works with: the store, the payroll computations, the clock and the options. */
import type { Clock } from "./clock";
import type { Payroll } from "./payroll";
import type { ReportQueue } from "./reportQueue";
import type { ClientRec, EmployeeRec, Store } from "../store/store";
import { notFound } from "../http/errors";

export interface ResolvedOptions {
  port: number;
  host: string;
  apiKey: string;
  seed: number;
  employees: number;
  latencyMs: number;
  rateLimit: number;
  recalcMs: number;
  reportJobMs: number;
  reportQueue: number;
  failRate: number;
  loseReplyRate: number;
  dataFile?: string;
  logger: boolean;
  today: string;
}

export interface Ctx {
  store: Store;
  payroll: Payroll;
  clock: Clock;
  opts: ResolvedOptions;
  reports: ReportQueue;
  /** Call after every change to the state (schedules persistence when --data is on). */
  changed(): void;
}

export function clientOr404(ctx: Ctx, id: number): ClientRec {
  const c = ctx.store.clients.get(id);
  if (!c) throw notFound(`Client ${id}`);
  return c;
}

export function employeeOr404(ctx: Ctx, id: number): EmployeeRec {
  const e = ctx.store.employees.get(id);
  if (!e) throw notFound(`Employee ${id}`);
  return e;
}
