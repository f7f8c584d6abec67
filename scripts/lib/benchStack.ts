/**
 * What the flow benchmarks share: a sandbox with a given head count, a PayrollApi over a fetch that counts
 * requests (the HTTP budget is what they measure), and the Excel layer over a fresh preview workbook.
 */
import { PayrollApi, type FetchLike } from "../../src/api";
import { createOfficeWorkbook } from "../../src/excel";
import { createPreviewWorkbook, installPreviewExcel } from "../../src/emulator";
import { startSandbox } from "../../src/sandbox";

export async function startBenchStack(employees: number) {
  const sandbox = await startSandbox({ employees, recalcMs: 0 });
  /** Requests sent so far; a benchmark may reset it between steps. */
  const counter = { requests: 0 };
  const counting: FetchLike = (url, init) => {
    counter.requests++;
    return fetch(url, init);
  };
  const api = new PayrollApi({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, requestsPerSecond: 0, fetch: counting });
  const model = installPreviewExcel(globalThis, createPreviewWorkbook());
  const workbook = createOfficeWorkbook();
  return { api, workbook, model, counter, close: () => sandbox.close() };
}

/** Runs the benchmark for each head count given on the command line (default 40 and 400), one after another. */
export function benchEachSize(bench: (employees: number) => Promise<void>): void {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  (async () => {
    for (const n of sizes.length ? sizes : [40, 400]) await bench(n);
  })().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
