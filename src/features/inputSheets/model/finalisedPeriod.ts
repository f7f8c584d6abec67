/**
 * A sheet built for a finalised period. The service refuses every bulk input on a finalised payslip (the API
 * document), so such a sheet is for reading: its title says so, its metadata records it, and the pane disables its
 * push buttons with this reason rather than let a push fail on every row.
 */

/** Every row's payslip is finalised (and there is at least one): nothing on the sheet can be changed in the service. */
export const isFinalisedPeriod = (rows: readonly { finalised: boolean }[]): boolean =>
  rows.length > 0 && rows.every((r) => r.finalised);

/** The sheet's title line (A1) for a finalised period: the read-only note first, so it is the first thing read. */
export const finalisedTitle = (title: string): string => `Read only, period finalised. ${title}`;

/** Why nothing can be pushed from the sheet, with the period as the pane shows dates ("25/11/2026"). */
export const finalisedReason = (periodEnding: string): string =>
  `The period ending ${periodEnding} is finalised: the service accepts no changes to its payslips, so this sheet is read only.`;
