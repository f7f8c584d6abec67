/**
 * The input-sheet build in the pane (issue R): through the pane's shared reads (ctx.reads), the pickers' lists and
 * the build's are the same reads, so loading the choices and building read each list once, and building again reads
 * nothing; a push (a write through the same PayrollApi) marks the employees with their payslips and the calculations
 * stale, so the next build reads them again and prefills what the push saved. Real sandbox, real PayrollApi, the
 * Excel layer over the preview workbook.
 */
import { calcKey } from "../../../src/contract";
import { activeEmployees } from "../../../src/ui/sheets/periods";
import { buildInputSheet, loadInputChoices } from "../../../src/features/inputSheets/flows/inputs";
import { pushInputSheet } from "../../../src/features/inputSheets/flows/push";
import type { FlowContext } from "../../../src/ui/flows/common";
import { createClientReads } from "../../../src/ui/serverState";
import { largestWave } from "../../support/largestWave";
import { ctxOf, readRecords, startRig, typeInto, type Rig } from "../../support/flowHelpers";

const CLIENT = { id: 1, name: "Demo client 1" };
const SALARY = calcKey("basic_salary", "amount");

let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

const sentNow = () => rig.faulty.sent.map((r) => `${r.method} ${r.path}`).sort();

it("reads each list once for the choices and the build, nothing to build again, and after a push the two it may change", async () => {
  const inPane: FlowContext = { ...ctxOf(rig, CLIENT), reads: createClientReads(rig.api) };
  rig.faulty.reset();
  const choices = await loadInputChoices(inPane);
  const best = largestWave(choices);
  const request = { waveId: best.w.id, payslipDate: best.period!.date, inputKeys: [SALARY] };
  const built = await buildInputSheet(inPane, request, { choices });
  expect([choices.requests, built.requests]).toEqual([4, 0]);
  expect(sentNow()).toEqual([
    "GET /clients/1/calculations",
    "GET /clients/1/employees",
    "GET /clients/1/items_and_outputs",
    "GET /clients/1/waves",
  ]);
  expect(built.rowCount).toBe(activeEmployees(choices.employees, best.w.id, best.period!.date).length);

  rig.faulty.reset();
  expect((await buildInputSheet(inPane, request, { choices })).requests).toBe(0);
  expect(rig.faulty.sent).toEqual([]);

  // A push of one salary, then a build: the employees with their payslips and the calculations are read again, and
  // the sheet holds the salary the push saved, not the one the pickers read.
  const salaryHeader = choices.offered.find((o) => o.key === SALARY)!.label;
  const before = (await readRecords(rig.workbook, built.sheetName))[0][salaryHeader] as number;
  typeInto(rig.model, built.sheetName, 0, salaryHeader, String(before + 111));
  const pushed = await pushInputSheet(inPane, built.sheetName, { send: { mode: "changed" }, steps: { nettPay: false } });
  expect(pushed.counts.Saved).toBe(1);
  rig.faulty.reset();
  const rebuilt = await buildInputSheet(inPane, request, { choices });
  expect(rebuilt.requests).toBe(2);
  expect(sentNow()).toEqual(["GET /clients/1/calculations", "GET /clients/1/employees"]);
  expect((await readRecords(rig.workbook, rebuilt.sheetName))[0][salaryHeader]).toBe(before + 111);
});
