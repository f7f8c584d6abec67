/**
 * Input-sheet figures: HTTP requests and time to build a sheet, and time to validate/plan/push it, for growing
 * head counts. Run: npx tsx scripts/bench-input-sheet.ts [employees...]   (default 40 400)
 */
import { performance } from "node:perf_hooks";
import { calcKey } from "../src/contract";
import { readInputSheet, snapshotFromTable, metaSettingKey, parseMeta } from "../src/features/inputSheets/model/inputSheetModel";
import { planPush } from "../src/features/inputSheets/model/pushPlan";
import { defaultPeriod } from "../src/ui/sheets/periods";
import { buildInputSheet, loadInputChoices } from "../src/features/inputSheets/flows/inputs";
import { pushInputSheet } from "../src/features/inputSheets/flows/push";
import { flowContext } from "../src/ui/flows/common";
import { benchEachSize, startBenchStack } from "./lib/benchStack";

async function bench(employees: number): Promise<void> {
  const { api, workbook, counter, close } = await startBenchStack(employees);
  try {
    let t = performance.now();
    const ctx = flowContext(api, workbook, { id: 1, name: "bench" });
    const choices = await loadInputChoices(ctx);
    const wave = [...choices.periods].sort((a, b) => b[1][0]?.payslips - a[1][0]?.payslips)[0];
    const payslipDate = defaultPeriod(wave[1])!.date;
    const loadMs = performance.now() - t;
    const loadRequests = counter.requests;
    t = performance.now();
    const keys = [calcKey("basic_salary", "amount"), calcKey("hourly_pay", "hours"), calcKey("hourly_pay", "rate")].filter((k) =>
      choices.offered.some((o) => o.key === k),
    );
    const built = await buildInputSheet(ctx, { waveId: wave[0], payslipDate, inputKeys: keys }, { choices });
    const buildMs = performance.now() - t;

    const meta = parseMeta(await workbook.getSetting(metaSettingKey(built.sheetName)))!;
    const table = (await workbook.readTable(built.sheetName))!;
    const snapshot = snapshotFromTable((await workbook.readHiddenTable(meta.snapshotSheet))!);
    t = performance.now();
    const sheet = readInputSheet(table, meta, snapshot);
    const plan = planPush(sheet, snapshot, { mode: "all" });
    const planMs = performance.now() - t;

    counter.requests = 0;
    t = performance.now();
    const pushed = await pushInputSheet(ctx, built.sheetName, { send: { mode: "all" }, steps: { nettPay: false } });
    const pushMs = performance.now() - t;
    console.log(
      `${String(employees).padStart(6)} employees/client | ${String(built.rowCount).padStart(5)} rows | load ${loadRequests} req ${loadMs.toFixed(0)} ms` +
        ` | build ${built.requests} req ${buildMs.toFixed(0)} ms | validate+plan ${planMs.toFixed(1)} ms (${plan.send.length} to send)` +
        ` | push all ${pushed.requests.bulkInput} bulk req ${pushMs.toFixed(0)} ms (${pushed.counts.Saved} saved)`,
    );
  } finally {
    await close();
  }
}

benchEachSize(bench);
