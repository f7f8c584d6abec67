/**
 * Engine throughput: payslips computed per second, and the cost of the wire forms and a pay-run journal.
 * Run: npx tsx scripts/bench-engine.ts [payslips]
 * The sandbox computes every finalised payslip once (memoised); with --employees 10000 and 12+ months of
 * history that is a few hundred thousand payslips, so this figure bounds its start-up time.
 */
import { buildJournal, computePayslip, payslipData, payslipDetail, type PayslipItemInput } from "../src/sandbox/engine";

const count = Number(process.argv[2] ?? 200_000);
const custom = [{ id: 1001, label: "Meal allowance", category: "income" as const }];
const items: PayslipItemInput[] = [
  { calculation_id: "basic_salary", inputs: { amount: 2875.5 } },
  { calculation_id: "overtime", inputs: { hours: 6.5, rate: 21.75, multiplier: 1.5 } },
  { calculation_id: "pension", inputs: { employee_percent: 5, employer_percent: 7.5 } },
  { calculation_id: "employer_loan", inputs: { amount: 75, balance: 1200 }, instance: 1 },
  { calculation_id: "savings", inputs: { amount: 40, balance: 800 }, instance: 2 },
  { calculation_id: 1001, inputs: { amount: 25 } },
];
const period = { periods_per_year: 12, period_end_date: "2025-06-30" };

function time(label: string, n: number, fn: (i: number) => unknown): void {
  for (let i = 0; i < Math.min(n, 5000); i++) fn(i); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn(i);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  console.log(
    `${label.padEnd(28)} ${n.toLocaleString("en-IE").padStart(9)} in ${ms.toFixed(0).padStart(6)} ms = ${((ms * 1000) / n).toFixed(2)} µs each, ${Math.round(n / (ms / 1000)).toLocaleString("en-IE")}/s`,
  );
}

const facts = [{ prsi_class: "a" }, { prsi_class: "j" }, { prsi_class: "s", director: true }];
time("computePayslip", count, (i) => computePayslip(facts[i % 3], items, period, custom));
const p = computePayslip(facts[0], items, period, custom);
time("payslipDetail", count, () => payslipDetail(p));
time("payslipData", count, () => payslipData(p));
const run = Array.from({ length: 10_000 }, (_, i) => ({ payslip: computePayslip(facts[i % 3], items, period, custom) }));
time("buildJournal (10,000 slips)", 20, () => buildJournal(run, [], custom));
const mem = process.memoryUsage();
console.log(`heap used ${(mem.heapUsed / 1e6).toFixed(0)} MB, rss ${(mem.rss / 1e6).toFixed(0)} MB`);
