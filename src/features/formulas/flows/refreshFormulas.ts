/**
 * Refresh formulas (issue L, point 3): the PAYROLL formulas forget their cached figures and read them again, and the
 * pane says how many PAYROLL cells now show another value. The cells are found by their formula text (the
 * WorkbookPort's formulaCells: one used range per sheet) before the refresh; afterwards their values are read again
 * until no cell is calculating (#BUSY!) and two reads in a row agree, because Excel and the preview update the cells
 * a moment after the cache is emptied, not when invalidateFormulaResults returns. PAYROLL cells saved showing #NAME?
 * (office-js #6355), which neither the streams nor a recalculation reach, get a full rebuild (functions/recovery).
 */
import { invalidateFormulaResults } from "../../../functions/connection";
import { recoverSavedNameErrors } from "../../../functions/recovery";
import type { FormulaCell } from "../../../excel";
import { isAbortError } from "../../../ui/services";
import { abortableSleep, type FlowContext } from "../../../ui/flows/common";

export const PAYROLL_PREFIX = "=PAYROLL.";
const BUSY = "#BUSY!";

export interface RefreshedFormulas {
  /** PAYROLL cells in the workbook. */
  cells: number;
  /** Of those, how many show another value than before the refresh. */
  changed: number;
  /** False when some cell was still calculating when the wait ended. */
  settled: boolean;
  /** Why the cells could not be read (the formulas were refreshed all the same, without a count). */
  uncounted?: string;
}

export interface RefreshOptions {
  /** Empties the functions' cache and has the formulas evaluated again; default invalidateFormulaResults(). */
  invalidate?: () => void;
  /** Recalculates PAYROLL cells showing #NAME?; default recoverSavedNameErrors() (never throws). */
  recover?: () => Promise<unknown>;
  /** Pause between reads of the values (ms); default 250. */
  pollMs?: number;
  /** Longest wait for the cells to settle (ms); default 60,000. */
  timeoutMs?: number;
}

const keyOf = (c: FormulaCell) => `${c.sheetName}!${c.address}`;
const sameValue = (a: unknown, b: unknown) =>
  a === b || (typeof a === "number" && typeof b === "number" && Math.abs(a - b) < 1e-9);

export async function refreshFormulas(ctx: FlowContext, options: RefreshOptions = {}): Promise<RefreshedFormulas> {
  const {
    invalidate = () => invalidateFormulaResults(),
    recover = recoverSavedNameErrors,
    pollMs = 250,
    timeoutMs = 60_000,
  } = options;
  ctx.progress.update?.(0, undefined, "Reading the PAYROLL cells");
  let found: FormulaCell[];
  try {
    found = await ctx.workbook.formulaCells(PAYROLL_PREFIX);
  } catch (e) {
    // Counting is a courtesy: the figures are read again even when the cells cannot be read (as before the count).
    invalidate();
    await recover();
    if (isAbortError(e)) throw e;
    return { cells: 0, changed: 0, settled: true, uncounted: e instanceof Error ? e.message : String(e) };
  }
  const before = new Map(found.map((c) => [keyOf(c), c.value]));
  invalidate();
  await recover();
  ctx.progress.update?.(0, before.size, "Reading the figures again");
  const deadline = Date.now() + timeoutMs;
  let previous: FormulaCell[] | null = null;
  let after: FormulaCell[] = [];
  let settled = false;
  // Each look reads every sheet's used range: looks are spaced further apart (up to 2 s) while a big grid calculates.
  for (let wait = pollMs; ; wait = Math.min(wait * 1.5, Math.max(pollMs, 2_000))) {
    await abortableSleep(wait, ctx.signal);
    after = await ctx.workbook.formulaCells(PAYROLL_PREFIX);
    const busy = after.filter((c) => c.value === BUSY).length;
    ctx.progress.update?.(after.length - busy, after.length, "Reading the figures again");
    const stable =
      previous !== null && previous.length === after.length && previous.every((c, i) => sameValue(c.value, after[i].value));
    if (busy === 0 && stable) {
      settled = true;
      break;
    }
    if (Date.now() > deadline) break;
    previous = after;
  }
  const changed = after.filter((c) => before.has(keyOf(c)) && !sameValue(before.get(keyOf(c)), c.value)).length;
  return { cells: after.length, changed, settled };
}

/** The outcome sentence: "Refreshed 12 PAYROLL cells: 3 changed value." */
export function refreshedText(r: RefreshedFormulas): string {
  if (r.uncounted !== undefined)
    return `Refreshed formulas. The PAYROLL cells could not be read to count those that changed: ${r.uncounted}`;
  if (r.cells === 0) return "Refreshed formulas: this workbook has no PAYROLL formulas.";
  const cells = `${r.cells} PAYROLL ${r.cells === 1 ? "cell" : "cells"}`;
  const changed = r.changed === 0 ? "none changed value" : `${r.changed} changed value`;
  const waiting = r.settled ? "" : " Some cells were still calculating; they update when their figures arrive.";
  return `Refreshed ${cells}: ${changed}.${waiting}`;
}
