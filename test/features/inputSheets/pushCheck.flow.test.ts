/**
 * The check before a push on the sandbox: the review shows totals and flags before any bulk_input request; Cancel
 * sends nothing; Send all but flagged saves the others and leaves the flagged row Held; with the setting off the
 * flag still reaches the Message. Last period is read from the employees' own lists (few rows; see pushReads.flow.test.ts).
 */
import { calcKey } from "../../../src/contract";
import { DEFAULT_PUSH_CHECK } from "../../../src/features/inputSheets/model/pushCheck";
import { buildInputSheet, loadInputChoices } from "../../../src/features/inputSheets/flows/inputs";
import { pushInputSheet } from "../../../src/features/inputSheets/flows/push";
import { pushAllInputSheets } from "../../../src/features/inputSheets/flows/pushAll";
import { overwriteConflicts } from "../../../src/features/inputSheets/flows/conflicts";
import {
  type PushCheckAnswer,
  type PushCheckChoice,
  type PushCheckReview,
  PushCheckCancelled,
} from "../../../src/features/inputSheets/flows/pushCheck";
import {
  ctxOf,
  fillOf,
  markRows,
  readRecords,
  salaryWave,
  selectRows,
  startRig,
  typeInto,
  type Rig,
} from "../../support/flowHelpers";
import { SYSTEM_CLOCK } from "../../../src/ui/flows/common";
import { openInputSheet } from "../../../src/features/inputSheets/flows/inputs";
import { readRowRecords } from "../../../src/features/inputSheets/flows/rowStates";
import { readHistory } from "../../../src/features/inputSheets/flows/changeHistory";
import { ownRowsSentence } from "../../../src/features/inputSheets/model/review";

const SALARY = calcKey("basic_salary", "amount");
let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

/** A fresh input sheet of the client's salaries, for the wave with the most salaried employees. */
async function salarySheet(ctx = ctxOf(rig)) {
  const choices = await loadInputChoices(ctx);
  const { waveId, payslipDate, salaryHeader } = salaryWave(choices);
  const { sheetName } = await buildInputSheet(ctx, { waveId, payslipDate, inputKeys: [SALARY] }, { choices });
  return { sheetName, header: salaryHeader, payslipDate };
}

/** A fresh input sheet of salaries, the first row raised by 60 %, the next two by 1 %. */
async function sheetWithRaise() {
  const { sheetName, header, payslipDate } = await salarySheet();
  const rows = await readRecords(rig.workbook, sheetName);
  const salaries = rows.slice(0, 3).map((r) => Number(r[header]));
  expect(salaries.every((s) => s > 0)).toBe(true);
  const typed = [salaries[0] * 1.6, salaries[1] * 1.01, salaries[2] * 1.01].map((n) => Math.round(n * 100) / 100);
  typed.forEach((v, i) => typeInto(rig.model, sheetName, i, header, String(v)));
  return {
    sheetName,
    header,
    salaries,
    typed,
    ids: rows.slice(0, 3).map((r) => Number(r["Employee ID"])),
    payslipDate,
  };
}

const checkAnswering = (choice: PushCheckChoice, seen: PushCheckReview[], enabled = true) => ({
  settings: { ...DEFAULT_PUSH_CHECK, enabled },
  ask: async (review: PushCheckReview) => {
    // Nothing has gone to bulk_input while the user looks at the check.
    expect(rig.faulty.count("/bulk_input", "POST")).toBe(0);
    seen.push(review);
    return choice;
  },
});

it("shows rows, cells and before/new/difference totals and the flagged raise; Cancel sends nothing", async () => {
  const { sheetName, header, salaries, typed, ids } = await sheetWithRaise();
  rig.faulty.reset();
  const seen: PushCheckReview[] = [];
  const push = pushInputSheet(ctxOf(rig), sheetName, {
    send: { mode: "changed" },
    steps: { nettPay: false, check: checkAnswering("cancel", seen) },
  });
  await expect(push).rejects.toBeInstanceOf(PushCheckCancelled);
  expect(rig.faulty.count("/bulk_input", "POST")).toBe(0);
  // Last period from the 3 employees' own lists (their payslips and calculations), never the client-wide lists.
  expect(rig.faulty.count(/^\/clients\/1\/(employees|calculations)$/, "GET")).toBe(0);
  for (const id of ids) {
    expect(rig.faulty.count(`/employees/${id}/payslips`, "GET")).toBe(1);
    expect(rig.faulty.count(`/employees/${id}/calculations`, "GET")).toBe(1);
  }
  expect(rig.faulty.sent).toHaveLength(2 * ids.length);
  const [
    {
      sheets: [review],
    },
  ] = seen;
  const before = salaries.reduce((a, b) => a + b, 0);
  const after = typed.reduce((a, b) => a + b, 0);
  expect(review.totals.rows).toBe(3);
  expect(review.totals.cells).toBe(3);
  expect(review.totals.columns).toEqual([
    {
      header,
      cells: 3,
      before: expect.closeTo(before, 2),
      after: expect.closeTo(after, 2),
      difference: expect.closeTo(after - before, 2),
    },
  ]);
  expect(review.flags).toHaveLength(1);
  expect(review.flags[0].reasons[0]).toMatch(
    new RegExp(
      `^${header.replace(/[()]/g, "\\$&")}: [\\d,]+\\.\\d\\d → [\\d,]+\\.\\d\\d \\(\\+60 %\\) against \\d\\d/\\d\\d/\\d{4}$`,
    ),
  );
  // The sheet is as the user left it: no Status written.
  const rows = await readRecords(rig.workbook, sheetName);
  expect(rows.slice(0, 3).map((r) => r.Status)).toEqual(["", "", ""]);
});

it("Send all but flagged saves the other rows and leaves the flagged one Held, with its reason", async () => {
  const { sheetName, typed, ids, payslipDate } = await sheetWithRaise();
  rig.faulty.reset();
  const result = await pushInputSheet(ctxOf(rig), sheetName, {
    send: { mode: "changed" },
    steps: { nettPay: false, check: checkAnswering("sendUnflagged", []) },
  });
  expect(result.counts).toMatchObject({ Saved: 2, Held: 1 });
  expect(rig.faulty.bulkEntities().map((e) => Number(e.id))).toEqual([ids[1], ids[2]]);
  const rows = await readRecords(rig.workbook, sheetName);
  expect(rows[0].Status).toBe("Held");
  expect(rows[0].Message).toMatch(/^Held at the check, not sent — .*\(\+60 %\) against/);
  expect(rows.slice(1, 3).map((r) => r.Status)).toEqual(["Saved", "Saved"]);
  // The service still holds the old salary for the held row.
  const calcs = await rig.check.listEmployeeCalculations(ids[0]);
  const payslips = await rig.check.listPayslips(ids[0]);
  const id = payslips.find((p) => !p.special && p.date === payslipDate)?.id;
  const held = calcs.filter(
    (c) => c.calculation_id === "basic_salary" && !c.deleted && (c.payslip_id === id || c.payslip_id === null),
  );
  expect(held.some((c) => Number(c.inputs.amount) === typed[0])).toBe(false);
});

it("with the check off, asks nothing, sends every row and keeps the flag's reason in the Message", async () => {
  const { sheetName } = await sheetWithRaise();
  rig.faulty.reset();
  const seen: PushCheckReview[] = [];
  const result = await pushInputSheet(ctxOf(rig), sheetName, {
    send: { mode: "changed" },
    steps: { nettPay: false, check: checkAnswering("cancel", seen, false) },
  });
  expect(seen).toHaveLength(0);
  expect(result.counts).toMatchObject({ Saved: 3, Held: 0 });
  const rows = await readRecords(rig.workbook, sheetName);
  expect(rows[0].Message).toMatch(/\. Check: .*\(\+60 %\) against/);
  expect(rows[1].Message).not.toMatch(/Check:/);
});

it("Push all input sheets: one check of every sheet, client by client, before the first is sent; Cancel sends nothing", async () => {
  const clients = await rig.api.listClients();
  const { sheetName } = await sheetWithRaise();
  // A second client's sheet with one changed cell.
  const second = await salarySheet(ctxOf(rig, { id: clients[1].id, name: clients[1].name }));
  const label = second.header;
  const values = (await readRecords(rig.workbook, second.sheetName)).map((r) => Number(r[label]));
  const row = values.findIndex((v) => v > 0);
  expect(row).toBeGreaterThanOrEqual(0);
  typeInto(rig.model, second.sheetName, row, label, String(values[row] + 1)); // within the limits: not flagged
  rig.faulty.reset();

  const seen: PushCheckReview[] = [];
  const send = { reachable: clients.slice(0, 2) };
  await expect(
    pushAllInputSheets(ctxOf(rig), { send, steps: { nettPay: false, check: checkAnswering("cancel", seen) } }),
  ).rejects.toBeInstanceOf(PushCheckCancelled);
  expect(seen).toHaveLength(1);
  const named = seen[0].sheets.map((s) => [s.clientId, s.sheetName]);
  expect(named).toContainEqual([clients[0].id, sheetName]);
  expect(named).toContainEqual([clients[1].id, second.sheetName]);
  expect(named.findIndex((n) => n[1] === sheetName)).toBeLessThan(named.findIndex((n) => n[1] === second.sheetName));
  expect(rig.faulty.count("/bulk_input", "POST")).toBe(0);
  // Read as each sheet's push reads (a few rows: each employee's own lists, each once), never the client-wide lists.
  expect(rig.faulty.count(/^\/clients\/\d+\/(employees|calculations)$/, "GET")).toBe(0);
  const perEmployee = rig.faulty.sent.filter((r) => /^\/employees\/\d+\/(payslips|calculations)$/.test(r.path));
  expect(perEmployee.length).toBeGreaterThan(0);
  expect(new Set(perEmployee.map((r) => r.path)).size).toBe(perEmployee.length);

  // Send all but flagged: asked once more, the raise Held, the rest saved on both clients' sheets.
  const again: PushCheckReview[] = [];
  const result = await pushAllInputSheets(ctxOf(rig), {
    send,
    steps: { nettPay: false, check: checkAnswering("sendUnflagged", again) },
  });
  expect(again).toHaveLength(1);
  const first = result.sheets.find((s) => s.sheetName === sheetName)!;
  expect(first.counts).toMatchObject({ Saved: 2, Held: 1 });
  expect(result.sheets.find((s) => s.sheetName === second.sheetName)!.counts?.Saved).toBe(1);
});

it("after the push, a saved row whose new nett pay moved beyond the limits says so, with the flag's highlight", async () => {
  const { sheetName } = await sheetWithRaise();
  rig.faulty.reset();
  const result = await pushInputSheet(ctxOf(rig), sheetName, {
    send: { mode: "changed" },
    steps: {
      nettPay: { polls: 20, intervalMs: 60 }, // the sandbox recalculates in 30 ms
      check: checkAnswering("send", []),
    },
  });
  expect(result.counts).toMatchObject({ Saved: 3 });
  expect(result.nettPay.updated).toBe(3);
  const rows = await readRecords(rig.workbook, sheetName);
  // The raised row keeps its flag's reason, and its new nett pay is flagged too; the 1 % rows are not.
  expect(rows[0].Message).toMatch(
    /Check: Basic salary: amount: .*\(\+[\d.]+ %\) against .*Check: Nett pay: [\d,.]+ → [\d,.]+ \(\+[\d.]+ %\) against \d\d\/\d\d\/\d{4}/,
  );
  expect(rows[0].Message).not.toMatch(/Nett pay pending/);
  expect(fillOf(rig.model, sheetName, 0, "Nett pay")).toBeTruthy();
  expect(fillOf(rig.model, sheetName, 0, "Basic salary: amount")).toBe(fillOf(rig.model, sheetName, 0, "Nett pay"));
  expect(rows[1].Message).not.toMatch(/Check:/);
  expect(fillOf(rig.model, sheetName, 1, "Nett pay")).toBeFalsy();
});

it("Push all input sheets flags a new nett pay beyond the limits too, once it arrives after the last sheet", async () => {
  const clients = await rig.api.listClients();
  const { sheetName } = await sheetWithRaise();
  rig.faulty.reset();
  const result = await pushAllInputSheets(ctxOf(rig), {
    send: { reachable: clients.slice(0, 1) },
    steps: { nettPay: { polls: 20, intervalMs: 60 }, check: checkAnswering("send", [], true) },
    clock: { ...SYSTEM_CLOCK, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) },
  });
  expect(result.sheets.find((s) => s.sheetName === sheetName)?.counts?.Saved).toBe(3);
  const rows = await readRecords(rig.workbook, sheetName);
  expect(rows[0].Message).toMatch(/Check: Nett pay: [\d,.]+ → [\d,.]+ \(\+[\d.]+ %\) against/);
  expect(rows[1].Message).not.toMatch(/Check:/);
});

it("Push all rows, Push selected rows, Retry failed and Overwrite conflicts go through the same check, and Cancel sends nothing", async () => {
  const { sheetName } = await sheetWithRaise();
  selectRows(rig.model, sheetName, 0, 1);
  await markRows(rig.workbook, sheetName, { 2: "Failed" });
  rig.faulty.reset();
  for (const mode of ["all", "selected", "retry"] as const) {
    const seen: PushCheckReview[] = [];
    const push = pushInputSheet(ctxOf(rig), sheetName, {
      send: { mode },
      steps: { nettPay: false, check: checkAnswering("cancel", seen) },
    });
    await expect(push).rejects.toBeInstanceOf(PushCheckCancelled);
    expect(seen.map((r) => [r.sheets[0].mode, r.sheets[0].totals.rows > 0])).toEqual([[mode, true]]);
  }
  // Overwrite conflicts: the Conflict rows, checked the same way.
  await markRows(rig.workbook, sheetName, { 0: "Conflict" });
  const seen: PushCheckReview[] = [];
  await expect(
    overwriteConflicts(ctxOf(rig), sheetName, { steps: { nettPay: false, check: checkAnswering("cancel", seen) } }),
  ).rejects.toBeInstanceOf(PushCheckCancelled);
  expect(seen[0].sheets[0]).toMatchObject({ mode: "overwrite", totals: { rows: 1 } });
  expect(seen[0].sheets[0].flags).toHaveLength(1);
  expect(rig.faulty.count("/bulk_input", "POST")).toBe(0);
});

describe("a second person's review (Pushes with flagged rows need a second person)", () => {
  const REVIEWED = { ...DEFAULT_PUSH_CHECK, secondPerson: true };
  /** A check with the review on that answers as `answer` says, keeping what it was shown. */
  const reviewing = (answer: (review: PushCheckReview) => PushCheckAnswer, seen: PushCheckReview[] = []) => ({
    settings: REVIEWED,
    ask: async (review: PushCheckReview) => {
      seen.push(review);
      return answer(review);
    },
  });
  const as = (name: string) => ({ ...ctxOf(rig), preparedBy: name });
  const push = (name: string, sheetName: string, check: ReturnType<typeof reviewing>) =>
    pushInputSheet(as(name), sheetName, { send: { mode: "changed" }, steps: { nettPay: false, check } });
  /** The reviewer approves every row of `sheetName` they may review. */
  const approveAll = (sheetName: string) => (review: PushCheckReview) => {
    const awaiting = review.sheets.find((s) => s.sheetName === sheetName)?.awaiting ?? [];
    const approve = { action: "approve" as const };
    return { choice: "send" as const, review: new Map([[sheetName, new Map(awaiting.map((a) => [a.rowIndex, approve]))]]) };
  };

  /** A's push of the sheet with the 60 % raise: the raise ends Awaiting review, the others go. */
  async function preparedByAnne() {
    const raise = await sheetWithRaise();
    rig.faulty.reset();
    const result = await push(
      "Anne Byrne",
      raise.sheetName,
      reviewing(() => "send"),
    );
    return { ...raise, result };
  }

  it("a flagged row ends Awaiting review with the preparer and reasons, and no bulk_input carries it", async () => {
    const { sheetName, ids, result } = await preparedByAnne();
    expect(result.counts).toMatchObject({ Saved: 2, "Awaiting review": 1, Held: 0 });
    expect(rig.faulty.bulkEntities().map((e) => Number(e.id))).toEqual([ids[1], ids[2]]);
    expect(result.summary).toMatch(/2 saved, 1 awaiting review/);
    const rows = await readRecords(rig.workbook, sheetName);
    expect(rows[0].Status).toBe("Awaiting review");
    expect(rows[0].Message).toMatch(/^Awaiting review: prepared by Anne Byrne, .* Flagged: .*\(\+[\d.,]+ %\) against/);
    // Kept as data beside the sheet: read again, the row's state still knows who prepared it.
    const { meta, table } = await openInputSheet(rig.workbook, sheetName, 1);
    const states = await readRowRecords(rig.workbook, meta, table);
    expect(states.get(0)).toMatchObject({ status: "Awaiting review", review: { preparedBy: "Anne Byrne" } });
    // The Change history records the awaiting cell, prepared by Anne, reviewed by nobody yet.
    const line = (await readHistory(rig.workbook)).filter((l) => l.employeeId === ids[0]).at(-1)!;
    expect(line).toMatchObject({ preparedBy: "Anne Byrne", reviewedBy: "", outcome: "Awaiting review" });
  });

  it("the preparer cannot approve their own row, however the name is typed: 0 bulk_input, still awaiting", async () => {
    const { sheetName } = await preparedByAnne();
    for (const name of ["Anne Byrne", "  anne BYRNE "]) {
      rig.faulty.reset();
      const seen: PushCheckReview[] = [];
      const result = await push(name, sheetName, reviewing(approveAll(sheetName), seen));
      expect(seen[0].sheets[0].awaiting).toEqual([
        expect.objectContaining({ rowIndex: 0, preparedBy: "Anne Byrne", mayReview: false }),
      ]);
      expect(ownRowsSentence(seen[0].sheets[0].awaiting![0].preparedBy)).toBe(
        "Anne Byrne prepared these rows, so a second person must review them.",
      );
      expect(rig.faulty.count("/bulk_input", "POST")).toBe(0);
      expect(result.counts).toMatchObject({ "Awaiting review": 1, Saved: 0 });
    }
    expect((await readRecords(rig.workbook, sheetName))[0].Message).toMatch(/prepared by Anne Byrne/);
  });

  it("another person's Approve and send sends exactly the awaiting row; the history names both", async () => {
    const { sheetName, ids, typed } = await preparedByAnne();
    rig.faulty.reset();
    const seen: PushCheckReview[] = [];
    const result = await push("Bob Reid", sheetName, reviewing(approveAll(sheetName), seen));
    expect(seen[0].sheets[0].awaiting).toEqual([expect.objectContaining({ rowIndex: 0, mayReview: true })]);
    // Listed as awaiting review, not again among the new flags.
    expect(seen[0].sheets[0].flags).toEqual([]);
    expect(rig.faulty.bulkEntities()).toEqual([expect.objectContaining({ id: String(ids[0]) })]);
    expect(rig.faulty.count("/bulk_input", "POST")).toBe(1);
    expect(result.counts).toMatchObject({ Saved: 1, "Awaiting review": 0 });
    const rows = await readRecords(rig.workbook, sheetName);
    expect(rows[0].Status).toBe("Saved");
    expect(rows[0].Message).toMatch(/Prepared by Anne Byrne, approved by Bob Reid\./);
    const lines = (await readHistory(rig.workbook)).filter((l) => l.employeeId === ids[0]);
    expect(lines.at(-1)).toMatchObject({ preparedBy: "Anne Byrne", reviewedBy: "Bob Reid", outcome: "Saved", sent: typed[0] });
  });

  it("Return with a note: Returned, the note in the Message, nothing sent; the preparer's next push asks again", async () => {
    const { sheetName } = await preparedByAnne();
    rig.faulty.reset();
    const note = "Check the raise with the client first";
    const returned = await push(
      "Bob Reid",
      sheetName,
      reviewing(() => ({
        choice: "send",
        review: new Map([[sheetName, new Map([[0, { action: "return" as const, note }]])]]),
      })),
    );
    expect(rig.faulty.count("/bulk_input", "POST")).toBe(0);
    expect(returned.counts).toMatchObject({ Returned: 1 });
    const rows = await readRecords(rig.workbook, sheetName);
    expect(rows[0].Status).toBe("Returned");
    expect(rows[0].Message).toMatch(new RegExp(`^Returned by Bob Reid: ${note}\\. Prepared by Anne Byrne; not sent\\.`));
    // Anne pushes again unchanged: still flagged, so it awaits review again.
    const again = await push(
      "Anne Byrne",
      sheetName,
      reviewing(() => "send"),
    );
    expect(again.counts).toMatchObject({ "Awaiting review": 1 });
    expect(rig.faulty.count("/bulk_input", "POST")).toBe(0);
  });

  it("Push all input sheets shows the awaiting rows in its one check, and a reviewer's answer applies to that sheet", async () => {
    const { sheetName, ids } = await preparedByAnne();
    const DEMO = (await rig.api.listClients()).find((c) => c.id === 1)!;
    rig.faulty.reset();
    const seen: PushCheckReview[] = [];
    await pushAllInputSheets(as("Bob Reid"), {
      send: { reachable: [DEMO] },
      steps: { nettPay: false, check: reviewing(approveAll(sheetName), seen) },
    });
    const sheet = seen[0].sheets.find((s) => s.sheetName === sheetName)!;
    expect(sheet.awaiting).toEqual([expect.objectContaining({ rowIndex: 0, mayReview: true })]);
    expect(rig.faulty.bulkEntities().map((e) => Number(e.id))).toContain(ids[0]);
    expect((await readRecords(rig.workbook, sheetName))[0].Status).toBe("Saved");
  });
});
