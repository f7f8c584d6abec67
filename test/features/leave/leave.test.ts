import {
  leaveBalancesGrid,
  leaveDaysGrid,
  LEAVE_DAY_COLUMNS,
  LEAVE_SNAPSHOT_COLUMNS,
  leaveSnapshotFromTable,
  leaveSnapshotToTable,
  parseLeaveRows,
  planLeaveCreates,
  balancesReportBody,
  type LeaveDaySnapshot,
} from "../../../src/features/leave/model/leave";

const types = { "1": "Annual leave", "2": "Sick leave" };
const employees = [
  { id: 10, number: "E010", first_name: "Ann", last_name: "Lee" },
  { id: 11, number: "E011", first_name: "Bob", last_name: "Ryan" },
];
const headers = LEAVE_DAY_COLUMNS.map((c) => c.header);
// Leave day ID, Employee ID, Employee number, Employee name, Date, Hours, Leave type, Status, Message
const row = (id: unknown, eid: unknown, num: unknown, date: unknown, hours: unknown, type: unknown) => [
  id,
  eid,
  num,
  "",
  date,
  hours,
  type,
  "",
  "",
];

describe("parseLeaveRows", () => {
  const snapshot = new Map<number, LeaveDaySnapshot>([
    [500, { id: 500, employee_id: 10, date: "2025-03-03", hours: null, type_id: 1 }],
  ]);
  const ctx = { employees, leaveTypes: types, snapshot };

  it("reads a new row: Excel date serial, blank hours = full day, leave type by name in any case", () => {
    // 45658 is 2025-01-01 in Excel's 1900 date system.
    const [p] = parseLeaveRows(headers, [row("", 10, "", 45658, "", "annual LEAVE")], ctx);
    expect(p).toEqual({ kind: "create", rowIndex: 0, employeeId: 10, input: { date: "2025-01-01", hours: null, type_id: 1 } });
  });

  it("finds the employee by number when the ID is blank, and takes partial hours", () => {
    const [p] = parseLeaveRows(headers, [row("", "", "e011", "2025-02-10", 4, "Sick leave")], ctx);
    expect(p).toMatchObject({ kind: "create", employeeId: 11, input: { date: "2025-02-10", hours: 4, type_id: 2 } });
  });

  it("rejects typed leave type IDs and unknown names with the valid choices", () => {
    const [p] = parseLeaveRows(headers, [row("", 10, "", "2025-02-10", "", "1")], ctx);
    expect(p.kind).toBe("invalid");
    expect((p as { errors: Record<string, string> }).errors["Leave type"]).toBe(
      'unknown leave type "1"; choose one of: Annual leave, Sick leave',
    );
  });

  it("marks every bad cell of a row, keyed by header", () => {
    const [p] = parseLeaveRows(headers, [row("", 99, "", "31/02/2025", 30, "")], ctx);
    expect(p.kind).toBe("invalid");
    const errors = (p as { errors: Record<string, string> }).errors;
    expect(Object.keys(errors).sort()).toEqual(["Date", "Employee ID", "Hours", "Leave type"]);
    expect(errors.Hours).toMatch(/at most 24/);
  });

  it("compares rows that carry an ID with the snapshot: unchanged, or only the changed fields", () => {
    const plans = parseLeaveRows(
      headers,
      [row(500, 10, "E010", "2025-03-03", "", "Annual leave"), row(500, 10, "E010", "2025-03-04", 3.5, "Annual leave")],
      { ...ctx, snapshot },
    );
    expect(plans[0]).toEqual({ kind: "unchanged", rowIndex: 0, id: 500, employeeId: 10 });
    expect(plans[1]).toEqual({ kind: "update", rowIndex: 1, id: 500, employeeId: 10, patch: { date: "2025-03-04", hours: 3.5 } });
  });

  it("refuses an ID that was not loaded, a move to another employee, and duplicates", () => {
    const plans = parseLeaveRows(
      headers,
      [
        row(777, 10, "", "2025-03-03", "", "Annual leave"),
        row(500, 11, "", "2025-03-03", "", "Annual leave"),
        row("", 11, "", "2025-04-01", "", "Sick leave"),
        row("", "", "E011", "2025-04-01", "", "sick leave"),
      ],
      ctx,
    );
    expect(plans.map((p) => p.kind)).toEqual(["invalid", "invalid", "create", "invalid"]);
    expect((plans[0] as { errors: Record<string, string> }).errors["Leave day ID"]).toMatch(/was not loaded/);
    expect((plans[1] as { errors: Record<string, string> }).errors["Employee ID"]).toMatch(/cannot move/);
    expect((plans[3] as { errors: Record<string, string> }).errors.Date).toBe(
      "same employee, date and leave type as row 3 of the table",
    );
  });

  it("skips blank rows and rejects a sheet without the needed columns", () => {
    expect(parseLeaveRows(headers, [row("", "", "", "", "", "")], ctx)).toEqual([{ kind: "blank", rowIndex: 0 }]);
    expect(() => parseLeaveRows(["Employee ID", "Hours"], [], ctx)).toThrow(/"Date", "Leave type"/);
  });
});

describe("planLeaveCreates", () => {
  it("makes one batch per employee, chunked", () => {
    const plans = parseLeaveRows(
      headers,
      [
        row("", 10, "", "2025-01-01", "", "Annual leave"),
        row("", 11, "", "2025-01-01", "", "Annual leave"),
        row("", 10, "", "2025-01-02", "", "Annual leave"),
        row("", 10, "", "2025-01-03", "", "Annual leave"),
      ],
      { employees, leaveTypes: types, snapshot: new Map() },
    );
    const batches = planLeaveCreates(plans, 2);
    expect(batches.map((b) => [b.employeeId, b.rowIndexes])).toEqual([
      [10, [0, 2]],
      [10, [3]],
      [11, [1]],
    ]);
    expect(batches[0].dates[1]).toEqual({ date: "2025-01-02", hours: null, type_id: 1 });
  });
});

describe("leaveDaysGrid", () => {
  it("orders the days by employee number numerically (9 before 10), then by date", () => {
    const day = (id: number, date: string) => ({ id, date, hours: null, leave_type: "Annual leave", type_id: 1 });
    const nine = { id: 9, number: "9", first_name: "Ann", last_name: "Lee" };
    const ten = { id: 10, number: "10", first_name: "Bob", last_name: "Ryan" };
    const g = leaveDaysGrid([
      { day: day(1, "2025-01-02"), employee: ten },
      { day: day(2, "2025-03-01"), employee: nine },
      { day: day(3, "2025-02-01"), employee: nine },
    ]);
    expect(g.rows.map((r) => [r[2], r[4]])).toEqual([
      ["9", "2025-02-01"],
      ["9", "2025-03-01"],
      ["10", "2025-01-02"],
    ]);
  });
});

describe("leave balances", () => {
  it("asks comparison_leave for all employees and all leave types over the year to the date", () => {
    expect(balancesReportBody("2025-06-30", types)).toEqual({
      start_date: "2024-07-01",
      end_date: "2025-06-30",
      wave_ids: null,
      leave_types: [1, 2],
      humanize: false,
    });
  });

  it("pivots to one row per employee with the latest balance on or before the date", () => {
    const g = leaveBalancesGrid(
      [
        { employee: "E010", leave_type: "Annual leave", Date: "2025-05-31", Balance: "10.5" },
        { employee: "E010", leave_type: "Annual leave", Date: "2025-06-30", Balance: "12.25" },
        { employee: "E010", leave_type: "Annual leave", Date: "2025-07-31", Balance: "14" },
        { employee: "E010", leave_type: "2", Date: "2025-06-30", Balance: 3 },
        { employee: "X999", leave_type: "Annual leave", Date: "2025-06-30", Balance: 1 },
      ],
      "2025-06-30",
      types,
      employees,
    );
    expect(g.columns.map((c) => c.header)).toEqual([
      "Employee ID",
      "Employee number",
      "Employee name",
      "Annual leave balance",
      "Sick leave balance",
      "Balances as of",
    ]);
    expect(g.rows).toEqual([
      [10, "E010", "Ann Lee", 12.25, 3, "2025-06-30"],
      [11, "E011", "Bob Ryan", null, null, null],
    ]);
    expect(g.unmatchedEmployees).toEqual(["X999"]);
  });
});

describe("leave snapshot storage", () => {
  it("round-trips through a hidden table as Excel hands it back (dates as serials, blanks as empty text)", () => {
    const snap = new Map<number, LeaveDaySnapshot>([
      [1, { id: 1, employee_id: 10, date: "2025-01-01", hours: null, type_id: 2 }],
      [2, { id: 2, employee_id: 11, date: "2025-01-02", hours: 3.5, type_id: 1, deleted: true }],
    ]);
    const asExcel = leaveSnapshotToTable(snap).map((r) => r.map((v) => (v === null ? "" : v === "2025-01-01" ? 45658 : v)));
    const back = leaveSnapshotFromTable({ columns: [...LEAVE_SNAPSHOT_COLUMNS], rows: asExcel });
    expect([...back.values()]).toEqual([
      { id: 1, employee_id: 10, date: "2025-01-01", hours: null, type_id: 2, deleted: false },
      { id: 2, employee_id: 11, date: "2025-01-02", hours: 3.5, type_id: 1, deleted: true },
    ]);
    const plans = parseLeaveRows(headers, [row(2, 11, "", "2025-01-02", 3.5, "Annual leave")], {
      employees,
      leaveTypes: types,
      snapshot: back,
    });
    expect(plans).toEqual([{ kind: "deleted", rowIndex: 0, id: 2 }]);
  });
});
