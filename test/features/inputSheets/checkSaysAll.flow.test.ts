/**
 * The check says everything and flags what matters, on the sandbox: a row that will not be sent is named with why;
 * overtime hours without a rate are flagged before sending; a new bonus under the amount limit is not; with every row
 * flagged, "Send all but flagged" sends nothing and says so; Push all says "Nett pay did not change" like a single push.
 */
import { calcKey } from "../../../src/contract";
import { activeEmployees, defaultPeriod } from "../../../src/ui/sheets/periods";
import { DEFAULT_PUSH_CHECK } from "../../../src/features/inputSheets/model/pushCheck";
import { buildInputSheet, loadInputChoices } from "../../../src/features/inputSheets/flows/inputs";
import { pushInputSheet } from "../../../src/features/inputSheets/flows/push";
import { pushAllInputSheets } from "../../../src/features/inputSheets/flows/pushAll";
import type { PushCheckChoice, PushCheckReview } from "../../../src/features/inputSheets/flows/pushCheck";
import { ctxOf, readRecords, startRig, typeInto, type Rig } from "../../support/flowHelpers";
import { SYSTEM_CLOCK } from "../../../src/ui/flows/common";

const BONUS = calcKey("bonus", "amount");
const HOURS = calcKey("overtime", "hours");
let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

/**
 * A fresh sheet of Bonus: amount and Overtime: hours for the wave with the most employees, and the rows (sheet
 * order) of employees with no bonus and no overtime at all: a bonus or hours typed there is new.
 */
async function bonusAndOvertimeSheet() {
  const ctx = ctxOf(rig);
  const choices = await loadInputChoices(ctx);
  const { w, period } = choices.waves
    .map((w) => ({ w, period: defaultPeriod(choices.periods.get(w.id) ?? []) }))
    .filter((x) => x.period)
    .sort(
      (a, b) =>
        activeEmployees(choices.employees, b.w.id, b.period!.date).length -
        activeEmployees(choices.employees, a.w.id, a.period!.date).length,
    )[0];
  const { sheetName } = await buildInputSheet(
    ctx,
    { waveId: w.id, payslipDate: period!.date, inputKeys: [BONUS, HOURS] },
    { choices },
  );
  const label = (key: string) => choices.offered.find((o) => o.key === key)!.label;
  const without = new Set(
    choices.calculations
      .filter((c) => (c.calculation_id === "bonus" || c.calculation_id === "overtime") && !c.deleted)
      .map((c) => c.employee_id),
  );
  const rows = await readRecords(rig.workbook, sheetName);
  const fresh = rows.flatMap((r, i) => (without.has(Number(r["Employee ID"])) ? [] : [i]));
  expect(fresh.length).toBeGreaterThanOrEqual(3);
  return { sheetName, bonus: label(BONUS), hours: label(HOURS), rows, fresh };
}

const answering = (choice: PushCheckChoice, seen: PushCheckReview[]) => ({
  settings: DEFAULT_PUSH_CHECK,
  ask: async (review: PushCheckReview) => {
    seen.push(review);
    return choice;
  },
});

it("names the row that will not be sent and why, flags hours without a rate, and not a new bonus under the limit", async () => {
  const { sheetName, bonus, hours, rows, fresh } = await bonusAndOvertimeSheet();
  const [bad, newBonus, noRate] = fresh;
  typeInto(rig.model, sheetName, bad, bonus, "ten");
  typeInto(rig.model, sheetName, newBonus, bonus, "300");
  typeInto(rig.model, sheetName, noRate, hours, "5");
  rig.faulty.reset();
  const seen: PushCheckReview[] = [];
  await expect(
    pushInputSheet(ctxOf(rig), sheetName, {
      send: { mode: "changed" },
      steps: { nettPay: false, check: answering("cancel", seen) },
    }),
  ).rejects.toThrow(/cancelled at the check/);
  // The check's read is the same as before: each sent employee's payslips and calculations, nothing more.
  expect(rig.faulty.sent).toHaveLength(4);
  const [review] = seen[0].sheets;
  expect(review.totals.rows).toBe(2);
  expect(review.notSent).toEqual([
    {
      rowIndex: bad,
      name: `${rows[bad].Name} (${rows[bad].Number})`,
      reason: `${bonus}: "ten" is not a number`,
    },
  ]);
  expect(review.flags.map((f) => [f.rowIndex, f.reasons])).toEqual([
    [noRate, ["Overtime: 5 hours without a rate (they pay nothing)"]],
  ]);
});

it("with every row flagged, Send all but flagged sends nothing and holds them all", async () => {
  const { sheetName, hours, fresh } = await bonusAndOvertimeSheet();
  typeInto(rig.model, sheetName, fresh[0], hours, "4");
  typeInto(rig.model, sheetName, fresh[1], hours, "6");
  rig.faulty.reset();
  const seen: PushCheckReview[] = [];
  const result = await pushInputSheet(ctxOf(rig), sheetName, {
    send: { mode: "changed" },
    steps: { nettPay: false, check: answering("sendUnflagged", seen) },
  });
  const [review] = seen[0].sheets;
  expect(review.flags).toHaveLength(review.totals.rows);
  expect(rig.faulty.count("/bulk_input", "POST")).toBe(0);
  expect(result.counts.Saved).toBe(0);
  expect(result.counts.Held).toBe(2);
  expect(result.summary).toMatch(/2 held/);
});

it("Push all says 'Nett pay did not change' for overtime hours saved without a rate, and does not call it clean", async () => {
  const clients = await rig.api.listClients();
  const { sheetName, hours, fresh } = await bonusAndOvertimeSheet();
  typeInto(rig.model, sheetName, fresh[0], hours, "5");
  const result = await pushAllInputSheets(ctxOf(rig), {
    send: { reachable: clients.slice(0, 1) },
    steps: { nettPay: { polls: 20, intervalMs: 60 }, check: answering("send", []) },
    clock: { ...SYSTEM_CLOCK, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) },
  });
  const sheet = result.sheets.find((s) => s.sheetName === sheetName)!;
  expect(sheet.counts?.Saved).toBe(1);
  expect(sheet.summary).toMatch(/Nett pay did not change on 1 saved row/);
  expect(result.attention).toBe(true);
  const rows = await readRecords(rig.workbook, sheetName);
  expect(rows[fresh[0]].Message).toContain("Nett pay did not change: check Overtime: rate");
});
