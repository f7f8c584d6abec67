/**
 * Undo push, as pure steps over Change history lines (./changeHistory):
 *   planUndo     -> per cell the push saved: send its value before back, or leave it (Conflict: changed since)
 *   undoCells    -> every cell's end once the service answered, for the Change history and the Push log
 * The flow (src/features/inputSheets/flows/undoPush.ts) reads the service's current values and sends the plan.
 */
import type { InputValue } from "../../../contract";
import type { HistoryLine } from "./changeHistory";
import { rowKey, sameValue } from "./inputSheetModel";
import type { PlannedRow, PushCounts, RowOutcome } from "./pushPlan";
import { BULK_STATUSES } from "../../../ui/sheets/rowOutcomes";

/** One cell of the undo: its history line, the service's value now, and the undo row carrying it (or its end). */
export interface UndoCell {
  line: HistoryLine;
  /** The service's value now (the undo's value before). */
  current: InputValue;
  /** Index into UndoPlan.send when the cell is sent back; null when decided without sending. */
  rowIndex: number | null;
  /** Decided without sending (Conflict, Failed, Not sent); null while it waits for its row's answer. */
  outcome: RowOutcome | null;
}

export interface UndoPlan {
  pushId: string;
  /** One row per employee and payslip date: the values before of the cells still as the push left them. */
  send: PlannedRow[];
  cells: UndoCell[];
  /** Lines of the push that did not save (Failed, Conflict, Held, Not sent): nothing of theirs to undo. */
  notSaved: number;
}

/** A value read from a cell or the service, as the service compares it: numeric text is a number. */
function comparable(v: InputValue | undefined): InputValue {
  if (v === undefined || v === null || v === "") return null;
  if (typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return v;
}

export const sameInput = (a: InputValue | undefined, b: InputValue | undefined) => sameValue(comparable(a), comparable(b));

/** How a value reads in a message: 1,234.5, "text" or blank. */
export const showValue = (v: InputValue | undefined): string => {
  const c = comparable(v);
  return c === null ? "blank" : typeof c === "number" ? c.toLocaleString("en-IE") : `"${c}"`;
};

/**
 * The undo of the given lines of one push. Only cells the push saved are undone, and only where the service still
 * holds the value that push sent: a cell changed since (by a colleague, or a later push) is not sent and ends
 * Conflict. A cell whose value before was blank cannot be put back (bulk_input sets values; it cannot empty an
 * input): it ends Not sent, saying so. `current` holds the service's values now, per row key; a row it lacks (the
 * employee or the regular payslip is gone) ends Failed.
 */
export function planUndo(lines: readonly HistoryLine[], current: ReadonlyMap<string, Record<string, InputValue>>): UndoPlan {
  const pushId = lines[0]?.pushId ?? "";
  const rows = new Map<string, PlannedRow>();
  const cells: UndoCell[] = [];
  const seen = new Set<string>();
  let notSaved = 0;
  for (const line of lines) {
    if (line.outcome !== "Saved") {
      notSaved++;
      continue;
    }
    const key = rowKey(line.employeeId, line.payslipDate);
    if (seen.has(`${key}|${line.inputKey}`)) continue;
    seen.add(`${key}|${line.inputKey}`);
    const values = current.get(key);
    const now = values?.[line.inputKey] ?? null;
    const decided = (status: RowOutcome["status"], message: string): UndoCell => ({
      line,
      current: now,
      rowIndex: null,
      outcome: { rowIndex: -1, status, message, errorColumns: [line.input] },
    });
    if (!values) {
      cells.push(decided("Failed", `Not sent: the service has no regular payslip of this employee for ${line.payslipDate}`));
    } else if (!sameInput(now, line.sent)) {
      cells.push(
        decided(
          "Conflict",
          `Not sent: changed since push ${line.pushId} — ${line.input}: the service holds ${showValue(now)}, the push sent ${showValue(line.sent)}. The service's value is kept.`,
        ),
      );
    } else if (comparable(line.before) === null) {
      cells.push(
        decided(
          "Not sent",
          `Not sent: ${line.input} was blank before push ${line.pushId}, and bulk input cannot empty an input${line.kind === "standing" ? " (the employee's standing value stays too)" : ""}. Change it in the input sheet (0 clears an amount).`,
        ),
      );
    } else {
      let row = rows.get(key);
      if (!row) {
        row = { rowIndex: rows.size, employeeId: line.employeeId, payslipDate: line.payslipDate, attributes: {} };
        rows.set(key, row);
      }
      row.attributes[line.inputKey] = comparable(line.before);
      cells.push({ line, current: now, rowIndex: row.rowIndex, outcome: null });
    }
  }
  return { pushId, send: [...rows.values()], cells, notSaved };
}

/** Every cell's end: its own when decided without sending, else its row's (a row never answered ends Not sent). */
export function undoCells(plan: UndoPlan, rowOutcomes: ReadonlyMap<number, RowOutcome>): (UndoCell & { outcome: RowOutcome })[] {
  return plan.cells.map((c) => {
    if (c.outcome) return { ...c, outcome: c.outcome };
    const o = rowOutcomes.get(c.rowIndex as number);
    return {
      ...c,
      outcome: o ?? {
        rowIndex: c.rowIndex as number,
        status: "Not sent",
        message: "Not sent: the undo stopped before this row",
        errorColumns: [],
      },
    };
  });
}

/** The undo's counts for its Push log line: one per employee's payslip, its worst cell deciding (Failed, Conflict, Not sent, Saved). */
export function undoCounts(cells: readonly { line: HistoryLine; outcome: RowOutcome }[]): PushCounts {
  const rank = (s: string) => ["Saved", "Not sent", "Conflict", "Failed"].indexOf(s);
  const worst = new Map<string, RowOutcome["status"]>();
  for (const c of cells) {
    const key = rowKey(c.line.employeeId, c.line.payslipDate);
    const was = worst.get(key);
    if (was === undefined || rank(c.outcome.status) > rank(was)) worst.set(key, c.outcome.status);
  }
  const counts = Object.fromEntries(BULK_STATUSES.map((s) => [s, 0])) as PushCounts;
  for (const s of worst.values()) counts[s] += 1;
  return counts;
}
