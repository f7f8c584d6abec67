/**
 * A finance grid of PAYROLL.AMOUNT formulas (employees × 12 months × 4 accounts) in the preview's workbook over a
 * local sandbox, with the pane's own request pacing (5 per second, 4 in flight): the requests by route and the
 * time from entering the formulas until every cell holds a number, at 100 and at 1,000 employees (or the counts
 * given). Prints figures and the load average (the machine may be shared); asserts nothing.
 *   npx tsx scripts/bench-formulas-grid.ts [employees...]
 */
import { loadavg } from "os";
import { PayrollApi, type RequestLogEntry } from "../src/api";
import { startSandbox } from "../src/sandbox";
import { GRID_ACCOUNTS, GRID_MONTHS, removePreviewExcel, runFormulaGrid } from "./lib/formulaGrid";

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);

async function bench(employees: number): Promise<void> {
  const sandbox = await startSandbox({ employees, recalcMs: 0, reportJobMs: 0, seed: 42 });
  try {
    const log: RequestLogEntry[] = [];
    const api = new PayrollApi({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, onRequest: (e) => log.push(e) });
    const clientId = (await api.listClients())[0].id;
    const numbers = (await api.listEmployees(clientId)).map((e) => e.number!);
    const run = await runFormulaGrid(api, log, clientId, numbers, 600_000);
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    console.log(
      `${employees.toLocaleString("en-IE")} employees × ${GRID_MONTHS.length} months × ${GRID_ACCOUNTS.length} accounts = ` +
        `${run.formulas.toLocaleString("en-IE")} formulas: ${run.requests} requests ${JSON.stringify(run.routes)}; ` +
        `every cell a number after ${(run.ms / 1000).toFixed(1)} s` +
        (run.notNumbers.length ? `; NOT numbers: ${run.notNumbers.length} (first ${JSON.stringify(run.notNumbers[0])})` : "") +
        `; load average ${load}`,
    );
  } finally {
    removePreviewExcel();
    await sandbox.close();
  }
}

async function main(): Promise<void> {
  for (const n of sizes.length ? sizes : [100, 1_000]) await bench(n);
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
