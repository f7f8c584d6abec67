/**
 * Nothing lost without a word: a rebuild over pending changes can keep them, and a row's outcome stays until the row
 * is pushed again with another result. The real sandbox, PayrollApi and Excel layer over the preview workbook.
 */
import { calcKey } from "../../../src/contract";
import { buildInputSheet } from "../../../src/features/inputSheets/flows/inputs";
import { pushInputSheet, type PushSend } from "../../../src/features/inputSheets/flows/push";
import { readPending, readSheetBasis, watchPendingChanges } from "../../../src/features/inputSheets/flows/pending";
import { ADDIN_FILLS } from "../../../src/excel";
import { CHANGED_STATUS } from "../../../src/features/inputSheets/model/editedRows";
import { pendingBeforeRebuild, rebuildKeeping } from "../../../src/features/inputSheets/flows/rebuild";
import { pendingSheetsOf } from "../../../src/features/inputSheets/flows/pendingSheets";
import { ctxOf, fillOf, inputSheetRig, payslipOnly, readRecords, typeInto } from "../../support/flowHelpers";

const CLIENT = { id: 1, name: "Demo client 1" };
const SALARY = calcKey("basic_salary", "amount");

const env = inputSheetRig(CLIENT);

const build = (inputKeys: string[] = [SALARY]) =>
  buildInputSheet(
    ctxOf(env.rig, CLIENT),
    { waveId: env.waveId, payslipDate: env.payslipDate, inputKeys, kinds: payslipOnly(inputKeys) },
    { choices: env.choices },
  );
const push = (sheetName: string, options: { send?: Partial<PushSend> } = {}) =>
  pushInputSheet(ctxOf(env.rig, CLIENT), sheetName, { send: { mode: "changed", ...options.send }, steps: { nettPay: false } });
const pendingOf = async (sheetName: string) =>
  readPending(env.rig.workbook, sheetName, await readSheetBasis(env.rig.workbook, sheetName));

describe("rebuilding over pending changes", () => {
  it("finds the sheet's pending changes, and Keep my changes carries them into the rebuilt sheet", async () => {
    const { sheetName } = await build();
    const target = { clientId: CLIENT.id, waveId: env.waveId, payslipDate: env.payslipDate };
    expect(await pendingBeforeRebuild(env.rig.workbook, target)).toBeNull();
    typeInto(env.rig.model, sheetName, 0, env.salaryHeader, "40400");
    typeInto(env.rig.model, sheetName, 2, env.salaryHeader, "six thousand");

    const pending = await pendingBeforeRebuild(env.rig.workbook, target);
    expect(pending).toMatchObject({ sheetName, text: "2 changes pending in 2 rows" });
    // Another client's, wave's or period's build asks nothing.
    expect(await pendingBeforeRebuild(env.rig.workbook, { ...target, clientId: 2 })).toBeNull();

    const rebuilt = await rebuildKeeping(
      ctxOf(env.rig, CLIENT),
      { waveId: env.waveId, payslipDate: env.payslipDate, inputKeys: [SALARY] },
      pending!.changes,
      {
        choices: env.choices,
      },
    );
    expect(rebuilt).toMatchObject({ sheetName, carried: 2, left: [] });
    const records = await readRecords(env.rig.workbook, sheetName);
    expect(records[0][env.salaryHeader]).toBe(40400);
    expect(records[2][env.salaryHeader]).toBe("six thousand");
    expect((await pendingOf(sheetName)).text).toBe("2 changes pending in 2 rows");
  });

  it("a rebuild with other inputs still gets the carried changes' columns; Discard (a plain build) drops them", async () => {
    const { sheetName } = await build();
    typeInto(env.rig.model, sheetName, 1, env.salaryHeader, "41111");
    const pending = await pendingBeforeRebuild(env.rig.workbook, {
      clientId: 1,
      waveId: env.waveId,
      payslipDate: env.payslipDate,
    });
    const other = env.choices.offered.find((o) => o.key !== SALARY)!.key;
    const rebuilt = await rebuildKeeping(
      ctxOf(env.rig, CLIENT),
      { waveId: env.waveId, payslipDate: env.payslipDate, inputKeys: [other] },
      pending!.changes,
      {
        choices: env.choices,
      },
    );
    expect(rebuilt.carried).toBe(1);
    expect((await readRecords(env.rig.workbook, sheetName))[1][env.salaryHeader]).toBe(41111);

    await build();
    expect((await pendingOf(sheetName)).changes).toHaveLength(0);
  });
});

describe("a row's outcome stays", () => {
  it("a second push of other rows keeps the first push's Saved rows (the Failed one is sent again, and fails again)", async () => {
    const { sheetName } = await build();
    typeInto(env.rig.model, sheetName, 0, env.salaryHeader, "42000");
    typeInto(env.rig.model, sheetName, 1, env.salaryHeader, "-5"); // refused by the service
    const first = await push(sheetName);
    expect(first.counts).toMatchObject({ Saved: 1, Failed: 1 });
    const afterFirst = await readRecords(env.rig.workbook, sheetName);

    typeInto(env.rig.model, sheetName, 3, env.salaryHeader, "43000");
    const second = await push(sheetName);
    expect(second.counts).toMatchObject({ Saved: 1, Failed: 1 });
    const after = await readRecords(env.rig.workbook, sheetName);
    expect(after[0].Status).toBe("Saved");
    expect(after[0].Message).toBe(afterFirst[0].Message);
    expect(after[3].Status).toBe("Saved");
    expect(after[1].Status).toBe("Failed");
    expect(after[2].Status).toBe("Unchanged");

    // A third push with nothing to send still leaves every outcome in place.
    await push(sheetName);
    const third = await readRecords(env.rig.workbook, sheetName);
    expect(third.map((r) => r.Status)).toEqual(after.map((r) => r.Status));
  });
});

describe("editing a row the push marked", () => {
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
  };

  it("a corrected Invalid cell loses its red, the row says Changed, and Retry failed and Push changes send it", async () => {
    const { sheetName } = await build();
    typeInto(env.rig.model, sheetName, 0, env.salaryHeader, "six thousand");
    typeInto(env.rig.model, sheetName, 1, env.salaryHeader, "-5");
    const first = await push(sheetName);
    expect(first.counts).toMatchObject({ Invalid: 1, Failed: 1 });
    expect(fillOf(env.rig.model, sheetName, 0, env.salaryHeader)).toBe(ADDIN_FILLS.error);

    const watch = await watchPendingChanges(env.rig.workbook, sheetName, () => undefined, { debounceMs: 10 });
    try {
      typeInto(env.rig.model, sheetName, 0, env.salaryHeader, "6000");
      await until(async () => (await readRecords(env.rig.workbook, sheetName))[0].Status === CHANGED_STATUS);
      const rows = await readRecords(env.rig.workbook, sheetName);
      expect(rows[0]).toMatchObject({ Status: "Changed", Message: expect.stringMatching(/Edited after the push/) });
      expect(rows[1].Status).toBe("Failed"); // not edited: its outcome stays
      await until(async () => fillOf(env.rig.model, sheetName, 0, env.salaryHeader) === ADDIN_FILLS.pending);
      expect(fillOf(env.rig.model, sheetName, 0, env.salaryHeader)).toBe(ADDIN_FILLS.pending); // no longer red: a pending change
      expect(watch.current()?.changes.map((c) => c.rowIndex)).toContain(0);
    } finally {
      await watch.stop();
    }

    env.rig.faulty.reset();
    const retried = await push(sheetName, { send: { mode: "retry" } });
    expect(env.rig.faulty.bulkEntities().map((e) => e.attributes[SALARY])).toEqual([6000, -5]);
    expect(retried.counts).toMatchObject({ Saved: 1, Failed: 1 });
    expect((await readRecords(env.rig.workbook, sheetName))[0].Status).toBe("Saved");
  });

  it("Push changes sends a corrected row too", async () => {
    const { sheetName } = await build();
    typeInto(env.rig.model, sheetName, 0, env.salaryHeader, "six thousand");
    await push(sheetName);
    const watch = await watchPendingChanges(env.rig.workbook, sheetName, () => undefined, { debounceMs: 10 });
    try {
      typeInto(env.rig.model, sheetName, 0, env.salaryHeader, "6100");
      await until(async () => (await readRecords(env.rig.workbook, sheetName))[0].Status === CHANGED_STATUS);
    } finally {
      await watch.stop();
    }
    env.rig.faulty.reset();
    await push(sheetName);
    expect(env.rig.faulty.bulkEntities().map((e) => e.attributes[SALARY])).toEqual([6100]);
  });
});

describe("changing client with changes not pushed", () => {
  it("lists the client's input sheets holding changes, with their counts; another client's list is empty", async () => {
    const { sheetName } = await build();
    expect(await pendingSheetsOf(env.rig.workbook, CLIENT.id)).toEqual([]);
    typeInto(env.rig.model, sheetName, 0, env.salaryHeader, "44000");
    typeInto(env.rig.model, sheetName, 1, env.salaryHeader, "44100");
    const rows = await readRecords(env.rig.workbook, sheetName);
    const [found] = await pendingSheetsOf(env.rig.workbook, CLIENT.id);
    expect(found).toEqual({
      sheetName,
      changes: 2,
      text: "2 changes pending in 2 rows",
      // Each change in words (issue Q, Deliver 4).
      words: `${String(rows[0].Name)}'s Basic salary €44,000.00 (pending); ${String(rows[1].Name)}'s Basic salary €44,100.00 (pending)`,
      finalised: false,
      payslipDate: env.payslipDate,
    });
    expect(await pendingSheetsOf(env.rig.workbook, 2)).toEqual([]);
    // What the question costs in Excel requests: the sheet list and settings, then per sheet its snapshot, row states
    // and table.
    const before = env.rig.model.syncLog.length;
    await pendingSheetsOf(env.rig.workbook, CLIENT.id);
    expect(env.rig.model.syncLog.length - before).toBeLessThanOrEqual(13); // 13 for one sheet on the preview

    // The employees with their payslips (read when some sheet holds changes) say whether the period is finalised.
    const employees = await env.rig.check.listEmployees(CLIENT.id, ["service_periods", "recent_payslips"]);
    const finalisedThere = employees.map((e) => ({
      ...e,
      recent_payslips: (e.recent_payslips ?? []).map((w) =>
        w.payslip.date === env.payslipDate ? { payslip: { ...w.payslip, finalised: true } } : w,
      ),
    }));
    const asked = jest.fn(async () => finalisedThere);
    expect(await pendingSheetsOf(env.rig.workbook, CLIENT.id, { employees: asked })).toEqual([
      expect.objectContaining({ sheetName, finalised: true }),
    ]);
    expect(await pendingSheetsOf(env.rig.workbook, 2, { employees: asked })).toEqual([]);
    expect(asked).toHaveBeenCalledTimes(1); // not asked when no sheet holds changes
  });
});
