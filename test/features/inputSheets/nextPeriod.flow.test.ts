/**
 * Next period over the real Excel layer and the sandbox: from a past, finalised period's input sheet, the next open
 * period's sheet is built for the same wave with the same inputs and the service's values; with Copy values as pending
 * changes, the old sheet's values become pending changes of the new one, and nothing is sent.
 */
import { calcKey } from "../../../src/contract";
import { activeEmployees, defaultPeriod } from "../../../src/ui/sheets/periods";
import { buildInputSheet, readInputSheetMeta } from "../../../src/features/inputSheets/flows/inputs";
import { buildNextPeriod, describeNextPeriod } from "../../../src/features/inputSheets/flows/nextPeriod";
import { readPending, readSheetBasis } from "../../../src/features/inputSheets/flows/pending";
import { ctxOf, inputSheetRig, readRecords, typeInto } from "../../support/flowHelpers";

const SALARY = calcKey("basic_salary", "amount");
const CLIENT = { id: 1, name: "Demo" };
const env = inputSheetRig(CLIENT);
/** The wave, its open period, the finalised period before it, and an input other than the salary. */
let waveId: number;
let open: string;
let past: string;
let other: string;
beforeAll(() => {
  const found = env.choices.waves
    .map((w) => ({ w, period: defaultPeriod(env.choices.periods.get(w.id) ?? []) }))
    .find((x) => x.period && activeEmployees(env.choices.employees, x.w.id, x.period.date).length >= 3)!;
  waveId = found.w.id;
  open = found.period!.date;
  // The finalised period just before the open one.
  past = env.choices.periods.get(waveId)!.find((p) => p.date < open && p.finalised === p.payslips)!.date;
  other = env.choices.offered.find((o) => o.key !== SALARY && o.type !== "text")!.key;
});

it("builds the next open period's sheet for the same wave with the same inputs, then refuses to build it twice", async () => {
  const { sheetName } = await buildInputSheet(
    ctxOf(env.rig, CLIENT),
    { waveId, payslipDate: past, inputKeys: [other, SALARY] },
    { choices: env.choices },
  );
  env.rig.faulty.reset();
  const result = await buildNextPeriod(ctxOf(env.rig, CLIENT), sheetName, { copyValues: false });
  expect(result.payslipDate).toBe(open);
  expect(result.carried).toBeNull();
  expect(result.requests).toBe(6);
  expect(env.rig.faulty.sent).toHaveLength(6);
  const meta = (await readInputSheetMeta(env.rig.workbook, result.sheetName))!;
  const old = (await readInputSheetMeta(env.rig.workbook, sheetName))!;
  expect([meta.waveId, meta.payslipDate, meta.inputs]).toEqual([waveId, open, old.inputs]);
  // Values come from the service, as for a sheet built from New input sheet: nothing is pending.
  const pending = await readPending(env.rig.workbook, result.sheetName, await readSheetBasis(env.rig.workbook, result.sheetName));
  expect(pending.text).toBe("No changes pending");
  expect(describeNextPeriod(result)).toMatch(/^".+" built for \d\d\/\d\d\/\d{4}: \d+ employees\.$/);

  await expect(buildNextPeriod(ctxOf(env.rig, CLIENT), sheetName, { copyValues: false })).rejects.toThrow(
    `"${result.sheetName}" is already the input sheet of`,
  );
  await expect(buildNextPeriod(ctxOf(env.rig, CLIENT), result.sheetName, { copyValues: false })).rejects.toThrow(
    /has no open period after/,
  );
  env.rig.faulty.reset();
  await expect(buildNextPeriod(ctxOf(env.rig, { id: 2, name: "Other" }), sheetName, { copyValues: false })).rejects.toThrow(
    "choose that client for its next period",
  );
  expect(env.rig.faulty.sent).toHaveLength(0);
  env.rig.model.deleteSheet(env.rig.model.getSheet(result.sheetName));
});

it("copies the old sheet's values as pending changes for the employees on both, sends nothing", async () => {
  const { sheetName } = await buildInputSheet(
    ctxOf(env.rig, CLIENT),
    { waveId, payslipDate: past, inputKeys: [SALARY] },
    { choices: env.choices },
  );
  const before = await readRecords(env.rig.workbook, sheetName);
  const header = Object.keys(before[0]).find((h) => h.startsWith("Basic salary"))!;
  typeInto(env.rig.model, sheetName, 0, header, "9876.5");
  env.rig.faulty.reset();
  const result = await buildNextPeriod(ctxOf(env.rig, CLIENT), `${sheetName}`, { copyValues: true });
  expect(result.carried!.values).toBeGreaterThanOrEqual(1);
  const pending = await readPending(env.rig.workbook, result.sheetName, await readSheetBasis(env.rig.workbook, result.sheetName));
  expect(pending.changes).toHaveLength(result.carried!.values);
  expect(new Set(pending.changes.map((c) => c.rowIndex)).size).toBe(result.carried!.rows);
  const now = await readRecords(env.rig.workbook, result.sheetName);
  const row = now.findIndex((r) => r["Employee ID"] === before[0]["Employee ID"]);
  expect(pending.changes).toContainEqual(expect.objectContaining({ rowIndex: row, after: 9876.5 }));
  expect(env.rig.faulty.count("bulk_input")).toBe(0);
  expect(describeNextPeriod(result)).toContain("copied as pending changes (not sent)");
});
