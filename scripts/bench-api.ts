/**
 * PayrollApi cost on big answers: one client's employees (plain and with includes) and its calculations, through the
 * real PayrollApi against a local sandbox, split into HTTP + JSON time and contract (zod) parsing time.
 * Run: npx tsx scripts/bench-api.ts [employees]   (default 10000)
 */
import { PayrollApi, type RequestLogEntry } from "../src/api";
import { startSandbox } from "../src/sandbox";

const employees = Number(process.argv[2] ?? 10_000);

async function main(): Promise<void> {
  let t = Date.now();
  const sandbox = await startSandbox({ employees, seed: 42 });
  console.log(`sandbox with ${employees.toLocaleString("en-IE")} employees per client started in ${Date.now() - t} ms`);
  const logs: RequestLogEntry[] = [];
  const api = new PayrollApi({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    timeoutMs: 120_000,
    onRequest: (e) => logs.push(e),
  });

  const run = async (label: string, call: () => Promise<unknown[]>) => {
    await call(); // warm-up (the sandbox memoises payslips; the JIT warms the schemas)
    logs.length = 0;
    const start = Date.now();
    const records = await call();
    const total = Date.now() - start;
    const http = logs[logs.length - 1]?.durationMs ?? 0;
    const heap = Math.round(process.memoryUsage().heapUsed / 1e6);
    console.log(
      `${label.padEnd(44)} ${String(records.length).padStart(7)} records  total ${String(total).padStart(5)} ms` +
        `  (HTTP+read ${http} ms, JSON+zod ${total - http} ms)  heap ${heap} MB`,
    );
  };

  await run("listEmployees(1)", () => api.listEmployees(1));
  await run("listEmployees(1, service_periods)", () => api.listEmployees(1, ["service_periods"]));
  await run("listEmployees(1, service_periods,recent_payslips)", () =>
    api.listEmployees(1, ["service_periods", "recent_payslips"]),
  );
  await run("listClientCalculations(1)", () => api.listClientCalculations(1));

  // Rate limiter cost: 20 small calls in a burst at the default 5 per second.
  const paced = new PayrollApi({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
  t = Date.now();
  await Promise.all(Array.from({ length: 20 }, () => paced.listPayPoints(1)));
  console.log(`20 parallel calls at the default 5 req/s, 4 in flight: ${Date.now() - t} ms (spacing 200 ms => >= 3800 ms)`);

  await sandbox.close();
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
