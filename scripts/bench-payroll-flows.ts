/**
 * Pay run, leave and Regular Hours figures: HTTP requests and time per flow for growing head counts, against the
 * sandbox and the Excel layer over the preview workbook.
 * Run: npx tsx scripts/bench-payroll-flows.ts [employees...]   (default 40 400)
 */
import { performance } from "node:perf_hooks";
import { importJournal, importPayRunPayslips, importRecentPayslips } from "../src/features/payRuns/flows/payRuns";
import { importLeaveBalances, LEAVE_SHEETS, loadLeaveDays, saveLeaveDays } from "../src/features/leave/flows/leave";
import { importServicePeriods } from "../src/features/employees/flows/servicePeriods";
import { buildRegularHoursSheet } from "../src/features/calculations/flows/regularHours";
import { flowContext } from "../src/ui/flows/common";
import { benchEachSize, startBenchStack } from "./lib/benchStack";

async function bench(employees: number): Promise<void> {
  const { api, workbook, model, counter, close } = await startBenchStack(employees);
  const lines: string[] = [];
  const measure = async (label: string, work: () => Promise<unknown>) => {
    const r0 = counter.requests;
    const t0 = performance.now();
    await work();
    lines.push(
      `  ${label.padEnd(44)} ${String(counter.requests - r0).padStart(5)} requests ${(performance.now() - t0).toFixed(0).padStart(7)} ms`,
    );
  };
  try {
    const client = { id: 1, name: "bench" };
    const ctx = flowContext(api, workbook, client);
    const runs = await api.listPaymentRuns(1);
    const waves = await api.listWaves(1);
    const monthly = waves.find((w) => w.length_months === 1)!;
    const run = runs.find((r) => r.wave_id === monthly.id && !r.special)!;
    let rows = 0;
    await measure("pay run payslips (monthly run)", async () => (rows = (await importPayRunPayslips(ctx, run)).rowCount));
    lines[lines.length - 1] += `  (${rows} payslips)`;
    await measure("journal", () => importJournal(ctx, run));
    await measure("recent payslips with data (all employees)", () => importRecentPayslips(ctx));
    await measure("leave balances (all employees)", () => importLeaveBalances(ctx, "2026-10-31"));
    await measure("service periods (all employees)", () => importServicePeriods(ctx));
    await measure("Regular Hours sheet (client 3)", () =>
      buildRegularHoursSheet(flowContext(api, workbook, { id: 3, name: "bench" }), {
        info: { regular_hours_version: 2, features: [] },
      }),
    );
    // Leave days: one new day per employee on the template rows. The API creates leave per employee, so this costs
    // one request per employee with new rows (plus 2 reads), never one per row.
    await measure("load leave days (template rows only)", () =>
      loadLeaveDays(flowContext(api, workbook, client), { employeeIds: [], blankRowPerEmployee: true }),
    );
    const sheet = model.getSheet(LEAVE_SHEETS.days.sheetName);
    const t = sheet.tables()[0];
    for (let i = 0; i < t.rows - 1; i++) {
      model.editCell(sheet, t.r + 1 + i, t.c + 4, "2026-12-01");
      model.editCell(sheet, t.r + 1 + i, t.c + 6, "Annual leave");
    }
    await measure(`save leave days (${t.rows - 1} new rows)`, () => saveLeaveDays(flowContext(api, workbook, client)));
  } finally {
    await close();
  }
  console.log(`${employees} employees per client`);
  for (const l of lines) console.log(l);
}

benchEachSize(bench);
