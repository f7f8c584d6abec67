/** Payslips (list, detail, PDF) and pay runs (list, payslips with data, accounting journal). */
import type { FastifyInstance } from "fastify";
import { clientOr404, employeeOr404, payslipOr404, type Ctx } from "../context";
import { buildJournal, fromCents, sumCents, type AccountingSplit } from "../engine";
import { notFound, pathId } from "../http";
import { payslipPdf } from "../pdf";
import type { PaymentRunRec } from "../store";

type Params = Record<string, string>;

export function registerPayslips(app: FastifyInstance, ctx: Ctx): void {
  const { store, payroll } = ctx;
  const runTotals = new Map<number, number>();

  app.get("/employees/:employee_id/payslips", async (req) => {
    const e = employeeOr404(ctx, pathId((req.params as Params).employee_id, "Employee"));
    return store
      .payslipsOf(e.id)
      .reverse()
      .map((p) => ({ payslip: payroll.listItem(p) }));
  });

  // One route for both forms: find-my-way cannot put a static ".pdf" suffix after a parameter.
  app.get("/payslips/:payslip_ref", async (req, reply) => {
    const ref = (req.params as Params).payslip_ref;
    const pdf = ref.endsWith(".pdf");
    const p = payslipOr404(ctx, pathId(pdf ? ref.slice(0, -4) : ref, "Payslip"));
    if (!pdf) return { payslip: payroll.detailForm(p) };
    const bytes = await payslipPdf(ctx, p);
    return reply
      .type("application/pdf")
      .header("Content-Disposition", `inline; filename="payslip-${p.id}.pdf"`)
      .send(Buffer.from(bytes));
  });

  const runOr404 = (raw: string | undefined): PaymentRunRec => {
    const run = store.paymentRuns.get(pathId(raw, "Payment run"));
    if (!run) throw notFound(`Payment run ${raw}`);
    return run;
  };

  /** A run's total is the sum of its payslips' nett pay; finalised, so computed once. */
  const totalOf = (run: PaymentRunRec): number => {
    let t = runTotals.get(run.id);
    if (t === undefined) {
      t = fromCents(sumCents(store.payslips.where("run", run.id).map((p) => payroll.figures(p).totals.nett_cents)));
      runTotals.set(run.id, t);
    }
    return t;
  };

  app.get("/clients/:client_id/payment_runs", async (req) => {
    const client = clientOr404(ctx, pathId((req.params as Params).client_id, "Client"));
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

  app.get("/payment_runs/:id/payslips", async (req) => {
    const run = runOr404((req.params as Params).id);
    return store.payslips.where("run", run.id).map((p) => ({ payslip: payroll.listItem(p, true) }));
  });

  app.get("/payment_runs/:id/accounting", async (req) => {
    const run = runOr404((req.params as Params).id);
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
