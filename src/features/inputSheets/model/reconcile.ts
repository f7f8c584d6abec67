/**
 * Reconcile an input sheet with the service, as a pure plan: what the service holds now for each row (its input
 * values, its regular payslip's nett pay and whether that payslip is finalised) against what the sheet believes (its
 * snapshot, its cells, its rows' states: ./rowState). The flow (../flows/reconcile.ts) reads the service and writes
 * the plan: the input cells that follow the service, the Nett pay column, the snapshot and the rows' states, from
 * which Status and Message are drawn.
 *
 * A cell nobody edited since the build or the last push follows the service; a cell a person edited keeps what was
 * typed and stays a pending change, now against the service's value. A row moved to a payslip date the sheet was not
 * built for (not in the snapshot) is left as it is. What each row then says:
 * - its payslip is finalised: Finalised, read only (a change typed there can no longer be sent);
 * - its push was undone (the Push log has "Undo of" that push) and nothing is pending: Undone, with the service's
 *   values and nett pay; a Held row of an undone push that still differs is Changed (not sent), no longer Held;
 * - it differs from the service while its state said Saved, Unchanged, Not sent or Undone: Changed (edited while
 *   the pane was closed or another tab was open). Failed, Invalid, Conflict, Held, Awaiting review, Returned and
 *   Changed keep their words (a review request keeps its preparer and reasons);
 * - it matches the service while its state spoke of unsent work (Held, Awaiting review, Returned, Changed, Failed,
 *   Conflict, Invalid, Not sent):
 *   Unchanged, nothing to send;
 * - a Saved row the service changed since (a colleague, another push): Saved, saying what the service holds now.
 */
import type { InputValue } from "../../../contract";
import { type CellType, parseCell } from "../../../xl/columns";
import { CHANGED_STATUS } from "./editedRows";
import { INPUT_SHEET_HEADERS as H } from "./inputSheet";
import { type InputSheetMeta, type ReadSheet, type Snapshot, normalise, rowKey, sameValue } from "./inputSheetModel";
import { type RowRecord, type RowRecords, type RowStatus, awaitingNettPay, changedRecord, nettPayShown } from "./rowState";
import { showValue } from "./undoPlan";

/** What the service holds for one row (its employee and payslip date): input values and its regular payslip. */
export interface ServiceRow {
  /** Input key to the value the service holds (null: none). */
  values: Record<string, InputValue>;
  nettPay: number | null;
  /** Still recalculating: its nett pay is not final. */
  dirty: boolean;
  finalised: boolean;
}

export interface ReconcileInput {
  sheet: Pick<ReadSheet, "rows" | "inputs">;
  /** The table's cells as read (the input cells are parsed from them). */
  cells: readonly (readonly unknown[])[];
  meta: Pick<InputSheetMeta, "inputs">;
  snapshot: Snapshot;
  records: RowRecords;
  /** By row key (./inputSheetModel rowKey); a row the service has no regular payslip for is left as it is. */
  service: ReadonlyMap<string, ServiceRow>;
  /** Pushes since undone: push ID → per row key, the input keys the undo put back. */
  undone: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;
  /** The period as the pane shows dates ("25/11/2026"). */
  period: string;
  /** ISO time now (a row whose nett pay is still being recalculated waits from then). */
  now: string;
}

export interface ReconcilePlan {
  /** Input cells that follow the service, per column header. */
  cells: Map<string, { type: CellType; updates: { rowIndex: number; value: InputValue }[] }>;
  /** Nett pay figures that differ from the sheet's. */
  nettPay: { rowIndex: number; value: number }[];
  snapshot: Snapshot;
  records: RowRecords;
  /** Rows whose state changed: their Status and Message are drawn again. */
  redraw: number[];
  counts: Record<"undone" | "finalised" | "changed" | "unchanged" | "moved" | "rows", number>;
  /** Every row the service answered for is on a finalised payslip (and there is one): the sheet is read only. */
  finalised: boolean;
}

/** States that stand for unsent work: kept while the row still differs from the service, Unchanged once it does not. */
const UNSENT: ReadonlySet<RowStatus> = new Set([
  "Held",
  "Awaiting review",
  "Returned",
  "Changed",
  "Failed",
  "Conflict",
  "Invalid",
  "Not sent",
  "Finalised",
]);
/**
 * States whose own words stay true while the row still differs from the service. A review asked for or a row sent
 * back (./review) is kept with its preparer, reasons and note: a check against the service never wipes it.
 */
const KEEP_WHEN_PENDING: ReadonlySet<RowStatus> = new Set([
  "Failed",
  "Invalid",
  "Conflict",
  "Held",
  "Awaiting review",
  "Returned",
  CHANGED_STATUS,
]);

export const RECONCILED_CHANGED = "Edited, not sent yet: it differs from what the service holds. Push changes sends it.";
export const RECONCILED_UNCHANGED = "Nothing to send: the row matches what the service holds.";
const UNDONE_HELD =
  "Not sent: the push this row was held back from was undone, and the row still differs from the service. Push changes sends it.";

const money = (n: number) => `€${n.toLocaleString("en-IE", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** "Basic salary: amount 5,416.67 and Bonus: amount blank". */
const listValues = (pairs: readonly [string, InputValue][]) =>
  pairs.map(([header, v]) => `${header} ${showValue(v)}`).join(pairs.length === 2 ? " and " : ", ");

function undoneRecord(values: readonly [string, InputValue][], svc: ServiceRow): RowRecord {
  const held =
    values.length > 0 ? ` The service holds ${listValues(values)} again` : " The service holds the values before again";
  const nett = svc.nettPay !== null && !svc.dirty ? `, nett pay ${money(svc.nettPay)}` : "";
  return { status: "Undone", reason: `Undone: the push that saved this row was undone.${held}${nett}.`, tone: "neutral" };
}

function finalisedRecord(period: string, pending: readonly string[]): RowRecord {
  const typed =
    pending.length > 0
      ? ` ${pending.join(", ")} as typed here ${pending.length === 1 ? "was" : "were"} not sent and can no longer be.`
      : "";
  return {
    status: "Finalised",
    reason: `Finalised: the payslip of ${period} is finalised in the payroll service, so this row is read only.${typed}`,
    tone: "neutral",
    ...(pending.length > 0 ? { errorColumns: [...pending] } : {}),
  };
}

/** The plan (see the module comment). */
export function planReconcile(input: ReconcileInput): ReconcilePlan {
  const { sheet, cells, meta, service, undone } = input;
  const snapshot: Snapshot = new Map(input.snapshot);
  const records: RowRecords = new Map(input.records);
  const plan: ReconcilePlan = {
    cells: new Map(),
    nettPay: [],
    snapshot,
    records,
    redraw: [],
    counts: { undone: 0, finalised: 0, changed: 0, unchanged: 0, moved: 0, rows: 0 },
    finalised: false,
  };
  const columns = new Map(sheet.inputs.map((c) => [c.key, c]));
  let answered = 0;
  let finalisedRows = 0;
  for (const row of sheet.rows) {
    if (row.employeeId === null || row.payslipDate === null || row.blank) continue;
    if (row.problems.some((p) => p.header === H.employeeId || p.header === H.payslipDate)) continue;
    const key = rowKey(row.employeeId, row.payslipDate);
    const svc = service.get(key);
    // A row moved to a payslip date the sheet was not built for is the push's to send (or refuse): left as it is.
    if (!svc || !input.snapshot.has(key)) continue;
    answered += 1;
    const old = input.snapshot.get(key) ?? {};
    const next: Record<string, InputValue> = { ...old };
    const pending: string[] = [];
    const moved: [string, InputValue][] = [];
    const now = new Map<string, InputValue>();
    for (const i of meta.inputs) {
      const held = normalise(i.type, svc.values[i.key] ?? null);
      const was = normalise(i.type, old[i.key] ?? null);
      next[i.key] = held;
      if (!sameValue(held, was)) moved.push([i.header, held]);
      now.set(i.key, held);
      const column = columns.get(i.key);
      if (!column) continue;
      const parsed = parseCell(i.type, cells[row.rowIndex]?.[column.index]);
      const cell = parsed.ok ? parsed.value : undefined;
      if (parsed.ok && sameValue(cell, was) && !sameValue(held, was)) {
        // Nobody typed here since the build or the last push: the cell follows the service.
        const entry = plan.cells.get(i.header) ?? { type: i.type, updates: [] };
        entry.updates.push({ rowIndex: row.rowIndex, value: held });
        plan.cells.set(i.header, entry);
      } else if (!parsed.ok || !sameValue(cell, held)) pending.push(i.header);
    }
    snapshot.set(key, next);
    if (moved.length > 0) plan.counts.moved += 1;

    const was = records.get(row.rowIndex);
    const pushUndone = was?.pushId ? undone.get(was.pushId) : undefined;
    // The inputs of this row the undo put back (a row whose undo kept a colleague's value is not undone).
    const undoneKeys = pushUndone?.get(key);
    let rec: RowRecord | undefined = was;
    if (svc.finalised) {
      finalisedRows += 1;
      rec = finalisedRecord(input.period, pending);
      plan.counts.finalised += 1;
    } else if (pending.length > 0) {
      if (pushUndone && was?.status === "Held") rec = changedRecord(UNDONE_HELD);
      else if (was && !KEEP_WHEN_PENDING.has(was.status)) rec = changedRecord(RECONCILED_CHANGED);
      if (rec?.status === CHANGED_STATUS) plan.counts.changed += 1;
    } else if (undoneKeys && was?.status === "Saved") {
      const values = meta.inputs
        .filter((i) => undoneKeys.includes(i.key))
        .map((i): [string, InputValue] => [i.header, now.get(i.key) ?? null]);
      rec = undoneRecord(values, svc);
      plan.counts.undone += 1;
    } else if (was && UNSENT.has(was.status)) {
      rec = { status: "Unchanged", reason: RECONCILED_UNCHANGED };
      plan.counts.unchanged += 1;
    } else if (was?.status === "Saved" && moved.length > 0) {
      rec = {
        ...was,
        reason: `Changed in the payroll service since this row was saved: it holds ${listValues(moved)} now, as the sheet shows.`,
        tone: "warning",
      };
    }

    if (!svc.dirty && svc.nettPay !== null) {
      if (row.nettPay !== svc.nettPay) plan.nettPay.push({ rowIndex: row.rowIndex, value: svc.nettPay });
      if (rec?.nettPay?.awaited) rec = nettPayShown(rec, {});
    } else if (svc.dirty && rec && (rec.status === "Saved" || rec.status === "Undone") && !rec.nettPay?.awaited)
      rec = awaitingNettPay(rec, "the service is recalculating — press Refresh nett pay", input.now);

    if (rec && rec !== was) {
      records.set(row.rowIndex, rec);
      if (JSON.stringify(rec) !== JSON.stringify(was)) plan.redraw.push(row.rowIndex);
    }
  }
  plan.counts.rows = answered;
  plan.finalised = answered > 0 && finalisedRows === answered;
  return plan;
}

/** The reconcile in words: "14 rows checked against the service: 4 undone, nett pay updated on 4." */
export function describeReconcile(plan: ReconcilePlan): string {
  const c = plan.counts;
  if (c.rows === 0) return "the service has no payslip for these rows: nothing to check.";
  const parts = [
    c.undone ? `${c.undone} undone` : "",
    c.finalised ? `${c.finalised} finalised (read only)` : "",
    c.changed ? `${c.changed} changed, not sent` : "",
    c.unchanged ? `${c.unchanged} with nothing left to send` : "",
    c.moved ? `${c.moved} now showing the service's values` : "",
    plan.nettPay.length ? `nett pay updated on ${plan.nettPay.length}` : "",
  ].filter(Boolean);
  const rows = `${c.rows} row${c.rows === 1 ? "" : "s"}`;
  return `${rows} checked against the service: ${parts.length > 0 ? parts.join(", ") : "every row agrees"}.`;
}
