/**
 * Change history and Undo push end to end in Node: the real sandbox, the real client, the real Excel layer over the
 * preview workbook. A push appends a line per cell; Undo push puts the values before back where the service still
 * holds what the push sent, keeps a colleague's later value (Conflict), and fails on a finalised payslip.
 */
import { calcKey } from "../../../src/contract";
import { finalisePayslipOf } from "../../support/finalise";
import { CHANGE_HISTORY_SHEET, lastPushOf, parseHistory } from "../../../src/features/inputSheets/model/changeHistory";
import { PUSH_LOG_SHEET } from "../../../src/features/inputSheets/model/pushLog";
import { readHistory } from "../../../src/features/inputSheets/flows/changeHistory";
import { buildInputSheet, listInputSheets } from "../../../src/features/inputSheets/flows/inputs";
import { pushInputSheet } from "../../../src/features/inputSheets/flows/push";
import { undoPush } from "../../../src/features/inputSheets/flows/undoPush";
import {
  checkUndoBeforeSending,
  PushCheckCancelled,
  type PushCheckChoice,
  type PushCheckReview,
} from "../../../src/features/inputSheets/flows/pushCheck";
import { DEFAULT_PUSH_CHECK } from "../../../src/features/inputSheets/model/pushCheck";
import type { PushReads } from "../../../src/features/inputSheets/flows/pushReads";
import type { InputSheetMeta, Snapshot } from "../../../src/features/inputSheets/model/inputSheetModel";
import type { PushPlan } from "../../../src/features/inputSheets/model/pushPlan";
import { readPending, readSheetBasis } from "../../../src/features/inputSheets/flows/pending";
import { buildSalarySheet, ctxOf, inputSheetRig, readRecords, selectRows, typeInto } from "../../support/flowHelpers";

const CLIENT = { id: 1, name: "Demo client 1" };
const SALARY = calcKey("basic_salary", "amount");

const env = inputSheetRig(CLIENT);
/** Employees whose payslip a test finalised: later tests leave them out. */
const finalisedIds = new Set<number>();

const ctx = () => ({ ...ctxOf(env.rig, CLIENT), preparedBy: "Aoife Byrne" });

/** What the service holds for the salary on a row's payslip: the payslip's own value, else the employee's. */
async function held(employeeId: number): Promise<unknown> {
  const payslip = (await env.rig.check.listPayslips(employeeId)).find((p) => p.date === env.payslipDate && !p.special)!;
  const own = (await env.rig.check.listPayslipCalculations(payslip.id)).find(
    (c) => c.calculation_id === "basic_salary" && c.payslip_id === payslip.id,
  );
  if (own) return own.inputs.amount;
  return (await env.rig.check.listEmployeeCalculations(employeeId)).find(
    (c) => c.calculation_id === "basic_salary" && c.payslip_id === null,
  )?.inputs.amount;
}

/** A fresh sheet with four salaried rows raised by 1,000: the push's result, the rows and their values before. */
async function pushFourRaises() {
  const built = await buildSalarySheet(env, ctx());
  const rows = built.rows.filter((r) => !finalisedIds.has(r.employeeId)).slice(0, 4);
  expect(rows).toHaveLength(4);
  for (const r of rows) typeInto(env.rig.model, built.sheetName, r.rowIndex, env.salaryHeader, String(r.before + 1000));
  const result = await pushInputSheet(ctx(), built.sheetName, { send: { mode: "changed" }, steps: { nettPay: false } });
  return { sheetName: built.sheetName, rows, result };
}

describe("Change history", () => {
  it("a push of N cells appends N lines with the values before and sent, its push ID on the Push log line, and no key", async () => {
    const { sheetName, rows, result } = await pushFourRaises();
    expect(result.counts.Saved).toBe(4);
    const mine = (await readHistory(env.rig.workbook)).filter((l) => l.pushId === result.pushId);
    expect(mine).toHaveLength(4);
    for (const r of rows) {
      const line = mine.find((l) => l.employeeId === r.employeeId)!;
      expect(line).toMatchObject({
        before: r.before,
        sent: r.before + 1000,
        outcome: "Saved",
        preparedBy: "Aoife Byrne",
        clientId: 1,
        clientName: "Demo client 1",
        sheet: sheetName,
        payslipDate: env.payslipDate,
        input: env.salaryHeader,
        inputKey: SALARY,
      });
      expect(line.name).not.toBe("");
    }
    const log = await readRecords(env.rig.workbook, PUSH_LOG_SHEET);
    expect(log.at(-1)).toMatchObject({ "Push ID": result.pushId, Saved: 4 });
    expect(String(env.rig.model.getSheet(CHANGE_HISTORY_SHEET).valueAt(1, 0))).toMatch(
      /^Kept since \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );
    const text = JSON.stringify(env.rig.model.getSheet(CHANGE_HISTORY_SHEET));
    expect(text).not.toContain(env.rig.apiKey);
    expect(lastPushOf(await readHistory(env.rig.workbook), 1, env.payslipDate)).toMatchObject({
      preparedBy: "Aoife Byrne",
      pushId: result.pushId,
    });
    expect(lastPushOf(await readHistory(env.rig.workbook), 2, env.payslipDate)).toBeNull();
  });

  it("survives the input sheet being rebuilt: the table is appended to, never rewritten", async () => {
    const before = (await readHistory(env.rig.workbook)).length;
    await buildInputSheet(
      ctx(),
      { waveId: env.waveId, payslipDate: env.payslipDate, inputKeys: [SALARY] },
      { choices: env.choices },
    );
    expect((await readHistory(env.rig.workbook)).length).toBe(before);
  });
});

describe("Change history refused", () => {
  it("a protected Change history does not stop the push: its summary says the lines are missing", async () => {
    const sheet = env.rig.model.getSheet(CHANGE_HISTORY_SHEET);
    sheet.protection = { ...sheet.protection, protected: true };
    try {
      const before = (await readHistory(env.rig.workbook)).length;
      const { result } = await pushFourRaises();
      expect(result.counts.Saved).toBe(4);
      expect(result.summary).toMatch(
        new RegExp(`The Change history could not be written .*push ${result.pushId}'s 4 line\\(s\\) are missing`),
      );
      expect((await readHistory(env.rig.workbook)).length).toBe(before);
    } finally {
      sheet.protection = { ...sheet.protection, protected: false };
    }
  });
});

describe("Undo push", () => {
  it("goes through the check before sending, as every push: the review totals the cells put back, Cancel sends nothing", async () => {
    const { rows, result } = await pushFourRaises();
    env.rig.faulty.reset();
    const c = ctx();
    const reviews: PushCheckReview[] = [];
    const check = (answer: PushCheckChoice) => ({
      send: { chunkSize: 100, pushId: result.pushId },
      steps: {
        // As the pane passes it: the undo's own read goes to its check.
        check: (plan: PushPlan, sheet: { meta: InputSheetMeta; snapshot: Snapshot }, _signal?: AbortSignal, reads?: PushReads) =>
          checkUndoBeforeSending(c, { sheetName: "Undo push", ...sheet }, plan, {
            reads,
            settings: DEFAULT_PUSH_CHECK,
            ask: async (review) => {
              reviews.push(review);
              return answer;
            },
          }),
      },
    });
    await expect(undoPush(c, check("cancel"))).rejects.toThrow(PushCheckCancelled);
    expect(env.rig.faulty.count("/bulk_input")).toBe(0);
    // One read per employee for the undo and its check together, and the client's pay runs (the wave of their last
    // period): never the client-wide lists.
    expect(env.rig.faulty.count(/^\/clients\/1\/(employees|calculations)$/, "GET")).toBe(0);
    expect(env.rig.faulty.count(/^\/employees\/\d+\/(payslips|calculations)$/, "GET")).toBe(8);
    expect(env.rig.faulty.count(/^\/clients\/1\/payment_runs$/, "GET")).toBe(1);
    expect(env.rig.faulty.sent).toHaveLength(9);
    const [review] = reviews[0].sheets;
    expect(review.totals).toMatchObject({ rows: 4, cells: 4 });
    // Compared with the wave's last period, found without the Change history knowing the wave.
    const earlier = (env.choices.periods.get(env.waveId) ?? []).map((p) => p.date).filter((d) => d < env.payslipDate);
    expect(earlier.length).toBeGreaterThan(0);
    expect(review.previousDate).toBe(earlier.sort().pop());
    const [salary] = review.totals.columns;
    // Before is what the service holds now (the pushed raise), New the values before the push.
    expect(salary.difference).toBeCloseTo(-4000, 2);

    env.rig.faulty.reset();
    const undo = await undoPush(c, check("send"));
    expect(undo.cells).toEqual({ Saved: 4 });
    // Again in the same period: the undo reads what the service holds now; its check, nothing more.
    expect(env.rig.faulty.sent.filter((r) => r.method === "GET").map((r) => r.path.replace(/\d+/g, ":id"))).toEqual(
      Array(8).fill(expect.stringMatching(/^\/employees\/:id\/(payslips|calculations)$/)),
    );
    for (const r of rows) expect(await held(r.employeeId)).toBe(r.before);
  });

  it("restores what still holds the pushed value, keeps a colleague's change (Conflict), fails a finalised payslip", async () => {
    const { sheetName, rows, result } = await pushFourRaises();
    const [restoredA, colleague, finalised, restoredB] = rows;
    await env.rig.check.bulkInput(1, [
      { id: String(colleague.employeeId), payslip_date: env.payslipDate, attributes: { [SALARY]: 4321 } },
    ]);
    await finalisePayslipOf(env.rig, 1, finalised.employeeId, env.payslipDate);
    finalisedIds.add(finalised.employeeId);
    env.rig.faulty.reset();

    const undo = await undoPush({ ...ctx(), preparedBy: "Seán Ó Briain" }, { send: { pushId: result.pushId } });

    expect(undo.cells).toEqual({ Saved: 2, Conflict: 1, Failed: 1 });
    expect(await held(restoredA.employeeId)).toBe(restoredA.before);
    expect(await held(restoredB.employeeId)).toBe(restoredB.before);
    expect(await held(colleague.employeeId)).toBe(4321);
    // 4 employees: each one's payslips and calculations (2 reads each), then one bulk_input of 3 rows.
    expect(undo.requests.read).toBe(8);
    expect(env.rig.faulty.count(/^\/employees\/\d+\/(payslips|calculations)$/, "GET")).toBe(8);
    expect(env.rig.faulty.count("/bulk_input")).toBe(1);
    expect(env.rig.faulty.bulkEntities()).toHaveLength(3);

    const lines = (await readHistory(env.rig.workbook)).filter((l) => l.pushId === undo.undoPushId);
    expect(lines.map((l) => [l.employeeId, l.outcome])).toEqual(
      expect.arrayContaining([
        [restoredA.employeeId, "Saved"],
        [restoredB.employeeId, "Saved"],
        [colleague.employeeId, "Conflict"],
        [finalised.employeeId, "Failed"],
      ]),
    );
    expect(lines.find((l) => l.employeeId === finalised.employeeId)!.message).toMatch(/finalised and cannot be updated/);
    expect(lines.find((l) => l.employeeId === colleague.employeeId)!.message).toMatch(/the service holds 4,321/);
    const a = lines.find((l) => l.employeeId === restoredA.employeeId)!;
    expect(a).toMatchObject({ before: restoredA.before + 1000, sent: restoredA.before, preparedBy: "Seán Ó Briain" });
    const log = await readRecords(env.rig.workbook, PUSH_LOG_SHEET);
    expect(log.at(-1)).toMatchObject({
      Push: `Undo of ${result.pushId}`,
      "Push ID": undo.undoPushId,
      Saved: 2,
      Conflict: 1,
      Failed: 1,
    });

    // The input sheet follows: restored cells show the value before, and nothing is pending for them.
    const records = await readRecords(env.rig.workbook, sheetName);
    expect(records[restoredA.rowIndex][env.salaryHeader]).toBe(restoredA.before);
    expect(records[colleague.rowIndex][env.salaryHeader]).toBe(colleague.before + 1000);
    expect(undo.sheetCells).toBe(2);
    const pending = await readPending(env.rig.workbook, sheetName, await readSheetBasis(env.rig.workbook, sheetName));
    expect(pending.changes.map((c) => c.rowIndex)).not.toContain(restoredA.rowIndex);
  });

  it("starts from the chosen Push log line or the chosen Change history lines, and refuses elsewhere", async () => {
    const { result, rows } = await pushFourRaises();
    const history = await readHistory(env.rig.workbook);
    const mine = history.filter((l) => l.pushId === result.pushId);
    // Two lines of the Change history chosen: only those cells go back.
    await env.rig.workbook.activateSheet(CHANGE_HISTORY_SHEET);
    const first = mine[0].rowIndex;
    selectRows(env.rig.model, CHANGE_HISTORY_SHEET, first, first + 1);
    const undo = await undoPush(ctx());
    expect(undo.cells).toEqual({ Saved: 2 });
    expect(await held(rows[2].employeeId)).toBe(rows[2].before + 1000);

    // The Push log's line of that push: the other two.
    const log = await readRecords(env.rig.workbook, PUSH_LOG_SHEET);
    await env.rig.workbook.activateSheet(PUSH_LOG_SHEET);
    selectRows(
      env.rig.model,
      PUSH_LOG_SHEET,
      log.findIndex((l) => l["Push ID"] === result.pushId),
      log.findIndex((l) => l["Push ID"] === result.pushId),
    );
    const rest = await undoPush(ctx());
    expect(rest.cells).toEqual({ Saved: 2, Conflict: 2 });
    for (const r of rows) expect(await held(r.employeeId)).toBe(r.before);

    await env.rig.workbook.activateSheet((await listInputSheets(env.rig.workbook))[0]);
    await expect(undoPush(ctx())).rejects.toThrow(/Choose a line of the Push log/);
  });

  it("reads the service in 2 requests whatever the rows above the crossover", async () => {
    const { result } = await pushFourRaises();
    env.rig.faulty.reset();
    const undo = await undoPush(ctx(), { send: { pushId: result.pushId, crossover: 0 } });
    expect(undo.requests.read).toBe(2);
    expect(env.rig.faulty.count(/\/employees$|\/calculations$|\/payslips$/, "GET")).toBe(2);
    expect(undo.cells).toEqual({ Saved: 4 });
  });

  it("undoes a push of another client than the pane's for that push's client, and says so; a client the key cannot reach is named, nothing sent", async () => {
    const { sheetName, rows, result } = await pushFourRaises();
    const other = { ...ctxOf(env.rig, { id: 2, name: "Demo client 2" }), preparedBy: "Aoife Byrne" };
    env.rig.faulty.reset();
    await expect(
      undoPush(other, { send: { pushId: result.pushId, reachable: [{ id: 2, name: "Demo client 2" }] } }),
    ).rejects.toThrow(
      "That push was for Demo client 1, which this key cannot reach: connect with that client's key, then press Undo push.",
    );
    expect(env.rig.faulty.sent).toHaveLength(0);

    const undo = await undoPush(other, {
      send: { pushId: result.pushId, reachable: [CLIENT, { id: 2, name: "Demo client 2" }] },
    });
    expect(undo.client).toEqual(CLIENT);
    expect(undo.cells).toEqual({ Saved: 4 });
    expect(undo.summary).toMatch(/ Undone for Demo client 1, the client of that push\.$/);
    for (const r of rows) expect(await held(r.employeeId)).toBe(r.before);
    expect(env.rig.faulty.sent.filter((r) => r.path.includes("/clients/2/"))).toEqual([]);
    // Its input sheet follows, and the Push log line names the push's client.
    expect(undo.sheetCells).toBe(4);
    expect((await readRecords(env.rig.workbook, sheetName))[rows[0].rowIndex][env.salaryHeader]).toBe(rows[0].before);
    expect((await readRecords(env.rig.workbook, PUSH_LOG_SHEET)).at(-1)).toMatchObject({
      Push: `Undo of ${result.pushId}`,
      Saved: 4,
    });
  });

  it("an undo's own lines can be parsed back with the table's headers", async () => {
    const table = await env.rig.workbook.readTable(CHANGE_HISTORY_SHEET);
    expect(parseHistory(table!).length).toBe(table!.rowCount);
  });
});
