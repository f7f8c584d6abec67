/**
 * Inherited calculations: Regular Hours v2 (`week_hours`). inputs_history keeps one complete input set per
 * effective date ("" = the base set). Once the employee has finalised payslips a change needs an effective_date
 * after the last finalised period, so finalised payslips never change.
 */
import { RegularHoursAttributes, type Inputs } from "../../contract";
import type { Ctx } from "./context";
import { issuesToErrors, unprocessable } from "../http/errors";
import { inheritedInputsAt } from "./payroll";
import type { EmployeeRec, InheritedRec } from "../store/store";

export const INHERITED_TYPES = ["week_hours"] as const;

export function inheritedJson(ctx: Ctx, i: InheritedRec): Record<string, unknown> {
  return {
    id: i.id,
    profile_id: i.profile_id,
    employee_id: i.employee_id,
    short_name: i.short_name,
    calculation_def_id: i.calculation_def_id,
    created_at: i.created_at,
    updated_at: i.updated_at,
    inputs: inheritedInputsAt(i, ctx.clock.today()),
    inputs_history: i.history,
  };
}

export function updateInherited(
  ctx: Ctx,
  e: EmployeeRec,
  calcType: string,
  details: Record<string, unknown>,
  effectiveDate: string | undefined,
): InheritedRec {
  if (!(INHERITED_TYPES as readonly string[]).includes(calcType)) {
    throw unprocessable(`Unknown inherited calculation "${calcType}"`, {
      calc_type: `must be one of: ${INHERITED_TYPES.join(", ")}`,
    });
  }
  const client = ctx.store.clients.get(e.client_id)!;
  if (client.regular_hours_version !== 2) {
    throw unprocessable("Regular Hours (week_hours) needs the client to be migrated to Regular Hours v2", {
      calc_type: "week_hours requires regular_hours_version 2; this client uses Regular Hours v1 (the hourly_pay calculation)",
    });
  }
  const parsed = RegularHoursAttributes.safeParse(details);
  if (!parsed.success) {
    const errors = issuesToErrors(parsed.error);
    throw unprocessable(
      "Invalid Regular Hours attributes",
      Object.fromEntries(Object.entries(errors).map(([k, v]) => [`calculation_details.${k}`, v])),
    );
  }
  const finalised = ctx.store.payslips.where("employee", e.id).filter((p) => p.finalised);
  if (finalised.length && !effectiveDate) {
    throw unprocessable("effective_date is required: the employee has finalised payslips", {
      effective_date: "is required because the employee has finalised payslips",
    });
  }
  const lastFinalised = finalised.reduce((m, p) => (p.date > m ? p.date : m), "");
  if (effectiveDate && lastFinalised && effectiveDate <= lastFinalised) {
    throw unprocessable("effective_date falls in a finalised pay period", {
      effective_date: `must be after ${lastFinalised}, the last finalised payslip date`,
    });
  }

  const now = ctx.clock.now();
  let rec = ctx.store.inherited.where("employee", e.id).find((i) => i.short_name === calcType);
  if (!rec) {
    rec = ctx.store.inherited.insert({
      id: ctx.store.nextId("inherited"),
      employee_id: e.id,
      short_name: calcType,
      calculation_def_id: 9001,
      profile_id: null,
      history: {},
      created_at: now,
      updated_at: now,
    });
  }
  const key = effectiveDate ?? "";
  const from: Inputs = rec.history[key] ?? (effectiveDate ? inheritedInputsAt(rec, effectiveDate) : {});
  const merged: Inputs = { ...from };
  for (const [k, v] of Object.entries(parsed.data)) {
    if (v === undefined) continue;
    if (k === "full_days_per_week" && (v === "" || v === null))
      delete merged[k]; // blank cancels the override
    else merged[k] = v as Inputs[string];
  }
  rec.history = { ...rec.history, [key]: merged };
  if (!("" in rec.history)) rec.history = { "": {}, ...rec.history };
  rec.updated_at = now;
  ctx.payroll.markEmployeeDirty(e.id);
  return rec;
}
