/**
 * Test-only hooks: what tests need to arrange and the API cannot do. The API has no endpoint that finalises a
 * payslip (payroll finalises through its own screens), yet the add-in must be tested against a finalised one. Never
 * reachable over HTTP: a test that started the sandbox in its own process calls these with the app it got back.
 */
import type { FastifyInstance } from "fastify";
import type { Store } from "./store/store";

const stores = new WeakMap<FastifyInstance, Store>();

/** Called by buildSandboxApp: the app's store, for the hooks below. */
export function registerTestStore(app: FastifyInstance, store: Store): void {
  stores.set(app, store);
}

/**
 * Finalise the regular payslip of an employee for a payslip date, as a payment run would: bulk_input then refuses it
 * ("… is finalised and cannot be updated"). Returns false when there is no such payslip. In memory only (not
 * written to a --data file).
 */
export function finalisePayslipForTests(app: FastifyInstance, employeeId: number, payslipDate: string): boolean {
  const store = stores.get(app);
  if (!store) throw new Error("This app was not built by buildSandboxApp.");
  const payslip = store.payslips.where("employee", employeeId).find((p) => !p.special && p.date === payslipDate);
  if (!payslip) return false;
  payslip.finalised = true;
  return true;
}
