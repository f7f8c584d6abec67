/**
 * Remembered mappings and keys as people write them, over the real Excel layer and the preview: a client's file with
 * its own headers ("Staff ref", "Gross €", "OT hrs") mapped by hand once is mapped the same way next month, by a pane
 * opened again on the same workbook; a PPSN written with a space and in lower case fills its employee's row.
 */
import { calcKey } from "../../../src/contract";
import { createOfficeWorkbook } from "../../../src/excel";
import { activeEmployees, defaultPeriod } from "../../../src/ui/sheets/periods";
import { fillMemorySettingKey } from "../../../src/features/inputSheets/model/fillMemory";
import { buildInputSheet, loadInputChoices } from "../../../src/features/inputSheets/flows/inputs";
import { fillFromSheet, proposeFill } from "../../../src/features/inputSheets/flows/fill";
import { readPending, readSheetBasis } from "../../../src/features/inputSheets/flows/pending";
import { ctxOf, readRecords, startRig, type Rig } from "../../support/flowHelpers";

const SALARY = calcKey("basic_salary", "amount");
const CLIENT = { id: 1, name: "Demo" };
let rig: Rig;
let sheetName: string;
let other: string;
let rows: Record<string, unknown>[];
beforeAll(async () => {
  rig = await startRig();
  const choices = await loadInputChoices(ctxOf(rig, CLIENT));
  const { w, period } = choices.waves
    .map((w) => ({ w, period: defaultPeriod(choices.periods.get(w.id) ?? []) }))
    .find((x) => x.period && activeEmployees(choices.employees, x.w.id, x.period.date).length >= 3)!;
  other = choices.offered.find((o) => o.key !== SALARY && o.type !== "text")!.key;
  ({ sheetName } = await buildInputSheet(
    ctxOf(rig, CLIENT),
    { waveId: w.id, payslipDate: period!.date, inputKeys: [SALARY, other] },
    { choices },
  ));
  rows = await readRecords(rig.workbook, sheetName);
});
afterAll(() => rig.close());

const paste = (name: string, cells: string[][]) => rig.model.pasteCells(rig.model.addSheet(name), 0, 0, cells);
const reads = { employees: (id: number, o?: { signal?: AbortSignal }) => rig.api.listEmployees(id, [], o) };

it("maps a file the same way next month, in a pane opened again on the same workbook, naming the date and the new header", async () => {
  paste("October", [
    ["Staff ref", "Gross €", "OT hrs"],
    [String(rows[0].Number), "4100", "3"],
  ]);
  const first = await proposeFill(rig.workbook, sheetName, { sheetName: "October" });
  expect(first.key).toBeNull();
  expect(first.remembered).toBeNull();
  // Mapped by hand once.
  const mapping = [null, SALARY, other];
  await fillFromSheet(
    rig.workbook,
    reads,
    sheetName,
    { ...first, key: { column: 0, kind: "number" }, mapping },
    { now: () => new Date(2026, 9, 31, 17) },
  );
  const stored = JSON.stringify(await rig.workbook.getSetting(fillMemorySettingKey(1)));
  expect(stored).toContain("Staff ref");
  expect(stored).not.toContain(rig.apiKey);

  // Next month: the pane is closed and opened again (a new Excel layer over the same workbook).
  const reopened = createOfficeWorkbook();
  paste("November", [
    ["Staff ref", "OT hrs", "Gross €", "Site"],
    [String(rows[1].Number), "2", "4200", "Cork"],
  ]);
  const next = await proposeFill(reopened, sheetName, { sheetName: "November" });
  expect(next.key).toEqual({ column: 0, kind: "number" });
  expect(next.mapping).toEqual([null, other, SALARY, null]);
  expect(next.remembered).toEqual({ usedOn: "2026-10-31", newHeaders: ["Site"], missingHeaders: [], inputsNotOnSheet: [] });

  // Changed this time (OT hrs not used): remembered in the old one's place.
  await fillFromSheet(
    reopened,
    reads,
    sheetName,
    { ...next, key: next.key!, mapping: [null, null, SALARY, null] },
    { now: () => new Date(2026, 10, 30, 9) },
  );
  const list = (await reopened.getSetting(fillMemorySettingKey(1))) as { usedOn: string }[];
  expect(list.map((m) => m.usedOn)).toEqual(["2026-11-30"]);
  const again = await proposeFill(reopened, sheetName, { sheetName: "November" });
  expect(again.mapping).toEqual([null, null, SALARY, null]);
  expect(again.remembered?.usedOn).toBe("2026-11-30");
});

it('fills the row of an employee whose PPSN is written "8756070 sa" (a space inside, lower case)', async () => {
  const employees = await rig.api.listEmployees(1, []);
  const target = rows.findIndex((r) => employees.find((e) => e.id === Number(r["Employee ID"]))?.ppsn);
  // The issue's own PPSN, given to that employee in the service first.
  await rig.api.updateEmployee(Number(rows[target]["Employee ID"]), { ppsn: "8756070SA" });
  const written = " 8756070 sa ";
  paste("By PPSN", [
    ["PPSN", "Basic salary"],
    [written, "5432.10"],
  ]);
  const proposal = await proposeFill(rig.workbook, sheetName, { sheetName: "By PPSN" });
  expect(proposal.key).toEqual({ column: 0, kind: "ppsn" });
  const result = await fillFromSheet(rig.workbook, reads, sheetName, { ...proposal, key: proposal.key! });
  expect(result.plan.problems).toEqual([]);
  expect(result.plan.updates).toEqual([expect.objectContaining({ rowIndex: target, value: 5432.1 })]);
  const pending = await readPending(rig.workbook, sheetName, await readSheetBasis(rig.workbook, sheetName));
  expect(pending.changes.some((c) => c.rowIndex === target && c.after === 5432.1)).toBe(true);
  expect(rig.faulty.count("bulk_input")).toBe(0);
});
