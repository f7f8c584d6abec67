/**
 * Month-end overview at a bureau's scale: 50 clients of 200 employees, through the real PayrollApi at the pane's
 * rate (5 requests a second, 4 in flight) against a local sandbox, written to the preview workbook by the real Excel
 * layer. Prints the requests, the wall time against the rate limit's floor ((requests - 1) × 200 ms), how long the
 * reads and the sheet took, and the load average.
 *
 * The sandbox holds three clients; client n of the bench is answered by sandbox client ((n - 1) mod 3) + 1, so each
 * answer is a real one of 200 employees with their service periods and last 12 payslips.
 * Run: npx tsx scripts/bench-month-end.ts [clients] [employees] [runs]   (default 50 200 3)
 */
import os from "os";
import { PayrollApi, type FetchLike } from "../src/api";
import { createOfficeWorkbook } from "../src/excel";
import { createPreviewWorkbook, installPreviewExcel } from "../src/emulator";
import { startSandbox } from "../src/sandbox";
import { flowContext } from "../src/ui/flows/common";
import { monthEndOverview } from "../src/features/monthEnd/flows/monthEnd";

const clients = Number(process.argv[2] ?? 50);
const employees = Number(process.argv[3] ?? 200);
const runs = Number(process.argv[4] ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" / ");

async function main(): Promise<void> {
  const sandbox = await startSandbox({ employees, seed: 42 });
  const real = await new PayrollApi({ baseUrl: sandbox.url, apiKey: sandbox.apiKey }).listClients();
  const bytes: number[] = [];
  // /clients/<n>/... goes to one of the sandbox's three clients.
  const fetchMapped: FetchLike = async (url, init) => {
    const mapped = url.replace(/\/clients\/(\d+)\//, (_, n: string) => `/clients/${real[(Number(n) - 1) % real.length].id}/`);
    const answer = await fetch(mapped, init);
    const text = await answer.text();
    bytes.push(text.length);
    return new Response(text, { status: answer.status, headers: answer.headers });
  };
  const reachable = Array.from({ length: clients }, (_, i) => ({ id: i + 1, name: `Client ${String(i + 1).padStart(2, "0")}` }));
  console.log(`${clients} clients of ${employees} employees; load average before ${load()}`);

  const walls: number[] = [];
  for (let run = 1; run <= runs; run++) {
    let requests = 0;
    bytes.length = 0;
    const api = new PayrollApi({
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      timeoutMs: 120_000,
      fetch: fetchMapped,
      onRequest: () => void requests++,
    });
    installPreviewExcel(globalThis, createPreviewWorkbook());
    const workbook = createOfficeWorkbook();
    let readsDone = 0;
    const start = Date.now();
    const result = await monthEndOverview(
      flowContext(
        api,
        workbook,
        { id: 1, name: "Client 01" },
        {
          update: (done, total) => {
            if (total === clients && done === clients && !readsDone) readsDone = Date.now();
          },
        },
      ),
      { reachable },
    );
    const wall = Date.now() - start;
    walls.push(wall);
    const floor = (requests - 1) * 200;
    console.log(
      `run ${run}: ${result.rows.length} rows, ${requests} requests (${requests / clients} per client), ` +
        `${(bytes.reduce((a, b) => a + b, 0) / 1e6).toFixed(1)} MB read; wall ${wall} ms ` +
        `(reads ${readsDone - start} ms, sheet and chart ${start + wall - readsDone} ms); ` +
        `rate-limit floor ${floor} ms, ${(wall / floor).toFixed(2)}× the floor; load average ${load()}`,
    );
  }
  console.log(`median wall ${median(walls)} ms over ${runs} runs; load average after ${load()}`);
  await sandbox.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
