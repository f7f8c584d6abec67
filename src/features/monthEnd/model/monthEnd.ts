/**
 * The Month-end overview: one row per client and wave with an open period, built from each client's waves and its
 * employees with their recent payslips (the two lists the overview reads per client), and from the workbook's input
 * sheets of that client and period. Pure: no Office, no fetch.
 *
 * The open period is the one the input-sheet pickers offer first (`defaultPeriod`): the oldest period of the wave
 * that still has unfinalised payslips, else the newest. The previous period is the wave's period before it.
 */
import type { Client, Employee, PayslipListItem, Wave } from "../../../contract";
import type { CellValue, ColumnSpec } from "../../../xl/columns";
import { serialToIsoDate } from "../../../xl/excelConventions";
import { waveDisplayName } from "../../../ui/sheets/importTables";
import { activeEmployees, defaultPeriod, wavePeriods } from "../../../ui/sheets/periods";
import { finalisedUnsentPeriods } from "./finalisedUnsent";
import type { InputSheetState, RowCounts } from "./inputSheetState";
import { CALENDAR_COLUMNS, calendarCells, DUE_THIS_WEEK_COLUMN, type WaveCalendar } from "./calendar";

export const OVERVIEW_SHEET = "Month-end overview";
export const OVERVIEW_TABLE = "MonthEndOverview";
export const OVERVIEW_CHART = "MonthEndNettPay";
/** Default limit of a nett pay move between periods before a row needs attention, in per cent either way. */
export const DEFAULT_NETT_PAY_MOVE_PERCENT = 25;

export type OverviewStatus = "Not started" | "Inputs pending" | "Pushed" | "Needs attention" | "Calculating" | "Finalised";

/** What one client's two lists give: the client, its waves, its employees with service periods and recent payslips. */
export interface ClientLists {
  client: Pick<Client, "id" | "name">;
  waves: readonly Wave[];
  employees: readonly Employee[];
}

/** One row of the overview; its counts are its sheets' summed. */
export interface OverviewRow extends RowCounts {
  clientId: number;
  clientName: string;
  waveId: number;
  waveName: string;
  payslipDate: string;
  employees: number;
  payslips: number;
  calculating: number;
  finalised: number;
  /** The input sheets of this client, wave and period (first one is linked). */
  sheets: string[];
  lastPush: Date | null;
  preparedBy: string;
  nettPay: number;
  previousNettPay: number | null;
  /** Fraction (0.1 = 10 %), null when there is no previous total or payslips are still calculating. */
  change: number | null;
  status: OverviewStatus;
  /** Why "Needs attention", in words; empty otherwise. */
  attention: string;
  /** The pay calendar of the open period (model/calendar.ts, withCalendar); its cells are blank without it. */
  calendar?: WaveCalendar;
}

const regularOn = (employees: readonly Employee[], waveId: number, date: string): PayslipListItem[] =>
  employees.flatMap((e) =>
    e.wave_id !== waveId ? [] : (e.recent_payslips ?? []).map((w) => w.payslip).filter((p) => !p.special && p.date === date),
  );

const round2 = (n: number) => Math.round(n * 100) / 100;
const sumNett = (payslips: readonly PayslipListItem[]) => round2(payslips.reduce((s, p) => s + (p.nett_pay ?? 0), 0));
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The status in words, and why a row needs attention. Attention first: it is what the accountant must act on. */
export function overviewStatus(
  row: Pick<
    OverviewRow,
    "payslips" | "calculating" | "finalised" | "pending" | "failed" | "invalid" | "conflict" | "held" | "change" | "lastPush"
  > &
    Partial<Pick<OverviewRow, "awaitingReview">>,
  movePercent: number,
): { status: OverviewStatus; attention: string } {
  const reasons: string[] = [];
  if (row.failed > 0) reasons.push(`${plural(row.failed, "row")} Failed`);
  if (row.invalid > 0) reasons.push(`${plural(row.invalid, "row")} Invalid (not sent)`);
  if (row.conflict > 0) reasons.push(`${plural(row.conflict, "row")} in Conflict`);
  if (row.held > 0) reasons.push(`${plural(row.held, "row")} Held`);
  if ((row.awaitingReview ?? 0) > 0) reasons.push(`${plural(row.awaitingReview!, "row")} awaiting review`);
  if (row.change !== null && Math.abs(row.change) * 100 > movePercent)
    reasons.push(`nett pay moved ${(row.change * 100).toFixed(1)} % (limit ±${movePercent} %)`);
  if (reasons.length > 0) return { status: "Needs attention", attention: reasons.join("; ") };
  const status: OverviewStatus =
    row.calculating > 0
      ? "Calculating"
      : row.payslips > 0 && row.finalised === row.payslips
        ? "Finalised"
        : row.pending > 0
          ? "Inputs pending"
          : row.lastPush
            ? "Pushed"
            : "Not started";
  return { status, attention: "" };
}

/** The rows of one client: one per wave with a period, in the waves' order. */
export function clientOverviewRows(
  lists: ClientLists,
  sheets: readonly InputSheetState[],
  movePercent = DEFAULT_NETT_PAY_MOVE_PERCENT,
): OverviewRow[] {
  const { client, waves, employees } = lists;
  return waves.flatMap((wave): OverviewRow[] => {
    const periods = wavePeriods(employees, wave.id);
    const open = defaultPeriod(periods);
    if (!open) return [];
    const payslips = regularOn(employees, wave.id, open.date);
    const calculating = payslips.filter((p) => p.dirty).length;
    const previous = periods.find((p) => p.date < open.date);
    const previousNettPay = previous ? sumNett(regularOn(employees, wave.id, previous.date)) : null;
    const nettPay = sumNett(payslips);
    const change = calculating === 0 && previousNettPay ? (nettPay - previousNettPay) / previousNettPay : null;
    const own = sheets.filter((s) => s.clientId === client.id && s.waveId === wave.id && s.payslipDate === open.date);
    const last = own
      .map((s) => s.lastPush)
      .filter((p) => p !== null)
      .sort((a, b) => b.time.getTime() - a.time.getTime())[0];
    const sum = (k: "pending" | "failed" | "invalid" | "conflict" | "held" | "awaitingReview") =>
      own.reduce((n, s) => n + (s[k] ?? 0), 0);
    const counts = {
      payslips: payslips.length,
      calculating,
      finalised: payslips.filter((p) => p.finalised).length,
      pending: sum("pending"),
      failed: sum("failed"),
      invalid: sum("invalid"),
      conflict: sum("conflict"),
      held: sum("held"),
      awaitingReview: sum("awaitingReview"),
      lastPush: last?.time ?? null,
      change,
    };
    const here = { clientId: client.id, clientName: client.name, waveId: wave.id, waveName: waveDisplayName(wave) };
    // A finalised period whose sheets still hold unsent work keeps a row of its own, after the open period's.
    const left = finalisedUnsentPeriods({ ...here, open: open.date, periods, employees, sheets }).map((p): OverviewRow => ({
      ...here,
      ...p,
      calculating: 0,
      finalised: p.payslips,
      conflict: 0,
      lastPush: null,
      preparedBy: "",
      previousNettPay: null,
      change: null,
      status: "Needs attention",
    }));
    return [
      {
        ...here,
        payslipDate: open.date,
        employees: activeEmployees(employees, wave.id, open.date).length,
        sheets: own.map((s) => s.sheetName),
        preparedBy: last?.preparedBy ?? "",
        nettPay,
        previousNettPay,
        ...counts,
        ...overviewStatus(counts, movePercent),
      },
      ...left,
    ];
  });
}

/** Every client's rows, clients by name, each client's waves in the service's order. */
export function overviewRows(
  clients: readonly ClientLists[],
  sheets: readonly InputSheetState[],
  movePercent = DEFAULT_NETT_PAY_MOVE_PERCENT,
): OverviewRow[] {
  return [...clients]
    .sort((a, b) => a.client.name.localeCompare(b.client.name) || a.client.id - b.client.id)
    .flatMap((c) => clientOverviewRows(c, sheets, movePercent));
}

/**
 * The table's columns. Client and Wave come first (the chart's categories), the two nett pay totals side by side
 * (the chart's two series); the input sheet's hyperlink is set on its own column after the write.
 */
export const OVERVIEW_COLUMNS: ColumnSpec[] = [
  { key: "client", header: "Client", type: "text" },
  { key: "wave", header: "Wave", type: "text" },
  { key: "payslip_date", header: "Payslip date", type: "date" },
  ...CALENDAR_COLUMNS,
  { key: "status", header: "Status", type: "text" },
  { key: "employees", header: "Employees", type: "integer" },
  { key: "payslips", header: "Payslips", type: "integer" },
  { key: "calculating", header: "Calculating", type: "integer" },
  { key: "finalised", header: "Finalised", type: "integer" },
  { key: "pending", header: "Changes pending", type: "integer" },
  { key: "failed", header: "Failed", type: "integer" },
  { key: "invalid", header: "Invalid", type: "integer" },
  { key: "conflict", header: "Conflict", type: "integer" },
  { key: "held", header: "Held", type: "integer" },
  { key: "awaiting_review", header: "Awaiting review", type: "integer" },
  { key: "last_push", header: "Last push", type: "datetime" },
  { key: "prepared_by", header: "Prepared by", type: "text" },
  { key: "previous_nett_pay", header: "Previous nett pay", type: "currency" },
  { key: "nett_pay", header: "Nett pay", type: "currency" },
  { key: "change", header: "Change", type: "percent" },
  DUE_THIS_WEEK_COLUMN,
  { key: "attention", header: "Why", type: "text" },
  { key: "input_sheet", header: "Input sheet", type: "text" },
  { key: "client_id", header: "Client ID", type: "integer" },
  { key: "wave_id", header: "Wave ID", type: "integer" },
];

export const OVERVIEW_HEADERS = Object.fromEntries(OVERVIEW_COLUMNS.map((c) => [c.key, c.header])) as Record<string, string>;

export function overviewGrid(rows: readonly OverviewRow[]): CellValue[][] {
  return rows.map((r) => [
    r.clientName,
    r.waveName,
    r.payslipDate,
    ...(r.calendar ? calendarCells(r.calendar) : CALENDAR_COLUMNS.map(() => null)),
    r.status,
    r.employees,
    r.payslips,
    r.calculating,
    r.finalised,
    r.pending,
    r.failed,
    r.invalid,
    r.conflict,
    r.held,
    r.awaitingReview ?? 0,
    r.lastPush,
    r.preparedBy,
    r.previousNettPay,
    r.nettPay,
    r.change,
    r.calendar?.dueThisWeek ? r.nettPay : null,
    r.attention,
    r.sheets[0] ?? "",
    r.clientId,
    r.waveId,
  ]);
}

/** The row a selection points at, from the overview table's cells: the client, wave and period to build a sheet for. */
export function overviewRowTarget(
  table: { columns: readonly string[]; rows: readonly (readonly unknown[])[] },
  rowIndex: number,
): { clientId: number; clientName: string; waveId: number; payslipDate: string; inputSheet: string } | null {
  const at = (key: string) => table.columns.indexOf(OVERVIEW_HEADERS[key]);
  const row = table.rows[rowIndex];
  if (!row) return null;
  const clientId = Number(row[at("client_id")]);
  const waveId = Number(row[at("wave_id")]);
  const date = row[at("payslip_date")];
  if (!Number.isInteger(clientId) || !Number.isInteger(waveId) || clientId <= 0 || waveId <= 0) return null;
  const payslipDate = typeof date === "number" ? (serialToIsoDate(date) ?? "") : String(date ?? "");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(payslipDate)) return null;
  return {
    clientId,
    clientName: String(row[at("client")] ?? ""),
    waveId,
    payslipDate,
    inputSheet: String(row[at("input_sheet")] ?? ""),
  };
}
