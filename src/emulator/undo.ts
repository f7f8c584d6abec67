/**
 * Ctrl+Z in the preview's grid: the person's own cell edits (typing, paste, Delete, Ctrl+D fill down), newest
 * first, as Excel's Undo restores them: each cell's value, formula and number format as it was, and a table that
 * the entry extended shrinks back.
 *
 * What is not undoable here: the add-in's writes (Excel puts an API's changes on the undo stack too; the preview
 * does not record them), formats and sheet or table structure changed by hand. So that an undo never overwrites
 * what the add-in wrote since, an edit whose cells the add-in has changed since (value or formula) is not undone:
 * the grid says so, and the step is dropped.
 */

/** What undo needs of the model (declared here, not imported, so model.ts can hold an UndoHistory without a cycle). */
interface UndoCell {
  v: unknown;
  f?: string;
  nf?: string;
}
interface UndoTable {
  rows: number;
  deleted?: boolean;
}
interface Rect {
  r: number;
  c: number;
  rows: number;
  cols: number;
}
interface UndoSheet {
  deleted: boolean;
  cell(r: number, c: number): UndoCell | undefined;
  cellForWrite(r: number, c: number): UndoCell;
  tables(): UndoTable[];
}

/** Excel keeps the last 100 actions. */
const UNDO_LIMIT = 100;

type Contents = Pick<UndoCell, "v" | "f" | "nf">;

interface UndoStep<S extends UndoSheet> {
  sheet: S;
  rect: Rect;
  before: (Contents | undefined)[][];
  after: (Contents | undefined)[][];
  tables: { table: UndoTable; rowsBefore: number; rowsAfter: number }[];
}

export type UndoOutcome<S> = { ok: true; sheet: S; rect: Rect } | { ok: false; message: string };

function contentsOf(sheet: UndoSheet, rect: Rect): (Contents | undefined)[][] {
  const out: (Contents | undefined)[][] = [];
  for (let i = 0; i < rect.rows; i++) {
    const row: (Contents | undefined)[] = [];
    for (let k = 0; k < rect.cols; k++) {
      const cell = sheet.cell(rect.r + i, rect.c + k);
      row.push(cell ? { v: cell.v, f: cell.f, nf: cell.nf } : undefined);
    }
    out.push(row);
  }
  return out;
}

const same = (a: Contents | undefined, b: Contents | undefined) =>
  (a?.v ?? null) === (b?.v ?? null) && (a?.f ?? undefined) === (b?.f ?? undefined);

export class UndoHistory<S extends UndoSheet> {
  private readonly steps: UndoStep<S>[] = [];
  private open: Omit<UndoStep<S>, "after"> | null = null;

  /** Before a person's edit of `rect`: what its cells and the sheet's tables hold now. */
  begin(sheet: S, rect: Rect): void {
    this.open = {
      sheet,
      rect,
      before: contentsOf(sheet, rect),
      tables: sheet.tables().map((table) => ({ table, rowsBefore: table.rows, rowsAfter: table.rows })),
    };
  }

  /** After the edit: what it left, to tell later whether someone else changed the cells. */
  end(): void {
    const step = this.open;
    this.open = null;
    if (!step) return;
    const tables = step.tables
      .map((t) => ({ ...t, rowsAfter: t.table.rows }))
      .filter((t) => t.rowsAfter !== t.rowsBefore && !t.table.deleted);
    this.steps.push({ ...step, tables, after: contentsOf(step.sheet, step.rect) });
    if (this.steps.length > UNDO_LIMIT) this.steps.shift();
  }

  /** Forget every step: after a sheet's rows or columns move, the steps' addresses no longer point at their cells. */
  clear(): void {
    this.steps.length = 0;
    this.open = null;
  }

  /** Undoes the newest step (restoring its cells), or says why not. */
  undo(): UndoOutcome<S> {
    const step = this.steps.pop();
    if (!step) return { ok: false, message: "Nothing to undo." };
    const { sheet, rect } = step;
    if (sheet.deleted) return { ok: false, message: "The sheet of the last edit was deleted; nothing was undone." };
    const now = contentsOf(sheet, rect);
    if (now.some((row, i) => row.some((cell, k) => !same(cell, step.after[i][k]))))
      return { ok: false, message: "The add-in has changed these cells since your edit, so it was not undone." };
    step.before.forEach((row, i) =>
      row.forEach((was, k) => {
        const r = rect.r + i;
        const c = rect.c + k;
        if (!was && !sheet.cell(r, c)) return;
        const cell = sheet.cellForWrite(r, c);
        cell.v = was?.v ?? null;
        cell.f = was?.f;
        cell.nf = was?.nf;
      }),
    );
    for (const t of step.tables) if (t.table.rows === t.rowsAfter) t.table.rows = t.rowsBefore;
    return { ok: true, sheet, rect };
  }
}
