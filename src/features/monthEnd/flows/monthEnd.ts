/**
 * Month-end overview: every client the key reaches, one row per wave with an open period, on one sheet with a chart
 * of each row's nett pay this period and the previous one.
 *
 * Cost: two list requests per client whatever its head count, GET /clients/:id/waves and GET
 * /clients/:id/employees?include=service_periods,recent_payslips (the employees of each wave, their last 12 payslips:
 * the periods, the open period's payslips with finalised, dirty and nett_pay, and the previous period's). Clients are
 * read two at a time under the PayrollApi's rate limiter; the bar counts clients, and Cancel stops before the
 * next client and writes nothing (the sheet keeps its last refresh).
 *
 * The sheet is rewritten in place: only the table's own columns, so a person's notes right of it stay.
 */
import type { Client } from "../../../contract";
import {
  type ClientLists,
  OVERVIEW_COLUMNS,
  OVERVIEW_HEADERS,
  OVERVIEW_SHEET,
  OVERVIEW_TABLE,
  type OverviewRow,
  overviewGrid,
  overviewRows,
  overviewRowTarget,
} from "../model/monthEnd";
import {
  type Clock,
  type FlowContext,
  forEachLimited,
  type SheetResult,
  SYSTEM_CLOCK,
  writingRows,
} from "../../../ui/flows/common";
import { type BuildInputSheetResult, buildInputSheet } from "../../inputSheets";
import { readLastInputs } from "../../inputSheets";
import { readInputSheetStates, readMovePercent } from "./monthEndSheets";
import { byDeadline, localIsoDate, withCalendar } from "../model/calendar";
import { readCalendarChoices } from "./calendarChoices";
import { calendarSummary, checkNotesBeside, overviewChart } from "./calendar";

/** Requests per client: the waves and the employees with their recent payslips. */
export const REQUESTS_PER_CLIENT = 2;
/** Clients read at once: the rate limiter spaces the requests; two clients keep it busy without a long queue. */
const CLIENTS_AT_ONCE = 2;

export interface OverviewOptions {
  /** The clients the key reaches (GET /clients/, read at Connect). */
  reachable: readonly Pick<Client, "id" | "name">[];
  /** Today's date for the pay calendar comes from its now() (SYSTEM_CLOCK in the pane; a test fixes it). */
  clock?: Clock;
}

export interface OverviewResult extends SheetResult {
  rows: OverviewRow[];
  clients: number;
  /** Clients whose lists could not be read, with why: they have no rows. */
  failed: { clientName: string; message: string }[];
  /** One sentence for the pane. */
  summary: string;
}

async function readClients(ctx: FlowContext, reachable: OverviewOptions["reachable"]) {
  const { api, progress, signal } = ctx;
  const lists: ClientLists[] = [];
  const failed: OverviewResult["failed"] = [];
  let done = 0;
  let requests = 0;
  progress.update?.(0, reachable.length, "clients read");
  await forEachLimited(reachable, CLIENTS_AT_ONCE, async (client) => {
    if (signal?.aborted) return;
    try {
      const [waves, employees] = await Promise.all([
        api.listWaves(client.id, { signal }),
        api.listEmployees(client.id, ["service_periods", "recent_payslips"], { signal }),
      ]);
      lists.push({ client, waves, employees });
    } catch (error) {
      if (signal?.aborted) return;
      failed.push({ clientName: client.name, message: error instanceof Error ? error.message : String(error) });
    } finally {
      requests += REQUESTS_PER_CLIENT;
      progress.update?.(++done, reachable.length, "clients read");
    }
  });
  // Nothing is written after a cancel: the sheet keeps its last refresh.
  if (signal?.aborted) throw new DOMException("Cancelled", "AbortError");
  return { lists, failed, requests };
}

/** Writes or refreshes the "Month-end overview" sheet, its links to the input sheets, and its chart. */
export async function monthEndOverview(ctx: FlowContext, options: OverviewOptions): Promise<OverviewResult> {
  const { workbook, progress } = ctx;
  const [{ sheets, unreadable }, movePercent, choices] = await Promise.all([
    readInputSheetStates(workbook),
    readMovePercent(workbook),
    readCalendarChoices(workbook),
  ]);
  const { lists, failed, requests } = await readClients(ctx, options.reachable);
  const today = localIsoDate((options.clock ?? SYSTEM_CLOCK).now());
  const dated = withCalendar(
    overviewRows(lists, sheets, movePercent),
    lists.flatMap((l) => l.waves),
    today,
  );
  const rows = choices.order === "deadline" ? byDeadline(dated) : dated;
  const notes = await checkNotesBeside(workbook, rows);
  const written = await workbook.writeTable({
    sheetName: OVERVIEW_SHEET,
    tableName: OVERVIEW_TABLE,
    title: "Month-end overview",
    columns: OVERVIEW_COLUMNS,
    rows: overviewGrid(rows),
    keepCellsRight: true,
    onProgress: writingRows(progress),
  });
  const links = rows.flatMap((r, rowIndex) =>
    r.sheets.length > 0 ? [{ rowIndex, column: OVERVIEW_HEADERS.input_sheet, sheetName: r.sheets[0] }] : [],
  );
  await workbook.linkCells(written.sheetName, links);
  // Always drawn again, so no chart outlives the rows it showed.
  await workbook.writeColumnChart(overviewChart(written.sheetName, choices.chartDueThisWeek));
  const attention = rows.filter((r) => r.status === "Needs attention").length;
  const parts = [
    `${rows.length} row${rows.length === 1 ? "" : "s"} for ${lists.length} client${lists.length === 1 ? "" : "s"} written to "${written.sheetName}"`,
    attention > 0 ? `${attention} need${attention === 1 ? "s" : ""} attention` : "",
    calendarSummary(rows.map((r) => r.calendar)),
    failed.length > 0 ? `not read: ${failed.map((f) => `${f.clientName} (${f.message})`).join("; ")}` : "",
    unreadable.length > 0 ? `input sheets not counted (table or snapshot missing): ${unreadable.join(", ")}` : "",
    notes,
  ].filter(Boolean);
  return { ...written, requests, rows, clients: lists.length, failed, summary: `Month-end overview: ${parts.join("; ")}.` };
}

export type BuildFromOverviewResult =
  | ({ outcome: "built"; clientName: string } & BuildInputSheetResult)
  | { outcome: "linked" | "refused"; message: string; sheetName?: string };

/**
 * Build input sheet on the overview: the selected row's client, wave and period, with the inputs last used for that
 * client. A row that already has its input sheet goes to it instead; a client with no sheet built yet is refused
 * with what to do, since the inputs are the accountant's choice.
 */
export async function buildFromOverview(ctx: FlowContext, options: OverviewOptions): Promise<BuildFromOverviewResult> {
  const { workbook } = ctx;
  const table = await workbook.readTable(OVERVIEW_SHEET);
  if (!table)
    return { outcome: "refused", message: `There is no "${OVERVIEW_SHEET}" sheet yet: press Month-end overview first.` };
  const selected = await workbook.selectedRowIndexes(table.sheetName);
  if (selected.length !== 1)
    return {
      outcome: "refused",
      message: `Select one row of "${table.sheetName}" (any cell of it), then press Build input sheet.`,
    };
  const row = overviewRowTarget(table, selected[0]);
  if (!row) return { outcome: "refused", message: "The selected row has no client, wave or payslip date: refresh the overview." };
  if (row.inputSheet) {
    await workbook.activateSheet(row.inputSheet).catch(() => undefined);
    return {
      outcome: "linked",
      sheetName: row.inputSheet,
      message: `${row.clientName} already has "${row.inputSheet}".`,
    };
  }
  const client = options.reachable.find((c) => c.id === row.clientId);
  if (!client) return { outcome: "refused", message: `This key cannot reach ${row.clientName} (ID ${row.clientId}).` };
  const last = await readLastInputs(workbook, client.id);
  if (!last)
    return {
      outcome: "refused",
      message: `No input sheet has been built for ${client.name} in this workbook yet, so its inputs are not known: choose ${client.name} and build one in Input sheets.`,
    };
  const own: FlowContext = { ...ctx, client: { id: client.id, name: client.name } };
  const built = await buildInputSheet(own, { waveId: row.waveId, payslipDate: row.payslipDate, inputKeys: last.inputKeys });
  return { outcome: "built", clientName: client.name, ...built };
}
