/** Fill from a sheet over the real Excel layer and the preview: a client's timesheet keyed by Number. */
import { calcKey } from "../../../src/contract";
import { activeEmployees, defaultPeriod } from "../../../src/ui/sheets/periods";
import { FILL_PROBLEMS_SHEET } from "../../../src/features/inputSheets/model/fill";
import { buildInputSheet, loadInputChoices } from "../../../src/features/inputSheets/flows/inputs";
import { fillFromSheet, fillSourceSheets, proposeFill } from "../../../src/features/inputSheets/flows/fill";
import { readPending, readSheetBasis } from "../../../src/features/inputSheets/flows/pending";
import { pushInputSheet } from "../../../src/features/inputSheets/flows/push";
import { recordSheet } from "../../../src/ui/flows/sheetRecords";
import { REPORT_SHEETS_SETTING } from "../../../src/features/reports";
import { PUSH_LOG_SHEET } from "../../../src/features/inputSheets/model/pushLog";
import { CHANGE_HISTORY_SHEET } from "../../../src/features/inputSheets/model/changeHistory";
import { buildSalarySheetFor, ctxOf, readRecords, startRig, typeInto, type Rig } from "../../support/flowHelpers";

const SALARY = calcKey("basic_salary", "amount");
let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

it("fills 2 known keys as pending changes, reports the unknown one, sends nothing, in a fixed number of round trips", async () => {
  const choices = await loadInputChoices(ctxOf(rig, { id: 1, name: "Demo" }));
  const { w, period } = choices.waves
    .map((w) => ({ w, period: defaultPeriod(choices.periods.get(w.id) ?? []) }))
    .find((x) => x.period && activeEmployees(choices.employees, x.w.id, x.period.date).length >= 3)!;
  const { sheetName } = await buildInputSheet(
    ctxOf(rig, { id: 1, name: "Demo" }),
    { waveId: w.id, payslipDate: period!.date, inputKeys: [SALARY] },
    { choices },
  );
  const rows = await readRecords(rig.workbook, sheetName);
  const salaryHeader = choices.offered.find((o) => o.key === SALARY)!.label;

  // The client's file, pasted into a sheet of its own.
  const model = rig.model;
  const source = model.addSheet("Timesheet");
  model.pasteCells(source, 0, 0, [
    ["Emp No", "Name", "Basic salary"],
    [String(rows[0].Number), "first", "4100"],
    ["NOPE-1", "stranger", "999"],
    [String(rows[2].Number), "third", "4300.5"],
  ]);

  const proposal = await proposeFill(rig.workbook, sheetName, { sheetName: "Timesheet" });
  expect(proposal.key).toEqual({ column: 0, kind: "number" });
  expect(proposal.mapping).toEqual([null, null, SALARY]);
  rig.faulty.reset();
  const syncs = model.syncLog.length;
  const reads = { employees: (id: number, o?: { signal?: AbortSignal }) => rig.api.listEmployees(id, [], o) };
  const result = await fillFromSheet(rig.workbook, reads, sheetName, { ...proposal, key: proposal.key! });
  // 12, and one read of the rows' states (which rows a push marked: sheets/rowState), a hidden table's 3.
  expect(model.syncLog.length - syncs).toBeLessThanOrEqual(15);
  expect(rig.faulty.sent).toHaveLength(0);
  expect(result.plan.rows).toBe(2);
  expect(result.plan.problems).toEqual([
    { sourceRow: 3, key: "NOPE-1", column: null, message: "Number NOPE-1 is not on the input sheet", rowFilled: false },
  ]);
  expect(result.summary).toContain(FILL_PROBLEMS_SHEET);

  const pending = await readPending(rig.workbook, sheetName, await readSheetBasis(rig.workbook, sheetName));
  expect(pending.text).toBe("2 changes pending in 2 rows");
  expect(pending.changes.map((c) => [c.rowIndex, c.header, c.after])).toEqual([
    [0, salaryHeader, 4100],
    [2, salaryHeader, 4300.5],
  ]);
  const problems = await readRecords(rig.workbook, FILL_PROBLEMS_SHEET);
  expect(problems[0]).toMatchObject({ "Source row": 3, Key: "NOPE-1" });
});

it("a filled row the push had marked Saved says Changed, and keeps no old Saved; one that filled nothing keeps its mark", async () => {
  const ctx = ctxOf(rig, { id: 1, name: "Demo" });
  const choices = await loadInputChoices(ctx);
  const { w, period } = choices.waves
    .map((w) => ({ w, period: defaultPeriod(choices.periods.get(w.id) ?? []) }))
    .find((x) => x.period && activeEmployees(choices.employees, x.w.id, x.period.date).length >= 3)!;
  const { sheetName } = await buildInputSheet(ctx, { waveId: w.id, payslipDate: period!.date, inputKeys: [SALARY] }, { choices });
  const header = choices.offered.find((o) => o.key === SALARY)!.label;
  const rows = await readRecords(rig.workbook, sheetName);
  // Rows 0 and 1 pushed and Saved.
  typeInto(rig.model, sheetName, 0, header, String(Number(rows[0][header]) + 1));
  typeInto(rig.model, sheetName, 1, header, String(Number(rows[1][header]) + 1));
  const pushed = await pushInputSheet(ctx, sheetName, { send: { mode: "changed" }, steps: { nettPay: false } });
  expect(pushed.counts.Saved).toBe(2);

  const source = rig.model.addSheet("Timesheet 2");
  rig.model.pasteCells(source, 0, 0, [
    ["Emp No", "Basic salary", "Note"],
    [String(rows[0].Number), "5100", ""],
    [String(rows[1].Number), "lots", ""],
  ]);
  const proposal = await proposeFill(rig.workbook, sheetName, { sheetName: "Timesheet 2" });
  const result = await fillFromSheet(rig.workbook, null, sheetName, { ...proposal, key: proposal.key! });
  expect(result.plan.problems.map((p) => [p.sourceRow, p.rowFilled])).toEqual([[3, false]]);
  const after = await readRecords(rig.workbook, sheetName);
  expect([after[0].Status, after[0].Message]).toEqual(["Changed", "Filled after the push, not sent yet: Push changes sends it."]);
  expect(after[1].Status).toBe("Saved");
});

it("offers no add-in sheet as a fill source, found by worksheet ID: a renamed Push log, Change history or report is skipped", async () => {
  const client = (await rig.api.listClients())[0];
  const built = await buildSalarySheetFor(rig, client);
  typeInto(rig.model, built.sheetName, 0, built.header, "4444");
  await pushInputSheet(ctxOf(rig, client), built.sheetName, { send: { mode: "changed" }, steps: { nettPay: false } });
  // A report sheet as the Reports tab records it, then all three renamed by a person.
  rig.model.pasteCells(rig.model.addSheet("Gross to nett"), 0, 0, [["Employee", "Gross"]]);
  await recordSheet(rig.workbook, REPORT_SHEETS_SETTING, "Gross to nett");
  rig.model.renameSheet(rig.model.findSheet(PUSH_LOG_SHEET)!, "Pushes 2026");
  rig.model.renameSheet(rig.model.findSheet(CHANGE_HISTORY_SHEET)!, "History 2026");
  rig.model.renameSheet(rig.model.findSheet("Gross to nett")!, "Nov gross");
  rig.model.pasteCells(rig.model.addSheet("Client hours"), 0, 0, [["Number", "Hours"]]);

  const offered = await fillSourceSheets(rig.workbook, [built.sheetName]);
  expect(offered).toContain("Client hours");
  for (const addIns of ["Pushes 2026", "History 2026", "Nov gross", built.sheetName]) expect(offered).not.toContain(addIns);
  // Read only: the report's rename is left for the Reports tab to move (with its saved parameters).
  expect(await rig.workbook.getSetting(REPORT_SHEETS_SETTING)).toEqual([
    expect.objectContaining({ name: "Gross to nett" }),
  ]);
});
