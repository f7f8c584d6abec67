/**
 * The Input sheets tab's HTTP budget (issue R): opening the tab (its pickers' four lists) and building a sheet of the
 * largest wave, through the pane's shared reads (serverState) as the panel does, on a sandbox of 5,000 employees.
 * Run: npx tsx scripts/bench-input-tab.ts [employees...]   (default 5000)
 *
 * Prints, with os.loadavg(): the requests by route and the bytes received of
 *   1. open the tab + build (each list once: at most 4 requests),
 *   2. open it again + build again (nothing while the lists are fresh),
 *   3. a write (a bulk_input of 5 cells, as a push sends) + build (the two lists a write may change, read again),
 *   4. the same open + build without shared reads, as before (the build read two lists again: 6 requests).
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { PayrollApi, type FetchLike } from "../src/api";
import { calcKey } from "../src/contract";
import { createOfficeWorkbook } from "../src/excel";
import { createPreviewWorkbook, installPreviewExcel } from "../src/emulator";
import { startSandbox } from "../src/sandbox";
import { flowContext, type FlowContext } from "../src/ui/flows/common";
import { buildInputSheet, loadInputChoices } from "../src/features/inputSheets/flows/inputs";
import { createClientReads } from "../src/ui/serverState";
import { largestWave } from "../test/support/largestWave";

const CLIENT = { id: 1, name: "bench" };
const SALARY = calcKey("basic_salary", "amount");
const kib = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString("en-IE")} KiB`;
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

async function bench(employees: number): Promise<void> {
  const sandbox = await startSandbox({ employees, recalcMs: 0 });
  try {
    const sent: string[] = [];
    const count = { bytes: 0 };
    const counting: FetchLike = async (url, init) => {
      const { pathname, search } = new URL(url);
      sent.push(`${init.method ?? "GET"} ${pathname.replace(/^\/v1/, "")}${decodeURIComponent(search)}`);
      const res = await fetch(url, init);
      const body = new Uint8Array(await res.arrayBuffer());
      count.bytes += body.byteLength;
      return new Response(body, { status: res.status, headers: res.headers });
    };
    // The pane's PayrollApi as connection.ts makes it (default rate limit).
    const api = new PayrollApi({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, fetch: counting });
    installPreviewExcel(globalThis, createPreviewWorkbook());
    const workbook = createOfficeWorkbook();
    const reads = createClientReads(api);
    const inPane: FlowContext = { ...flowContext(api, workbook, CLIENT), reads };

    /** One step: what it sent, by route, and the bytes it received. */
    const step = async (label: string, work: () => Promise<unknown>) => {
      sent.length = 0;
      count.bytes = 0;
      const t = performance.now();
      await work();
      const seconds = ((performance.now() - t) / 1000).toFixed(2);
      const routes = new Map<string, number>();
      for (const r of sent) routes.set(r, (routes.get(r) ?? 0) + 1);
      const list = [...routes].map(([r, n]) => (n > 1 ? `${r} ×${n}` : r)).join(", ");
      console.log(`  ${label}: ${sent.length} requests, ${kib(count.bytes)} received, ${seconds} s${list ? ` (${list})` : ""}`);
    };
    /** Opening the tab (the pickers' lists), then building the largest wave's sheet with one input. */
    const openAndBuild = async (ctx: FlowContext) => {
      const choices = await loadInputChoices(ctx);
      const best = largestWave(choices);
      await buildInputSheet(ctx, { waveId: best.w.id, payslipDate: best.period!.date, inputKeys: [SALARY] }, { choices });
      return { choices, best };
    };

    console.log(`${employees.toLocaleString("en-IE")} employees; os.loadavg(): ${loadavg()} on ${os.cpus().length} cores`);
    let opened: Awaited<ReturnType<typeof openAndBuild>> | null = null;
    await step("1. open the tab + build", async () => (opened = await openAndBuild(inPane)));
    await step("2. open again + build again", () => openAndBuild(inPane));
    const { choices, best } = opened!;
    const five = choices.employees.filter((e) => e.wave_id === best.w.id).slice(0, 5);
    let saved = 0;
    await step("3. a write of 5 cells", async () => {
      const entities = five.map((e) => ({ id: String(e.id), payslip_date: best.period!.date, attributes: { [SALARY]: 3000 } }));
      saved = (await api.bulkInput(CLIENT.id, entities)).filter((r) => r.success === "true").length;
    });
    console.log(`     (${saved} of 5 saved)`);
    await step("   then build", () => openAndBuild(inPane));
    await step("4. open + build without shared reads (as before)", () => openAndBuild(flowContext(api, workbook, CLIENT)));
    console.log(`  os.loadavg() after: ${loadavg()}`);
  } finally {
    await sandbox.close();
  }
}

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
(async () => {
  for (const n of sizes.length ? sizes : [5000]) await bench(n);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
