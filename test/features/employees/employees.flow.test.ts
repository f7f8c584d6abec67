/** Service periods and employee create/update/delete against the real sandbox and the preview workbook. */
import { importEmployees } from "../../../src/features/imports/flows/imports";
import { flowContext } from "../../../src/ui/flows/common";
import {
  createWave,
  deleteEmployees,
  EMPLOYEE_DETAIL_SHEET,
  employeesToDelete,
  importEmployeeDetail,
  importProfileMappings,
  PROFILE_MAPPINGS_SHEET,
  profileMappingBody,
  createProfileMapping,
  saveEmployees,
  waveCreateBody,
} from "../../../src/features/employees/flows/employees";
import { clientSheetName } from "../../../src/ui/sheets/sheetNames";
import { importServicePeriods, runServiceAction, SERVICE_SHEET } from "../../../src/features/employees/flows/servicePeriods";
import { fillOf, readRecords, selectRows, typeInto } from "../../support/flowHelpers";
import { startPathRig, type PathRig } from "../../support/pathRig";

const CLIENT = { id: 1, name: "Liffey" };
/** The client\'s Employees sheet, as the import names it. */
const EMPLOYEES = clientSheetName("Liffey", "Employees");
/** The client's own Service periods sheet. */
const SERVICE = clientSheetName("Liffey", SERVICE_SHEET.sheetName);
let rig: PathRig;
const ctx = () => flowContext(rig.api, rig.workbook, CLIENT);

beforeAll(async () => {
  rig = await startPathRig({ employees: 10 });
});
afterAll(() => rig.close());
beforeEach(() => rig.faults.reset());

describe("service periods", () => {
  it("imports every employee's periods in one request", async () => {
    const result = await importServicePeriods(ctx());
    expect(rig.faults.sent.map((r) => r.path)).toEqual(["/clients/1/employees"]);
    const employees = await rig.check.listEmployees(1, ["service_periods"]);
    const periods = employees.reduce((n, e) => n + Math.max(1, e.service_periods!.length), 0);
    expect(result.rowCount).toBe(periods);
  });

  it("ends service for the selected employees, refuses what cannot apply, and shows the new state", async () => {
    const records = await readRecords(rig.workbook, SERVICE);
    const open = records.map((r, i) => ({ r, i })).filter(({ r }) => r["Most recent"] === true && r["End date"] === "");
    const [one, two] = open;
    selectRows(rig.model, SERVICE, Math.min(one.i, two.i), Math.min(one.i, two.i));
    const first = await rig.workbook.selectedRowIndexes(SERVICE);
    rig.faults.reset();
    const ended = await runServiceAction(ctx(), { kind: "end_service", termination_date: "2026-11-30", termination_code: 2 }, [
      ...first,
      Math.max(one.i, two.i),
    ]);
    expect(ended.counts.Saved).toBe(2);
    expect(rig.faults.count(/end_service$/, "POST")).toBe(2);
    expect(ended.refreshed).toBe(true);

    const ids = [one.r["Employee ID"], two.r["Employee ID"]] as number[];
    for (const id of ids) {
      const periods = await rig.check.listServicePeriods(id);
      expect(periods.some((p) => p.end_date === "2026-11-30" && p.termination_code === 2)).toBe(true);
    }
    const after = await readRecords(rig.workbook, SERVICE);
    for (const id of ids) {
      const row = after.find((r) => r["Employee ID"] === id && r["Most recent"] === true)!;
      expect(row.Status).toBe("Saved");
      expect(String(row.Message)).toMatch(/^End service: Employee terminated/);
      expect(typeof row["End date"]).toBe("number");
    }

    // Reinstating one that is in service is refused locally; the ended one is reinstated.
    const rowOf = (id: number) => after.findIndex((r) => r["Employee ID"] === id && r["Most recent"] === true);
    const stillOpen = after.findIndex((r) => r["Most recent"] === true && r["End date"] === "");
    rig.faults.reset();
    const back = await runServiceAction(ctx(), { kind: "reinstate", appointment_date: "2026-12-07" }, [rowOf(ids[0]), stillOpen]);
    expect(back.counts).toMatchObject({ Saved: 1, Invalid: 1 });
    expect(rig.faults.count(/reinstate$/, "POST")).toBe(1);
    const openRecords = await readRecords(rig.workbook, SERVICE);
    expect(openRecords.find((r) => r.Status === "Invalid")!.Message).toMatch(/^Reinstate not sent: the employee is in service/);

    // Undo the second one's termination.
    const undo = await runServiceAction(ctx(), { kind: "undo_end_service" }, [
      openRecords.findIndex((r) => r["Employee ID"] === ids[1]),
    ]);
    expect(undo.counts.Saved).toBe(1);
    const periods = await rig.check.listServicePeriods(ids[1]);
    expect(periods.filter((p) => !p.negative).at(-1)!.end_date).toBeNull();
  });

  it("a network failure marks that employee not confirmed; the rest are not sent", async () => {
    const records = await readRecords(rig.workbook, SERVICE);
    const open = records
      .map((r, i) => ({ r, i }))
      .filter(({ r }) => r["Most recent"] === true && r["End date"] === "")
      .slice(0, 4);
    expect(open.length).toBeGreaterThanOrEqual(3);
    rig.faults.rules = [{ method: "POST", path: /end_service$/, nth: [1], fault: { kind: "network-before" } }];
    const result = await runServiceAction(
      ctx(),
      { kind: "end_service", termination_date: "2026-12-31", termination_code: 1 },
      open.map((o) => o.i),
      { concurrency: 1 },
    );
    expect(result.stoppedBy).toBe("network error");
    expect(result.counts.Failed).toBe(1);
    expect(result.counts["Not sent"]).toBe(open.length - 1);
    const statuses = (await readRecords(rig.workbook, SERVICE))
      .map((r) => r.Status)
      .filter(Boolean)
      .sort();
    expect(statuses).toEqual(["Failed", ...open.slice(1).map(() => "Not sent")]);
  });
});

describe("employees from the Employees sheet", () => {
  beforeAll(async () => {
    await importEmployees(flowContext(rig.check, rig.workbook, CLIENT), { customFields: true, servicePeriod: false });
  });

  it("updates changed rows through bulk_input, creates new ones, validates first, and writes IDs back", async () => {
    const records = await readRecords(rig.workbook, EMPLOYEES);
    typeInto(rig.model, EMPLOYEES, 0, "Job title", "Site foreman");
    typeInto(rig.model, EMPLOYEES, 1, "Email", "not an email");
    typeInto(rig.model, EMPLOYEES, 2, "PRSI class", "S");
    // A new employee on a row whose ID and number a person cleared (copied from row 3).
    const newRow = 3;
    for (const [h, v] of [
      ["Employee ID", ""],
      ["Number", ""],
      ["First name", "Nuala"],
      ["Last name", "Quinn"],
      ["Appointment date", "2026-12-01"],
      ["Payment method", "cash"],
    ]) {
      typeInto(rig.model, EMPLOYEES, newRow, h, v);
    }
    const replacedId = records[newRow]["Employee ID"] as number;

    rig.faults.reset();
    const result = await saveEmployees(ctx(), { numberMode: "EMPLOYEE_NUMBER_AUTOMATIC" });
    expect(rig.faults.count(/bulk_input$/, "POST")).toBe(1);
    expect(rig.faults.count(/^\/clients\/1\/employees$/, "POST")).toBe(1);
    expect(result.requests).toEqual({ reads: 3, bulkInput: 1, create: 1 });
    expect(result.counts).toMatchObject({ Saved: 3, Invalid: 1 });

    const after = await readRecords(rig.workbook, EMPLOYEES);
    expect(after[0].Status).toBe("Saved");
    expect(after[1].Status).toBe("Invalid");
    expect(fillOf(rig.model, EMPLOYEES, 1, "Email")).toBeDefined();
    expect(typeof after[newRow]["Employee ID"]).toBe("number");
    expect(after[newRow]["Employee ID"]).not.toBe(replacedId);
    expect(String(after[newRow].Number)).not.toBe("");

    const check = await rig.check.getEmployee(after[0]["Employee ID"] as number);
    expect(check.job_title).toBe("Site foreman");
    expect((await rig.check.getEmployee(after[2]["Employee ID"] as number)).prsi_class).toBe("s");
    const created = await rig.check.getEmployee(after[newRow]["Employee ID"] as number);
    expect([created.first_name, created.last_name, created.payment_method]).toEqual(["Nuala", "Quinn", "cash"]);

    // Saving again: the created row is now an existing employee with nothing changed.
    typeInto(rig.model, EMPLOYEES, 1, "Email", "ok@example.ie");
    rig.faults.reset();
    const again = await saveEmployees(ctx(), { numberMode: "EMPLOYEE_NUMBER_AUTOMATIC" });
    expect(rig.faults.count(/^\/clients\/1\/employees$/, "POST")).toBe(0);
    expect(rig.faults.count(/^\/employees\/\d+$/, "PATCH")).toBe(1);
    expect(again.counts.Saved).toBe(1);
    expect(again.outcomes.find((o) => o.status === "Saved")!.rowIndex).toBe(1);
  });

  it("in manual-number mode a new employee without a number is refused before sending", async () => {
    const row = 4;
    for (const [h, v] of [
      ["Employee ID", ""],
      ["Number", ""],
      ["First name", "Oisin"],
      ["Last name", "Roe"],
      ["Appointment date", "2026-12-01"],
      ["Payment method", "cheque"],
    ]) {
      typeInto(rig.model, EMPLOYEES, row, h, v);
    }
    rig.faults.reset();
    const result = await saveEmployees(ctx(), { numberMode: "EMPLOYEE_NUMBER_MANUAL" });
    expect(rig.faults.count(/employees$/, "POST")).toBe(0);
    const rec = (await readRecords(rig.workbook, EMPLOYEES))[row];
    expect(rec.Status).toBe("Invalid");
    expect(rec.Message).toMatch(/Number is required: this client numbers employees manually/);
    expect(result.counts.Invalid).toBe(1);
  });

  it("deletes the confirmed employees of the selected rows; the service's refusal is shown per row", async () => {
    // Row 3 is the employee created above (no finalised payslips); row 0 has finalised payslips.
    selectRows(rig.model, EMPLOYEES, 3, 3);
    const selected = await rig.workbook.selectedRowIndexes(EMPLOYEES);
    const candidates = await employeesToDelete(ctx(), [0, ...selected]);
    expect(candidates.map((c) => c.rowIndex)).toEqual([0, 3]);
    expect(candidates[1].label).toMatch(/Nuala Quinn$/);
    const result = await deleteEmployees(ctx(), candidates);
    expect(result.counts).toMatchObject({ Deleted: 1, Failed: 1 });
    const ids = new Set((await rig.check.listEmployees(1)).map((e) => e.id));
    expect(ids.has(candidates[1].employeeId)).toBe(false);
    expect(ids.has(candidates[0].employeeId)).toBe(true);
    const recs = await readRecords(rig.workbook, EMPLOYEES);
    expect(recs[3].Status).toBe("Deleted");
    expect(recs[0].Status).toBe("Failed");
    expect(recs[0].Message).toMatch(/^Not saved: .*finalised payslips/);
  });

  it("shows one employee's record and profile mappings, creates a mapping and a wave", async () => {
    const [e] = await rig.check.listEmployees(1);
    await importEmployeeDetail(ctx(), e.id);
    // Titled with the employee as the pickers show them (employeeLabel).
    expect(rig.model.getSheet(EMPLOYEE_DETAIL_SHEET.sheetName).valueAt(0, 0)).toBe(
      `Details of ${e.number} · ${e.first_name} ${e.last_name}: ${CLIENT.name}`,
    );
    const fields = await readRecords(rig.workbook, EMPLOYEE_DETAIL_SHEET.sheetName);
    expect(fields.find((f) => f.Field === "first_name")?.Value).toBe(e.first_name);
    expect(fields.some((f) => String(f.Field).startsWith("custom_fields."))).toBe(true);

    const body = profileMappingBody("501", '{"hours": 8}');
    expect("body" in body).toBe(true);
    expect(profileMappingBody("x", "")).toEqual({ error: "Profile ID must be a whole number (the template's ID)." });
    const mapped = new Set((await rig.check.listProfileMappings(e.id)).map((m) => m.profile_id));
    const template = [501, 502].find((t) => !mapped.has(t));
    if (template === undefined) throw new Error("both demo templates already mapped");
    const body2 = profileMappingBody(String(template), '{"hours": 8}');
    const before = mapped.size;
    await createProfileMapping(ctx(), e.id, (body2 as { body: never }).body);
    const result = await importProfileMappings(ctx(), e.id);
    expect(result.rowCount).toBe(before + 1);
    expect((await readRecords(rig.workbook, PROFILE_MAPPINGS_SHEET.sheetName)).some((m) => m.Inputs === '{"hours":8}')).toBe(
      true,
    );

    const bad = waveCreateBody({ frequency: "monthly", firstEndDate: "2027-01-31", lastDayOfMonth: "", customName: "" }, false);
    expect(bad).toEqual({ errors: { last_day_of_month: "is required for a monthly frequency" } });
    expect(
      waveCreateBody({ frequency: "weekly", firstEndDate: "2027-01-08", lastDayOfMonth: "", customName: "Night shift" }, false),
    ).toHaveProperty("errors.custom_name");
    const ok = waveCreateBody(
      { frequency: "fortnightly", firstEndDate: "2027-01-08", lastDayOfMonth: "", customName: "" },
      false,
    ) as { body: never };
    const created = await createWave(ctx(), ok.body);
    expect((await rig.check.listWaves(1)).some((w) => w.id === created.id)).toBe(true);
  });
});
