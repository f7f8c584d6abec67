/**
 * The pay calendar's part of the overview flow, workbook only: what the chart shows (the nett pay of both periods,
 * or only of the rows due this week), and the person's notes beside the table, checked before the write: cells the
 * new, wider table would cover refuse the refresh (nothing is written), and notes whose row changed are named.
 */
import type { ColumnChartOptions, WorkbookPort } from "../../../excel";
import { cellsInTheWay } from "../../reports";
import { columnIndex } from "../../../xl/excelConventions";
import { DUE_THIS_WEEK_COLUMN, type WaveCalendar } from "../model/calendar";
import { OVERVIEW_CHART, OVERVIEW_COLUMNS, OVERVIEW_HEADERS, OVERVIEW_SHEET } from "../model/monthEnd";
import { lastColumnLetter, nameSome, notesNowBesideOtherRows, rowKey } from "../model/notesBeside";

/** The chart, drawn again at each refresh under one name; its title says which rows it shows. */
export function overviewChart(sheetName: string, dueThisWeek: boolean): ColumnChartOptions {
  const categoryColumns = [OVERVIEW_HEADERS.client, OVERVIEW_HEADERS.wave];
  return dueThisWeek
    ? {
        sheetName,
        name: OVERVIEW_CHART,
        title: "Nett pay due this week",
        seriesColumns: [DUE_THIS_WEEK_COLUMN.header],
        categoryColumns,
      }
    : {
        sheetName,
        name: OVERVIEW_CHART,
        title: "Nett pay: previous and open period",
        seriesColumns: [OVERVIEW_HEADERS.previous_nett_pay, OVERVIEW_HEADERS.nett_pay],
        categoryColumns,
      };
}

/** Refused before anything is written: the sheet keeps its last refresh and the person's cells. */
export class NotesInTheWayError extends Error {
  override readonly name = "NotesInTheWayError";
  constructor(readonly cells: readonly string[]) {
    const last = lastColumnLetter(OVERVIEW_COLUMNS.length);
    super(
      `The overview now has more columns (A to ${last}) and would write over your cells ${nameSome(cells)}. ` +
        `Move them right of column ${last}, then press Month-end overview again. The sheet was not changed.`,
    );
  }
}

/**
 * Reads the sheet as it is (three reads, no request): refuses when the table's new columns would cover a person's
 * cells; otherwise returns a sentence naming the rows whose notes are now beside another client or wave, or "".
 */
export async function checkNotesBeside(
  workbook: WorkbookPort,
  rows: readonly { clientId: number; waveId: number }[],
): Promise<string> {
  const exists = (await workbook.listSheets()).some((s) => s.name.toLowerCase() === OVERVIEW_SHEET.toLowerCase());
  if (!exists) return "";
  const [used, old] = await Promise.all([workbook.readValues(OVERVIEW_SHEET), workbook.readTable(OVERVIEW_SHEET)]);
  if (!old) return "";
  // The old table's own columns: its leading overview headers (a column Excel added when someone typed beside it
  // is the person's).
  const known = new Set(OVERVIEW_COLUMNS.map((c) => c.header));
  const firstForeign = old.columns.findIndex((h) => !known.has(h));
  const ownColumns = firstForeign < 0 ? old.columns.length : firstForeign;
  const covered = cellsInTheWay({ used, table: { rows: old.rowCount, cols: ownColumns } }, OVERVIEW_COLUMNS.length, rows.length);
  // Cells below the old table are written over as before (docs/month-end.md); the new columns' cells are refused.
  const right = covered.filter((a) => columnIndex(/^[A-Z]+/.exec(a)![0]) >= ownColumns);
  if (right.length > 0) throw new NotesInTheWayError(right);
  const [c, w] = [old.columns.indexOf(OVERVIEW_HEADERS.client_id), old.columns.indexOf(OVERVIEW_HEADERS.wave_id)];
  if (c < 0 || w < 0) return "";
  const moved = notesNowBesideOtherRows(
    { keys: old.rows.map((r) => rowKey(r[c], r[w])), ownColumns },
    used,
    OVERVIEW_COLUMNS.length,
    rows.map((r) => rowKey(r.clientId, r.waveId)),
  );
  if (moved.length === 0) return "";
  return `the rows' order changed, so the notes right of row${moved.length === 1 ? "" : "s"} ${nameSome(moved.map(String))} are now beside another client or wave: check them`;
}

/** "2 deadlines due this week, 1 overdue" for the outcome, or "". */
export function calendarSummary(calendars: readonly (WaveCalendar | undefined)[]): string {
  const due = calendars.filter((c) => c?.dueThisWeek).length;
  const overdue = calendars.filter((c) => c?.daysLeft !== null && c?.daysLeft !== undefined && c.daysLeft < 0).length;
  if (due === 0) return "";
  return `${due} finalisation deadline${due === 1 ? "" : "s"} this week${overdue > 0 ? ` (${overdue} overdue)` : ""}`;
}
