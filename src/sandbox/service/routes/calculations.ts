/** Calculations, items_and_outputs and inherited calculations. */
import { CalculationPatchBody, CalculationPostBody, InheritedCalculationPatchBody } from "../../../contract";
import {
  calculationJson,
  checkInputs,
  definitionIds,
  inheritedAsCalculation,
  OutputsLookup,
  writeCalculation,
} from "../calculations";
import { employeeOr404, type Ctx } from "../context";
import { calculationOutputs, itemsAndOutputs } from "../../engine";
import { HttpError, unprocessable } from "../../http/errors";
import { INHERITED_TYPES, inheritedJson, updateInherited } from "../inherited";
import { inheritedInputsAt } from "../payroll";
import type { CalcRec, EmployeeRec, PayslipRec } from "../../store/store";
import { routeParams, type SandboxApp, schema } from "./schemas";

/** An employee's inherited calculations in the calculation form, with their inputs as of today. */
function inheritedOf(ctx: Ctx, e: EmployeeRec) {
  return ctx.store.inherited
    .where("employee", e.id)
    .map((i) => inheritedAsCalculation(ctx, i, e.client_id, inheritedInputsAt(i, ctx.clock.today())));
}

/** A client's or an employee's list: the live calculations, then the employees' inherited ones. */
function calculationList(ctx: Ctx, clientId: number, calculations: readonly CalcRec[], employees: readonly EmployeeRec[]) {
  const defs = definitionIds(ctx, clientId);
  const lookup = new OutputsLookup(ctx);
  return [
    ...calculations.filter((c) => !c.deleted).map((c) => calculationJson(ctx, c, defs, lookup)),
    ...employees.flatMap((e) => inheritedOf(ctx, e)),
  ];
}

/** POST .../calculations of an employee (payslip null) or a payslip: create, or update the existing item. */
function saveCalculation(ctx: Ctx, employee: EmployeeRec, payslip: PayslipRec | null, body: CalculationPostBody) {
  const c = writeCalculation(ctx, {
    employee,
    payslip,
    item: body.calc_type,
    details: body.calculation_details,
    operation: body.operation,
    calculationId: body.calculation_id,
  });
  ctx.changed();
  return { message: "Calculation saved", id: c.id };
}

export function registerCalculations(app: SandboxApp, ctx: Ctx): void {
  registerCalculationReads(app, ctx);
  registerCalculationWrites(app, ctx);
  registerInheritedCalculations(app, ctx);
}

/** The lists of a client, an employee and a payslip, and one calculation. */
function registerCalculationReads(app: SandboxApp, ctx: Ctx): void {
  const path = routeParams(ctx);
  const { store, payroll } = ctx;

  app.get("/clients/:client_id/calculations", schema(path.client), async (req) => {
    const { id } = req.params.client_id;
    return calculationList(ctx, id, store.calculations.where("client", id), store.employees.where("client", id));
  });

  app.get("/employees/:employee_id/calculations", schema(path.employee), async (req) => {
    const e = req.params.employee_id;
    return calculationList(ctx, e.client_id, store.calculations.where("employee", e.id), [e]);
  });

  app.get("/payslips/:payslip_id/calculations", schema(path.payslip), async (req) => {
    const p = req.params.payslip_id;
    const defs = definitionIds(ctx, p.client_id);
    // What the payslip is computed from: its frozen snapshot once finalised, else the live calculations.
    const lookup = new OutputsLookup(ctx);
    return payroll.calcsOf(p).map((c) => {
      const json = calculationJson(ctx, c, defs, lookup);
      if (p.finalised) json.outputs = calculationOutputs(payroll.figures(p), c.item, c.id);
      return json;
    });
  });

  app.get("/calculations/:id", schema(path.calculationId), async (req) => calculationJson(ctx, req.params.id));
}

/** Create or update (employee or payslip), change and delete. */
function registerCalculationWrites(app: SandboxApp, ctx: Ctx): void {
  const path = routeParams(ctx);
  const { store, payroll } = ctx;

  app.post("/employees/:employee_id/calculations", schema(path.employee, CalculationPostBody), async ({ params, body }) => {
    const e = params.employee_id;
    if ((INHERITED_TYPES as readonly string[]).includes(body.calc_type)) {
      if (body.operation === "insert")
        throw unprocessable("Inherited calculations have one instance", {
          operation: "insert is not available for inherited calculations",
        });
      const rec = updateInherited(ctx, e, body.calc_type, body.calculation_details, body.effective_date);
      ctx.changed();
      return { message: "Inherited calculation updated", id: rec.id };
    }
    if (body.effective_date !== undefined) {
      throw unprocessable("effective_date applies only to inherited calculations", {
        effective_date: `is only accepted for inherited calculations (${INHERITED_TYPES.join(", ")})`,
      });
    }
    return saveCalculation(ctx, e, null, body);
  });

  app.post("/payslips/:payslip_id/calculations", schema(path.payslip, CalculationPostBody), async ({ params, body }) => {
    const p = params.payslip_id;
    if (body.effective_date !== undefined) {
      throw unprocessable("effective_date applies only to inherited calculations", {
        effective_date: "inherited calculations are updated through the employee, not a payslip",
      });
    }
    const e = employeeOr404(ctx, p.employee_id);
    return saveCalculation(ctx, e, p, body);
  });

  app.patch("/calculations/:id", schema(path.calculationId, CalculationPatchBody), async ({ params, body }) => {
    const c = params.id;
    const p = c.payslip_id !== null ? store.payslips.get(c.payslip_id) : undefined;
    if (p?.finalised) throw new HttpError(422, `Payslip ${p.id} is finalised and cannot be changed`);
    const { inputs, errors } = checkInputs(ctx, c.client_id, c.item, body.calculation_details);
    if (Object.keys(errors).length) {
      throw unprocessable(
        "Invalid calculation inputs",
        Object.fromEntries(Object.entries(errors).map(([k, v]) => [`calculation_details.${k}`, v])),
      );
    }
    c.inputs = { ...c.inputs, ...inputs };
    c.updated_at = ctx.clock.now();
    if (p) payroll.markDirty([p]);
    else if (c.employee_id !== null) payroll.markEmployeeDirty(c.employee_id);
    ctx.changed();
    return { message: "Calculation updated", id: c.id };
  });

  app.delete("/calculations/:id", schema(path.calculationId), async (req) => {
    const c = req.params.id;
    if (c.employee_id === null) throw new HttpError(422, "A client-level calculation definition cannot be deleted");
    const p = c.payslip_id !== null ? store.payslips.get(c.payslip_id) : undefined;
    if (p?.finalised) throw new HttpError(422, `Payslip ${p.id} is finalised and cannot be changed`);
    store.calculations.remove(c);
    if (p) payroll.markDirty([p]);
    else payroll.markEmployeeDirty(c.employee_id);
    ctx.changed();
    return { message: "Calculation deleted" };
  });
}

/** items_and_outputs, and the inherited calculations (Regular Hours' week_hours and the like). */
function registerInheritedCalculations(app: SandboxApp, ctx: Ctx): void {
  const path = routeParams(ctx);
  const { store } = ctx;

  app.get("/clients/:client_id/items_and_outputs", schema(path.client), async (req) => {
    const client = req.params.client_id;
    return itemsAndOutputs(client.custom_items);
  });

  app.get("/employees/:employee_id/inherited_calculations", schema(path.employee), async (req) => {
    const e = req.params.employee_id;
    return store.inherited.where("employee", e.id).map((i) => inheritedJson(ctx, i));
  });

  app.get("/inherited_calculations/:id", schema(path.inheritedId), async (req) => {
    return inheritedJson(ctx, req.params.id);
  });

  app.patch(
    "/employees/:employee_id/inherited_calculations",
    schema(path.employee, InheritedCalculationPatchBody),
    async ({ params, body }) => {
      const e = params.employee_id;
      const rec = updateInherited(ctx, e, body.calc_type, body.calculation_details, body.effective_date);
      ctx.changed();
      return { message: "Inherited calculation updated", id: rec.id };
    },
  );
}
