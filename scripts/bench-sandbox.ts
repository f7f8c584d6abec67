/**
 * Sandbox speed at scale: start time with 10,000 employees per client, and the time to list one client's
 * employees over HTTP (plain, with recent payslips, and the first payment-runs list). Run: npx tsx scripts/bench-sandbox.ts [employees]
 */
import { startSandbox } from "../src/sandbox";

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const out = await fn();
  console.log(`${label.padEnd(58)} ${(performance.now() - t).toFixed(0).padStart(6)} ms`);
  return out;
}

async function main(): Promise<void> {
  const employees = Number(process.argv[2] ?? 10_000);
  console.log(`Sandbox benchmark: ${employees} employees per client, 3 clients, Node ${process.version}`);
  const s = await timed(`start (generate demo data + listen)`, () => startSandbox({ employees, recalcMs: 0 }));
  const heap = process.memoryUsage();
  console.log(
    `${"heap used / rss after start".padEnd(58)} ${Math.round(heap.heapUsed / 1e6)} MB / ${Math.round(heap.rss / 1e6)} MB`,
  );
  const get = async (path: string) => {
    const r = await fetch(`${s.url}/v1${path}`, { headers: { Authorization: s.apiKey } });
    const body = await r.text();
    if (r.status !== 200) throw new Error(`${path}: HTTP ${r.status} ${body.slice(0, 200)}`);
    return body;
  };
  for (const round of [1, 2]) {
    const body = await timed(`GET /clients/1/employees (round ${round})`, () => get("/clients/1/employees"));
    if (round === 1) console.log(`${"  records / bytes".padEnd(58)} ${(JSON.parse(body) as unknown[]).length} / ${body.length}`);
  }
  await timed("GET /clients/1/employees?include=recent_payslips", () => get("/clients/1/employees?include=recent_payslips"));
  await timed("GET /clients/1/employees?include=recent_payslips_with_data", () =>
    get("/clients/1/employees?include=recent_payslips_with_data"),
  );
  await timed("GET /clients/1/calculations", () => get("/clients/1/calculations"));
  await timed("GET /clients/1/payment_runs (first: computes run totals)", () => get("/clients/1/payment_runs"));
  await timed("GET /clients/1/payment_runs (second)", () => get("/clients/1/payment_runs"));
  await s.close();

  // --data: the state file at this scale (serialise to bytes, then load back).
  const { serialise, Persistence } = await import("../src/sandbox/store/persistence");
  const { generateDemo } = await import("../src/sandbox/demo/generate");
  const store = generateDemo({ seed: 42, employees, today: "2026-11-21" });
  const bytes = await timed("--data: serialise the state", () => serialise(store));
  console.log(`${"  state file size".padEnd(58)} ${Math.round(bytes.length / 1e6)} MB`);
  const { writeFileSync, mkdtempSync, rmSync } = await import("node:fs");
  const dir = mkdtempSync(`${(await import("node:os")).tmpdir()}/sandbox-bench-`);
  writeFileSync(`${dir}/state.ndjson`, bytes);
  const loaded = await timed("--data: load the state file", () => new Persistence(`${dir}/state.ndjson`).load());
  console.log(`${"  payslips loaded".padEnd(58)} ${loaded?.payslips.size}`);
  rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
