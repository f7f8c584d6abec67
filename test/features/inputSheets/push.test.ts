import type { BulkInputResult } from "../../../src/contract";
import {
  parseMeta,
  readInputSheet,
  rowKey,
  snapshotFromTable,
  snapshotToTable,
  type Snapshot,
} from "../../../src/features/inputSheets/model/inputSheetModel";
import {
  applySaved,
  chunkOutcomes,
  countOutcomes,
  notSentOutcomes,
  planPush,
  rejectedOutcomes,
  retryRowIndexes,
  summarise,
  toEntity,
  unconfirmedOutcomes,
  type PlannedRow,
} from "../../../src/features/inputSheets/model/pushPlan";
import { chunk } from "../../../src/ui/sheets/chunk";
import { nettPayFor } from "../../../src/features/inputSheets/model/nettPay";
import { PUSH_LOG_COLUMNS, PUSH_MODE_LABELS, pushLogRow } from "../../../src/features/inputSheets/model/pushLog";
import { employee, payslip } from "../../support/fixtures";
import { inputSheetMeta } from "../../support/inputSheetFixture";

const JAN = "2025-01-31";
const JAN_SERIAL = 45688;
const SAL = "calc.basic_salary.amount";
const BONUS = "calc.bonus.amount";
const NOTE = "calc.travel.note";

const meta = inputSheetMeta({
  payslipDate: JAN,
  snapshotSheet: "PayrollSnap1",
  inputs: [
    { key: SAL, header: "Basic salary: amount", type: "number" },
    { key: BONUS, header: "Bonus: amount", type: "number" },
    { key: NOTE, header: "Travel: note", type: "text" },
  ],
});

const HEADERS = [
  "Employee ID",
  "Number",
  "Name",
  "Payslip date",
  "Basic salary: amount",
  "Bonus: amount",
  "Travel: note",
  "Nett pay",
  "Status",
  "Message",
];

function snapshot(): Snapshot {
  return new Map([
    [rowKey(1, JAN), { [SAL]: 3000, [BONUS]: null, [NOTE]: null }],
    [rowKey(2, JAN), { [SAL]: 2500, [BONUS]: 100, [NOTE]: "bus" }],
    [rowKey(3, JAN), { [SAL]: 2000, [BONUS]: null, [NOTE]: null }],
    [rowKey(4, JAN), { [SAL]: 1000, [BONUS]: null, [NOTE]: null }],
  ]);
}

/** Rows as Excel hands them back: dates as serials, empty cells as "". */
function table(rows: unknown[][], columns = HEADERS) {
  return { columns, rows };
}
const row = (id: unknown, date: unknown, sal: unknown, bonus: unknown, note: unknown, status = "") => [
  id,
  "n",
  "name",
  date,
  sal,
  bonus,
  note,
  1234,
  status,
  "",
];

describe("readInputSheet", () => {
  it("parses typed cells and flags every kind of bad row", () => {
    const sheet = readInputSheet(
      table([
        row(1, JAN_SERIAL, 3100, "", ""), // 0 ok (date as serial)
        row(2, "31/01/2025", "abc", "€100", "bus"), // 1 bad number
        row(99, JAN, 1, "", ""), // 2 unknown employee
        row(3, "someday", 2000, "", ""), // 3 bad date
        row(1, JAN, 3000, "", ""), // 4 duplicate of row 0
        row(4, JAN, "", "", ""), // 5 emptied a value the service holds
        row("", "", "", "", ""), // 6 blank
        row("x1", JAN, 1, "", ""), // 7 id not a number
      ]),
      meta,
      snapshot(),
    );
    const problems = sheet.rows.map((r) => r.problems.map((p) => p.header));
    expect(sheet.rows[0].values).toEqual({ [SAL]: 3100, [BONUS]: null, [NOTE]: null });
    expect(sheet.rows[0].payslipDate).toBe(JAN);
    expect(problems[0]).toEqual([]);
    expect(problems[1]).toEqual(["Basic salary: amount"]);
    expect(sheet.rows[1].problems[0].message).toContain('"abc" is not a number');
    expect(sheet.rows[1].values[BONUS]).toBe(100);
    expect(problems[2]).toEqual(["Employee ID"]);
    expect(problems[3]).toEqual(["Payslip date"]);
    expect(problems[4]).toEqual(["Employee ID"]);
    expect(sheet.rows[4].problems[0].message).toBe("Same employee and payslip date as row 1");
    expect(problems[5]).toEqual(["Basic salary: amount"]);
    expect(sheet.rows[5].problems[0].message).toContain('holds "1000"');
    expect(sheet.rows[6].blank).toBe(true);
    expect(problems[7]).toEqual(["Employee ID"]);
  });

  it("flags values in unknown columns, notes inputs whose column was removed", () => {
    const columns = [...HEADERS.filter((h) => h !== "Bonus: amount"), "My notes"];
    const sheet = readInputSheet(
      table(
        [
          [1, "n", "x", JAN, 3000, "", 0, "", "", ""],
          [2, "n", "x", JAN, 2500, "bus", 0, "", "", "remember"],
        ],
        columns,
      ),
      meta,
      snapshot(),
    );
    expect(sheet.missingInputs).toEqual(["Bonus: amount"]);
    expect(sheet.unknownColumns).toEqual(["My notes"]);
    expect(sheet.rows[0].problems).toEqual([]);
    expect(sheet.rows[1].problems.map((p) => p.header)).toEqual(["My notes"]);
  });

  it("refuses a sheet without its key columns", () => {
    expect(() =>
      readInputSheet(
        table(
          [],
          HEADERS.filter((h) => h !== "Payslip date"),
        ),
        meta,
        snapshot(),
      ),
    ).toThrow(/"Payslip date" column/);
  });
});

describe("planPush", () => {
  const grid = [
    row(1, JAN, 3100, "", ""), // changed salary
    row(2, JAN, 2500, 100, "bus"), // unchanged
    row(3, JAN, "oops", "", ""), // invalid
    row(4, JAN, 1000, 50, "", "Failed"), // bonus added, previously failed
    row("", "", "", "", ""), // blank
  ];
  const sheet = readInputSheet(table(grid), meta, snapshot());

  it("by default sends only changed cells; unchanged and invalid rows are decided locally", () => {
    const plan = planPush(sheet, snapshot(), { mode: "changed" });
    expect(plan.send.map((r) => [r.rowIndex, r.attributes])).toEqual([
      [0, { [SAL]: 3100 }],
      [3, { [BONUS]: 50 }],
    ]);
    expect(plan.local.map((o) => [o.rowIndex, o.status, o.errorColumns])).toEqual([
      [1, "Unchanged", []],
      [2, "Invalid", ["Basic salary: amount"]],
    ]);
    expect(plan.inScope).toBe(4);
    expect(toEntity(plan.send[0])).toEqual({ id: "1", payslip_date: JAN, attributes: { [SAL]: 3100 } });
  });

  it("treats a number held as text by the service as equal to the same number", () => {
    const snap = snapshot();
    snap.set(rowKey(1, JAN), { [SAL]: "3100" as unknown as number, [BONUS]: null, [NOTE]: null });
    const plan = planPush(sheet, snap, { mode: "changed" });
    expect(plan.send.map((r) => r.rowIndex)).toEqual([3]);
  });

  it("push all sends every non-blank input of every valid row", () => {
    const plan = planPush(sheet, snapshot(), { mode: "all" });
    expect(plan.send.map((r) => r.rowIndex)).toEqual([0, 1, 3]);
    expect(plan.send[1].attributes).toEqual({ [SAL]: 2500, [BONUS]: 100, [NOTE]: "bus" });
  });

  it("selected and retry limit the scope", () => {
    const selected = planPush(sheet, snapshot(), { mode: "selected", rowIndexes: new Set([1, 2]) });
    expect(selected.send.map((r) => r.rowIndex)).toEqual([1]);
    expect(selected.local.map((o) => o.rowIndex)).toEqual([2]);
    const retry = planPush(sheet, snapshot(), {
      mode: "retry",
      rowIndexes: retryRowIndexes(new Map([[3, { status: "Failed" }]])),
    });
    expect(retry.send.map((r) => [r.rowIndex, r.attributes])).toEqual([[3, { [SAL]: 1000, [BONUS]: 50 }]]);
    expect(retry.local).toEqual([]);
    expect(() => planPush(sheet, snapshot(), { mode: "retry" })).toThrow(/row indexes/);
  });

  it("overwrite limits the scope to the given rows and sends only their changed inputs", () => {
    const snap = snapshot();
    snap.set(rowKey(2, JAN), { [SAL]: 2500, [BONUS]: 99, [NOTE]: "bus" });
    const overwrite = planPush(sheet, snap, { mode: "overwrite", rowIndexes: new Set([1]) });
    expect(overwrite.send.map((r) => [r.rowIndex, r.attributes])).toEqual([[1, { [BONUS]: 100 }]]);
    snap.set(rowKey(2, JAN), { [SAL]: 2500, [BONUS]: 100, [NOTE]: "bus" });
    expect(planPush(sheet, snap, { mode: "overwrite", rowIndexes: new Set([1]) }).local).toEqual([
      expect.objectContaining({
        rowIndex: 1,
        status: "Unchanged",
        message: "No changes since the sheet was built or last pushed",
      }),
    ]);
    expect(() => planPush(sheet, snap, { mode: "overwrite" })).toThrow(/row indexes/);
  });

  it("chunks by the configured size", () => {
    expect(planPush(sheet, snapshot(), { mode: "all", chunkSize: 2 }).chunks.map((c) => c.map((r) => r.rowIndex))).toEqual([
      [0, 1],
      [3],
    ]);
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 100)).toEqual([]);
    expect(() => chunk([1], 0)).toThrow(RangeError);
  });
});

describe("results", () => {
  const rows: PlannedRow[] = [
    { rowIndex: 0, employeeId: 1, payslipDate: JAN, name: "Conor Fitzgerald", attributes: { [SAL]: 3100 } },
    { rowIndex: 3, employeeId: 4, payslipDate: JAN, name: "Mary Kelly", attributes: { [BONUS]: 50 } },
    { rowIndex: 5, employeeId: 2, payslipDate: JAN, attributes: { [NOTE]: "car" } },
  ];
  const ok = (id: string, message = "Updated"): BulkInputResult => ({ id, payslip_date: JAN, success: "true", message });

  it("maps aligned results in words: the employee and the period, and the failing cells named once", () => {
    const results: BulkInputResult[] = [
      ok("1"),
      { id: "4", payslip_date: JAN, success: "false", message: "Payslip is finalised and cannot be changed" },
      {
        id: "2",
        payslip_date: JAN,
        success: "false",
        message: "Invalid input",
        errors: { [NOTE]: "is too long", first_name: "can't be blank" },
      },
    ];
    const out = chunkOutcomes(rows, results, meta);
    expect(out[0]).toEqual({
      rowIndex: 0,
      status: "Saved",
      message: "Saved for Conor Fitzgerald, period ending 31/01/2025",
      errorColumns: [],
    });
    expect(out[1]).toEqual({
      rowIndex: 3,
      status: "Failed",
      message: "Not saved for Mary Kelly, period ending 31/01/2025: Payslip is finalised and cannot be changed",
      errorColumns: [],
    });
    expect(out[2].status).toBe("Failed");
    expect(out[2].errorColumns).toEqual(["Travel: note"]);
    expect(out[2].message).toBe(
      "Not saved for employee 2, period ending 31/01/2025: Travel: note: is too long; first_name: can't be blank",
    );
    // The display language's date order is the caller's (the pane passes Office's).
    expect(chunkOutcomes(rows.slice(0, 1), [ok("1")], meta, (iso) => `<${iso}>`)[0].message).toBe(
      "Saved for Conor Fitzgerald, period ending <2025-01-31>",
    );
  });

  it("says a service's bound once: the input in words, the limit, and the column with what it held", () => {
    const failed: BulkInputResult = {
      id: "1",
      payslip_date: JAN,
      success: "false",
      message: "1 attribute failed; nothing was changed",
      errors: { [SAL]: "Basic salary: Amount must be at least 0 (got -5)" },
    };
    const [out] = chunkOutcomes(rows.slice(0, 1), [failed], meta);
    expect(out.message).toBe(
      "Not saved for Conor Fitzgerald, period ending 31/01/2025: Basic salary amount must be 0 or more; 'Basic salary: amount' was \u22125",
    );
    expect(out.errorColumns).toEqual(["Basic salary: amount"]);
  });

  it("matches out-of-order results by ID and marks rows without a result as not confirmed", () => {
    const out = chunkOutcomes(rows, [ok("2", "B"), ok("1", "A")], meta);
    expect(out.map((o) => [o.rowIndex, o.status, o.message])).toEqual([
      [0, "Saved", "Saved for Conor Fitzgerald, period ending 31/01/2025"],
      [3, "Failed", "Not confirmed: the service sent no result for this row — use Retry failed"],
      [5, "Saved", "Saved for employee 2, period ending 31/01/2025"],
    ]);
  });

  it("has a definite state for failed requests, refused requests and unsent chunks", () => {
    expect(unconfirmedOutcomes(rows.slice(0, 1), "network error")[0]).toEqual({
      rowIndex: 0,
      status: "Failed",
      message: "Not confirmed: network error — use Retry failed",
      errorColumns: [],
      retryable: true,
    });
    expect(rejectedOutcomes(rows.slice(0, 1), "Bad request", { [SAL]: "too big" }, meta)[0].errorColumns).toEqual([
      "Basic salary: amount",
    ]);
    const all = [
      ...chunkOutcomes(rows.slice(0, 1), [ok("1")], meta),
      ...unconfirmedOutcomes(rows.slice(1, 2), "HTTP 503"),
      ...notSentOutcomes(rows.slice(2), "Cancelled"),
      { rowIndex: 9, status: "Invalid" as const, message: "x", errorColumns: [] },
    ];
    const counts = countOutcomes(all);
    expect(counts).toEqual({ Saved: 1, Failed: 1, Conflict: 0, Held: 0, "Awaiting review": 0, Returned: 0, Invalid: 1, Unchanged: 0, "Not sent": 1 });
    expect(summarise(counts)).toBe("1 saved, 1 failed, 1 invalid, 1 not sent");
  });
});

describe("snapshot", () => {
  it("takes the sent values of saved rows only, without touching the old one", () => {
    const before = snapshot();
    const after = applySaved(before, [
      { rowIndex: 0, employeeId: 1, payslipDate: JAN, attributes: { [SAL]: 3100 } },
      { rowIndex: 7, employeeId: 4, payslipDate: "2025-02-28", attributes: { [BONUS]: 5 } },
    ]);
    expect(after.get(rowKey(1, JAN))).toEqual({ [SAL]: 3100, [BONUS]: null, [NOTE]: null });
    expect(after.get(rowKey(4, "2025-02-28"))).toEqual({ [BONUS]: 5 });
    expect(before.get(rowKey(1, JAN))?.[SAL]).toBe(3000);
  });

  it("round-trips through hidden-table storage", () => {
    const grid = snapshotToTable(snapshot(), [SAL, BONUS, NOTE]);
    expect(grid.columns).toEqual(["employee_id", "payslip_date", SAL, BONUS, NOTE]);
    expect(grid.rows[1]).toEqual([2, JAN, 2500, 100, "bus"]);
    // As the workbook hands it back: empty cells are "".
    const back = snapshotFromTable({ columns: grid.columns, rows: grid.rows.map((r) => r.map((v) => v ?? "")) });
    expect(back).toEqual(snapshot());
  });

  it("validates stored metadata", () => {
    expect(parseMeta(meta)).toEqual(meta);
    expect(parseMeta({ ...meta, waveId: "1" })).toBeNull();
    expect(parseMeta(undefined)).toBeNull();
  });
});

describe("after the push", () => {
  it("reads nett pay of recalculated payslips, keeps dirty ones pending", () => {
    const employees = [
      employee(1, {
        recent_payslips: [payslip(11, JAN, { nett_pay: 2222.5 }), payslip(12, JAN, { special: true, nett_pay: 1 })],
      }),
      employee(2, { recent_payslips: [payslip(21, JAN, { dirty: true, nett_pay: undefined })] }),
    ];
    const targets = [
      { rowIndex: 0, employeeId: 1, payslipDate: JAN },
      { rowIndex: 1, employeeId: 2, payslipDate: JAN },
      { rowIndex: 2, employeeId: 3, payslipDate: JAN },
    ];
    const { ready, pending } = nettPayFor(employees, targets);
    expect(ready).toEqual([{ rowIndex: 0, value: 2222.5 }]);
    expect(pending.map((p) => p.rowIndex)).toEqual([1, 2]);
  });

  it("logs one line: the time, client, wave, period, sheet, the push as its button names it, the counts; no key", () => {
    const time = new Date(2025, 0, 31, 9, 30);
    const line = pushLogRow({
      time,
      clientId: 1,
      clientName: "Liffey",
      waveName: "Monthly",
      payslipDate: "2025-01-31",
      sheetName: "Inputs",
      push: PUSH_MODE_LABELS.retry,
      counts: { Saved: 3, Failed: 1, Conflict: 5, Held: 6, "Awaiting review": 7, Returned: 8, Invalid: 2, Unchanged: 4, "Not sent": 0 },
      pushId: "P-20250131-093000-AB12",
    });
    expect(line).toEqual([
      time,
      "Liffey (ID 1)",
      "Monthly",
      "2025-01-31",
      "Inputs",
      "Retry failed",
      ...[3, 1, 5, 6, 7, 8, 2, 4, 0],
      "P-20250131-093000-AB12",
    ]);
    expect(line).toHaveLength(PUSH_LOG_COLUMNS.length);
    expect(PUSH_LOG_COLUMNS.find((c) => c.key === "period")?.type).toBe("date");
    expect(PUSH_MODE_LABELS.changed).toBe("Push changes");
    expect(Object.values(PUSH_MODE_LABELS)).not.toContain("Changed cells");
  });

  it("logs a sheet Push all input sheets did not send under that button, with zero counts", () => {
    const time = new Date(2025, 0, 31, 9, 30);
    const line = pushLogRow({
      time,
      clientId: null,
      clientName: "Unknown client",
      sheetName: "X",
      push: "Push all input sheets: Skipped",
      counts: null,
    });
    expect(line).toEqual([time, "Unknown client", "", null, "X", "Push all input sheets: Skipped", 0, 0, 0, 0, 0, 0, 0, 0, 0, ""]);
  });
});
