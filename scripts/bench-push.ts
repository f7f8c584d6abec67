/**
 * Push figures (issue D). Run: npx tsx scripts/bench-push.ts [rows]   (default 5000)
 *
 * 1. Nett pay after a push, on a 5,000-employee sandbox: bytes and time to read N saved rows' nett pay through
 *    each employee's payslip list (4 at a time) and through one employee list with recent_payslips, at the
 *    client's default rate (5 requests/s). Prints the crossover by time on loopback and, since the list's cost is
 *    its bytes on a real line, estimated on a 20 Mbit/s line (2.5 MB/s).
 * 2. Throughput: a push of `rows` rows (default 5,000) at the client's defaults (chunks of 100, 5 requests/s,
 *    2 chunks in flight), its wall time beside its floor: (requests − 1) ÷ rate + the service's answer time (median
 *    bulk_input answer, measured in the same run), and the ratio, on the sandbox as it is and with 250 ms added to
 *    each answer; plus os.loadavg().
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { PayrollApi, type FetchLike, type RequestLogEntry } from "../src/api";
import { calcKey } from "../src/contract";
import { createOfficeWorkbook } from "../src/excel";
import { createPreviewWorkbook, installPreviewExcel, type WorkbookModel } from "../src/emulator";
import { startSandbox } from "../src/sandbox";
import type { NettPayTarget } from "../src/features/inputSheets/model/nettPay";
import { buildInputSheet, loadInputChoices } from "../src/features/inputSheets/flows/inputs";
import { NETT_PAY_LIST_CROSSOVER, readNettPay } from "../src/features/inputSheets/flows/nettPay";
import { DEFAULT_PUSH_CONCURRENCY, pushInputSheet } from "../src/features/inputSheets/flows/push";
import { flowContext } from "../src/ui/flows/common";
import { largestWave } from "../test/support/largestWave";

/** The sandbox's client 1, which every bench here builds and pushes for. */
const BENCH_CLIENT = { id: 1, name: "bench" };

const RATE = 5; // the client's default requests per second
const LINE_BYTES_PER_S = 2.5e6; // 20 Mbit/s

async function stack(employees: number, latencyMs = 0) {
  const sandbox = await startSandbox({ employees, recalcMs: 0, latencyMs });
  const count = { bytes: 0, requests: 0 };
  const counting: FetchLike = async (url, init) => {
    const res = await fetch(url, init);
    const body = new Uint8Array(await res.arrayBuffer());
    count.bytes += body.byteLength;
    count.requests += 1;
    return new Response(body, { status: res.status, headers: res.headers });
  };
  const log: RequestLogEntry[] = [];
  // The pane's client as connection.ts makes it: default rate, concurrency and retries.
  const api = new PayrollApi({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    fetch: counting,
    onRequest: (e) => log.push(e),
  });
  const fast = new PayrollApi({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, requestsPerSecond: 0 });
  const model = installPreviewExcel(globalThis, createPreviewWorkbook());
  return { sandbox, api, fast, count, log, model, workbook: createOfficeWorkbook() };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function nettPayCrossover(): Promise<void> {
  const st = await stack(5000);
  try {
    const employees = await st.fast.listEmployees(1, ["recent_payslips"]);
    const targetsOf = (n: number): NettPayTarget[] =>
      employees.slice(0, n).map((e, rowIndex) => {
        const p = e.recent_payslips!.map((r) => r.payslip).find((x) => !x.special)!;
        return { rowIndex, employeeId: e.id, payslipDate: p.date };
      });
    console.log(`\nNett pay read on a 5,000-employee client (client at ${RATE} requests/s, 4 at a time)`);
    console.log("rows | payslip lists: bytes, time | employee list: bytes, time | at 20 Mbit/s: lists, list");
    let crossLoopback: number | null = null;
    let crossLine: number | null = null;
    for (const n of [1, 5, 10, 25, 50, 100, 200, 400]) {
      const measure = async (crossover: number) => {
        st.count.bytes = 0;
        const t = performance.now();
        await readNettPay(st.api, 1, targetsOf(n), { crossover });
        return { bytes: st.count.bytes, ms: performance.now() - t };
      };
      const lists = await measure(Infinity);
      const list = await measure(0);
      const line = (m: { bytes: number; ms: number }) => m.ms + (m.bytes / LINE_BYTES_PER_S) * 1000;
      if (crossLoopback === null && lists.ms > list.ms) crossLoopback = n;
      if (crossLine === null && line(lists) > line(list)) crossLine = n;
      console.log(
        `${String(n).padStart(4)} | ${kb(lists.bytes).padStart(10)}, ${s(lists.ms).padStart(7)} | ${kb(list.bytes).padStart(11)}, ${s(list.ms).padStart(7)} | ${s(line(lists))}, ${s(line(list))}`,
      );
    }
    console.log(
      `payslip lists cost more time than the list from ${crossLoopback ?? "> 400"} rows on loopback, from ${crossLine ?? "> 400"} on a 20 Mbit/s line; NETT_PAY_LIST_CROSSOVER = ${NETT_PAY_LIST_CROSSOVER}`,
    );
    await fiveCells(st);
  } finally {
    await st.sandbox.close();
  }
}

async function throughput(rows: number, latencyMs: number): Promise<void> {
  // Client 1's largest wave holds about 57% of its employees.
  const st = await stack(Math.ceil(rows / 0.55), latencyMs);
  try {
    const { built } = await buildLargestSheet(st);
    selectRows(st.model, built.sheetName, Math.min(rows, built.rowCount));
    st.log.length = 0;
    st.count.bytes = 0;
    const t = performance.now();
    const result = await pushInputSheet(flowContext(st.api, st.workbook, BENCH_CLIENT), built.sheetName, {
      send: { mode: "selected" },
      steps: { nettPay: false },
    });
    const wallMs = performance.now() - t;
    const bulk = st.log.filter((e) => e.path.endsWith("/bulk_input"));
    const answers = bulk.map((e) => e.durationMs).sort((a, b) => a - b);
    const median = answers[Math.floor(answers.length / 2)];
    // The last request cannot start before (requests − 1) ÷ rate, nor end before its answer time after that.
    const floorMs = ((bulk.length - 1) / RATE) * 1000 + median;
    console.log(
      `\nPush of ${result.counts.Saved} rows (${bulk.length} bulk_input requests of up to 100, ${DEFAULT_PUSH_CONCURRENCY} in flight, ${RATE} requests/s), sandbox --latency-ms ${latencyMs}`,
    );
    console.log(
      `  answer time: median ${median} ms, max ${answers[answers.length - 1]} ms, sum ${s(answers.reduce((a, b) => a + b, 0))}`,
    );
    console.log(
      `  wall ${s(wallMs)}, floor ${s(floorMs)} ((requests − 1) ÷ rate ${s(((bulk.length - 1) / RATE) * 1000)} + ${median} ms)`,
    );
    console.log(`  ratio ${(wallMs / floorMs).toFixed(2)} (target ≤ 1.5); ${kb(st.count.bytes)} received`);
  } finally {
    await st.sandbox.close();
  }
  console.log(
    `os.loadavg(): ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} on ${os.cpus().length} cores`,
  );
}

type BenchStack = Awaited<ReturnType<typeof stack>>;

/** An input sheet of basic salaries for client 1's largest open period. */
async function buildLargestSheet(st: BenchStack) {
  const ctx = flowContext(st.fast, st.workbook, BENCH_CLIENT);
  const choices = await loadInputChoices(ctx);
  const best = largestWave(choices);
  const built = await buildInputSheet(
    ctx,
    {
      waveId: best.w.id,
      payslipDate: best.period!.date,
      inputKeys: [calcKey("basic_salary", "amount")],
    },
    { choices },
  );
  return { built, payslipDate: best.period!.date };
}

/** Bytes from the service while 5 typed cells are pushed, nett pay included (the client's defaults). */
async function fiveCells(st: BenchStack): Promise<void> {
  const { built } = await buildLargestSheet(st);
  const sheet = st.model.getSheet(built.sheetName);
  const table = sheet.tables()[0];
  let col = -1;
  for (let k = 0; k < table.cols; k++)
    if (String(sheet.valueAt(table.r, table.c + k)).startsWith("Basic salary")) col = table.c + k;
  for (const i of [0, 1, 2, 3, 4]) st.model.editCell(sheet, table.r + 1 + i, col, String(58_000 + i));
  st.count.bytes = 0;
  st.count.requests = 0;
  const t = performance.now();
  const result = await pushInputSheet(flowContext(st.api, st.workbook, BENCH_CLIENT), built.sheetName, {
    send: { mode: "changed" },
    steps: { nettPay: { polls: 10, intervalMs: 200 } },
  });
  console.log(
    `\n5 typed cells on 5,000 employees: ${result.counts.Saved} saved, nett pay ${result.nettPay.updated} shown; ` +
      `${st.count.requests} requests, ${kb(st.count.bytes)} received (limit 200 KiB), ${s(performance.now() - t)}`,
  );
}

function selectRows(model: WorkbookModel, sheetName: string, count: number): void {
  const sheet = model.getSheet(sheetName);
  const table = sheet.tables()[0];
  model.select(sheet, { r: table.r + 1, c: table.c, rows: count, cols: 1 });
}

(async () => {
  const rows = Number(process.argv[2] ?? 5000);
  console.log(
    `os.loadavg(): ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} on ${os.cpus().length} cores`,
  );
  await nettPayCrossover();
  // The sandbox as it is, and with 250 ms added to every answer (a distant service): two chunks in flight keep
  // the rate's pace while an answer takes up to 2 ÷ rate.
  for (const latencyMs of [0, 250]) await throughput(rows, latencyMs);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
