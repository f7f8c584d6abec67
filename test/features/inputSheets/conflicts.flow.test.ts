/**
 * Conflicts: a row a colleague changed in the service after the build ends Conflict (not sent, the service keeps
 * the colleague's value), the other rows are Saved; Overwrite conflicts sends it on purpose; the log counts it.
 */
import { calcKey } from "../../../src/contract";
import { activeEmployees, defaultPeriod } from "../../../src/ui/sheets/periods";
import { PUSH_LOG_SHEET } from "../../../src/features/inputSheets/model/pushLog";
import { buildInputSheet, loadInputChoices } from "../../../src/features/inputSheets/flows/inputs";
import { pushInputSheet } from "../../../src/features/inputSheets/flows/push";
import { conflictCheck, conflictRowIndexes, overwriteConflicts } from "../../../src/features/inputSheets/flows/conflicts";
import { ctxOf, payslipOnly, readRecords, salaryWave, startRig, typeInto, type Rig } from "../../support/flowHelpers";

const SALARY = calcKey("basic_salary", "amount");
let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

/** An input sheet of the wave with the most salaried employees; a colleague then changes the first row's salary. */
async function sheetWithColleagueChange(colleague: number, typed: [string, string]) {
  const choices = await loadInputChoices(ctxOf(rig));
  const { waveId, payslipDate, salaryHeader: header } = salaryWave(choices);
  const request = { waveId, payslipDate, inputKeys: [SALARY], kinds: payslipOnly([SALARY]) };
  const { sheetName } = await buildInputSheet(ctxOf(rig), request, { choices });
  const rows = await readRecords(rig.workbook, sheetName);
  const [first, second] = rows.map((r) => Number(r["Employee ID"]));

  // A colleague changes the first employee's salary in the service after the build.
  await rig.check.bulkInput(1, [{ id: String(first), payslip_date: payslipDate, attributes: { [SALARY]: colleague } }]);
  typeInto(rig.model, sheetName, 0, header, typed[0]);
  typeInto(rig.model, sheetName, 1, header, typed[1]);
  return { sheetName, first, second };
}

it("for a few rows, reads only those employees' payslips and calculations, and holds back the row changed since the build", async () => {
  const { sheetName, first, second } = await sheetWithColleagueChange(6666, ["4900", "4950"]);
  rig.faulty.reset();
  const options = {
    send: { mode: "changed" as const },
    steps: { nettPay: false as const, conflictCheck: conflictCheck(rig.api) },
  };
  const result = await pushInputSheet(ctxOf(rig), sheetName, options);
  // Two small lists per employee sent; never the client-wide lists (tens of MB on a large client).
  expect(rig.faulty.count(/^\/clients\/1\/(employees|calculations)/, "GET")).toBe(0);
  for (const id of [first, second]) {
    expect(rig.faulty.count(`/employees/${id}/payslips`, "GET")).toBe(1);
    expect(rig.faulty.count(`/employees/${id}/calculations`, "GET")).toBe(1);
  }
  expect(result.counts).toMatchObject({ Saved: 1, Conflict: 1 });
  const after = await readRecords(rig.workbook, sheetName);
  expect(after[0].Status).toBe("Conflict");
  expect(after[0].Message).toMatch(/the service holds 6,666, the sheet's original was [\d,.]+/);
  expect(after[1].Status).toBe("Saved");
});

it("above the crossover, holds back a row changed in the service since the build in two extra requests, and overwrites it on purpose", async () => {
  const { sheetName, first, second } = await sheetWithColleagueChange(7777, ["5000", "5100"]);
  const logged = (await readRecords(rig.workbook, PUSH_LOG_SHEET)).length;
  rig.faulty.reset();
  const options = {
    send: { mode: "changed" as const },
    steps: { nettPay: false as const, conflictCheck: conflictCheck(rig.api, undefined, 0) },
  };
  const result = await pushInputSheet(ctxOf(rig), sheetName, options);
  expect(rig.faulty.count("/employees", "GET") + rig.faulty.count("/calculations", "GET")).toBe(2);
  expect(result.counts).toMatchObject({ Saved: 1, Conflict: 1 });
  const after = await readRecords(rig.workbook, sheetName);
  expect(after[0].Status).toBe("Conflict");
  expect(after[0].Message).toMatch(/the service holds 7,777, the sheet's original was [\d,.]+/);
  expect(after[1].Status).toBe("Saved");
  expect(rig.faulty.bulkEntities().map((e) => e.id)).toEqual([String(second)]);
  const held = async () =>
    (await rig.check.listClientCalculations(1)).find(
      (c) => c.employee_id === first && c.calculation_id === "basic_salary" && c.payslip_id !== null && !c.deleted,
    )?.inputs.amount;
  expect(await held()).toBe(7777);
  let log = await readRecords(rig.workbook, PUSH_LOG_SHEET);
  expect(log[log.length - 1]).toMatchObject({ Saved: 1, Conflict: 1 });

  // Overwrite conflicts: the rows whose Status is Conflict, sent on purpose (one row, no conflict check).
  expect(conflictRowIndexes(after.map((r) => String(r.Status)))).toEqual(new Set([0]));
  rig.faulty.reset();
  const overwrite = await overwriteConflicts(ctxOf(rig), sheetName, { steps: { nettPay: false } });
  expect(overwrite.counts).toMatchObject({ Saved: 1, Conflict: 0 });
  expect(rig.faulty.bulkEntities().map((e) => e.id)).toEqual([String(first)]);
  expect(rig.faulty.count("/calculations", "GET")).toBe(0);
  await expect(overwriteConflicts(ctxOf(rig), sheetName, { steps: { nettPay: false } })).rejects.toThrow(
    /no Conflict rows to overwrite/,
  );
  expect(await held()).toBe(5000);
  log = await readRecords(rig.workbook, PUSH_LOG_SHEET);
  expect(log).toHaveLength(logged + 2);
});

it("Overwrite conflicts sends only the cells changed since the build: another input a colleague changed keeps the colleague's value", async () => {
  const choices = await loadInputChoices(ctxOf(rig));
  // A salaried employee's open payslip with a second input of its own (pension, commission…), both in one sheet.
  const live = choices.calculations.filter((c) => c.payslip_id === null && !c.deleted);
  const pick = choices.waves.flatMap((w) => {
    const period = defaultPeriod(choices.periods.get(w.id) ?? []);
    if (!period) return [];
    return activeEmployees(choices.employees, w.id, period.date).flatMap((e) => {
      const own = live.filter((c) => c.employee_id === e.id);
      if (!own.some((c) => c.calculation_id === "basic_salary")) return [];
      const other = choices.offered.find(
        (o) =>
          o.key !== SALARY &&
          o.type !== "text" &&
          own.some((c) => c.calculation_id === o.calculationId && typeof c.inputs[o.input] === "number"),
      );
      return other ? [{ w, period, e, other }] : [];
    });
  })[0];
  expect(pick).toBeDefined();
  const { w, period, e, other } = pick;
  const { sheetName } = await buildInputSheet(
    ctxOf(rig),
    { waveId: w.id, payslipDate: period.date, inputKeys: [SALARY, other.key], kinds: payslipOnly([SALARY, other.key]) },
    { choices },
  );
  const rowIndex = (await readRecords(rig.workbook, sheetName)).findIndex((r) => r["Employee ID"] === e.id);
  const built = (await readRecords(rig.workbook, sheetName))[rowIndex];
  expect(typeof built[other.label]).toBe("number");

  // A colleague changes both inputs in the service; the accountant types only a new salary.
  const colleagueOther = (built[other.label] as number) + 3;
  await rig.check.bulkInput(1, [
    { id: String(e.id), payslip_date: period.date, attributes: { [SALARY]: 8888, [other.key]: colleagueOther } },
  ]);
  const header = choices.offered.find((o) => o.key === SALARY)!.label;
  typeInto(rig.model, sheetName, rowIndex, header, "5200");
  const pushed = await pushInputSheet(ctxOf(rig), sheetName, {
    send: { mode: "changed" },
    steps: { nettPay: false, conflictCheck: conflictCheck(rig.api) },
  });
  expect(pushed.outcomes.find((o) => o.rowIndex === rowIndex)?.status).toBe("Conflict");

  rig.faulty.reset();
  const overwrite = await overwriteConflicts(ctxOf(rig), sheetName, { steps: { nettPay: false } });
  expect(overwrite.counts).toMatchObject({ Saved: 1 });
  expect(rig.faulty.bulkEntities()).toEqual([expect.objectContaining({ id: String(e.id), attributes: { [SALARY]: 5200 } })]);
  const held = (await rig.check.listEmployeeCalculations(e.id)).filter((c) => c.payslip_id !== null && !c.deleted);
  const input = (calculationId: string, name: string) =>
    held.find((c) => c.calculation_id === calculationId && c.inputs[name] !== undefined)?.inputs[name];
  expect(input("basic_salary", "amount")).toBe(5200);
  expect(input(other.calculationId, other.input)).toBe(colleagueOther);
  const log = await readRecords(rig.workbook, PUSH_LOG_SHEET);
  expect(log[log.length - 1].Push).toBe("Overwrite conflicts");
});

it("is no conflict when the service already holds what the row sends (an earlier push whose answer was lost)", async () => {
  const { conflictOutcomes } = await import("../../../src/features/inputSheets/flows/conflicts");
  const meta = { inputs: [{ key: SALARY, header: "Basic salary: amount", type: "currency" as const }] };
  const snapshot = new Map([["5|2025-01-31", { [SALARY]: 3000 }]]);
  const row = (v: number) => ({ rowIndex: 0, employeeId: 5, payslipDate: "2025-01-31", attributes: { [SALARY]: v } });
  const current = new Map([["5|2025-01-31", { [SALARY]: "5000" }]]);
  expect(conflictOutcomes([row(5000)], current, snapshot, meta)).toEqual([]);
  expect(conflictOutcomes([row(6000)], current, snapshot, meta).map((o) => [o.status, o.errorColumns])).toEqual([
    ["Conflict", ["Basic salary: amount"]],
  ]);
});
