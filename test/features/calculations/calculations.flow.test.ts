/** Calculations (view, edit, delete, add) and Regular Hours from a sheet against the real sandbox and preview workbook. */
import {
  addCalculation,
  CALC_SHEET,
  calculationPostBody,
  calculationsToDelete,
  deleteCalculations,
  getCalculation,
  INHERITED_SHEET,
  saveCalculationEdits,
  viewCalculations,
  viewInheritedCalculations,
} from "../../../src/features/calculations/flows/calculations";
import {
  buildRegularHoursSheet,
  RegularHoursError,
  RH_SHEET,
  saveRegularHours,
} from "../../../src/features/calculations/flows/regularHours";
import { flowContext, type ClientRef } from "../../../src/ui/flows/common";
import { fillOf, readRecords, typeInto } from "../../support/flowHelpers";
import { startPathRig, type PathRig } from "../../support/pathRig";
import { clientSheetName } from "../../../src/ui/sheets/sheetNames";

/** The clients' own Calculations and Regular Hours sheets. */
const CALC = clientSheetName("Liffey", CALC_SHEET.sheetName);
const RH = clientSheetName("Corrib", RH_SHEET.sheetName);
let rig: PathRig;
const ctx = (target: ClientRef) => flowContext(rig.api, rig.workbook, target);
beforeAll(async () => {
  rig = await startPathRig({ employees: 8 });
});
afterAll(() => rig.close());
beforeEach(() => rig.faults.reset());

describe("calculations", () => {
  const CLIENT = { id: 1, name: "Liffey" };

  it("views an employee's calculations, saves an edited input with PATCH, refuses a bad one", async () => {
    const [e] = await rig.check.listEmployees(1);
    const result = await viewCalculations(ctx(CLIENT), { kind: "employee", employeeId: e.id });
    expect(result.requests).toBe(2);
    const records = await readRecords(rig.workbook, CALC);
    const list = await rig.check.listEmployeeCalculations(e.id);
    expect(records).toHaveLength(list.filter((c) => !c.deleted).length);
    const row = records.findIndex((r) => typeof r["Calculation ID"] === "number" && typeof r["Input: amount"] === "number");
    expect(row).toBeGreaterThanOrEqual(0);
    const id = records[row]["Calculation ID"] as number;
    const other = records.findIndex(
      (r, i) => i !== row && typeof r["Calculation ID"] === "number" && typeof r["Input: amount"] === "number",
    );

    expect(other).toBeGreaterThanOrEqual(0);
    typeInto(rig.model, CALC, row, "Input: amount", "1234.5");
    typeInto(rig.model, CALC, other, "Input: amount", "lots");
    rig.faults.reset();
    const saved = await saveCalculationEdits(ctx(CLIENT));
    const patches = rig.faults.sent.filter((r) => r.method === "PATCH");
    expect(patches).toEqual([
      { method: "PATCH", path: `/calculations/${id}`, body: { calculation_details: { amount: 1234.5 } } },
    ]);
    expect(saved.counts.Saved).toBe(1);
    expect((await getCalculation(flowContext(rig.check, rig.workbook, CLIENT), id)).inputs.amount).toBe(1234.5);
    expect(saved.counts.Invalid).toBe(1);
    expect(fillOf(rig.model, CALC, other, "Input: amount")).toBeDefined();
  });

  it("adds an item with POST (insert for a multi-instance item) and deletes it from the sheet", async () => {
    const [, e] = await rig.check.listEmployees(1);
    const form = {
      target: { kind: "employee" as const, employeeId: e.id },
      calcType: "employer_loan",
      inputs: { amount: "50", balance: "600" },
      operation: "insert" as const,
      calculationId: "",
      effectiveDate: "",
    };
    const checked = calculationPostBody(form);
    expect(checked).toEqual({
      body: { calc_type: "employer_loan", calculation_details: { amount: 50, balance: 600 }, operation: "insert" },
    });
    expect(calculationPostBody({ ...form, inputs: {} })).toHaveProperty("errors.inputs");
    const created = await addCalculation(ctx(CLIENT), form, (checked as { body: never }).body);
    await viewCalculations(ctx(CLIENT), { kind: "employee", employeeId: e.id });
    const rows = await readRecords(rig.workbook, CALC);
    const at = rows.findIndex((r) => r["Calculation ID"] === created.id);
    expect(rows[at]["Input: balance"]).toBe(600);

    const { deletable } = await calculationsToDelete(ctx(CLIENT), [at]);
    const result = await deleteCalculations(ctx(CLIENT), deletable);
    expect(result.counts.Deleted).toBe(1);
    expect((await rig.check.listEmployeeCalculations(e.id)).some((c) => c.id === created.id && !c.deleted)).toBe(false);
  });

  it("views a payslip's calculations", async () => {
    const [e] = await rig.check.listEmployees(1);
    const [p] = await rig.check.listPayslips(e.id);
    const r = await viewCalculations(ctx(CLIENT), { kind: "payslip", payslipId: p.id });
    expect(rig.faults.count(new RegExp(`/payslips/${p.id}/calculations`))).toBe(1);
    expect(r.rowCount).toBe((await rig.check.listPayslipCalculations(p.id)).filter((c) => !c.deleted).length);
  });
});

describe("Regular Hours from a sheet", () => {
  const CLIENT = { id: 3, name: "Corrib", info: { regular_hours_version: 2, features: ["leave_any_day"] } };

  it("refuses a client still on Regular Hours v1, and explains", async () => {
    await expect(
      buildRegularHoursSheet(ctx({ id: 1, name: "Liffey" }), {
        info: { regular_hours_version: 1, features: [] },
      }),
    ).rejects.toThrow(RegularHoursError);
    expect(rig.faults.sent).toHaveLength(0);
  });

  it("builds the sheet in two requests, prefilled, and saves changes per employee with the effective-date rule", async () => {
    const built = await buildRegularHoursSheet(ctx(CLIENT), { info: CLIENT.info });
    expect(built.requests).toBe(2);
    expect(built.withFinalised).toBeGreaterThan(0);
    const rows = await readRecords(rig.workbook, RH);
    expect(Object.keys(rows[0])).toContain("Leave any day");
    const withFinal = rows.findIndex((r) => r["Has finalised payslips"] === true);
    const other = rows.findIndex((r, i) => i !== withFinal && r["Has finalised payslips"] === true);
    const id = rows[withFinal]["Employee ID"] as number;
    const before = (await rig.check.listInheritedCalculations(id))[0];

    // No effective date: refused locally for employees with finalised payslips.
    typeInto(rig.model, RH, withFinal, "Full day hours", "7");
    typeInto(rig.model, RH, other, "Schedule", "sometimes");
    rig.faults.reset();
    const refused = await saveRegularHours(ctx(CLIENT), { info: CLIENT.info, defaultEffectiveDate: null });
    expect(rig.faults.count(/inherited_calculations/, "PATCH")).toBe(0);
    expect(refused.counts.Invalid).toBe(2);
    const annotated = await readRecords(rig.workbook, RH);
    expect(annotated[withFinal].Message).toMatch(/Effective date is required: this employee has finalised payslips/);
    expect(fillOf(rig.model, RH, withFinal, "Effective date")).toBeDefined();

    // With a default effective date after the finalised periods, only the changed attribute goes.
    typeInto(rig.model, RH, other, "Schedule", "fixed");
    rig.faults.reset();
    const saved = await saveRegularHours(ctx(CLIENT), { info: CLIENT.info, defaultEffectiveDate: "2026-12-01" });
    const patches = rig.faults.sent.filter((r) => r.method === "PATCH");
    expect(patches.map((p) => p.body)).toEqual([
      { calc_type: "week_hours", calculation_details: { full_day_hours_input: 7 }, effective_date: "2026-12-01" },
    ]);
    expect(saved.counts.Saved).toBe(1);
    const after = (await rig.check.listInheritedCalculations(id))[0];
    expect(after.inputs_history["2026-12-01"].full_day_hours_input).toBe(7);
    expect(after.inputs_history[""]).toEqual(before.inputs_history[""]);

    await viewInheritedCalculations(ctx(CLIENT), { inheritedId: after.id });
    const history = await readRecords(rig.workbook, INHERITED_SHEET.sheetName);
    expect(history.map((h) => h.Applies)).toContain("From effective date");
  });
});
