/**
 * The sandbox agrees with itself, as an accountant sees it through the add-in's flows: a finalised payslip's
 * loan, savings and garnishee calculations, viewed as a sheet, carry the balances the tracked_balances report
 * sheet shows for the same employee and date; and sick leave accrues nothing (docs/payroll-rules.md), in the
 * leave balances sheet and in the comparison_leave report sheet. The unit-level check over the whole demo
 * history is test/engine/demoHistory.test.ts.
 */
import type { Calculation } from "../../src/contract";
import { serialToIsoDate } from "../../src/xl/excelConventions";
import { buildRequests, type ReportParams } from "../../src/features/reports/model";
import { flowContext } from "../../src/ui/flows/common";
import { viewCalculations } from "../../src/features/calculations/flows/calculations";
import { importLeaveBalances, LEAVE_SHEETS, loadLeaveDays } from "../../src/features/leave/flows/leave";
import { newSavedReport, runReportToSheet } from "../../src/features/reports/flows/reports";
import { loadReportData } from "../../src/features/reports/flows/reportsData";
import { createClientReads } from "../../src/ui/serverState";
import { readRecords } from "../support/flowHelpers";
import { startPathRig, type PathRig } from "../support/pathRig";
import { clientSheetName } from "../../src/ui/sheets/sheetNames";

const CLIENT = { id: 1, name: "Liffey" };
const TODAY = "2026-11-21"; // the sandbox's default "today"
/** The tracked items and the tracked_balances column each one adds to. */
const COLUMN = { employer_loan: "Loans", savings: "Savings", garnishee: "Garnishees" } as const;
type Tracked = keyof typeof COLUMN;
const isTracked = (item: unknown): item is Tracked => typeof item === "string" && item in COLUMN;
const itemOf = (c: Calculation) => String(c.calculation_id ?? c.system_type);

let rig: PathRig;
beforeAll(async () => {
  // 32 employees a client: the demo gives loans, savings and (employee 12 of each client) a garnishee.
  rig = await startPathRig({ employees: 32 });
});
afterAll(() => rig.close());
beforeEach(() => rig.faults.reset());

/** Runs a report through the Reports flow into its own sheet and reads the sheet back. */
async function reportSheet(params: ReportParams, sheetName: string): Promise<Record<string, unknown>[]> {
  const data = await loadReportData(createClientReads(rig.api), [{ id: CLIENT.id, name: CLIENT.name }], params.reportId);
  const built = buildRequests(params, data);
  expect(built.problems).toEqual([]);
  const report = newSavedReport({
    reportId: params.reportId,
    mode: "sync",
    sheetName,
    requests: built.requests,
    columnLabels: built.columnLabels,
    customFields: [],
    clientCount: 1,
  });
  const result = await runReportToSheet(flowContext(rig.api, rig.workbook, CLIENT), report);
  expect(result.failures).toEqual([]);
  return readRecords(rig.workbook, sheetName);
}

describe("loans, savings and garnishees: the payslip's calculations and tracked_balances agree", () => {
  it("for the first and the last finalised payslip of an employee with each kind, the Calculations sheet's balances are the report's", async () => {
    // Who has what, as the service holds it now (the live calculations, not on a payslip).
    const live = (await rig.check.listClientCalculations(CLIENT.id)).filter(
      (c) => c.payslip_id === null && c.employee_id !== null && isTracked(itemOf(c)),
    );
    const chosen = new Map<Tracked, number>();
    for (const c of live) if (!chosen.has(itemOf(c) as Tracked)) chosen.set(itemOf(c) as Tracked, c.employee_id!);
    expect([...chosen.keys()].sort()).toEqual(Object.keys(COLUMN).sort());

    const kindsCarried = new Set<Tracked>();
    let compared = 0;
    for (const employeeId of new Set(chosen.values())) {
      const finalised = (await rig.check.listPayslips(employeeId))
        .filter((p) => p.finalised && !p.special)
        .sort((a, b) => a.date.localeCompare(b.date));
      expect(finalised.length).toBeGreaterThan(6);
      for (const payslip of [finalised[0], finalised.at(-1)!]) {
        rig.faults.reset();
        await viewCalculations(flowContext(rig.api, rig.workbook, CLIENT), { kind: "payslip", payslipId: payslip.id });
        expect(rig.faults.sent).toHaveLength(2); // the payslip's calculations and the item catalogue
        const carried: Record<string, number> = { Loans: 0, Savings: 0, Garnishees: 0 };
        for (const row of await readRecords(rig.workbook, clientSheetName("Liffey", "Calculations"))) {
          if (!isTracked(row.Item)) continue;
          expect(row["Employee ID"]).toBe(employeeId);
          // The bug this guards: a finalised payslip's tracked calculation showed no balance at all.
          expect(typeof row["Output: balance"]).toBe("number");
          carried[COLUMN[row.Item]] += Math.round((row["Output: balance"] as number) * 100);
          kindsCarried.add(row.Item);
        }

        const balances = await reportSheet(
          { reportId: "tracked_balances", date: payslip.date, waveIds: null, employeeIds: [employeeId] },
          "Tracked balances",
        );
        expect(balances).toHaveLength(1);
        const reported = Object.fromEntries(Object.values(COLUMN).map((k) => [k, Math.round(Number(balances[0][k] || 0) * 100)]));
        expect({ payslip: payslip.date, ...reported }).toEqual({ payslip: payslip.date, ...carried });
        compared++;
      }
    }
    // Each kind was carried by some payslip, so the comparisons above compared real balances.
    expect([...kindsCarried].sort()).toEqual(Object.keys(COLUMN).sort());
    expect(compared).toBeGreaterThanOrEqual(2 * new Set(chosen.values()).size);
  });

  it("a loan's balance falls from one finalised payslip to the next by the repayment the later payslip made", async () => {
    const loan = (await rig.check.listClientCalculations(CLIENT.id)).find(
      (c) => c.payslip_id === null && c.employee_id !== null && itemOf(c) === "employer_loan",
    )!;
    const finalised = (await rig.check.listPayslips(loan.employee_id!))
      .filter((p) => p.finalised && !p.special)
      .sort((a, b) => a.date.localeCompare(b.date))
      .slice(-2);
    const loanBalance = async (payslipId: number) => {
      await viewCalculations(flowContext(rig.api, rig.workbook, CLIENT), { kind: "payslip", payslipId });
      const rows = (await readRecords(rig.workbook, clientSheetName("Liffey", "Calculations"))).filter(
        (r) => r.Item === "employer_loan",
      );
      expect(rows.length).toBeGreaterThan(0);
      return rows.map((r) => ({ balance: r["Output: balance"] as number, amount: r["Input: amount"] as number }));
    };
    const [before, after] = [await loanBalance(finalised[0].id), await loanBalance(finalised[1].id)];
    expect(after).toHaveLength(before.length);
    after.forEach((a, i) => expect(a.balance).toBeCloseTo(Math.max(0, before[i].balance - a.amount), 2));
  });
});

describe("sick leave accrues nothing", () => {
  it("the Leave balances sheet shows each employee's sick leave as minus the full days the Leave days sheet lists by then", async () => {
    const types = await rig.check.listLeaveTypes(CLIENT.id);
    const sickName = Object.values(types).find((n) => /sick/i.test(n))!;
    expect(sickName).toBeDefined();
    const employees = await rig.check.listEmployees(CLIENT.id);

    const balances = await importLeaveBalances(flowContext(rig.api, rig.workbook, CLIENT), TODAY);
    expect(balances.unmatchedEmployees).toEqual([]);
    await loadLeaveDays(flowContext(rig.api, rig.workbook, CLIENT), {
      employeeIds: employees.map((e) => e.id),
      blankRowPerEmployee: false,
    });
    const days = await readRecords(rig.workbook, clientSheetName("Liffey", LEAVE_SHEETS.days.sheetName));
    let withSickDays = 0;
    for (const row of await readRecords(rig.workbook, clientSheetName("Liffey", LEAVE_SHEETS.balances.sheetName))) {
      const asOf = typeof row["Balances as of"] === "number" ? serialToIsoDate(row["Balances as of"]) : null;
      if (asOf === null) continue; // no payslip yet by the date
      const sick = days.filter(
        (d) =>
          d["Employee ID"] === row["Employee ID"] &&
          d["Leave type"] === sickName &&
          (serialToIsoDate(d.Date as number) ?? "") <= asOf,
      );
      // Part days count by the employee's hours per day; full days are exact, so check employees with only those.
      if (sick.some((d) => d.Hours !== "")) continue;
      expect({ employee: row["Employee ID"], balance: row[`${sickName} balance`] }).toEqual({
        employee: row["Employee ID"],
        balance: sick.length === 0 ? 0 : -sick.length,
      });
      if (sick.length > 0) withSickDays++;
    }
    expect(withSickDays).toBeGreaterThan(0);
  });

  it("the comparison_leave report sheet shows no sick leave accrual on any payslip, while annual leave accrues", async () => {
    const rows = await reportSheet(
      {
        reportId: "comparison_leave",
        startDate: "2025-11-01",
        endDate: TODAY,
        waveIds: null,
        employeeIds: null,
        leaveTypes: ["Sick leave", "Annual leave"],
      },
      "Leave comparison",
    );
    const sick = rows.filter((r) => r["Leave type"] === "Sick leave");
    const annual = rows.filter((r) => r["Leave type"] === "Annual leave");
    expect(sick.length).toBeGreaterThan(32);
    for (const r of sick) expect([0, ""]).toContain(r.Accrual);
    expect(sick.some((r) => Number(r.Taken) > 0)).toBe(true);
    expect(annual.filter((r) => Number(r.Accrual) > 0).length).toBeGreaterThan(32);
  });
});
