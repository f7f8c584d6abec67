/**
 * What the Excel layer asks of the host around its batches: whether a batch is held up by cell-edit mode, the
 * workbook's date system, and whether a sheet is protected. See docs/excel-layer.md.
 */
import { convertSerial, type DateSystem, isDateNumberFormat } from "../sheets/excelConventions";
import { WorkbookError } from "./port";
import { errorCode } from "./transfer";

type Ctx = Excel.RequestContext;

/** What the pane shows while a batch waits for the user to finish typing in a cell. */
export const CELL_EDIT_MESSAGE = "Finish editing the cell (Enter or Esc) to continue";

// ---- cell-edit mode ---------------------------------------------------------------------------------------

type CellEditListener = (waiting: boolean) => void;
const cellEditListeners = new Set<CellEditListener>();

/**
 * Hear when a batch starts or stops waiting on cell-edit mode (the shell shows CELL_EDIT_MESSAGE meanwhile).
 * Returns the function that stops listening.
 */
export function onCellEditWait(listener: CellEditListener): () => void {
  cellEditListeners.add(listener);
  return () => void cellEditListeners.delete(listener);
}

export function reportCellEditWait(waiting: boolean): void {
  for (const l of [...cellEditListeners]) l(waiting);
}

/**
 * Whether Excel is in cell-edit mode: a tiny request without delayForCellEdit is refused with
 * InvalidOperationInCellEditMode then. Any other outcome (an answer, another error) counts as "no".
 */
export async function probeCellEdit(): Promise<boolean> {
  try {
    await Excel.run(async (ctx) => {
      ctx.workbook.worksheets.load("items/name");
      await ctx.sync();
    });
    return false;
  } catch (e) {
    return errorCode(e) === "InvalidOperationInCellEditMode";
  }
}

export interface CellEditWatch {
  /** How long a batch runs before the layer asks whether it waits on cell-edit mode (about 2 s). */
  afterMs: number;
  probe: () => Promise<boolean>;
  onWait: (waiting: boolean) => void;
}

/**
 * Run alongside a batch started with delayForCellEdit: once it has taken `afterMs`, probe (then every `afterMs`,
 * or every half second while waiting) and report when the batch starts and stops waiting on cell-edit mode. A
 * batch that is only slow is never reported: the probe answers "not editing" then.
 */
export async function watchCellEdit<T>(batch: Promise<T>, watch: CellEditWatch): Promise<T> {
  let done = false;
  let waiting = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    const editing = await watch.probe().catch(() => false);
    if (done) return;
    if (editing !== waiting) {
      waiting = editing;
      watch.onWait(editing);
    }
    timer = setTimeout(() => void tick(), editing ? Math.min(500, watch.afterMs) : watch.afterMs);
  };
  timer = setTimeout(() => void tick(), watch.afterMs);
  try {
    return await batch;
  } finally {
    done = true;
    clearTimeout(timer);
    if (waiting) watch.onWait(false);
  }
}

/** Whether the host supports an ExcelApi requirement set: Office's own check, or true outside Office. */
export function hostSupports(version: string): boolean {
  const requirements = typeof Office !== "undefined" ? Office.context?.requirements : undefined;
  return requirements ? requirements.isSetSupported("ExcelApi", version) : true;
}

// ---- date system ----------------------------------------------------------------------------------------

/**
 * Queue the question "which date system does this workbook use?"; the answer is read after the next sync.
 * DATE(1904,1,1) is 0 in the 1904 system and 1462 in the 1900 one. Workbook.functions is ExcelApi 1.2, so every
 * host the manifest admits (1.7) has it; Workbook.use1904DateSystem, which would say it directly, is a preview API
 * (not in a released set in @types/office-js 1.0.612), so it is not used.
 */
export function queueDateSystem(ctx: Ctx, supports: (version: string) => boolean): () => DateSystem {
  if (!supports("1.2")) return () => "1900";
  const result = ctx.workbook.functions.date(1904, 1, 1).load("value");
  return () => (result.value === 0 ? "1904" : "1900");
}

// ---- protection -----------------------------------------------------------------------------------------

export function protectedSheetError(sheetName: string): WorkbookError {
  return new WorkbookError(
    `Sheet "${sheetName}" is protected, so Excel refuses changes to it. Unprotect it (Review > Unprotect Sheet) and try again.`,
    "AccessDenied",
  );
}

/**
 * Turn a 1904 workbook's date cells (numbers under a date format) into the 1900-system serials the port speaks,
 * in place. `formats` is the same block's Range.numberFormat.
 */
export function toPortSerials(values: unknown[][], formats: unknown[][]): void {
  values.forEach((row, i) =>
    row.forEach((v, k) => {
      const f = formats[i]?.[k];
      if (typeof v === "number" && typeof f === "string" && isDateNumberFormat(f)) row[k] = convertSerial(v, "1904", "1900");
    }),
  );
}
