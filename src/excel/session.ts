/**
 * The Excel session: the one module that calls Excel.run. Everything every operation of the port shares lives here:
 * the run (with delayForCellEdit, watched for cell-edit mode), the guard that turns Excel's failures into
 * WorkbookErrors, the per-operation request budgets, the clock and the requirement-set check. The concern modules
 * (tables, annotations, selection, sheets, events, settings, hiddenTables) receive a session and never call
 * Excel.run themselves, as in Microsoft's task-pane templates. See docs/excel-layer.md.
 */
import type { DateSystem } from "../xl/excelConventions";
import { reportCellEditWait, watchCellEdit } from "./cellEdit";
import { supportsExcelApi } from "./officeHost";
import { WorkbookError } from "./port";
import { errorCode } from "./officeError";
import type { ReadBudget, WriteBudget } from "./transfer";

export type Ctx = Excel.RequestContext;
type Batch<T> = (ctx: Ctx) => Promise<T>;

export interface OfficeWorkbookOptions {
  /** Estimated JSON bytes allowed in one write request. Default 2.5 MB: half of the 5 MB limit, for overhead and estimate error. */
  maxRequestBytes?: number;
  /** Cells read per request. Default 100,000 (about 2 MB of typical payroll values). */
  maxReadCells?: number;
  /** Clock for the "Last refreshed" stamp (tests). */
  now?: () => Date;
  /**
   * Whether the host supports an ExcelApi requirement set (e.g. "1.9"). Default: Office's own check
   * (Office.context.requirements.isSetSupported: the browser preview installs one for the host it plays), or true
   * where Office is absent.
   */
  supportsExcelApi?: (version: string) => boolean;
  /**
   * Told when a batch starts (true) and stops (false) waiting for the user to finish typing in a cell, after it has
   * waited about `cellEditWaitMs`; listeners of onCellEditWait (cellEdit.ts) hear it too. The pane then shows
   * CELL_EDIT_MESSAGE: Excel holds every request while a cell is being edited.
   */
  onCellEditWait?: (waiting: boolean) => void;
  /** How long a batch runs before the layer asks whether cell-edit mode holds it. Default 2,000 ms. */
  cellEditWaitMs?: number;
  /**
   * The kinds of per-sheet document settings, each declared by its feature and handed in by the shell
   * (src/app/sheetSettings.ts): the settings budget drops a kind's keys once their sheet is deleted. Default none.
   */
  sheetSettings?: readonly SheetSettingKind[];
}

/**
 * One kind of per-sheet document setting: its keys are `prefix` + the sheet's name, and `holds` says whether a value
 * is what such a key holds for that sheet (so a list kept under the same prefix is never taken for a sheet's).
 */
export interface SheetSettingKind {
  prefix: string;
  holds: (sheet: string, value: unknown) => boolean;
}

/** What every operation of one port shares. */
export interface ExcelSession {
  /** One Excel.run with delayForCellEdit, watched for cell-edit mode. */
  run<T>(batch: Batch<T>): Promise<T>;
  /** A fresh write budget: a refusal lowers it for the rest of that operation only. */
  writeBudget(): WriteBudget;
  /** A fresh read budget, per operation like the write budget. */
  readBudget(): ReadBudget;
  now(): Date;
  /** Whether the host supports an ExcelApi requirement set. */
  supports(version: string): boolean;
  /** The workbook's date system once asked (once per port: File > Options can change it, but not while a batch runs). */
  dates: { known?: DateSystem };
  /** The bytes of each document setting, once settings.ts has read them all (it keeps them up to date after). */
  settings: { sizes?: Map<string, number>; kinds: readonly SheetSettingKind[] };
}

/** Whether the Excel API is on the page: Excel's runtime, or the preview's stand-in. */
export function excelAvailable(): boolean {
  return typeof Excel !== "undefined" && typeof Excel.run === "function";
}

/** Excel.run with delayForCellEdit: while the user edits a cell Excel would refuse every request (InvalidOperationInCellEditMode). */
export function runDelayedForCellEdit<T>(batch: Batch<T>): Promise<T> {
  return Excel.run({ delayForCellEdit: true }, batch);
}

/** A plain Excel.run: refused with InvalidOperationInCellEditMode while a cell is being edited. */
export function runNow<T>(batch: Batch<T>): Promise<T> {
  return Excel.run(batch);
}

/** Excel.run in the context of an earlier run: how Office removes an event handler after the adding run has ended. */
export function runInContext<T>(context: OfficeExtension.ClientRequestContext, batch: Batch<T>): Promise<T> {
  return Excel.run(context, batch);
}

function runExcel<T>(batch: Batch<T>): Promise<T> {
  if (!excelAvailable())
    throw new WorkbookError("Excel is not available: open the add-in in Excel, or use the browser preview.", "ExcelUnavailable");
  return runDelayedForCellEdit(batch);
}

/**
 * Whether Excel is in cell-edit mode: a tiny request without delayForCellEdit is refused with
 * InvalidOperationInCellEditMode then. Any other outcome (an answer, another error) counts as "no".
 */
async function probeCellEdit(): Promise<boolean> {
  try {
    await runNow(async (ctx) => {
      ctx.workbook.worksheets.load("items/name");
      await ctx.sync();
    });
    return false;
  } catch (e) {
    return errorCode(e) === "InvalidOperationInCellEditMode";
  }
}

/**
 * What an operation does to the workbook, for guard: "write" changes cells, tables or sheets; "read" changes none
 * (reading, showing a sheet, selecting a cell, watching for events).
 */
export type Access = "write" | "read";

/**
 * Turn Excel failures into WorkbookError with a message a person can act on; keep Excel's code. AccessDenied means
 * a protected sheet only for a write: Excel also refuses some requests with it on some builds (registering
 * onActivated: office-js #1103, #421), where "the sheet is protected" would send the person looking for nothing.
 */
export async function guard<T>(what: string, work: () => Promise<T>, access: Access = "write"): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof WorkbookError) throw e;
    const code = errorCode(e) ?? "GeneralException";
    // Excel's AccessDenied names no sheet; `what` does.
    if (code === "AccessDenied" && access === "write")
      throw new WorkbookError(
        `Could not ${what}: the sheet is protected. Unprotect it (Review > Unprotect Sheet) and try again.`,
        code,
      );
    if (code === "AccessDenied")
      throw new WorkbookError(`Could not ${what}: Excel did not allow it here. Nothing in the workbook was changed.`, code);
    const detail = e instanceof Error ? e.message : String(e);
    throw new WorkbookError(`Could not ${what}: ${detail}`, code);
  }
}

/** guard for an operation that changes no cell, table or sheet: an AccessDenied is never called protection. */
export function guardRead<T>(what: string, work: () => Promise<T>): Promise<T> {
  return guard(what, work, "read");
}

export function createExcelSession(options: OfficeWorkbookOptions = {}): ExcelSession {
  const maxRequestBytes = options.maxRequestBytes ?? 2_500_000;
  const maxReadCells = options.maxReadCells ?? 100_000;
  const cellEditWatch = {
    afterMs: options.cellEditWaitMs ?? 2000,
    probe: probeCellEdit,
    onWait: (waiting: boolean) => {
      options.onCellEditWait?.(waiting);
      reportCellEditWait(waiting);
    },
  };
  return {
    run: (batch) => watchCellEdit(runExcel(batch), cellEditWatch),
    writeBudget: () => ({ bytes: maxRequestBytes }),
    readBudget: () => ({ cells: maxReadCells }),
    now: options.now ?? (() => new Date()),
    supports: options.supportsExcelApi ?? supportsExcelApi,
    dates: {},
    settings: { kinds: options.sheetSettings ?? [] },
  };
}
