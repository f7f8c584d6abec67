/**
 * Next period over the real Excel layer and the sandbox: from a past, finalised period's input sheet, the next open
 * period's sheet is built for the same wave with the same inputs and the service's values; the inputs ticked under
 * "Copy these values as pending changes" (listed from the old sheet, no request) have their values become pending
 * changes of the new one, and nothing is sent.
 */
import { calcKey } from "../../../src/contract";
import { activeEmployees, defaultPeriod } from "../../../src/ui/sheets/periods";
import { buildInputSheet, readInputSheetMeta } from "../../../src/features/inputSheets/flows/inputs";
import {
  buildNextPeriod,
  describeNextPeriod,
  readCarryChoices,
} from "../../../src/features/inputSheets/flows/nextPeriod";
import { readPending, readSheetBasis } from "../../../src/features/inputSheets/flows/pending";
import { ctxOf, inputSheetRig, markRows, readRecords, typeInto, payslipOnly } from "../../support/flowHelpers";
import { pushInputSheet } from "../../../src/features/inputSheets/flows/push";
import { pushAllInputSheets } from "../../../src/features/inputSheets/flows/pushAll";
import { carryIntoSheet } from "../../../src/features/inputSheets/flows/unsentWork";
import { carryOffer } from "../../../src/features/inputSheets/model/unsentWork";
import { describeStanding } from "../../../src/features/inputSheets/model/nextPeriod";
import { createClientReads } from "../../../src/ui/serverState";
import { formatDate } from "../../../src/ui/locale";
import { finaliseInSandbox } from "../../support/finalise";

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
  const result = await buildNextPeriod(ctxOf(env.rig, CLIENT), sheetName, { carry: [] });
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

  await expect(buildNextPeriod(ctxOf(env.rig, CLIENT), sheetName, { carry: [] })).rejects.toThrow(
    `"${result.sheetName}" is already the input sheet of`,
  );
  // The open period's own sheet: its pay run is not finalised yet, so there is no next period to build (Q, Deliver 11).
  await expect(buildNextPeriod(ctxOf(env.rig, CLIENT), result.sheetName, { carry: [] })).rejects.toThrow(
    /^The pay run of \d\d\/\d\d\/\d{4} is still open: it must be finalised in the payroll service first/,
  );
  env.rig.faulty.reset();
  await expect(buildNextPeriod(ctxOf(env.rig, { id: 2, name: "Other" }), sheetName, { carry: [] })).rejects.toThrow(
    `"${sheetName}" is Demo's: choose Demo as the client for its next period.`,
  );
  expect(env.rig.faulty.sent).toHaveLength(0);
  env.rig.model.deleteSheet(env.rig.model.getSheet(result.sheetName));
});

it("lists what it would copy from the sheet's rows (no request), copies only the inputs ticked, and reads as much as without", async () => {
  // Both "This payslip only" here: a "From this period on" input is not listed (the next test).
  const { sheetName } = await buildInputSheet(
    ctxOf(env.rig, CLIENT),
    { waveId, payslipDate: past, inputKeys: [SALARY, other], kinds: payslipOnly([SALARY, other]) },
    { choices: env.choices },
  );
  const before = await readRecords(env.rig.workbook, sheetName);
  const header = Object.keys(before[0]).find((h) => h.startsWith("Basic salary"))!;
  const otherHeader = env.choices.offered.find((o) => o.key === other)!.label;
  typeInto(env.rig.model, sheetName, 0, header, "9876.5");
  typeInto(env.rig.model, sheetName, 0, otherHeader, "12");
  typeInto(env.rig.model, sheetName, 1, otherHeader, "30");
  env.rig.faulty.reset();
  // Before the build, from the sheet alone: the salary (recurring) ticked, the other input (a one-off here) not.
  const choices = await readCarryChoices(env.rig.workbook, sheetName, CLIENT.id, (key) => key === other);
  expect(env.rig.faulty.sent).toHaveLength(0);
  expect(choices.payslipDate).toBe(past);
  const line = (key: string) => choices.lines.find((l) => l.key === key)!;
  expect([line(SALARY).ticked, line(other).ticked]).toEqual([true, false]);
  const withValue = (h: string) => before.filter((r, i) => i < 2 || (r[h] !== null && r[h] !== "")).length;
  expect(line(other)).toMatchObject({ employees: withValue(otherHeader) });
  expect(line(other).total).toBeGreaterThanOrEqual(42);
  expect(line(SALARY).employees).toBe(withValue(header));

  // The accountant unticks the salary and ticks the other input.
  const result = await buildNextPeriod(ctxOf(env.rig, CLIENT), sheetName, { carry: [other] });
  // As many requests as without copying (the first test): the list and the copy cost none.
  expect(result.requests).toBe(6);
  expect(env.rig.faulty.sent).toHaveLength(6);
  expect(result.carried!.values).toBeGreaterThanOrEqual(2);
  expect(result.carried!.keys).toEqual([other]);
  const pending = await readPending(env.rig.workbook, result.sheetName, await readSheetBasis(env.rig.workbook, result.sheetName));
  expect(pending.changes).toHaveLength(result.carried!.values);
  expect(new Set(pending.changes.map((c) => c.key))).toEqual(new Set([other]));
  expect(new Set(pending.changes.map((c) => c.rowIndex)).size).toBe(result.carried!.rows);
  const now = await readRecords(env.rig.workbook, result.sheetName);
  const row = now.findIndex((r) => r["Employee ID"] === before[0]["Employee ID"]);
  expect(pending.changes).toContainEqual(expect.objectContaining({ rowIndex: row, after: 12 }));
  // The salary typed on the old sheet is not copied: the new sheet holds the service's.
  expect(now[row][header]).not.toBe(9876.5);
  expect(env.rig.faulty.count("bulk_input")).toBe(0);
  expect(describeNextPeriod(result)).toContain("copied as pending changes (not sent)");
});

it('does not list a "From this period on" input: it carries by itself, and says so', async () => {
  const { sheetName } = await buildInputSheet(
    ctxOf(env.rig, CLIENT),
    { waveId, payslipDate: past, inputKeys: [SALARY, other], kinds: { [SALARY]: "standing", [other]: "payslip" } },
    { choices: env.choices },
  );
  const otherHeader = env.choices.offered.find((o) => o.key === other)!.label;
  typeInto(env.rig.model, sheetName, 0, otherHeader, "12");
  env.rig.faulty.reset();
  const choices = await readCarryChoices(env.rig.workbook, sheetName, CLIENT.id, () => false);
  expect(env.rig.faulty.sent).toHaveLength(0);
  expect(choices.lines.map((l) => l.key)).toEqual([other]);
  expect(choices.standing).toEqual(["Basic salary"]);
  expect(describeStanding(choices.standing, choices.payslipDate, formatDate)).toBe(
    `Basic salary carries by itself: it was pushed from ${formatDate(past)} on.`,
  );
  env.rig.model.deleteSheet(env.rig.model.getSheet(sheetName));
});

describe("what a finalised period left unsent (issue Q, Deliver 4 and 11)", () => {
  // Runs last: it finalises the open period of client 1.
  let sheetName: string;
  let salaryHeader: string;
  let otherHeader: string;
  let raised: Record<string, unknown>;
  let pendingRow: Record<string, unknown>;
  let heldRow: Record<string, unknown>;
  const money = (n: number) => n.toLocaleString("en-IE", { style: "currency", currency: "EUR" });

  beforeAll(async () => {
    ({ sheetName } = await buildInputSheet(
      ctxOf(env.rig, CLIENT),
      { waveId, payslipDate: open, inputKeys: [SALARY, other], kinds: payslipOnly([SALARY, other]) },
      { choices: env.choices },
    ));
    const rows = await readRecords(env.rig.workbook, sheetName);
    salaryHeader = Object.keys(rows[0]).find((h) => h.startsWith("Basic salary"))!;
    otherHeader = env.choices.offered.find((o) => o.key === other)!.label;
    [raised, pendingRow, heldRow] = rows.filter((r) => typeof r[salaryHeader] === "number");
  });

  it("says a still-open period's pay run must be finalised in the payroll service first", async () => {
    env.rig.faulty.reset();
    await expect(buildNextPeriod(ctxOf(env.rig, CLIENT), sheetName, { carry: [] })).rejects.toThrow(
      `The pay run of ${formatDate(open)} is still open: it must be finalised in the payroll service first`,
    );
    expect(env.rig.faulty.count("bulk_input")).toBe(0);
  });

  it("names the pending, Held and payslip-only values in words and carries them, when asked, as pending changes", async () => {
    const rows = await readRecords(env.rig.workbook, sheetName);
    const at = (r: Record<string, unknown>) => rows.findIndex((x) => x["Employee ID"] === r["Employee ID"]);
    // A raise pushed to this payslip only; a value typed and not pushed; a row kept back (Held).
    const was = raised[salaryHeader] as number;
    typeInto(env.rig.model, sheetName, at(raised), salaryHeader, String(was + 183.33));
    await pushInputSheet(ctxOf(env.rig, CLIENT), sheetName, { send: { mode: "changed" }, steps: { nettPay: false } });
    typeInto(env.rig.model, sheetName, at(pendingRow), otherHeader, "75");
    typeInto(env.rig.model, sheetName, at(heldRow), salaryHeader, "6100");
    await markRows(env.rig.workbook, sheetName, { [at(heldRow)]: "Held" });
    await finaliseInSandbox(env.rig, CLIENT.id);

    // Push all names them and pushes nothing that must fail.
    env.rig.faulty.reset();
    // As in the pane: the employee list it holds (fresh) says the period is finalised; Push all asks nothing more.
    const reads = createClientReads(env.rig.api);
    await reads.read("employeesWithPayslips", CLIENT.id);
    const all = await pushAllInputSheets(
      { ...ctxOf(env.rig, CLIENT), reads },
      { send: { reachable: [CLIENT] }, steps: { nettPay: false } },
    );
    const mine = all.sheets.find((x) => x.sheetName === sheetName)!;
    expect(mine.outcome).toBe("skipped");
    expect(mine.summary).toBe(
      `Not pushed: ${formatDate(open)} is finalised: 2 changes were not sent and can no longer be: ${String(pendingRow.Name)}'s ${otherHeader.replace(/: amount$/, "")} ${env.choices.offered.find((o) => o.key === other)!.type === "currency" ? "€75.00" : "75"} (pending); ${String(heldRow.Name)}'s Basic salary €6,100.00 (Held). Choose the sheet and press Next period to carry them into the next period as pending changes.`,
    );
    expect(all.attention).toBe(true);
    expect(env.rig.faulty.count("bulk_input")).toBe(0);

    const result = await buildNextPeriod(ctxOf(env.rig, CLIENT), sheetName, { carry: [] });
    expect(result.left.finalised).toBe(true);
    expect(result.left.unsent.map((v) => [v.name, v.state])).toEqual([
      [pendingRow.Name, "pending"],
      [heldRow.Name, "Held"],
    ]);
    const text = describeNextPeriod(result);
    expect(text).toContain(`${formatDate(open)} is finalised: 2 changes were not sent and can no longer be: `);
    expect(text).toContain(`${String(heldRow.Name)}'s Basic salary €6,100.00 (Held)`);
    expect(text).toContain(
      `${String(raised.Name)}'s Basic salary was ${money(was + 183.33)} on the ${formatDate(open)} payslip; ${formatDate(result.payslipDate)} starts from ${money(was)}: that change was for that payslip only.`,
    );
    expect(text).toContain(`"Carry these 3 values into ${formatDate(result.payslipDate)}" makes them pending changes`);
    expect(text).not.toMatch(/\bpush\b|\(ID /i);

    env.rig.faulty.reset();
    const carried = await carryIntoSheet(env.rig.workbook, result.sheetName, carryOffer(result.left));
    expect(carried).toEqual({ values: 3, rows: 3, notOnSheet: 0 });
    const pending = await readPending(
      env.rig.workbook,
      result.sheetName,
      await readSheetBasis(env.rig.workbook, result.sheetName),
    );
    expect(pending.changes.map((c) => [c.name, c.after]).sort()).toEqual(
      [
        [raised.Name, was + 183.33],
        [pendingRow.Name, 75],
        [heldRow.Name, 6100],
      ].sort(),
    );
    expect(env.rig.faulty.sent).toHaveLength(0);
  });
});
