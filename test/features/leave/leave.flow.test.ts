/** Leave flows against the real sandbox and the Excel layer over the preview workbook. */
import {
  deleteLeaveDays,
  employeeLeaveBalances,
  importLeaveBalances,
  importLeaveTypes,
  LEAVE_SHEETS,
  loadLeaveDays,
  saveLeaveDays,
} from "../../../src/features/leave/flows/leave";
import { flowContext, type FlowProgress } from "../../../src/ui/flows/common";
import { fillOf, readRecords, selectRows, typeInto } from "../../support/flowHelpers";
import { startPathRig, type PathRig } from "../../support/pathRig";
import { clientSheetName } from "../../../src/ui/sheets/sheetNames";

const CLIENT = { id: 1, name: "Liffey" };
/** Client 1's own Leave days sheet. */
const SHEET = clientSheetName("Liffey", LEAVE_SHEETS.days.sheetName);
let rig: PathRig;
const ctx = (progress?: FlowProgress) => flowContext(rig.api, rig.workbook, CLIENT, progress);

beforeAll(async () => {
  rig = await startPathRig({ employees: 10 });
});
afterAll(() => rig.close());
beforeEach(() => rig.faults.reset());

async function status(rowIndex: number) {
  const records = await readRecords(rig.workbook, SHEET);
  return { status: records[rowIndex].Status, message: String(records[rowIndex].Message), record: records[rowIndex] };
}

/** An unused row of the sheet (no leave day, no date), given to an employee as a person would retype it. */
async function spareRow(employeeId: number): Promise<number> {
  const records = await readRecords(rig.workbook, SHEET);
  const own = records.findIndex(
    (r) => r["Employee ID"] === employeeId && r["Leave day ID"] === "" && r.Date === "" && r["Leave type"] === "",
  );
  if (own >= 0) return own;
  const any = records.findIndex((r) => r["Leave day ID"] === "" && r.Date === "" && r["Leave type"] === "" && r.Hours === "");
  if (any < 0) throw new Error("no spare row left");
  typeInto(rig.model, SHEET, any, "Employee ID", String(employeeId));
  typeInto(rig.model, SHEET, any, "Employee number", "");
  return any;
}

describe("leave types and balances", () => {
  it("writes leave types, and every employee's balances in three requests", async () => {
    await importLeaveTypes(ctx());
    const types = await readRecords(rig.workbook, clientSheetName("Liffey", LEAVE_SHEETS.types.sheetName));
    expect(types.map((t) => t["Leave type"]).sort()).toEqual(["Annual leave", "Sick leave"]);

    rig.faults.reset();
    const date = "2026-10-31";
    const result = await importLeaveBalances(ctx(), date);
    expect(rig.faults.sent.map((r) => r.path).sort()).toEqual([
      "/clients/1/employees",
      "/clients/1/leave_types",
      "/clients/1/reports/comparison_leave",
    ]);
    expect(result.requests).toBe(3);
    const employees = await rig.check.listEmployees(1);
    const rows = await readRecords(rig.workbook, clientSheetName("Liffey", LEAVE_SHEETS.balances.sheetName));
    expect(rows).toHaveLength(employees.length);
    // The pivot agrees with the per-employee endpoint at the balance date it reports.
    const leaveTypes = await rig.check.listLeaveTypes(1);
    const row = rows.find((r) => typeof r["Annual leave balance"] === "number")!;
    const asOf = new Date(Date.UTC(1899, 11, 30) + (row["Balances as of"] as number) * 86_400_000).toISOString().slice(0, 10);
    const exact = await employeeLeaveBalances(
      flowContext(rig.check, rig.workbook, CLIENT),
      row["Employee ID"] as number,
      asOf,
      leaveTypes,
    );
    expect(row["Annual leave balance"]).toBeCloseTo(exact.find((b) => b.type === "Annual leave")!.balance, 2);
  });
});

describe("leave days sheet", () => {
  let a: number;
  let b: number;

  beforeAll(async () => {
    const employees = await rig.check.listEmployees(1);
    [a, b] = employees.map((e) => e.id);
  });

  it("creates days from typed rows with create_multiple per employee, writes IDs back, and marks bad rows", async () => {
    const loaded = await loadLeaveDays(ctx(), { employeeIds: [a], blankRowPerEmployee: true });
    expect(loaded.requests).toBe(2);
    const existing = loaded.days;
    // Employee A: three new days (one found by number), B: one day of 3.5 hours; plus two bad rows.
    const ra = await spareRow(a);
    typeInto(rig.model, SHEET, ra, "Date", "2026-12-01");
    typeInto(rig.model, SHEET, ra, "Leave type", "annual leave");
    const rb = await spareRow(b);
    typeInto(rig.model, SHEET, rb, "Date", "2026-12-02");
    typeInto(rig.model, SHEET, rb, "Hours", "3.5");
    typeInto(rig.model, SHEET, rb, "Leave type", "Sick leave");
    const numberOfA = (await readRecords(rig.workbook, SHEET))[ra]["Employee number"];
    const records = await readRecords(rig.workbook, SHEET);
    const [bad1, bad2, a2, a3] = records
      .map((r, i) => ({ r, i }))
      .filter(({ r }) => r["Leave day ID"] === "" && r.Date === "" && r["Employee ID"] !== a && r["Employee ID"] !== b)
      .map((o) => o.i);
    typeInto(rig.model, SHEET, bad1, "Date", "2026-12-03");
    typeInto(rig.model, SHEET, bad1, "Leave type", "Holidays");
    typeInto(rig.model, SHEET, bad2, "Date", "not a date");
    typeInto(rig.model, SHEET, bad2, "Leave type", "Annual leave");
    for (const [row, date] of [
      [a2, "2026-12-04"],
      [a3, "2026-12-05"],
    ] as const) {
      typeInto(rig.model, SHEET, row, "Employee ID", "");
      typeInto(rig.model, SHEET, row, "Employee number", String(numberOfA));
      typeInto(rig.model, SHEET, row, "Date", date);
      typeInto(rig.model, SHEET, row, "Leave type", "Annual leave");
    }

    rig.faults.reset();
    const result = await saveLeaveDays(ctx());
    expect(rig.faults.count(new RegExp(`/employees/${a}/leave_days/create_multiple`), "POST")).toBe(1);
    expect(rig.faults.count(new RegExp(`/employees/${b}/leave_days$`), "POST")).toBe(1);
    expect(result.requests).toEqual({ reads: 2, createMultiple: 1, create: 1 });
    expect(result.counts.Saved).toBe(4);
    expect(result.counts.Invalid).toBe(2);
    expect(result.counts.Unchanged).toBe(existing);

    for (const row of [ra, rb, a2, a3]) {
      const s = await status(row);
      expect(s.status).toBe("Saved");
      expect(typeof s.record["Leave day ID"]).toBe("number");
    }
    expect((await status(bad1)).message).toMatch(/unknown leave type "Holidays"; choose one of: Annual leave, Sick leave/);
    expect(fillOf(rig.model, SHEET, bad1, "Leave type")).toBeDefined();
    expect((await status(bad2)).status).toBe("Invalid");

    const daysOfA = (await rig.check.listLeaveDays(a)).flat();
    expect(daysOfA.filter((d) => ["2026-12-01", "2026-12-04", "2026-12-05"].includes(d.date)).map((d) => d.hours)).toEqual([
      null,
      null,
      null,
    ]);
    const daysOfB = (await rig.check.listLeaveDays(b)).flat().filter((d) => d.date === "2026-12-02");
    expect(daysOfB).toMatchObject([{ hours: 3.5, leave_type: "Sick leave" }]);
  });

  it("saving again sends nothing for saved rows; an edit is a PATCH of the changed field", async () => {
    const rb = (await readRecords(rig.workbook, SHEET)).findIndex((r) => r["Employee ID"] === b && r.Date !== "");
    typeInto(rig.model, SHEET, rb, "Hours", "");
    rig.faults.reset();
    const result = await saveLeaveDays(ctx());
    const patches = rig.faults.sent.filter((r) => r.method === "PATCH");
    expect(patches).toHaveLength(1);
    expect(patches[0].body).toEqual({ hours: null });
    expect(rig.faults.count(/create_multiple|leave_days$/, "POST")).toBe(0);
    expect(result.counts.Saved).toBe(1);
    const day = (await rig.check.listLeaveDays(b)).flat().find((d) => d.date === "2026-12-02")!;
    expect(day.hours).toBeNull();
  });

  it("a refused day in a create_multiple request is named; its siblings say why they were not created", async () => {
    const ra = await spareRow(a);
    typeInto(rig.model, SHEET, ra, "Date", "2026-12-10");
    typeInto(rig.model, SHEET, ra, "Leave type", "Annual leave");
    const spare = await spareRow(a);
    typeInto(rig.model, SHEET, spare, "Date", "2025-01-15"); // in a finalised period (or before A was appointed)
    typeInto(rig.model, SHEET, spare, "Leave type", "Annual leave");
    const result = await saveLeaveDays(ctx());
    expect(result.counts.Failed).toBe(2);
    expect((await status(spare)).message).toMatch(
      /^Not saved: Date (falls in the finalised pay period|is before the appointment date)/,
    );
    expect(fillOf(rig.model, SHEET, spare, "Date")).toBeDefined();
    expect((await status(ra)).message).toMatch(/another day of this employee was refused/);
    typeInto(rig.model, SHEET, spare, "Date", "");
    typeInto(rig.model, SHEET, spare, "Leave type", "");
  });

  it("a server failure ends its rows as not confirmed and stops; cancel leaves rows Not sent", async () => {
    const ra = await spareRow(a);
    typeInto(rig.model, SHEET, ra, "Date", "2026-12-11");
    typeInto(rig.model, SHEET, ra, "Leave type", "Sick leave");
    rig.faults.rules = [{ method: "POST", path: /leave_days/, fault: { kind: "status", status: 503 } }];
    const result = await saveLeaveDays(ctx());
    expect(result.stoppedBy).toBe("the service failed (HTTP 503)");
    const s = await status(ra);
    expect(s.status).toBe("Failed");
    expect(s.message).toMatch(/Not confirmed: the service failed \(HTTP 503\)/);

    rig.faults.reset();
    // Cancel pressed once the rows are checked, before the first request goes.
    const controller = new AbortController();
    const cancelled = await saveLeaveDays(
      ctx({
        signal: controller.signal,
        update: (_done, _total, detail) => detail === "Saving leave days" && controller.abort(),
      }),
    );
    expect(cancelled.stoppedBy).toBe("cancelled");
    expect((await status(ra)).message).toMatch(/^Not sent: cancelled/);

    // Saving again (no faults) completes the rows.
    const again = await saveLeaveDays(ctx());
    expect(again.counts.Failed + again.counts["Not sent"]).toBe(0);
    expect((await status(ra)).status).toBe("Saved");
  });

  it("deletes the selected leave days after confirmation, and never sends them again", async () => {
    const records = await readRecords(rig.workbook, SHEET);
    const target = records.findIndex((r) => r["Employee ID"] === b && typeof r["Leave day ID"] === "number");
    const id = records[target]["Leave day ID"] as number;
    selectRows(rig.model, SHEET, target, target);
    const rows = await rig.workbook.selectedRowIndexes(SHEET);
    const result = await deleteLeaveDays(ctx(), rows);
    expect(result.counts.Deleted).toBe(1);
    expect((await status(target)).status).toBe("Deleted");
    expect((await rig.check.listLeaveDays(b)).flat().some((d) => d.id === id)).toBe(false);
    rig.faults.reset();
    const again = await saveLeaveDays(ctx());
    expect(rig.faults.count(/leave_days/, "PATCH") + rig.faults.count(/leave_days/, "POST")).toBe(0);
    expect(again.outcomes.find((o) => o.rowIndex === target)?.status).toBe("Deleted");
  });

  it("loads another client's leave days into that client's own sheet, leaving this client's sheet and rows alone", async () => {
    const before = await readRecords(rig.workbook, SHEET);
    const ra = await spareRow(a);
    typeInto(rig.model, SHEET, ra, "Date", "2026-12-15");
    typeInto(rig.model, SHEET, ra, "Leave type", "Annual leave");
    const typed = await readRecords(rig.workbook, SHEET);

    const other = { id: 2, name: "Shannon" };
    const [c] = (await rig.check.listEmployees(2)).map((e) => e.id);
    rig.faults.reset();
    const loaded = await loadLeaveDays(flowContext(rig.api, rig.workbook, other), {
      employeeIds: [c],
      blankRowPerEmployee: false,
    });
    expect(loaded.sheetName).toBe("Shannon · Leave days");
    expect(loaded.requests).toBe(2);
    expect(rig.faults.sent.map((r) => r.path)).toEqual(["/clients/2/employees", `/employees/${c}/leave_days`]);
    const theirs = await readRecords(rig.workbook, loaded.sheetName);
    expect(theirs.every((r) => r["Employee ID"] === c)).toBe(true);
    // Client 1's sheet keeps every row, the typed one too.
    expect(await readRecords(rig.workbook, SHEET)).toEqual(typed);
    expect(typed).toHaveLength(before.length);

    // Saving from client 1's sheet still works: its own metadata and snapshot were left alone.
    const saved = await saveLeaveDays(ctx());
    expect(saved.counts.Saved).toBe(1);
    expect((await status(ra)).status).toBe("Saved");
    expect((await rig.check.listLeaveDays(a)).flat().some((d) => d.date === "2026-12-15")).toBe(true);
    // And saving for client 2 reads client 2's sheet (nothing typed there, so nothing sent).
    rig.faults.reset();
    const theirsSaved = await saveLeaveDays(flowContext(rig.api, rig.workbook, other));
    expect(theirsSaved.counts.Saved).toBe(0);
    expect(rig.faults.count(/leave_days/, "POST") + rig.faults.count(/leave_days/, "PATCH")).toBe(0);
  });
});
