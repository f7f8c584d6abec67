/**
 * What a push reads of the service before sending, read once and shared by its two pre-steps: the conflict check
 * (today's values, ./conflicts) and the check before sending (last period's values, ./pushCheck). An employee's
 * payslip list and calculations hold both periods, and so do the two client-wide lists.
 *
 * Up to CONFLICT_LIST_CROSSOVER employees, each employee's two lists (a few KiB each, a few at a time); above it,
 * the employees with their service periods and recent payslips and the client's calculations (~14 MB and ~6 MB at
 * 5,000 employees), whatever the rows. Once the client-wide lists are read (or being read) every later question of
 * the same push is answered from them.
 */
import { NotFoundError, type PayrollApi } from "../../../api";
import type { Calculation, Employee, PaymentRun, PayslipListItem } from "../../../contract";
import { forEachLimited } from "../../../ui/flows/common";
import { NETT_PAY_CONCURRENCY, NETT_PAY_LIST_CROSSOVER } from "./nettPay";

/**
 * Above this many employees a push reads the two client-wide lists instead of each employee's two lists. By bytes
 * the per-employee lists win up to ~2,000 employees (~10 KiB each against ~20 MB at 5,000 employees); by requests
 * they lose early: two per employee at the PayrollApi's 5 requests/s is 0.4 s an employee, against ~1–2 s for the two
 * lists on loopback and ~8 s on a 20 Mbit/s line. Half the nett pay crossover (NETT_PAY_LIST_CROSSOVER, one request
 * an employee there) keeps a few typed cells to a few KiB, and a push of a whole sheet to two requests.
 * scripts/bench-push-check.ts prints both sides (docs/sheets.md).
 */
export const CONFLICT_LIST_CROSSOVER = Math.floor(NETT_PAY_LIST_CROSSOVER / 2);

/** One employee as the service holds them: every payslip (list form) and every calculation. */
export interface EmployeeLists {
  payslips: PayslipListItem[];
  calculations: Calculation[];
}

/** The client-wide pair: the employees (service periods, last 12 payslips) and the client's calculations. */
export interface ClientLists {
  employees: Employee[];
  calculations: Calculation[];
}

/** What a question was answered from: the client-wide pair, or the employees' own lists (those the service still has). */
export type ServiceRead = { kind: "client"; lists: ClientLists } | { kind: "employees"; byEmployee: Map<number, EmployeeLists> };

export class PushReads {
  /** Requests made so far, by what they read. */
  readonly requests = { employeeLists: 0, clientLists: 0, paymentRuns: 0 };
  #client: Promise<ClientLists> | null = null;
  readonly #employees = new Map<number, Promise<EmployeeLists | null>>();
  #runs: Promise<PaymentRun[]> | null = null;
  /** Employees above which the client-wide pair is read (the conflict check may set it: its test seam). */
  crossover: number;
  readonly signal: AbortSignal | undefined;

  constructor(
    readonly api: PayrollApi,
    readonly clientId: number,
    options: { signal?: AbortSignal; crossover?: number } = {},
  ) {
    this.signal = options.signal;
    this.crossover = options.crossover ?? CONFLICT_LIST_CROSSOVER;
  }

  /** The client's pay runs (one a wave and period; a few KiB), read once: the wave's finalised periods. */
  paymentRuns(): Promise<PaymentRun[]> {
    if (!this.#runs) {
      this.requests.paymentRuns += 1;
      this.#runs = this.api.listPaymentRuns(this.clientId, { signal: this.signal });
      this.#runs.catch(() => (this.#runs = null));
    }
    return this.#runs;
  }

  /** The client-wide pair, read once. */
  clientLists(): Promise<ClientLists> {
    if (!this.#client) {
      const { signal } = this;
      this.requests.clientLists += 2;
      this.#client = Promise.all([
        this.api.listEmployees(this.clientId, ["service_periods", "recent_payslips"], { signal }),
        this.api.listClientCalculations(this.clientId, { signal }),
      ]).then(([employees, calculations]) => ({ employees, calculations }));
      // A failed read is not kept: the next question asks again.
      this.#client.catch(() => (this.#client = null));
    }
    return this.#client;
  }

  /** The service's data for these employees: their own lists up to the crossover (each read once), else the pair. */
  async read(employeeIds: Iterable<number>): Promise<ServiceRead> {
    const ids = [...new Set(employeeIds)];
    const unread = ids.filter((id) => !this.#employees.has(id));
    if (this.#client || unread.length > this.crossover) return { kind: "client", lists: await this.clientLists() };
    await forEachLimited(unread, NETT_PAY_CONCURRENCY, async (id) => {
      await this.#employee(id);
    });
    const byEmployee = new Map<number, EmployeeLists>();
    for (const id of ids) {
      const lists = await this.#employee(id);
      if (lists) byEmployee.set(id, lists);
    }
    return { kind: "employees", byEmployee };
  }

  #employee(id: number): Promise<EmployeeLists | null> {
    let read = this.#employees.get(id);
    if (!read) {
      const { signal } = this;
      this.requests.employeeLists += 2;
      read = Promise.all([this.api.listPayslips(id, { signal }), this.api.listEmployeeCalculations(id, { signal })]).then(
        ([payslips, calculations]) => ({ payslips, calculations }),
        (e: unknown) => {
          if (e instanceof NotFoundError) return null; // an employee the service no longer has: the push reports it
          this.#employees.delete(id);
          throw e;
        },
      );
      this.#employees.set(id, read);
    }
    return read;
  }
}
