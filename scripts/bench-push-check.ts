/**
 * What the check before a push costs (issues J and R), on a 5,000-employee sandbox. Run:
 *   npx tsx scripts/bench-push-check.ts
 *
 * Pushes of 5 typed cells and of 100 rows (Push changes, conflict check on, as the pane pushes; Send), each with the
 * check on, with "Check before every push" off (no dialog, the flags still written) and without any check (as before
 * it existed); each first on a new connection, then again in the same period (the same rows typed again). The
 * 5-cell push waits for its nett pay; the 100-row push does not (its nett pay read is one employee list per look
 * whatever the check: scripts/bench-push.ts). Then 5,000 changed rows (one per employee of the client: a sheet holds
 * one wave, the largest 2,827 rows) through the push's two pre-steps themselves (the conflict check and the check,
 * Cancel). For each: requests and bytes received from the service, all and before the first bulk_input (the
 * pre-steps' reads), by route, and the wall time (the PayrollApi's 5 requests/s, loopback). And the crossover's two
 * sides: the client-wide pair against CONFLICT_LIST_CROSSOVER employees' own lists, by bytes, requests and time.
 * Plus os.loadavg().
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { PayrollApi, type FetchLike } from "../src/api";
import { calcKey } from "../src/contract";
import { createOfficeWorkbook } from "../src/excel";
import { createPreviewWorkbook, installPreviewExcel } from "../src/emulator";
import { startSandbox } from "../src/sandbox";
import { DEFAULT_PUSH_CHECK } from "../src/features/inputSheets/model/pushCheck";
import { flowContext } from "../src/ui/flows/common";
import { conflictCheck } from "../src/features/inputSheets/flows/conflicts";
import { CONFLICT_LIST_CROSSOVER } from "../src/features/inputSheets/flows/pushReads";
import { buildInputSheet, loadInputChoices, openInputSheet } from "../src/features/inputSheets/flows/inputs";
import { type PushOptions, pushInputSheet } from "../src/features/inputSheets/flows/push";
import { type PushCheckOptions, checkBeforeSending } from "../src/features/inputSheets/flows/pushCheck";
import { PushReads } from "../src/features/inputSheets/flows/pushReads";
import { largestWave } from "../test/support/largestWave";

const CLIENT = { id: 1, name: "bench" };
const SALARY = calcKey("basic_salary", "amount");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** Every response: its route (IDs as :id), bytes, and whether a bulk_input had been sent before it. */
interface Seen {
  route: string;
  bytes: number;
  afterSending: boolean;
}

(async () => {
  console.log(`os.loadavg(): ${loadavg()} on ${os.cpus().length} cores`);
  const sandbox = await startSandbox({ employees: 5000, recalcMs: 0 });
  try {
    const seen: Seen[] = [];
    let sending = false;
    const counting: FetchLike = async (url, init) => {
      const route = `${init.method ?? "GET"} ${new URL(url).pathname.replace(/^\/v1/, "").replace(/\/\d+/g, "/:id")}`;
      if (route.endsWith("/bulk_input")) sending = true;
      const res = await fetch(url, init);
      const body = new Uint8Array(await res.arrayBuffer());
      seen.push({ route, bytes: body.byteLength, afterSending: sending && !route.endsWith("/bulk_input") });
      return new Response(body, { status: res.status, headers: res.headers });
    };
    // A new connection as connection.ts makes it (default rate, 5 requests/s): its session knows nothing yet.
    const connect = () => new PayrollApi({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, fetch: counting });
    const fast = new PayrollApi({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, requestsPerSecond: 0 });
    const model = installPreviewExcel(globalThis, createPreviewWorkbook());
    const workbook = createOfficeWorkbook();
    const choices = await loadInputChoices(flowContext(fast, workbook, CLIENT));
    const best = largestWave(choices);
    const built = await buildInputSheet(
      flowContext(fast, workbook, CLIENT),
      { waveId: best.w.id, payslipDate: best.period!.date, inputKeys: [SALARY] },
      { choices },
    );
    const sheet = model.getSheet(built.sheetName);
    const table = sheet.tables()[0];
    let col = -1;
    for (let k = 0; k < table.cols; k++)
      if (String(sheet.valueAt(table.r, table.c + k)).startsWith("Basic salary")) col = table.c + k;
    console.log(
      `Client of ${choices.employees.length} employees; input sheet of wave ${best.w.id}: ${built.rowCount} rows. ` +
        `Crossover: ${CONFLICT_LIST_CROSSOVER} employees.`,
    );

    /** Types each of rows [from, from + n) up by `step` (one in ten by 60 %: flagged). */
    const type = (from: number, n: number, step: number) => {
      for (let i = from; i < from + n; i++) {
        const salary = Number(sheet.valueAt(table.r + 1 + i, col)) || 1000;
        const next = i % 10 === 0 && step === 1 ? salary * 1.6 : salary + step;
        model.editCell(sheet, table.r + 1 + i, col, String(Math.round(next * 100) / 100));
      }
    };
    /** "N requests, X KiB (before sending: …; by route …)". */
    const report = () => {
      const pre = seen.filter((x) => !x.afterSending && !x.route.endsWith("/bulk_input"));
      const byRoute = new Map<string, { n: number; bytes: number }>();
      for (const x of seen) {
        const r = byRoute.get(x.route) ?? { n: 0, bytes: 0 };
        byRoute.set(x.route, { n: r.n + 1, bytes: r.bytes + x.bytes });
      }
      const total = seen.reduce((a, x) => a + x.bytes, 0);
      const routes = [...byRoute].map(([route, r]) => `${route} ×${r.n} ${kb(r.bytes)}`).join("; ");
      return (
        `${seen.length} requests, ${kb(total)} received; reads before sending ${pre.length}, ` +
        `${kb(pre.reduce((a, x) => a + x.bytes, 0))} [${routes}]`
      );
    };
    let started = 0;
    const reset = () => {
      seen.length = 0;
      sending = false;
      started = performance.now();
    };
    const took = () => `${((performance.now() - started) / 1000).toFixed(2)} s`;

    const modes: { name: string; check: () => PushCheckOptions | undefined }[] = [
      { name: "check on", check: () => ({ settings: DEFAULT_PUSH_CHECK, ask: async () => "send" }) },
      {
        name: "check setting off",
        check: () => ({ settings: { ...DEFAULT_PUSH_CHECK, enabled: false }, ask: async () => "send" }),
      },
      { name: "no check", check: () => undefined },
    ];
    let row = 0;
    for (const size of [5, 100]) {
      for (const mode of modes) {
        const api = connect();
        const push = (): Promise<unknown> => {
          const options: PushOptions = {
            send: { mode: "changed" },
            steps: {
              conflictCheck: conflictCheck(api),
              check: mode.check(),
              nettPay: size <= 5 ? { polls: 10, intervalMs: 200 } : false,
            },
          };
          return pushInputSheet(flowContext(api, workbook, CLIENT), built.sheetName, options);
        };
        for (const [i, which] of ["first push", "same push again"].entries()) {
          type(row, size, i + 1);
          reset();
          await push();
          console.log(`${size} rows, ${mode.name}, ${which}${size <= 5 ? " (nett pay included)" : ""}, ${took()}: ${report()}`);
        }
        row += size;
      }
    }

    // The crossover: the pair against n employees' own lists, by bytes, requests and time (the PayrollApi's 5/s).
    {
      const api = connect();
      reset();
      await new PushReads(api, CLIENT.id, { crossover: 0 }).read([choices.employees[0].id]);
      const pair = { bytes: seen.reduce((a, x) => a + x.bytes, 0), ms: performance.now() - started };
      const n = CONFLICT_LIST_CROSSOVER;
      reset();
      await new PushReads(api, CLIENT.id, { crossover: n }).read(choices.employees.slice(500, 500 + n).map((e) => e.id));
      const own = { bytes: seen.reduce((a, x) => a + x.bytes, 0) / n, ms: (performance.now() - started) / n };
      const line = (bytes: number) => (bytes / 2.5e6) * 1000; // 20 Mbit/s
      console.log(
        `Crossover: the pair ${kb(pair.bytes)} in 2 requests, ${(pair.ms / 1000).toFixed(2)} s here, ` +
          `~${(line(pair.bytes) / 1000).toFixed(1)} s on a 20 Mbit/s line; ${n} employees' own lists ${kb(own.bytes)} and ` +
          `${(own.ms / 1000).toFixed(2)} s an employee (2 requests). Break-even: by bytes ${Math.round(pair.bytes / own.bytes)} ` +
          `employees, by time ${Math.round(pair.ms / own.ms)} here and ` +
          `${Math.round((line(pair.bytes) + pair.ms) / (line(own.bytes) + own.ms))} on that line.`,
      );
    }

    // 5,000 changed rows, one per employee of the client, through the two pre-steps (Cancel at the check).
    const { meta, snapshot } = await openInputSheet(workbook, built.sheetName, CLIENT.id);
    const send = choices.employees.map((e, rowIndex) => ({
      rowIndex,
      employeeId: e.id,
      payslipDate: meta.payslipDate,
      attributes: { [SALARY]: rowIndex % 10 === 0 ? 4800 : 3030 },
    }));
    const plan = { mode: "changed" as const, send, chunks: [send], local: [], inScope: send.length };
    for (const mode of modes.filter((m) => m.name !== "check setting off")) {
      const api = connect();
      for (const which of ["first push", "same push again"]) {
        reset();
        const reads = new PushReads(api, CLIENT.id);
        const ctx = flowContext(api, workbook, CLIENT);
        const checked = await conflictCheck(api)(plan, { meta, snapshot }, undefined, reads);
        const options = mode.check();
        if (options)
          await checkBeforeSending(ctx, { sheetName: built.sheetName, meta, snapshot }, checked, {
            ...options,
            ask: async () => "cancel",
            reads,
          }).catch(() => undefined);
        console.log(`${send.length} rows (the pre-steps), ${mode.name}, ${which}, ${took()}: ${report()}`);
      }
    }
  } finally {
    await sandbox.close();
  }
  console.log(`os.loadavg(): ${loadavg()} on ${os.cpus().length} cores`);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
