/** The Month-end overview's rows and status, from the lists and the workbook's input sheets (pure). */
import {
  clientOverviewRows,
  overviewGrid,
  overviewRows,
  overviewRowTarget,
  overviewStatus,
  OVERVIEW_COLUMNS,
} from "../../../src/features/monthEnd/model/monthEnd";
import type { InputSheetState } from "../../../src/features/monthEnd/model/inputSheetState";
import { employee, payslip, wave } from "../../support/fixtures";

const OCT = "2026-10-31";
const NOV = "2026-11-30";
const DEC = "2026-12-31";
const client = { id: 7, name: "Liffey Engineering" };

/** Three monthly employees: October finalised, November open (one still calculating), December not yet. */
function lists(nov: { dirty?: number[]; nett?: number } = {}) {
  const employees = [1, 2, 3].map((id) =>
    employee(id, {
      wave_id: 1,
      recent_payslips: [
        payslip(id * 10 + 1, OCT, { finalised: true, nett_pay: 1000 }),
        payslip(id * 10 + 2, NOV, {
          nett_pay: nov.dirty?.includes(id) ? undefined : (nov.nett ?? 1100),
          dirty: nov.dirty?.includes(id) ?? false,
        }),
        payslip(id * 10 + 3, DEC),
        payslip(id * 10 + 4, NOV, { special: true, nett_pay: 99999 }),
      ],
    }),
  );
  return { client, waves: [wave(1, "Monthly"), wave(2, "Weekly")], employees };
}

const sheet = (extra: Partial<InputSheetState> = {}): InputSheetState => ({
  sheetName: "Inputs Monthly 2026-11-30",
  clientId: 7,
  waveId: 1,
  payslipDate: NOV,
  pending: 0,
  failed: 0,
  invalid: 0,
  conflict: 0,
  held: 0,
  lastPush: null,
  ...extra,
});

describe("clientOverviewRows", () => {
  it("gives one row per wave with a period: the open period, its counts and nett pay against the previous period", () => {
    const rows = clientOverviewRows(lists(), []);
    // The weekly wave has no payslips: no period, no row.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      clientName: "Liffey Engineering",
      waveName: "Monthly",
      payslipDate: NOV,
      employees: 3,
      payslips: 3,
      calculating: 0,
      finalised: 0,
      nettPay: 3300,
      previousNettPay: 3000,
      status: "Not started",
      sheets: [],
    });
    expect(rows[0].change).toBeCloseTo(0.1);
  });

  it("says Calculating while payslips are dirty, and gives no change from a partial total", () => {
    const [row] = clientOverviewRows(lists({ dirty: [2] }), []);
    expect(row).toMatchObject({ calculating: 1, nettPay: 2200, change: null, status: "Calculating" });
  });

  it("counts the sheet's pending changes and rows Failed, Invalid, Conflict and Held, and its last push", () => {
    const time = new Date(2026, 10, 20, 14, 5);
    const older = new Date(2026, 10, 19, 9, 0);
    const sheets = [
      sheet({ pending: 3, lastPush: { time: older, preparedBy: "Aoife" } }),
      sheet({
        sheetName: "Inputs Monthly 2026-11-30 (2)",
        pending: 1,
        failed: 1,
        invalid: 2,
        conflict: 2,
        held: 1,
        lastPush: { time, preparedBy: "Ciarán" },
      }),
      sheet({ sheetName: "Other period", payslipDate: OCT, failed: 5 }),
      sheet({ sheetName: "Other client", clientId: 8, failed: 5 }),
    ];
    const [row] = clientOverviewRows(lists(), sheets);
    expect(row).toMatchObject({
      sheets: ["Inputs Monthly 2026-11-30", "Inputs Monthly 2026-11-30 (2)"],
      pending: 4,
      failed: 1,
      invalid: 2,
      conflict: 2,
      held: 1,
      lastPush: time,
      preparedBy: "Ciarán",
      status: "Needs attention",
      attention: "1 row Failed; 2 rows Invalid (not sent); 2 rows in Conflict; 1 row Held",
    });
  });

  it("counts rows awaiting a second person's review over the client's sheets, and says so in Why", () => {
    const sheets = [
      sheet({ pending: 2, awaitingReview: 1 }),
      sheet({ sheetName: "Inputs Monthly 2026-11-30 (2)", pending: 2, awaitingReview: 2 }),
      sheet({ sheetName: "Other client", clientId: 8, awaitingReview: 5 }),
    ];
    const [row] = clientOverviewRows(lists(), sheets);
    expect(row).toMatchObject({ awaitingReview: 3, status: "Needs attention", attention: "3 rows awaiting review" });
    const cells = overviewGrid([row]);
    expect(cells[0][OVERVIEW_COLUMNS.findIndex((c) => c.header === "Awaiting review")]).toBe(3);
  });

  it("keeps a row for a finalised period whose sheet still holds unsent changes, after the open period's", () => {
    const rows = clientOverviewRows(lists(), [
      sheet({ sheetName: "Liffey · Monthly · 31-10-26", payslipDate: OCT, pending: 1 }),
      sheet({ sheetName: "Sent in full", payslipDate: OCT }),
    ]);
    expect(rows.map((r) => r.payslipDate)).toEqual([NOV, OCT]);
    expect(rows[1]).toMatchObject({
      waveName: "Monthly",
      sheets: ["Liffey · Monthly · 31-10-26"],
      payslips: 3,
      finalised: 3,
      pending: 1,
      nettPay: 3000,
      status: "Needs attention",
      attention: "Finalised: 1 change not sent. Choose its input sheet and press Next period to carry it into the next period.",
    });
    // Nothing unsent: the finalised period has no row of its own, as before.
    expect(clientOverviewRows(lists(), [sheet({ payslipDate: OCT })])).toHaveLength(1);
  });

  it("names a finalised period's Failed and Held rows beside its changes", () => {
    const [, row] = clientOverviewRows(lists(), [sheet({ payslipDate: OCT, pending: 2, failed: 1, held: 1 })]);
    expect(row.attention).toBe(
      "Finalised: 2 changes not sent (1 row Failed, 1 row Held). Choose its input sheet and press Next period to carry them into the next period.",
    );
  });

  it("needs attention when nett pay moves beyond the workbook's limit, either way", () => {
    expect(clientOverviewRows(lists({ nett: 1300 }), [])[0]).toMatchObject({ status: "Needs attention" });
    expect(clientOverviewRows(lists({ nett: 1300 }), [])[0].attention).toBe("nett pay moved 30.0 % (limit ±25 %)");
    expect(clientOverviewRows(lists({ nett: 700 }), [])[0].status).toBe("Needs attention");
    expect(clientOverviewRows(lists({ nett: 1300 }), [], 40)[0].status).toBe("Not started");
  });
});

describe("overviewStatus", () => {
  const base = {
    payslips: 3,
    calculating: 0,
    finalised: 0,
    pending: 0,
    failed: 0,
    invalid: 0,
    conflict: 0,
    held: 0,
    change: 0,
    lastPush: null,
  };
  it.each([
    [{}, "Not started"],
    [{ pending: 2 }, "Inputs pending"],
    [{ lastPush: new Date() }, "Pushed"],
    [{ lastPush: new Date(), pending: 1 }, "Inputs pending"],
    [{ calculating: 1, pending: 1 }, "Calculating"],
    [{ finalised: 3 }, "Finalised"],
    [{ finalised: 3, held: 1 }, "Needs attention"],
    [{ calculating: 2, failed: 1 }, "Needs attention"],
  ])("%j is %s", (extra, status) => {
    expect(overviewStatus({ ...base, ...extra }, 25).status).toBe(status);
  });
});

describe("overviewRows and the grid", () => {
  it("sorts clients by name, and a grid row has one cell per column", () => {
    const other = { ...lists(), client: { id: 3, name: "Boyne Logistics" } };
    const rows = overviewRows([lists(), other], []);
    expect(rows.map((r) => r.clientName)).toEqual(["Boyne Logistics", "Liffey Engineering"]);
    const grid = overviewGrid(rows);
    expect(grid.every((r) => r.length === OVERVIEW_COLUMNS.length)).toBe(true);
  });

  it("reads the client, wave and period of a chosen row back from the table (dates as serials)", () => {
    const rows = overviewRows([lists()], [sheet()]);
    const columns = OVERVIEW_COLUMNS.map((c) => c.header);
    const cells = overviewGrid(rows).map((r) =>
      r.map((v, k) => (OVERVIEW_COLUMNS[k].key === "payslip_date" ? 46356 : (v ?? ""))),
    );
    expect(overviewRowTarget({ columns, rows: cells }, 0)).toEqual({
      clientId: 7,
      clientName: "Liffey Engineering",
      waveId: 1,
      payslipDate: NOV,
      inputSheet: "Inputs Monthly 2026-11-30",
    });
    expect(overviewRowTarget({ columns, rows: cells }, 1)).toBeNull();
  });
});
