/**
 * The preview's own worksheet-name rule (src/emulator/sheetNames.ts, from Excel's documentation) against the add-in's
 * (src/xl/excelConventions.ts): each name's verdict as Excel documents it, the two rules agreeing on every name,
 * every name the add-in makes up accepted by Excel's rule, and the workbook's case-insensitive uniqueness.
 */
import { excelSheetNameProblem } from "../../src/emulator/sheetNames";
import { safeSheetName, sheetNameProblem } from "../../src/xl/excelConventions";
import { codeOf, run, setup, wb } from "../support/emulatorRig";

beforeEach(() => setup());

/** Names and whether Excel accepts them, from "Rename a worksheet" (support.microsoft.com). */
const NAMES: [string, boolean][] = [
  ["Sheet1", true],
  ["Shannon · Employees", true],
  ["Éire payroll €", true],
  ["O'Brien", true],
  ["a".repeat(31), true],
  ["a".repeat(32), false],
  ["", false],
  ["   ", false],
  [" leading space", true],
  ["Q1/Q2", false],
  ["C:\\temp", false],
  ["What?", false],
  ["Star*", false],
  ["Range[1]", false],
  ["Close]", false],
  ["Colon:", false],
  ["'Quoted", false],
  ["Quoted'", false],
  ["'", false],
  ["History", false],
  ["HISTORY", false],
  ["History 2025", true],
  ["=SUM(A1)", true],
  ["#REF!", true],
  ["Sheet 1 (2)", true],
];

describe("the emulator's sheet-name rule, from Excel's documentation", () => {
  test.each(NAMES)("%p: accepted %p", (name, ok) => {
    expect(excelSheetNameProblem(name) === null).toBe(ok);
  });

  test("the add-in's rule gives the same verdict on every name", () => {
    const differ = NAMES.filter(([name]) => (sheetNameProblem(name) === null) !== (excelSheetNameProblem(name) === null));
    expect(differ).toEqual([]);
  });

  test("every name the add-in makes of a text (safeSheetName) is one Excel accepts", () => {
    for (const [name] of NAMES) {
      const made = safeSheetName(name);
      expect([name, made, excelSheetNameProblem(made)]).toEqual([name, made, null]);
    }
  });

  test("the workbook refuses what the rule refuses (InvalidArgument) and a name another sheet has in any case (ItemAlreadyExists)", async () => {
    const rename = (name: string) =>
      codeOf(
        run(async (ctx) => {
          ctx.workbook.worksheets.getItem("Sheet1").name = name;
          await ctx.sync();
        }),
        "ok",
      );
    wb.addSheet("Payroll");
    expect(await rename("history")).toBe("InvalidArgument");
    expect(await rename("a/b")).toBe("InvalidArgument");
    expect(await rename("PAYROLL")).toBe("ItemAlreadyExists");
    expect(await rename("sheet1")).toBe("ok");
    expect(wb.sheets.map((s) => s.name)).toEqual(["sheet1", "Payroll"]);
    expect(() => wb.addSheet("payroll")).toThrow(/already exists/);
  });
});
