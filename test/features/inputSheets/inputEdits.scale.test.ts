/**
 * Live edits at 10,000 rows on the preview: a pending-changes look, an undo and a fill each take a fixed number of
 * Excel round trips (syncs), whatever the rows. Counts only; timings come from scripts/bench-input-edits.ts.
 */
import { createOfficeWorkbook } from "../../../src/excel";
import { createPreviewWorkbook, installPreviewExcel } from "../../../src/emulator";
import type { InputSheetRow } from "../../../src/features/inputSheets/model/inputSheet";
import { fillFromSheet, proposeFill } from "../../../src/features/inputSheets/flows/fill";
import { readPending, readSheetBasis, restoreChanges } from "../../../src/features/inputSheets/flows/pending";
import { FIXTURE_INPUTS, writeInputSheetFixture } from "../../support/inputSheetFixture";

const ROWS = 10_000;
const inputs = FIXTURE_INPUTS;

it("counts, undoes and fills 10,000 rows in a fixed number of round trips", async () => {
  const model = installPreviewExcel(globalThis, createPreviewWorkbook());
  const workbook = createOfficeWorkbook();
  const rows: InputSheetRow[] = Array.from({ length: ROWS }, (_, i) => ({
    employeeId: i + 1,
    number: `E${String(i + 1).padStart(5, "0")}`,
    name: `Employee ${i + 1}`,
    payslipDate: "2025-01-31",
    payslipId: null,
    finalised: false,
    nettPay: null,
    values: { "calc.basic_salary.amount": 3000 + i, "calc.overtime.hours": null },
  }));
  await writeInputSheetFixture(workbook, rows, inputs, { clientName: "Big Ltd", builtAt: "2025-01-01T00:00:00Z" });
  const basis = await readSheetBasis(workbook, "Inputs");

  // 500 edits spread over the sheet.
  const sheet = model.getSheet("Inputs");
  const t = sheet.tables()[0];
  for (let i = 0; i < ROWS; i += 20) model.editCell(sheet, t.r + 1 + i, t.c + 5, "7.5");
  let syncs = model.syncLog.length;
  const pending = await readPending(workbook, "Inputs", basis);
  expect(pending.text).toBe("500 changes pending in 500 rows");
  const lookSyncs = model.syncLog.length - syncs;
  expect(lookSyncs).toBeLessThanOrEqual(4);

  syncs = model.syncLog.length;
  await restoreChanges(workbook, "Inputs", pending.changes);
  expect(model.syncLog.length - syncs).toBeLessThanOrEqual(4);
  expect((await readPending(workbook, "Inputs", basis)).text).toBe("No changes pending");

  // The client's file: every employee's overtime, one unknown key.
  const source = model.addSheet("Timesheet");
  const lines = [["Emp No", "Overtime hours"], ...rows.map((r, i) => [r.number, String(i % 10)]), ["E99999", "1"]];
  model.pasteCells(source, 0, 0, lines);
  syncs = model.syncLog.length;
  const proposal = await proposeFill(workbook, "Inputs", { sheetName: "Timesheet" });
  const result = await fillFromSheet(workbook, null, "Inputs", { ...proposal, key: proposal.key! });
  // 16, and one read of the rows' states (which rows a push marked), a hidden table's 3.
  expect(model.syncLog.length - syncs).toBeLessThanOrEqual(19);
  expect(result.plan.problems).toHaveLength(1);
  // 0 hours over a blank is a change too (the service would get 0).
  expect((await readPending(workbook, "Inputs", basis)).text).toBe("10000 changes pending in 10000 rows");
}, 60_000);
