/** Payslips (list, detail, PDF) and pay runs (list, payslips with data, accounting journal). */
import type { Ctx } from "../context";
import { buildJournal, fromCents, sumCents, type AccountingSplit } from "../../engine";
import type { PaymentRunRec } from "../../store/store";
import { routeParams, type SandboxApp, schema } from "./schemas";

export function registerPayslips(app: SandboxApp, ctx: Ctx): void {
  const path = routeParams(ctx);
  const { store, payroll } = ctx;
  const runTotals = new Map<number, number>();

  app.get("/employees/:employee_id/payslips", schema(path.employee), async (req) => {
    const e = req.params.employee_id;
    return store
      .payslipsOf(e.id)
      .reverse()
      .map((p) => ({ payslip: payroll.listItem(p) }));
  });

  app.get("/payslips/:payslip_ref", schema(path.payslipRef), async (req, reply) => {
    const { id: p, pdf } = req.params.payslip_ref;
    if (!pdf) return { payslip: payroll.detailForm(p) };
    // Loaded on the first PDF asked for: pdf-lib costs every sandbox start (each test file starts its own) ~0.15 s of CPU.
    const { payslipPdf } = await import("../pdf");
    const bytes = await payslipPdf(ctx, p);
    return reply
      .type("application/pdf")
      .header("Content-Disposition", `inline; filename="payslip-${p.id}.pdf"`)
      .send(Buffer.from(bytes));
  });

  /** A run's total is the sum of its payslips' nett pay; finalised, so computed once. */
  const totalOf = (run: PaymentRunRec): number => {
    let t = runTotals.get(run.id);
    if (t === undefined) {
      t = fromCents(sumCents(store.payslips.where("run", run.id).map((p) => payroll.figures(p).totals.nett_cents)));
      runTotals.set(run.id, t);
    }
    return t;
  };

  app.get("/clients/:client_id/payment_runs", schema(path.client), async (req) => {
    const client = req.params.client_id;
    return [...store.paymentRuns.where("client", client.id)]
      .sort((a, b) =>
        a.period_end_date < b.period_end_date ? 1 : a.period_end_date > b.period_end_date ? -1 : a.wave_id - b.wave_id,
      )
      .map((r) => ({
        payment_run: {
          id: r.id,
          wave_id: r.wave_id,
          period_offset: r.period_offset,
          period_end_date: r.period_end_date,
          total: totalOf(r),
          created_at: r.created_at,
          updated_at: r.updated_at,
          special: r.special,
          posted_to_accounting_system: r.posted_to_accounting_system,
        },
      }));
  });

  app.get("/payment_runs/:id/payslips", schema(path.paymentRunId), async (req) => {
    const run = req.params.id;
    return store.payslips.where("run", run.id).map((p) => ({ payslip: payroll.listItem(p, true) }));
  });

  app.get("/payment_runs/:id/accounting", schema(path.paymentRunId), async (req) => {
    const run = req.params.id;
    const client = store.clients.get(run.client_id)!;
    const payslips = store.payslips.where("run", run.id);
    // Clients with the accounting_splits feature book each payslip to its employee's pay point.
    let splits: AccountingSplit[] = [];
    const splitOf = (employeeId: number) => String(store.employees.get(employeeId)?.pay_point_id ?? 0);
    if (client.features.includes("accounting_splits")) {
      splits = store.payPoints.where("client", client.id).map((pp) => ({ id: String(pp.id), name: pp.name }));
      splits.push({ id: "0", name: "No pay point" });
    }
    const entries = payslips.map((p) => ({
      payslip: payroll.figures(p),
      split_id: splits.length ? splitOf(p.employee_id) : undefined,
    }));
    const known = new Set(splits.map((s) => s.id));
    for (const en of entries) if (en.split_id !== undefined && !known.has(en.split_id)) en.split_id = "0";
    return [buildJournal(entries, splits, client.custom_items, run.posted_to_accounting_system)];
  });
}
