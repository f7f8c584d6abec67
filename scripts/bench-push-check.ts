/**
 * The check before a push (issue J), on a 5,000-employee sandbox. Run: npx tsx scripts/bench-push-check.ts
 *
 * For 10 and for every row of the largest wave's input sheet changed (salary +1 %, one row in ten +60 %), presses
 * Push changes with the check on and answers Cancel: prints the requests, the bytes received and the time until the
 * dialog would show (the previous period read, the totals and flags), and that no bulk_input request was made.
 * Then 5,000 changed rows (one per employee) through checkBeforeSending itself.
 * The request count does not depend on the rows: 2 (the employee list with recent payslips, the client's
 * calculations). Plus os.loadavg().
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { PayrollApi, type FetchLike } from "../src/api";
import { calcKey } from "../src/contract";
import { createOfficeWorkbook } from "../src/excel";
import { createPreviewWorkbook, installPreviewExcel } from "../src/emulator";
import { startSandbox } from "../src/sandbox";
import { DEFAULT_PUSH_CHECK } from "../src/sheets/pushCheck";
import { flowContext } from "../src/taskpane/flows/common";
import { buildInputSheet, loadInputChoices } from "../src/taskpane/flows/inputs";
import { pushInputSheet } from "../src/taskpane/flows/push";
import { type PushCheckReview, checkBeforeSending } from "../src/taskpane/flows/pushCheck";
import { openInputSheet } from "../src/taskpane/flows/inputs";
import type { WorkbookPort } from "../src/excel";
import { largestWave } from "../test/support/largestWave";

const CLIENT = { clientId: 1, clientName: "bench" };
const SALARY = calcKey("basic_salary", "amount");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/**
 * 5,000 changed rows: a sheet holds one wave (the largest has fewer rows), so the check itself is given a plan of
 * one row per employee of the client (each salary +1 %, one in ten +60 %), as an undo or a larger wave would send.
 */
async function everyEmployee(
  api: PayrollApi,
  workbook: WorkbookPort,
  sheetName: string,
  employees: readonly { id: number }[],
  sent: string[],
  count: { bytes: number },
): Promise<void> {
  const { meta, snapshot } = await openInputSheet(workbook, sheetName, CLIENT.clientId);
  const send = employees.map((e, rowIndex) => ({
    rowIndex,
    employeeId: e.id,
    payslipDate: meta.payslipDate,
    attributes: { [SALARY]: rowIndex % 10 === 0 ? 4800 : 3030 },
  }));
  const plan = { mode: "changed" as const, send, chunks: [send], local: [], inScope: send.length };
  sent.length = 0;
  count.bytes = 0;
  const t = performance.now();
  let atDialog = 0;
  let review: PushCheckReview | null = null;
  await checkBeforeSending(flowContext(api, workbook, CLIENT), { sheetName, meta, snapshot }, plan, {
    settings: DEFAULT_PUSH_CHECK,
    ask: async (r) => {
      review = r;
      atDialog = performance.now() - t;
      return "cancel";
    },
  }).catch(() => undefined);
  const r = (review as PushCheckReview | null)?.sheets[0];
  console.log(
    `${send.length} changed rows (one per employee, through checkBeforeSending): ${sent.length} requests, ` +
      `${kb(count.bytes)} received, ${(atDialog / 1000).toFixed(2)} s to the check dialog; ${r?.totals.rows} rows, ` +
      `${r?.flags.length} flagged`,
  );
}

(async () => {
  console.log(`os.loadavg(): ${loadavg()} on ${os.cpus().length} cores`);
  const sandbox = await startSandbox({ employees: 5000, recalcMs: 0 });
  try {
    const sent: string[] = [];
    const count = { bytes: 0 };
    const counting: FetchLike = async (url, init) => {
      sent.push(`${init.method ?? "GET"} ${new URL(url).pathname}`);
      const res = await fetch(url, init);
      const body = new Uint8Array(await res.arrayBuffer());
      count.bytes += body.byteLength;
      return new Response(body, { status: res.status, headers: res.headers });
    };
    // The pane's client as connection.ts makes it (default rate); the build through an unthrottled one.
    const api = new PayrollApi({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, fetch: counting });
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
    console.log(`Input sheet of ${choices.employees.length} employees' client: wave ${best.w.id}, ${built.rowCount} rows`);
    let edited = 0;
    for (const rows of [10, built.rowCount]) {
      // Salaries +1 %, one row in ten +60 % (flagged); rows already edited stay edited.
      for (; edited < rows; edited++) {
        const salary = Number(sheet.valueAt(table.r + 1 + edited, col)) || 1000;
        model.editCell(sheet, table.r + 1 + edited, col, String(Math.round(salary * (edited % 10 === 0 ? 160 : 101)) / 100));
      }
      sent.length = 0;
      count.bytes = 0;
      const t = performance.now();
      let review: PushCheckReview | null = null;
      let atDialog = 0;
      await pushInputSheet(flowContext(api, workbook, CLIENT), built.sheetName, {
        mode: "changed",
        nettPay: false,
        check: {
          settings: DEFAULT_PUSH_CHECK,
          ask: async (r) => {
            review = r;
            atDialog = performance.now() - t;
            return "cancel";
          },
        },
      }).catch(() => undefined);
      const r = (review as PushCheckReview | null)?.sheets[0];
      console.log(
        `${rows} changed rows: ${sent.length} requests (${sent.join(", ")}), ${kb(count.bytes)} received, ` +
          `${(atDialog / 1000).toFixed(2)} s to the check dialog; ${r?.totals.rows} rows, ${r?.totals.cells} cells, ` +
          `${r?.flags.length} flagged; bulk_input requests after Cancel: ${sent.filter((x) => x.endsWith("/bulk_input")).length}`,
      );
    }
    await everyEmployee(api, workbook, built.sheetName, choices.employees, sent, count);
  } finally {
    await sandbox.close();
  }
  console.log(`os.loadavg(): ${loadavg()} on ${os.cpus().length} cores`);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
