/** The Change history's lines from a push's cells, read back; the push ID; the last push of a client and period. */
import {
  CHANGE_HISTORY_COLUMNS,
  historyRows,
  lastPushOf,
  newPushId,
  parseHistory,
} from "../../../src/features/inputSheets/model/changeHistory";
import { isoDateToSerial, dateToSerial } from "../../../src/xl/excelConventions";
import { pushedCells } from "../../../src/features/inputSheets/flows/changeHistory";
import { planPush } from "../../../src/features/inputSheets/model/pushPlan";
import { PUSH_LOG_COLUMNS, pushLogRow } from "../../../src/features/inputSheets/model/pushLog";
import { readInputSheet, rowKey, type InputSheetMeta } from "../../../src/features/inputSheets/model/inputSheetModel";
import { pushedCell } from "../../support/changeHistoryFixture";

const PUSH = {
  time: new Date(2026, 10, 26, 14, 25, 1),
  preparedBy: "Aoife Byrne",
  clientId: 7,
  clientName: "Liffey Foods",
  sheet: "Inputs Monthly 2026-11-30",
  pushId: "P-20261126-142501-K7QF",
};
/** The rows as Excel would hold them: dates and times as serials. */
const asExcel = (rows: unknown[][]) =>
  rows.map((r) =>
    r.map((v, i) =>
      v instanceof Date
        ? dateToSerial(v)
        : CHANGE_HISTORY_COLUMNS[i].type === "date" && typeof v === "string"
          ? isoDateToSerial(v)
          : (v ?? ""),
    ),
  );

describe("Change history lines", () => {
  it("one line per cell, in the table's column order, with the client's name and ID and the push ID", () => {
    const rows = historyRows(PUSH, [
      pushedCell(),
      pushedCell({ employeeId: 102, outcome: "Failed", message: "Payslip 9 is finalised" }),
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveLength(CHANGE_HISTORY_COLUMNS.length);
    const at = (h: string) => CHANGE_HISTORY_COLUMNS.findIndex((c) => c.header === h);
    expect(rows[0][at("Client")]).toBe("Liffey Foods (ID 7)");
    expect(rows[0][at("Value before")]).toBe(3000);
    expect(rows[0][at("Value sent")]).toBe(4800);
    expect(rows[0][at("Message")]).toBe(""); // a saved cell needs no message
    expect(rows[1][at("Message")]).toBe("Payslip 9 is finalised");
    expect(rows[1][at("Push ID")]).toBe(PUSH.pushId);
  });

  it("reads back what it wrote (Excel's serials for the time and date), leaving out lines without the keys undo needs", () => {
    const rows = asExcel(historyRows(PUSH, [pushedCell(), pushedCell({ before: null, sent: "text" })]));
    rows.push(rows[0].map((v, i) => (CHANGE_HISTORY_COLUMNS[i].header === "Input key" ? "" : v))); // typed by hand
    const lines = parseHistory({ columns: CHANGE_HISTORY_COLUMNS.map((c) => c.header), rows });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      clientId: 7,
      clientName: "Liffey Foods",
      employeeId: 101,
      payslipDate: "2026-11-30",
      before: 3000,
      sent: 4800,
      rowIndex: 0,
    });
    expect(lines[0].time?.getTime()).toBe(PUSH.time.getTime());
    expect(lines[1]).toMatchObject({ before: null, sent: "text" });
  });

  it("push IDs carry the local time and differ by their letters", () => {
    const a = newPushId(PUSH.time, () => 0);
    const b = newPushId(PUSH.time, () => 0.99);
    expect(a).toBe("P-20261126-142501-AAAA");
    expect(b).toMatch(/^P-20261126-142501-[A-Z2-9]{4}$/);
    expect(a).not.toBe(b);
  });

  it("the last push of a client and period is the latest line for both", () => {
    const rows = asExcel([
      ...historyRows(PUSH, [pushedCell()]),
      ...historyRows({ ...PUSH, preparedBy: "Seán", pushId: "P-2" }, [pushedCell()]),
      ...historyRows({ ...PUSH, clientId: 8, preparedBy: "Other" }, [pushedCell()]),
    ]);
    const lines = parseHistory({ columns: CHANGE_HISTORY_COLUMNS.map((c) => c.header), rows });
    expect(lastPushOf(lines, 7, "2026-11-30")).toMatchObject({ preparedBy: "Seán", pushId: "P-2" });
    expect(lastPushOf(lines, 7, "2026-10-31")).toBeNull();
  });
});

describe("the Push log line", () => {
  it("carries the push ID in its own column, and an undo's label instead of the mode", () => {
    const args = { time: PUSH.time, clientId: 7, clientName: "Liffey Foods", sheetName: "Inputs" };
    const counts = { Saved: 2, Failed: 1, Conflict: 1, Held: 0, "Awaiting review": 0, Returned: 0, Invalid: 0, Unchanged: 0, "Not sent": 0 };
    const row = pushLogRow({ ...args, counts, pushId: "P-2", push: "Undo of P-1" });
    expect(row[PUSH_LOG_COLUMNS.findIndex((c) => c.header === "Push ID")]).toBe("P-2");
    expect(row[PUSH_LOG_COLUMNS.findIndex((c) => c.header === "Push")]).toBe("Undo of P-1");
  });
});

describe("a push's cells", () => {
  const meta: InputSheetMeta = {
    version: 1,
    clientId: 7,
    clientName: "Liffey Foods",
    waveId: 1,
    waveName: "Monthly",
    payslipDate: "2026-11-30",
    tableName: "T",
    snapshotSheet: "S",
    inputs: [
      { key: "calc.basic_salary.amount", header: "Basic salary: amount", type: "currency" },
      { key: "calc.overtime.hours", header: "Overtime: hours", type: "number" },
    ],
    builtAt: "",
  };
  const snapshot = new Map([
    [rowKey(101, "2026-11-30"), { "calc.basic_salary.amount": "3000", "calc.overtime.hours": null }],
    [rowKey(102, "2026-11-30"), { "calc.basic_salary.amount": 2500, "calc.overtime.hours": 4 }],
  ]);
  const columns = [
    "Employee ID",
    "Number",
    "Name",
    "Payslip date",
    "Basic salary: amount",
    "Overtime: hours",
    "Status",
    "Message",
  ];
  const table = {
    columns,
    rows: [
      [101, "E-1", "Mary Murphy", "2026-11-30", 4800, 6, "", ""],
      [102, "E-2", "John Kelly", "2026-11-30", 2500, 4, "", ""],
    ],
  };

  it("a line per changed cell with the snapshot's value before; a held row is recorded with its status", () => {
    const sheet = readInputSheet(table, meta, snapshot);
    const planned = planPush(sheet, snapshot, { mode: "changed" });
    const who = (i: number) => ({ number: String(table.rows[i][1]), name: String(table.rows[i][2]) });
    const cells = pushedCells({
      planned,
      meta,
      snapshot,
      outcomes: new Map([[0, { status: "Conflict", message: "changed" }]]),
      who,
    });
    expect(cells).toEqual([
      expect.objectContaining({
        employeeId: 101,
        name: "Mary Murphy",
        input: "Basic salary: amount",
        before: 3000,
        sent: 4800,
        outcome: "Conflict",
      }),
      expect.objectContaining({
        employeeId: 101,
        input: "Overtime: hours",
        before: null,
        sent: 6,
        outcome: "Conflict",
        message: "changed",
      }),
    ]);
    // A row that never got an end is Not sent.
    expect(pushedCells({ planned, meta, snapshot, outcomes: new Map(), who })[0].outcome).toBe("Not sent");
  });
});
