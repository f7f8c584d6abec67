/**
 * Calculation rules shared by the calculations endpoints and bulk_input: the insert/upsert/update operations,
 * input validation by the engine's catalogue, and the wire form (with outputs from the payslip they feed).
 */
import type { CalculationOperation, Inputs } from "../../contract";
import type { Ctx } from "./context";
import { calculationOutputs, findItem, validateItemInputs } from "../engine";
import { unprocessable } from "../http/errors";
import type { CalcRec, EmployeeRec, InheritedRec, PayslipRec } from "../store/store";

export interface CalcWrite {
  employee: EmployeeRec;
  /** Payslip-specific when set; employee-level (every open payslip) otherwise. */
  payslip: PayslipRec | null;
  item: string;
  details: Record<string, unknown>;
  operation?: CalculationOperation;
  /** Selects an instance of a multi-instance item. */
  calculationId?: number;
}

/** The item's canonical ID: a system name, or a custom item's number. */
export function canonicalItem(ctx: Ctx, clientId: number, item: string | number): string | number | null {
  const spec = findItem(item, ctx.store.clients.get(clientId)?.custom_items ?? []);
  return spec ? spec.id : null;
}

/** Checks inputs with the catalogue; errors keyed by input name. */
export function checkInputs(
  ctx: Ctx,
  clientId: number,
  item: string | number,
  details: Record<string, unknown>,
): { inputs: Inputs; errors: Record<string, string> } {
  const r = validateItemInputs(item, details, ctx.store.clients.get(clientId)?.custom_items ?? []);
  return { inputs: r.inputs, errors: r.errors };
}

/**
 * insert adds another instance (multi-instance items only); update changes an existing instance (the one named by
 * calculationId, else the first) and fails when there is none; upsert (the default) updates like update, or
 * creates when there is none. Returns the calculation written. Throws 422 with errors keyed by `prefix + key`.
 */
export function writeCalculation(ctx: Ctx, w: CalcWrite, prefix = "calculation_details."): CalcRec {
  const { store } = ctx;
  const clientId = w.employee.client_id;
  const item = canonicalItem(ctx, clientId, w.item);
  if (item === null) {
    throw unprocessable(`Unknown calc_type "${w.item}"`, {
      calc_type: `unknown calculation "${w.item}"; GET /clients/${clientId}/items_and_outputs lists the valid ones`,
    });
  }
  const spec = findItem(item, store.clients.get(clientId)!.custom_items)!;
  if (w.payslip?.finalised) throw unprocessable(`Payslip ${w.payslip.id} is finalised and cannot be changed`);
  const { inputs, errors } = checkInputs(ctx, clientId, item, w.details);
  if (Object.keys(errors).length) {
    throw unprocessable(
      "Invalid calculation inputs",
      Object.fromEntries(Object.entries(errors).map(([k, v]) => [`${prefix}${k}`, v])),
    );
  }
  const operation = w.operation ?? "upsert";
  const same = (c: CalcRec) => !c.deleted && String(c.item) === String(item);
  const existing = w.payslip
    ? store.calculations.where("payslip", w.payslip.id).filter(same)
    : store.calculations.where("employee", w.employee.id).filter((c) => same(c) && c.payslip_id === null);

  let target: CalcRec | undefined;
  if (w.calculationId !== undefined) {
    target = existing.find((c) => c.id === w.calculationId);
    if (!target) {
      throw unprocessable(
        `Calculation ${w.calculationId} is not a ${item} calculation of this ${w.payslip ? "payslip" : "employee"}`,
        {
          calculation_id: `no ${item} calculation with ID ${w.calculationId} here (IDs: ${existing.map((c) => c.id).join(", ") || "none"})`,
        },
      );
    }
  }
  if (operation === "insert") {
    if (!spec.multi_instance) {
      throw unprocessable(`${spec.label} can appear only once on a payslip; use upsert or update`, {
        operation: `insert is only for multi-instance items; ${item} is single-instance`,
      });
    }
    target = undefined;
  } else {
    target ??= existing[0];
    if (!target && operation === "update") {
      throw unprocessable(`No ${item} calculation to update`, {
        operation: `update needs an existing ${item} calculation; use upsert or insert to add one`,
      });
    }
  }

  const now = ctx.clock.now();
  if (target) {
    target.inputs = { ...target.inputs, ...inputs };
    target.updated_at = now;
  } else {
    // A new payslip-specific instance starts from the employee-level inputs of the same item.
    const base =
      w.payslip && operation !== "insert"
        ? store.calculations.where("employee", w.employee.id).find((c) => same(c) && c.payslip_id === null)?.inputs
        : undefined;
    target = store.calculations.insert({
      id: store.nextId("calculation"),
      client_id: clientId,
      employee_id: w.employee.id,
      payslip_id: w.payslip?.id ?? null,
      item,
      inputs: { ...(base ?? {}), ...inputs },
      deleted: false,
      created_at: now,
      updated_at: now,
    });
  }
  if (w.payslip) ctx.payroll.markDirty([w.payslip]);
  else ctx.payroll.markEmployeeDirty(w.employee.id);
  return target;
}

/** The ID of the client-level definition of an item (its calculation_def_id). */
function definitionId(ctx: Ctx, clientId: number, item: string | number): number | null {
  return (
    ctx.store.calculations.where("client", clientId).find((c) => c.employee_id === null && String(c.item) === String(item))?.id ??
    null
  );
}

/**
 * Finds the payslip a calculation feeds (its own for payslip-specific ones, the open regular payslip for
 * employee-level ones), memoised per employee for list requests.
 */
export class OutputsLookup {
  private readonly open = new Map<number, { p: PayslipRec | undefined; ids: Set<number> }>();
  constructor(private readonly ctx: Ctx) {}

  outputsOf(c: CalcRec): Record<string, unknown> {
    if (c.employee_id === null) return {};
    const { store, payroll } = this.ctx;
    let p: PayslipRec | undefined;
    let applies: boolean;
    if (c.payslip_id !== null) {
      p = store.payslips.get(c.payslip_id);
      applies = !!p && !p.finalised;
    } else {
      let o = this.open.get(c.employee_id);
      if (!o) {
        const open = store.payslips.where("employee", c.employee_id).find((x) => !x.finalised && !x.special);
        o = { p: open, ids: new Set(open ? payroll.liveCalcsFor(open).map((x) => x.id) : []) };
        this.open.set(c.employee_id, o);
      }
      p = o.p;
      applies = o.ids.has(c.id);
    }
    if (!p || p.dirty || !applies) return {};
    return calculationOutputs(payroll.figures(p), c.item, c.id);
  }
}

/** The calculation wire object. Outputs come from the payslip the calculation feeds (the open one for employee-level). */
export function calculationJson(
  ctx: Ctx,
  c: CalcRec,
  defs?: Map<string, number>,
  lookup = new OutputsLookup(ctx),
): Record<string, unknown> {
  const outputs = lookup.outputsOf(c);
  return {
    id: c.id,
    employee_id: c.employee_id,
    payslip_id: c.payslip_id,
    client_id: c.client_id,
    inputs: c.inputs,
    calculation_id: c.item,
    account_components: null,
    account_outputs: null,
    deleted: c.deleted,
    created_at: c.created_at,
    updated_at: c.updated_at,
    calculation_def_id: defs ? (defs.get(String(c.item)) ?? null) : definitionId(ctx, c.client_id, c.item),
    profile_id: null,
    skip: false,
    multiplier: null,
    input_formulas: null,
    skip_rule: null,
    overrides: null,
    outputs,
    system_type: typeof c.item === "string" ? c.item : "custom",
  };
}

/** An inherited calculation as it appears in calculation lists: id null, its current inputs. */
export function inheritedAsCalculation(ctx: Ctx, i: InheritedRec, clientId: number, inputs: Inputs): Record<string, unknown> {
  return {
    id: null,
    employee_id: i.employee_id,
    payslip_id: null,
    client_id: clientId,
    inputs,
    calculation_id: i.short_name,
    account_components: null,
    account_outputs: null,
    deleted: false,
    created_at: i.created_at,
    updated_at: i.updated_at,
    calculation_def_id: i.calculation_def_id,
    profile_id: i.profile_id,
    skip: false,
    multiplier: null,
    input_formulas: null,
    skip_rule: null,
    overrides: null,
    outputs: {},
    system_type: i.short_name,
  };
}

/** Definitions by item, for listing many calculations of a client at once. */
export function definitionIds(ctx: Ctx, clientId: number): Map<string, number> {
  const m = new Map<string, number>();
  for (const c of ctx.store.calculations.where("client", clientId)) if (c.employee_id === null) m.set(String(c.item), c.id);
  return m;
}
