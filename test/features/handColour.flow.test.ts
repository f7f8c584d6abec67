/**
 * Colour an accountant puts on by hand stays (issue M, point 4): on input, employees, leave and calculation
 * sheets, through pending shading, a push or save with highlights, and a re-import. Hand colours include Excel's
 * own Good, Bad, Neutral and Note fills, which the add-in used to use itself. The real sandbox, PayrollApi and
 * Excel layer over the emulator; a person's Fill Color is the emulator's colourCells (a format change, no event).
 */
import { calcKey } from "../../src/contract";
import { ADDIN_FILLS } from "../../src/excel";
import type { WorkbookModel } from "../../src/emulator";
import { CALC_SHEET, saveCalculationEdits, viewCalculations } from "../../src/features/calculations/flows/calculations";
import { flowContext } from "../../src/ui/flows/common";
import { saveEmployees } from "../../src/features/employees/flows/employees";
import { clientSheetName } from "../../src/ui/sheets/sheetNames";
import { importEmployees } from "../../src/features/imports/flows/imports";
import { buildInputSheet, loadInputChoices, type InputChoices } from "../../src/features/inputSheets/flows/inputs";
import { loadLeaveDays, saveLeaveDays } from "../../src/features/leave/flows/leave";
import { PENDING_FILL, type PendingState, watchPendingChanges } from "../../src/features/inputSheets/flows/pending";
import { pushInputSheet } from "../../src/features/inputSheets/flows/push";
import { fillOf, readRecords, salaryWave, typeInto, waitForState } from "../support/flowHelpers";
import { startPathRig, type PathRig } from "../support/pathRig";

/** Excel's built-in cell styles (Home > Cell Styles) and two palette colours. */
const GOOD = "#C6EFCE";
const BAD = "#FFC7CE";
const NEUTRAL = "#FFEB9C";
const NOTE = "#FFFFCC";
const BLUE = "#00B0F0";
const TINT = "#FFF2CC"; // Gold, Accent 4, Lighter 80%: the add-in's pending shading until issue M

const CLIENT = { id: 1, name: "Demo client 1" };
/** The client\'s Employees sheet, as the import names it. */
const EMPLOYEES = clientSheetName("Demo", "Employees");
const SALARY = calcKey("basic_salary", "amount");
let rig: PathRig;
const ctx = () => flowContext(rig.api, rig.workbook, CLIENT);

beforeAll(async () => {
  rig = await startPathRig({ employees: 10, recalcMs: 30 });
});
afterAll(() => rig.close());

/** A table cell's place on the sheet (row = 0-based data row, column by header). */
function cellOf(sheetName: string, rowIndex: number, header: string): { r: number; c: number } {
  const sheet = rig.model.getSheet(sheetName);
  const t = sheet.tables()[0];
  const headers = Array.from({ length: t.cols }, (_, k) => String(sheet.valueAt(t.r, t.c + k)));
  const k = headers.indexOf(header);
  if (k < 0) throw new Error(`No column "${header}" on ${sheetName}`);
  return { r: t.r + 1 + rowIndex, c: t.c + k };
}

/** Home > Fill Color on one table cell, as a person does it. */
function colour(model: WorkbookModel, sheetName: string, rowIndex: number, header: string, color: string): void {
  const { r, c } = cellOf(sheetName, rowIndex, header);
  model.colourCells(model.getSheet(sheetName), { r, c, rows: 1, cols: 1 }, color);
}

type Painted = [rowIndex: number, header: string, color: string];
const paint = (sheetName: string, cells: Painted[]) => cells.forEach(([r, h, c]) => colour(rig.model, sheetName, r, h, c));
const fills = (sheetName: string, cells: Painted[]) => cells.map(([r, h]) => fillOf(rig.model, sheetName, r, h));
const colours = (cells: Painted[]) => cells.map(([, , c]) => c);

describe("input sheets", () => {
  let choices: InputChoices;
  let request: Parameters<typeof buildInputSheet>[1];
  let salaryHeader: string;

  beforeAll(async () => {
    choices = await loadInputChoices(ctx());
    const wave = salaryWave(choices);
    request = { waveId: wave.waveId, payslipDate: wave.payslipDate, inputKeys: [SALARY] };
    salaryHeader = wave.salaryHeader;
  });

  it("keeps hand colour through pending shading, a push with highlights, and a rebuild", async () => {
    const { sheetName, rowCount } = await buildInputSheet(ctx(), request, { choices });
    expect(rowCount).toBeGreaterThan(5);
    const hand: Painted[] = [
      [0, salaryHeader, BLUE],
      [1, salaryHeader, GOOD],
      [2, "Employee ID", BAD],
      [2, "Payslip date", NEUTRAL],
      [3, "Status", NOTE],
      [3, salaryHeader, TINT],
    ];
    paint(sheetName, hand);
    const states: PendingState[] = [];
    const watch = await watchPendingChanges(rig.workbook, sheetName, (s) => states.push(s), { debounceMs: 20 });
    try {
      // Pending: counted, shaded where there is no colour, a person's colour left as it is.
      typeInto(rig.model, sheetName, 0, salaryHeader, "43210");
      typeInto(rig.model, sheetName, 1, salaryHeader, "-5");
      typeInto(rig.model, sheetName, 3, salaryHeader, "43211");
      typeInto(rig.model, sheetName, 4, salaryHeader, "43212");
      await waitForState(states, (s) => s.text === "4 changes pending in 4 rows");
      expect(fills(sheetName, hand)).toEqual(colours(hand));
      expect(fillOf(rig.model, sheetName, 4, salaryHeader)).toBe(PENDING_FILL);

      // A push with highlights: row 1 is refused (its Status red, its input keeps the person's Good).
      watch.setPaused(true);
      const result = await pushInputSheet(ctx(), sheetName, { send: { mode: "changed" }, steps: { nettPay: false } });
      watch.setPaused(false);
      await watch.refresh({ reload: true });
      expect(result.counts).toMatchObject({ Saved: 3, Failed: 1 });
      const records = await readRecords(rig.workbook, sheetName);
      expect(records.slice(0, 4).map((r) => r.Status)).toEqual(["Saved", "Failed", "Unchanged", "Saved"]);
      expect(fills(sheetName, hand)).toEqual(colours(hand));
      expect(fillOf(rig.model, sheetName, 1, "Status")).toBe(ADDIN_FILLS.error);
      expect(fillOf(rig.model, sheetName, 4, salaryHeader)).toBeUndefined();
      expect(fillOf(rig.model, sheetName, 4, "Status")).toBe(ADDIN_FILLS.success);
    } finally {
      await watch.stop();
    }

    // A rebuild of the same wave and period: the person's colours are back on their cells, the add-in's are gone.
    const again = await buildInputSheet(ctx(), request, { choices });
    expect(again.sheetName).toBe(sheetName);
    expect(fills(sheetName, hand)).toEqual(colours(hand));
    expect([fillOf(rig.model, sheetName, 1, "Status"), fillOf(rig.model, sheetName, 4, "Status")]).toEqual([
      undefined,
      undefined,
    ]);
  });
});

describe("employees, leave and calculation sheets", () => {
  it("employees: a save with highlights and a re-import keep hand colour", async () => {
    await importEmployees(ctx(), { customFields: true, servicePeriod: false });
    const sheet = EMPLOYEES;
    const hand: Painted[] = [
      [0, "Job title", BLUE],
      [1, "Email", GOOD],
      [1, "Status", BAD],
      [2, "Employee ID", NEUTRAL],
    ];
    // A first save gives the sheet its Status and Message columns.
    typeInto(rig.model, sheet, 0, "Job title", "Site foreman");
    expect((await saveEmployees(ctx(), { numberMode: "EMPLOYEE_NUMBER_AUTOMATIC" })).counts).toMatchObject({ Saved: 1 });
    paint(sheet, hand);
    typeInto(rig.model, sheet, 0, "Job title", "Site manager");
    typeInto(rig.model, sheet, 1, "Email", "not an email");
    typeInto(rig.model, sheet, 2, "Email", "also not an email");
    const result = await saveEmployees(ctx(), { numberMode: "EMPLOYEE_NUMBER_AUTOMATIC" });
    expect(result.counts).toMatchObject({ Saved: 1, Invalid: 2 });
    expect(fills(sheet, hand)).toEqual(colours(hand));
    // Where no one coloured, the add-in's highlights still show.
    expect([fillOf(rig.model, sheet, 2, "Email"), fillOf(rig.model, sheet, 2, "Status")]).toEqual([
      ADDIN_FILLS.error,
      ADDIN_FILLS.error,
    ]);
    // A re-import writes no Status column: that colour stays on its cell of the sheet, the others on theirs.
    const statusCell = cellOf(sheet, 1, "Status");
    await importEmployees(ctx(), { customFields: true, servicePeriod: false });
    const kept = hand.filter(([, h]) => h !== "Status");
    expect(fills(sheet, kept)).toEqual(colours(kept));
    expect(rig.model.getSheet(sheet).cell(statusCell.r, statusCell.c)?.fill).toBe(BAD);
    expect(fillOf(rig.model, sheet, 2, "Email")).toBeUndefined();
  });

  it("leave days: a save with highlights and a reload keep hand colour", async () => {
    const [a] = await rig.check.listEmployees(1);
    const loaded = await loadLeaveDays(ctx(), { employeeIds: [a.id], blankRowPerEmployee: true });
    const sheet = loaded.sheetName;
    const records = await readRecords(rig.workbook, sheet);
    const blank = records.findIndex((r) => r["Leave day ID"] === "" && r.Date === "");
    expect(blank).toBeGreaterThanOrEqual(0);
    const other = blank === 0 ? 1 : 0;
    const hand: Painted[] = [
      [blank, "Leave type", BAD],
      [blank, "Status", GOOD],
      [other, "Date", BLUE],
    ];
    paint(sheet, hand);
    typeInto(rig.model, sheet, blank, "Date", "2026-12-03");
    typeInto(rig.model, sheet, blank, "Leave type", "Holidays");
    const result = await saveLeaveDays(ctx());
    expect(result.counts.Invalid).toBe(1);
    expect((await readRecords(rig.workbook, sheet))[blank].Status).toBe("Invalid");
    expect(fills(sheet, hand)).toEqual(colours(hand));
    await loadLeaveDays(ctx(), { employeeIds: [a.id], blankRowPerEmployee: true });
    expect(fills(sheet, hand)).toEqual(colours(hand));
  });

  it("calculations: a save with highlights and a re-view keep hand colour", async () => {
    const [e] = await rig.check.listEmployees(1);
    await viewCalculations(ctx(), { kind: "employee", employeeId: e.id });
    const sheet = clientSheetName("Demo", CALC_SHEET.sheetName);
    const records = await readRecords(rig.workbook, sheet);
    const rows = records.flatMap((r, i) =>
      typeof r["Calculation ID"] === "number" && typeof r["Input: amount"] === "number" ? [i] : [],
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const [bad, plain] = rows;
    const hand: Painted[] = [
      [bad, "Input: amount", BAD],
      [bad, "Status", NEUTRAL],
      [plain, "Calculation ID", NOTE],
    ];
    paint(sheet, hand);
    typeInto(rig.model, sheet, bad, "Input: amount", "lots");
    typeInto(rig.model, sheet, plain, "Input: amount", "lots");
    const saved = await saveCalculationEdits(ctx());
    expect(saved.counts.Invalid).toBe(2);
    expect(fills(sheet, hand)).toEqual(colours(hand));
    expect(fillOf(rig.model, sheet, plain, "Input: amount")).toBe(ADDIN_FILLS.error);
    await viewCalculations(ctx(), { kind: "employee", employeeId: e.id });
    expect(fills(sheet, hand)).toEqual(colours(hand));
    expect(fillOf(rig.model, sheet, plain, "Input: amount")).toBeUndefined();
  });
});
