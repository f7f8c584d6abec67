/**
 * Change history append on the preview workbook (the emulator counts Excel requests and their sizes as Excel on the
 * web does): a 5,000-row push's lines appended to a new Change history, then the next push's lines to the same table,
 * then the table read back as Undo push reads it. Prints the syncs (Excel round trips), the bytes sent, the largest
 * request against the 5 MB limit, the time, and the load average. Asserts nothing.
 * The host's ExcelApi level (Table.resize from 1.13, rows.add below) and the AutoCorrect option "Include new rows
 * and columns in table" can be set: npx tsx scripts/bench-change-history.ts 5000 1.12 off
 *   npx tsx scripts/bench-change-history.ts [rows] [host ExcelApi level, default 1.17] [autoCorrect on|off]
 */
import os from "os";
import { createOfficeWorkbook } from "../src/excel";
import { createPreviewWorkbook, installPreviewExcel } from "../src/emulator";
import type { PushedCell } from "../src/features/inputSheets/model/changeHistory";
import { appendHistory, readHistory } from "../src/features/inputSheets/flows/changeHistory";

const rows = Number(process.argv[2] ?? 5_000);
const host = process.argv[3] ?? "1.17";
const autoCorrectTables = process.argv[4] !== "off";

const cells = (offset: number): PushedCell[] =>
  Array.from({ length: rows }, (_, i) => ({
    employeeId: 10_000 + i,
    number: `E-${String(i + 1).padStart(5, "0")}`,
    name: `Siobhán Ní Bhriain-${i}`,
    payslipDate: "2026-11-30",
    input: "Basic salary: amount",
    inputKey: "calc.basic_salary.amount",
    before: 3000 + i + offset,
    sent: 3100.5 + i + offset,
    outcome: i % 50 === 0 ? "Failed" : "Saved",
    message: i % 50 === 0 ? "Payslip 123456 (2026-11-30) is finalised and cannot be updated" : "",
  }));

async function step(name: string, wb: ReturnType<typeof installPreviewExcel>, work: () => Promise<unknown>): Promise<void> {
  const before = wb.syncLog.length;
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  const syncs = wb.syncLog.slice(before);
  const sent = syncs.reduce((n, s) => n + s.requestBytes, 0);
  const received = syncs.reduce((n, s) => n + s.responseBytes, 0);
  const maxReq = Math.max(0, ...syncs.map((s) => s.requestBytes));
  const refused = syncs.filter((s) => !s.ok).length;
  console.log(
    `${name.padEnd(40)} ${ms.toFixed(0).padStart(6)} ms  syncs ${String(syncs.length).padStart(3)}  refused ${refused}  ` +
      `sent ${(sent / 1e6).toFixed(2)} MB  received ${(received / 1e6).toFixed(2)} MB  largest request ${(maxReq / 1e6).toFixed(2)} MB`,
  );
}

async function main(): Promise<void> {
  console.log(
    `Change history: ${rows.toLocaleString("en-IE")} lines per push; ExcelApi ${host}; AutoCorrect ${autoCorrectTables ? "on" : "off"}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const wb = installPreviewExcel(globalThis, createPreviewWorkbook({ requirements: { host }, autoCorrectTables }));
  const port = createOfficeWorkbook();
  const push = (id: string) => ({
    time: new Date(),
    preparedBy: "Aoife Byrne",
    clientId: 1,
    clientName: "Demo client 1",
    sheet: "Inputs Monthly 2026-11-30",
    pushId: id,
  });
  await step("append a push's lines (new table)", wb, () => appendHistory(port, push("P-20261126-142501-AAAA"), cells(0)));
  await step("append the next push's lines", wb, () => appendHistory(port, push("P-20261126-150000-BBBB"), cells(100)));
  await step("append a 4-cell push", wb, () => appendHistory(port, push("P-20261126-151500-CCCC"), cells(200).slice(0, 4)));
  let lines = 0;
  await step("read the history (Undo push)", wb, async () => (lines = (await readHistory(port)).length));
  console.log(
    `lines read back: ${lines.toLocaleString("en-IE")}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
}

void main();
