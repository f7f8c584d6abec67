/**
 * A row's state as data: what the last push (or fill, or edit) made of an input-sheet row, kept beside the sheet on
 * its own hidden sheet (flows/rowStates.ts) and never read back from the Status and Message cells. Those two cells
 * are drawn from it (drawRow): the flows change the state, then redraw. Pure: no Office.js.
 */
import { z } from "zod";
import { type NettPayTarget, withPendingNote } from "./nettPay";
import { withUnmovedNote } from "./nettPayUnmoved";
import { withFlagNote } from "./pushCheck";
import { BULK_STATUSES, type BulkStatus, STATUS_TONE, type StatusTone } from "../../../ui/sheets/rowOutcomes";
import { CHANGED_STATUS } from "./editedRows";
import { INPUT_SHEET_HEADERS as H } from "./inputSheet";
import { type InputSheetMeta, type ReadSheet, rowKey } from "./inputSheetModel";
import { parseDate, parseInteger } from "../../../xl/columns";
import { safeSheetName } from "../../../xl/excelConventions";

/**
 * A row's Status: a push's outcome, or Changed (a marked row edited or filled since: ./editedRows), or what a
 * reconcile with the service found (./reconcile): Undone (its push was undone), Finalised (read only).
 */
export const ROW_STATUSES = [...BULK_STATUSES, CHANGED_STATUS, "Undone", "Finalised"] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

const NettPayState = z.union([
  z.object({
    /** Waiting for the service's recalculated nett pay since (ISO time); the old figure stays meanwhile. */
    awaited: z.literal(true),
    since: z.string(),
    /** What the Message says meanwhile: "the service is recalculating", "press Refresh nett pay"... */
    why: z.string(),
    /** Input keys the push saved, and the nett pay before: a figure that did not move is pointed out. */
    sent: z.array(z.string()).optional(),
    was: z.number().nullable().optional(),
  }),
  z.object({
    awaited: z.literal(false),
    /** The new figure moved beyond the check's limits against last period: why (a flag, ./pushCheck). */
    flag: z.string().optional(),
    /** Amounts or hours were saved and the figure did not move: the note (./nettPayUnmoved). */
    unmoved: z.string().optional(),
  }),
]);

const RowRecordFields = z.object({
  status: z.enum(ROW_STATUSES),
  /** The outcome in words, as the service, the check or the plan gave it, before any note. */
  reason: z.string(),
  /** Headers of the cells to highlight. */
  errorColumns: z.array(z.string()).optional(),
  /** Failed without a definite answer: Retry failed may fix it. */
  retryable: z.boolean().optional(),
  /** The push that gave the row this outcome (its Push log and Change history lines). */
  pushId: z.string().optional(),
  /** Why the check flagged the row, when it was sent anyway. */
  flags: z.array(z.string()).optional(),
  /** The row's nett pay after a save: awaited, or shown (with what it said). */
  nettPay: NettPayState.optional(),
  /** An explicit tone (Changed rows are amber); otherwise the status's. */
  tone: z.enum(["success", "error", "warning", "neutral"]).optional(),
  /** A second person's review (./review): who prepared the row, why it was flagged, who reviewed it and their note. */
  review: z
    .object({
      preparedBy: z.string(),
      reasons: z.array(z.string()),
      reviewedBy: z.string().optional(),
      note: z.string().optional(),
    })
    .optional(),
});
export const RowRecord = RowRecordFields.extend({
  /**
   * The row's settled state (Saved or Unchanged) before a mark (Invalid, Held, Failed, Not sent, Changed) replaced
   * it: when the cells are back to what the snapshot holds, that mark is no longer true and this state is
   * (./rowRepair). None: the row had no state (its Status and Message go blank again).
   */
  before: RowRecordFields.optional(),
});
export type RowRecord = z.infer<typeof RowRecord>;

/**
 * States that say the row's cells are what the service holds (Undone: a check against the service found its push
 * undone, ./reconcile): an edit since makes them untrue.
 */
export const SETTLED_STATUSES: ReadonlySet<string> = new Set<RowStatus>(["Saved", "Unchanged", "Undone"]);

const withoutBefore = ({ before: _before, ...r }: RowRecord): RowRecord => r;

/** The settled state a row goes back to when its mark stops being true (the row's own, when settled). */
export const settledOf = (r: RowRecord | undefined): RowRecord | undefined =>
  !r ? undefined : SETTLED_STATUSES.has(r.status) ? withoutBefore(r) : r.before;

/** `next` as the row's new state, keeping the settled state `previous` was or kept (a settled `next` keeps none). */
export function following(previous: RowRecord | undefined, next: RowRecord): RowRecord {
  const before = SETTLED_STATUSES.has(next.status) ? undefined : settledOf(previous);
  const r = withoutBefore(next);
  return before ? { ...r, before } : r;
}

/** Each row's state, by the row's index in the sheet as read. */
export type RowRecords = Map<number, RowRecord>;

/** The Status and Message cells of a row and its tone, drawn from its state (the only way they are written). */
export function drawRow(r: RowRecord): { status: string; message: string; tone: StatusTone; errorColumns: string[] } {
  let message = r.flags && r.flags.length > 0 ? withFlagNote(r.reason, r.flags) : r.reason;
  const n = r.nettPay;
  let tone: StatusTone = r.tone ?? (r.status === CHANGED_STATUS ? "warning" : (STATUS_TONE[r.status as BulkStatus] ?? "neutral"));
  if (n?.awaited) message = withPendingNote(message, n.why);
  else if (n) {
    // The wording a pending note leaves behind once the figure is shown: "Saved." (./nettPay withoutPendingNote).
    const base = message.trim() || "Saved";
    message = base.endsWith(".") ? base : `${base}.`;
    if (n.flag) message = withFlagNote(message, [n.flag]);
    if (n.unmoved) {
      message = withUnmovedNote(message, n.unmoved);
      tone = "warning";
    }
  }
  return { status: r.status, message, tone, errorColumns: [...(r.errorColumns ?? [])] };
}

/** The state of a push's outcome: its status and words, with the flags of a row sent although the check flagged it. */
export function outcomeRecord(
  o: { status: BulkStatus; message: string; errorColumns: readonly string[]; retryable?: boolean },
  extra: { pushId?: string; flags?: readonly string[]; flagColumns?: readonly string[] } = {},
): RowRecord {
  const errorColumns = [...new Set([...o.errorColumns, ...(extra.flagColumns ?? [])])];
  return {
    status: o.status,
    reason: o.message,
    ...(errorColumns.length > 0 ? { errorColumns } : {}),
    ...(o.retryable ? { retryable: true } : {}),
    ...(extra.pushId ? { pushId: extra.pushId } : {}),
    ...(extra.flags && extra.flags.length > 0 ? { flags: [...extra.flags] } : {}),
  };
}

/** A marked row edited or filled since the push (./editedRows): Changed, amber, until the next push sends it. */
export const changedRecord = (reason: string): RowRecord => ({ status: CHANGED_STATUS, reason, tone: "warning" });

/** The row now waits for its nett pay (`why` is what its Message says meanwhile). */
export const awaitingNettPay = (
  r: RowRecord,
  why: string,
  since: string,
  target?: Pick<NettPayTarget, "sent" | "was">,
): RowRecord => {
  const earlier = r.nettPay?.awaited ? r.nettPay : null;
  return {
    ...r,
    nettPay: {
      awaited: true,
      since: earlier?.since ?? since,
      why,
      ...((target?.sent ?? earlier?.sent) ? { sent: [...(target?.sent ?? earlier?.sent ?? [])] } : {}),
      ...((target?.was ?? earlier?.was) !== undefined ? { was: target?.was ?? earlier?.was } : {}),
    },
  };
};

/** The row's nett pay arrived: shown, with the check's flag and the no-move note when there are any. */
export const nettPayShown = (r: RowRecord, notes: { flag?: string | null; unmoved?: string | null }): RowRecord => ({
  ...r,
  ...(notes.flag ? { errorColumns: [...new Set([...(r.errorColumns ?? []), H.nettPay])] } : {}),
  nettPay: { awaited: false, ...(notes.flag ? { flag: notes.flag } : {}), ...(notes.unmoved ? { unmoved: notes.unmoved } : {}) },
});

/** Rows whose nett pay is awaited (and that can be looked up), with what the push that saved them knew. */
export function awaitedNettPay(sheet: Pick<ReadSheet, "rows">, records: RowRecords): NettPayTarget[] {
  return sheet.rows.flatMap((row) => {
    const n = records.get(row.rowIndex)?.nettPay;
    if (!n?.awaited || row.employeeId === null || row.payslipDate === null) return [];
    return [
      {
        rowIndex: row.rowIndex,
        employeeId: row.employeeId,
        payslipDate: row.payslipDate,
        ...(n.sent ? { sent: n.sent } : {}),
        ...(n.was !== undefined ? { was: n.was } : {}),
      },
    ];
  });
}

/** Saved rows whose nett pay arrived without moving. */
export const unmovedRows = (records: RowRecords, rowIndexes: Iterable<number>): number =>
  [...rowIndexes].filter((i) => {
    const r = records.get(i);
    return r?.status === "Saved" && r.nettPay?.awaited === false && r.nettPay.unmoved !== undefined;
  }).length;

// ---------------------------------------------------------------------------------------------------------
// Stored beside the sheet: one line per row with a state, found again by employee and payslip date
// ---------------------------------------------------------------------------------------------------------

export const ROW_STATE_COLUMNS = ["row", "state"] as const;

/** The hidden sheet holding an input sheet's row states, named after its snapshot's ("PayrollSnap_…" → "PayrollRows_…"). */
export function rowStateSheet(meta: Pick<InputSheetMeta, "snapshotSheet">): string {
  const snap = meta.snapshotSheet;
  return snap.startsWith("PayrollSnap_")
    ? `PayrollRows_${snap.slice("PayrollSnap_".length)}`
    : safeSheetName(`PayrollRows_${snap}`);
}

/** An input sheet's table as read: its headers and cells. */
export interface TableCells {
  columns: readonly unknown[];
  rows: readonly (readonly unknown[])[];
}

/**
 * Each row's key in the store: its Employee ID and Payslip date cells (a sort moves rows, and the state moves with
 * them), or its position when it has none; a second row with the same employee and date (refused as Invalid) by
 * position too. Read from the cells only, so the pane's watch finds states without reading the sheet as a push does.
 */
function rowKeys(table: TableCells): string[] {
  const headers = table.columns.map((c) => String(c).trim());
  const idCol = headers.indexOf(H.employeeId);
  const dateCol = headers.indexOf(H.payslipDate);
  const seen = new Set<string>();
  return table.rows.map((cells, rowIndex) => {
    const id = idCol < 0 ? null : parseInteger(cells[idCol]);
    const date = dateCol < 0 ? null : parseDate(cells[dateCol]);
    const key = id?.ok && id.value !== null && date?.ok && date.value !== null ? rowKey(id.value, date.value) : null;
    if (key === null || seen.has(key)) return `#${rowIndex}`;
    seen.add(key);
    return key;
  });
}

/** The stored grid (columns row, state as JSON) for the table's rows; rows without a state take no line. */
export function recordsToTable(table: TableCells, records: RowRecords): { columns: string[]; rows: string[][] } {
  const keys = rowKeys(table);
  const rows = keys.flatMap((key, rowIndex) => {
    const r = records.get(rowIndex);
    return r ? [[key, JSON.stringify(r)]] : [];
  });
  return { columns: [...ROW_STATE_COLUMNS], rows };
}

/** The stored grid back to each row's state (lines of rows no longer on the sheet, or not understood, are dropped). */
export function recordsFromTable(table: TableCells, stored: TableCells): RowRecords {
  const columns = stored.columns.map(String);
  const keyCol = columns.indexOf(ROW_STATE_COLUMNS[0]);
  const stateCol = columns.indexOf(ROW_STATE_COLUMNS[1]);
  const byKey = new Map<string, RowRecord>();
  if (keyCol >= 0 && stateCol >= 0)
    for (const line of stored.rows) {
      try {
        const parsed = RowRecord.safeParse(JSON.parse(String(line[stateCol] ?? "")));
        if (parsed.success) byKey.set(String(line[keyCol] ?? ""), parsed.data);
      } catch {
        // not JSON: that line is dropped, the row has no state
      }
    }
  const records: RowRecords = new Map();
  rowKeys(table).forEach((key, rowIndex) => {
    const r = byKey.get(key);
    if (r) records.set(rowIndex, r);
  });
  return records;
}
