/** One input sheet's counts as the overview reads them: its own module so that the overview (monthEnd.ts) and the
 * finalised periods it keeps (finalisedUnsent.ts) share it without importing each other. Pure. */

/** The row counts a sheet has and the overview sums per client, wave and period. */
export interface RowCounts {
  pending: number;
  failed: number;
  /** Rows a push refused as Invalid (a cell the service cannot take): they were not sent. */
  invalid: number;
  conflict: number;
  held: number;
  /** Rows awaiting a second person's review (not sent until another person approves them). */
  awaitingReview?: number;
}

/** One input sheet of the workbook, as the overview counts it. */
export interface InputSheetState extends RowCounts {
  sheetName: string;
  clientId: number;
  waveId: number;
  payslipDate: string;
  /** The sheet's latest Push log line, when it has one; Prepared by only where the Push log has that column. */
  lastPush: { time: Date; preparedBy: string } | null;
}
