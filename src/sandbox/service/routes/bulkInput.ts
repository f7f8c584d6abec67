/**
 * POST /clients/:client_id/bulk_input. Each entity succeeds or fails on its own ("true"/"false"); a failing entity
 * changes nothing and names each failing attribute key in `errors`.
 */
import { BulkInputBody, EmployeeUpdateAttributes, parseCalcKey, type BulkInputResult } from "../../../contract";
import { canonicalItem, checkInputs, writeCalculation } from "../calculations";
import type { Ctx } from "../context";
import { applyAttributes, checkAgainstClient } from "../employees";
import { issuesToErrors, HttpError } from "../../http/errors";
import type { ClientRec, PayslipRec } from "../../store/store";
import { routeParams, type SandboxApp, schema } from "./schemas";

type Entity = ReturnType<typeof BulkInputBody.parse>["entities"][number];

export function registerBulkInput(app: SandboxApp, ctx: Ctx): void {
  const path = routeParams(ctx);
  app.post("/clients/:client_id/bulk_input", schema(path.client, BulkInputBody), async (req) => {
    const client = req.params.client_id;
    const results = req.body.entities.map((entity) => applyEntity(ctx, client, entity));
    if (results.some((r) => r.success === "true")) ctx.changed();
    return results;
  });
}

function applyEntity(ctx: Ctx, client: ClientRec, entity: Entity): BulkInputResult {
  const result: BulkInputResult = { id: entity.id, success: "false", message: "" };
  if (entity.payslip_id !== undefined) result.payslip_id = entity.payslip_id;
  if (entity.payslip_date !== undefined) result.payslip_date = entity.payslip_date;
  const fail = (message: string, errors?: Record<string, string>): BulkInputResult => ({
    ...result,
    message,
    ...(errors ? { errors } : {}),
  });

  const e = ctx.store.employees.get(Number(entity.id));
  if (!e || e.client_id !== client.id) return fail(`Employee ${entity.id} not found in client ${client.id}`);

  const calcInputs = new Map<string, Record<string, unknown>>();
  const employeeAttrs: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(entity.attributes)) {
    if (key.startsWith("calc.")) {
      const parsed = parseCalcKey(key);
      if (!parsed) {
        errors[key] = "calculation keys look like calc.<calculation_id>.<input_name>";
        continue;
      }
      const bucket = calcInputs.get(parsed.calculationId) ?? {};
      bucket[parsed.input] = value;
      calcInputs.set(parsed.calculationId, bucket);
    } else employeeAttrs[key] = value;
  }

  // The payslip: by ID, or the regular payslip of the period ending on payslip_date.
  let payslip: PayslipRec | null = null;
  if (entity.payslip_id !== undefined || entity.payslip_date !== undefined) {
    const candidate =
      entity.payslip_id !== undefined
        ? ctx.store.payslips.get(Number(entity.payslip_id))
        : ctx.store.payslips.where("employee", e.id).find((p) => !p.special && p.date === entity.payslip_date);
    if (!candidate || candidate.employee_id !== e.id) {
      return fail(
        entity.payslip_id !== undefined
          ? `Payslip ${entity.payslip_id} not found for employee ${e.id}`
          : `No regular payslip of employee ${e.id} for the period ending ${entity.payslip_date}`,
      );
    }
    if (candidate.finalised) return fail(`Payslip ${candidate.id} (${candidate.date}) is finalised and cannot be updated`);
    payslip = candidate;
  }

  // Validate everything first so that a failing entity changes nothing.
  for (const [calcId, inputs] of calcInputs) {
    const item = canonicalItem(ctx, client.id, calcId);
    if (item === null) {
      for (const input of Object.keys(inputs))
        errors[`calc.${calcId}.${input}`] = `unknown calculation "${calcId}"; see items_and_outputs`;
      continue;
    }
    for (const [input, message] of Object.entries(checkInputs(ctx, client.id, item, inputs).errors))
      errors[`calc.${calcId}.${input}`] = message;
  }
  let attrs: ReturnType<typeof EmployeeUpdateAttributes.parse> | null = null;
  if (Object.keys(employeeAttrs).length) {
    const parsed = EmployeeUpdateAttributes.safeParse(employeeAttrs);
    if (!parsed.success) Object.assign(errors, issuesToErrors(parsed.error));
    else {
      attrs = parsed.data;
      Object.assign(errors, checkAgainstClient(ctx, client, attrs, e));
    }
  }
  if (Object.keys(errors).length) {
    const n = Object.keys(errors).length;
    return fail(`${n} attribute${n === 1 ? "" : "s"} failed; nothing was changed`, errors);
  }

  if (attrs) applyAttributes(ctx, e, attrs);
  for (const [calcId, inputs] of calcInputs) {
    try {
      writeCalculation(ctx, { employee: e, payslip, item: calcId, details: inputs });
    } catch (err) {
      // Validated above; a failure here is a rule the checks did not cover. Report it on the entity.
      if (err instanceof HttpError) return fail(err.message, err.errors);
      throw err;
    }
  }
  const parts = [
    attrs ? `${Object.keys(employeeAttrs).length} employee attribute(s)` : "",
    calcInputs.size ? `${calcInputs.size} calculation(s)` : "",
  ].filter(Boolean);
  return {
    ...result,
    success: "true",
    message: parts.length ? `Updated ${parts.join(" and ")}${payslip ? ` on payslip ${payslip.id}` : ""}` : "Nothing to update",
  };
}
