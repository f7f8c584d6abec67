/**
 * Openings the Excel-layer and emulator tests share: the Excel layer over a fresh preview workbook installed as the
 * global Excel, a bare preview Excel namespace to drive Excel.run against, and what a call that should fail threw.
 */
import { createOfficeWorkbook, type ColumnSpec, type WorkbookPort } from "../../src/excel";
import type { OfficeWorkbookOptions } from "../../src/excel/officeWorkbook";
import {
  createPreviewExcel,
  createPreviewWorkbook,
  installPreviewExcel,
  WorkbookModel,
  type PreviewExcelNamespace,
  type PreviewWorkbookOptions,
} from "../../src/emulator";

/** The layer's clock in these tests: 15 January 2025, 09:05 (Changed at / Pushed at stamps). */
const LAYER_NOW = () => new Date(2025, 0, 15, 9, 5);

/** A pay table's columns (employee, name, payslip date, amount): the preview grid tests' sheet. */
export const PAY_COLUMNS: ColumnSpec[] = [
  { key: "id", header: "Employee ID", type: "integer" },
  { key: "name", header: "Name", type: "text" },
  { key: "date", header: "Payslip date", type: "date" },
  { key: "amount", header: "Amount", type: "currency" },
];

/** A fresh preview workbook installed as the global Excel, and the Excel layer (WorkbookPort) over it. */
export function previewPort(
  model: PreviewWorkbookOptions = {},
  opts: OfficeWorkbookOptions = {},
): { wb: WorkbookModel; port: WorkbookPort } {
  const wb = installPreviewExcel(globalThis, new WorkbookModel(model));
  return { wb, port: createOfficeWorkbook({ now: LAYER_NOW, ...opts }) };
}

/** A fresh preview workbook with its own Excel namespace (not installed), and Excel.run over it. */
export function previewExcel(): {
  wb: WorkbookModel;
  X: PreviewExcelNamespace;
  run: <T>(fn: (ctx: Excel.RequestContext) => Promise<T>) => Promise<T>;
} {
  const wb = createPreviewWorkbook();
  const X = createPreviewExcel(wb);
  return { wb, X, run: (fn) => X.run(fn as never) as never };
}

/** Removes an event handler the way Excel requires: in a run over the context of the run that added it. */
export async function removeHandler(X: PreviewExcelNamespace, handler: { context: unknown; remove(): void }): Promise<void> {
  await X.run(
    handler.context as never,
    (async (ctx: Excel.RequestContext) => {
      handler.remove();
      await ctx.sync();
    }) as never,
  );
}

/** Events are delivered after the run that caused them ended: a test lets them arrive before it looks. */
export const tick = () => new Promise((r) => setTimeout(r, 5));

/** What `p` failed with (Excel's errors carry a code); a test that expected a failure fails when `p` succeeds. */
export async function failureOf(p: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await p;
  } catch (e) {
    return e as { code?: string; message: string };
  }
  throw new Error("expected a failure");
}
