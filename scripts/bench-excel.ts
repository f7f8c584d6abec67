/**
 * Excel layer on the preview workbook: time, requests (syncs) and request sizes for importing and
 * reading a large table, and for annotating every row. Prints figures; asserts nothing.
 *   npx tsx scripts/bench-excel.ts [rows] [columns]
 */
import { createOfficeWorkbook, type ColumnSpec } from "../src/excel";
import { installPreviewExcel } from "../src/emulator";

const rows = Number(process.argv[2] ?? 10_000);
const cols = Number(process.argv[3] ?? 20);

const columns: ColumnSpec[] = Array.from({ length: cols }, (_, k) => ({
  key: `c${k}`,
  header: k === cols - 2 ? "Status" : k === cols - 1 ? "Message" : `Column ${k}`,
  type: k % 4 === 0 ? "integer" : k % 4 === 1 ? "text" : k % 4 === 2 ? "date" : "currency",
}));
const data = Array.from({ length: rows }, (_, i) =>
  columns.map((c, k) =>
    c.type === "integer"
      ? i
      : c.type === "text"
        ? `Employee ${i} field ${k} Ó Briain`
        : c.type === "date"
          ? "2025-01-31"
          : i * 1.25,
  ),
);

async function step(name: string, wb: ReturnType<typeof installPreviewExcel>, work: () => Promise<unknown>): Promise<void> {
  const before = wb.syncLog.length;
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  const syncs = wb.syncLog.slice(before);
  const maxReq = Math.max(0, ...syncs.map((s) => s.requestBytes));
  const maxRes = Math.max(0, ...syncs.map((s) => s.responseBytes));
  const refused = syncs.filter((s) => !s.ok).length;
  console.log(
    `${name.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms  syncs ${String(syncs.length).padStart(3)}  refused ${refused}  ` +
      `max request ${(maxReq / 1e6).toFixed(2)} MB  max response ${(maxRes / 1e6).toFixed(2)} MB`,
  );
}

async function main(): Promise<void> {
  console.log(`rows ${rows}, columns ${cols}`);
  const wb = installPreviewExcel(globalThis);
  const port = createOfficeWorkbook();
  await step("writeTable (import)", wb, () => port.writeTable({ sheetName: "Big", tableName: "Big", columns, rows: data }));
  await step("writeTable again (re-import)", wb, () =>
    port.writeTable({ sheetName: "Big", tableName: "Big", columns, rows: data }),
  );
  await step("readTable", wb, () => port.readTable("Big"));
  const annotations = data.map((_, i) => ({
    rowIndex: i,
    status: i % 10 ? "Saved" : "Failed",
    message: i % 10 ? "" : "Payslip is finalised",
    errorColumns: i % 10 ? [] : ["Column 3"],
  }));
  await step("annotateRows (every row)", wb, () => port.annotateRows("Big", annotations));
  // Sparse writes touch only their own cells: every 10th row's Nett pay, then a Retry of every 10th row.
  const tenth = data.map((_, i) => i).filter((i) => i % 10 === 0);
  await step("writeColumnValues (every 10th row)", wb, () =>
    port.writeColumnValues(
      "Big",
      "Column 3",
      tenth.map((i) => ({ rowIndex: i, value: i * 2 })),
      "currency",
    ),
  );
  // Every 2nd row: one range per row, the case the per-range estimate (transfer.ts BLOCK_OVERHEAD) is about.
  const second = data.map((_, i) => i).filter((i) => i % 2 === 0);
  const from = wb.syncLog.length;
  await step("writeColumnValues (every 2nd row)", wb, () =>
    port.writeColumnValues(
      "Big",
      "Column 3",
      second.map((i) => ({ rowIndex: i, value: i * 3 })),
      "currency",
    ),
  );
  const sparse = wb.syncLog.slice(from + 2); // after finding the table
  const bytes = sparse.reduce((n, s) => n + s.requestBytes, 0);
  console.log(`  request bytes per range written (preview's count): ${(bytes / second.length).toFixed(0)}`);
  await step("annotateRows (retry, every 10th)", wb, () =>
    port.annotateRows(
      "Big",
      tenth.map((i) => ({ rowIndex: i, status: "Saved", message: "" })),
      { clearOthers: false },
    ),
  );
  await step("writeHiddenTable (snapshot)", wb, () =>
    port.writeHiddenTable(
      "_snap_Big",
      columns.map((c) => c.key),
      data,
    ),
  );
  await step("readHiddenTable", wb, () => port.readHiddenTable("_snap_Big"));

  // The split path: estimate disabled, Excel refuses oversized blocks and the layer halves them.
  const wb2 = installPreviewExcel(globalThis);
  const blind = createOfficeWorkbook({ maxRequestBytes: 1e9 });
  const doubled = [...data, ...data];
  await step(`writeTable ${doubled.length} rows, estimate off`, wb2, () =>
    blind.writeTable({ sheetName: "Big", tableName: "Big", columns, rows: doubled }),
  );
  console.log(`heap used ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`);
}

void main();
