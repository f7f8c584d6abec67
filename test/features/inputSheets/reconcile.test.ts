/** The reconcile plan (pure): each row against what the service holds, and what it then says. */
import { readInputSheet } from "../../../src/features/inputSheets/model/inputSheetModel";
import { type ServiceRow, describeReconcile, planReconcile } from "../../../src/features/inputSheets/model/reconcile";
import { type RowRecord, type RowRecords, drawRow } from "../../../src/features/inputSheets/model/rowState";
import { inputSheetMeta } from "../../support/inputSheetFixture";

const DATE = "2025-01-31";
const SAL = "calc.basic_salary.amount";
const H = "Basic salary: amount";
const meta = inputSheetMeta({ payslipDate: DATE });
const HEADERS = ["Employee ID", "Number", "Name", "Payslip date", H, "Nett pay", "Status", "Message"];
const row = (id: number, salary: unknown, nett: number | null = 1000) => [id, `E${id}`, `Name ${id}`, DATE, salary, nett, "", ""];
const svc = (salary: number | null, over: Partial<ServiceRow> = {}): ServiceRow => ({
  values: { [SAL]: salary },
  nettPay: 1000,
  dirty: false,
  finalised: false,
  ...over,
});

function plan(
  rows: unknown[][],
  snap: Record<number, number | null>,
  service: Record<number, ServiceRow>,
  records: Record<number, RowRecord> = {},
  undone: [string, [string, string[]][]][] = [],
) {
  const snapshot = new Map(Object.entries(snap).map(([id, v]) => [`${id}|${DATE}`, { [SAL]: v }]));
  const table = { columns: HEADERS, rows };
  return planReconcile({
    sheet: readInputSheet(table, meta, snapshot),
    cells: rows,
    meta,
    snapshot,
    records: new Map(Object.entries(records).map(([i, r]) => [Number(i), r])) as RowRecords,
    service: new Map(Object.entries(service).map(([id, s]) => [`${id}|${DATE}`, s])),
    undone: new Map(undone.map(([p, rs]) => [p, new Map(rs)])),
    period: "31/01/2025",
    now: "2025-01-31T10:00:00.000Z",
  });
}

const saved = (pushId = "P1"): RowRecord => ({ status: "Saved", reason: "Updated", pushId });

describe("planReconcile", () => {
  it("an undone push's rows say Undone with the service's value and nett pay; a cell nobody edited follows the service", () => {
    // Row 0: the undo put 100 back and the sheet already shows it; row 1: the sheet still shows what the push sent.
    const p = plan(
      [row(7, 100), row(8, 250, 900)],
      { 7: 100, 8: 250 },
      { 7: svc(100, { nettPay: 1234.5 }), 8: svc(200) },
      { 0: saved(), 1: saved() },
      [
        [
          "P1",
          [
            [`7|${DATE}`, [SAL]],
            [`8|${DATE}`, [SAL]],
          ],
        ],
      ],
    );
    expect(p.cells.get(H)?.updates).toEqual([{ rowIndex: 1, value: 200 }]);
    expect(p.snapshot.get(`8|${DATE}`)).toEqual({ [SAL]: 200 });
    expect(p.nettPay).toEqual([
      { rowIndex: 0, value: 1234.5 },
      { rowIndex: 1, value: 1000 },
    ]);
    expect(drawRow(p.records.get(0)!)).toMatchObject({
      status: "Undone",
      message:
        "Undone: the push that saved this row was undone. The service holds Basic salary: amount 100 again, nett pay €1,234.50.",
      tone: "neutral",
    });
    expect(p.records.get(1)?.status).toBe("Undone");
    expect(p.counts).toMatchObject({ undone: 2, moved: 1, rows: 2 });
    expect(describeReconcile(p)).toBe(
      "2 rows checked against the service: 2 undone, 1 now showing the service's values, nett pay updated on 2.",
    );
  });

  it("a row whose undo kept a colleague's value is not Undone: it says what the service holds now", () => {
    const p = plan([row(7, 150)], { 7: 150 }, { 7: svc(4321) }, { 0: saved() }, [["P1", [[`8|${DATE}`, [SAL]]]]]);
    expect(p.records.get(0)).toMatchObject({ status: "Saved", tone: "warning" });
    expect(p.records.get(0)?.reason).toBe(
      "Changed in the payroll service since this row was saved: it holds Basic salary: amount 4,321 now, as the sheet shows.",
    );
  });

  it("a Held row of an undone push that still differs is Changed; one whose change was put back is Unchanged", () => {
    const held = { status: "Held", reason: "Held: choose Send to send it", pushId: "P1" } as const;
    const p = plan([row(7, 175), row(8, 200)], { 7: 100, 8: 200 }, { 7: svc(100), 8: svc(200) }, { 0: held, 1: held }, [
      ["P1", []],
    ]);
    expect(p.records.get(0)?.status).toBe("Changed");
    expect(p.records.get(0)?.reason).toMatch(/^Not sent: the push this row was held back from was undone/);
    expect(p.records.get(1)).toEqual({ status: "Unchanged", reason: "Nothing to send: the row matches what the service holds." });
    expect(p.redraw).toEqual([0, 1]);
  });

  it("a Saved row edited while nothing watched is Changed; a row without a state keeps none; Failed keeps its words", () => {
    const failed: RowRecord = { status: "Failed", reason: "Not saved: refused", pushId: "P2" };
    const p = plan(
      [row(7, 175), row(8, 275), row(9, 375)],
      { 7: 100, 8: 200, 9: 300 },
      { 7: svc(100), 8: svc(200), 9: svc(300) },
      {
        0: saved("P2"),
        2: failed,
      },
    );
    expect(drawRow(p.records.get(0)!)).toMatchObject({ status: "Changed", tone: "warning" });
    expect(p.records.has(1)).toBe(false);
    expect(p.records.get(2)).toBe(failed);
    expect(p.cells.size).toBe(0);
    expect(p.counts.changed).toBe(1);
  });

  it("a finalised payslip's row says Finalised, keeps what was typed, and the sheet is read only when every row is", () => {
    const p = plan([row(7, 175), row(8, 200)], { 7: 100, 8: 200 }, { 7: svc(100, { finalised: true }), 8: svc(200) });
    expect(drawRow(p.records.get(0)!)).toMatchObject({
      status: "Finalised",
      message:
        "Finalised: the payslip of 31/01/2025 is finalised in the payroll service, so this row is read only. Basic salary: amount as typed here was not sent and can no longer be.",
      errorColumns: [H],
    });
    expect(p.cells.size).toBe(0);
    expect(p.finalised).toBe(false);
    const all = plan([row(7, 100)], { 7: 100 }, { 7: svc(100, { finalised: true }) });
    expect(all.finalised).toBe(true);
  });

  it("a row awaiting its nett pay shows it once the payslip is recalculated; a Saved row still recalculating waits", () => {
    const awaiting: RowRecord = {
      ...saved(),
      nettPay: { awaited: true, since: "2025-01-31T09:00:00.000Z", why: "recalculating" },
    };
    const p = plan(
      [row(7, 100), row(8, 200)],
      { 7: 100, 8: 200 },
      { 7: svc(100, { nettPay: 1500 }), 8: svc(200, { dirty: true, nettPay: null }) },
      {
        0: awaiting,
        1: saved(),
      },
    );
    expect(p.records.get(0)?.nettPay).toEqual({ awaited: false });
    expect(p.records.get(1)?.nettPay).toMatchObject({ awaited: true, since: "2025-01-31T10:00:00.000Z" });
    expect(p.nettPay).toEqual([{ rowIndex: 0, value: 1500 }]);
  });

  it("leaves alone rows the service has no payslip for, and says so when it has none", () => {
    const p = plan([row(7, 175)], { 7: 100 }, {}, { 0: saved() });
    expect(p.records.get(0)).toEqual(saved());
    expect(p.redraw).toEqual([]);
    expect(describeReconcile(p)).toBe("the service has no payslip for these rows: nothing to check.");
  });
});

describe("planReconcile and rows the snapshot lacks", () => {
  it("leaves a row moved to another payslip date to the push: its Failed state and its pending change stay", () => {
    const failed: RowRecord = { status: "Failed", reason: "Not saved: the payslip is finalised", pushId: "P3" };
    const moved = [7, "E7", "Name 7", "2024-12-31", 175, 1000, "", ""];
    const snapshot = new Map([[`7|${DATE}`, { [SAL]: 100 }]]);
    const p = planReconcile({
      sheet: readInputSheet({ columns: HEADERS, rows: [moved] }, meta, snapshot),
      cells: [moved],
      meta,
      snapshot,
      records: new Map([[0, failed]]),
      service: new Map([[`7|2024-12-31`, svc(100, { finalised: true })]]),
      undone: new Map(),
      period: "31/01/2025",
      now: "2025-01-31T10:00:00.000Z",
    });
    expect(p.records.get(0)).toBe(failed);
    expect(p.snapshot.has(`7|2024-12-31`)).toBe(false);
    expect(p.counts.rows).toBe(0);
  });
});
