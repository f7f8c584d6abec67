/**
 * Pay runs: the list, a run's payslips with their data flattened, its accounting journal, an employee's
 * payslips, one payslip's detail, and a payslip's PDF. Each is a fixed, small number of requests:
 *   pay runs            2 (runs, waves for their names); the sheet 3 (and the employees' recent payslips for
 *                       the runs' Status and the open periods without a run)
 *   a run's payslips    2 (the payslips with data, the employees for number and name)
 *   journal             2 (the journal, items_and_outputs for the line items' labels; 1 when the pane holds it)
 *   employee payslips   1;  payslip detail 2 (detail, items_and_outputs for labels);  PDF 1
 */
import type { PayrollApi } from "../../../api";
import type { Employee, PaymentRun, PayslipWithData, Wave } from "../../../contract";
import type { WorkbookPort } from "../../../excel";
import { compareEmployees, sortEmployees } from "../../../ui/sheets/grid";
import { waveDisplayName } from "../../../ui/sheets/importTables";
import { journalGrid, type SplitBalance } from "../model/journal";
import { itemLabels } from "../../reports";
import { payRunLabel, payRunStates, payRunsGrid, payslipListGrid } from "../model/payRunGrids";
import { formatDate } from "../../../ui/locale";
import { employeeLabel, type EmployeeRef } from "../../../ui/sheets/employeeNames";
import { type PayslipRecord, type UnreadableAmount, payslipDataGrid, payslipDetailGrid } from "../model/payslipData";
import type { ClientReads } from "../../../ui/serverState";
import {
  type FlowContext,
  type FlowProgress,
  idFromSelection,
  type SheetResult,
  writeSheet,
  clientLabel,
} from "../../../ui/flows/common";
import { sheetForClient } from "../../../ui/flows/clientSheet";

export const PAY_SHEETS = {
  runs: { sheetName: "Pay runs", tableName: "PayRuns" },
  runPayslips: { sheetName: "Pay run payslips", tableName: "PayRunPayslips" },
  journal: { sheetName: "Journal", tableName: "Journal" },
  employeePayslips: { sheetName: "Payslips", tableName: "Payslips" },
  payslipDetail: { sheetName: "Payslip detail", tableName: "PayslipDetail" },
  recent: { sheetName: "Recent payslips", tableName: "RecentPayslips" },
} as const;

export interface PayRunChoices {
  runs: PaymentRun[];
  waves: Wave[];
  /** Wave ID to display name. */
  waveNames: Map<number, string>;
  /** Picker label per run ID. */
  labels: Map<number, string>;
}

/**
 * The runs and the waves (for names): the data behind the pay run picker and the Pay runs sheet. The picker reads
 * them through the pane's shared `reads` (src/ui/serverState); the sheet reads them fresh from the api.
 */
export async function loadPayRuns(
  api: PayrollApi,
  clientId: number,
  progress: FlowProgress = {},
  reads?: Pick<ClientReads, "paymentRuns" | "waves">,
): Promise<PayRunChoices> {
  progress.update?.(0, undefined, "Reading pay runs");
  const o = { signal: progress.signal };
  const [runs, waves] = await Promise.all([
    reads ? reads.paymentRuns(clientId, o) : api.listPaymentRuns(clientId, o),
    reads ? reads.waves(clientId, o) : api.listWaves(clientId, o),
  ]);
  const waveNames = new Map(waves.map((w) => [w.id, waveDisplayName(w)]));
  const sorted = [...runs].sort((a, b) => b.period_end_date.localeCompare(a.period_end_date) || b.id - a.id);
  return {
    runs: sorted,
    waves,
    waveNames,
    labels: new Map(sorted.map((r) => [r.id, payRunLabel(r, waveNames.get(r.wave_id), formatDate)])),
  };
}

export async function importPayRuns(ctx: FlowContext): Promise<SheetResult & PayRunChoices> {
  const { api, workbook, client, progress, signal } = ctx;
  const [choices, employees] = await Promise.all([
    loadPayRuns(api, client.id, { signal, update: progress.update?.bind(progress) }),
    api.listEmployees(client.id, ["recent_payslips"], { signal }),
  ]);
  const grid = payRunsGrid(choices.runs, choices.waveNames, payRunStates(employees));
  const written = await writeSheet(
    workbook,
    { ...(await sheetForClient(workbook, client, PAY_SHEETS.runs)), title: `Pay runs: ${clientLabel(client)}`, ...grid },
    progress,
    3,
  );
  return { ...written, ...choices };
}

export interface PayslipsImportResult extends SheetResult {
  /** Payslips whose employee could not be named (older than the employees list's recent payslips). */
  unmatched: number;
  unreadable: UnreadableAmount[];
  /** Payslips still recalculating: their nett pay cell is empty. */
  dirty: number;
}

/** Payslips with their data to a sheet, items as columns, with what the pane says about them. */
async function writePayslips(
  workbook: WorkbookPort,
  sheet: { sheetName: string; tableName: string; title: string },
  records: readonly PayslipRecord[],
  progress: FlowProgress,
  requests: number,
): Promise<PayslipsImportResult> {
  const grid = payslipDataGrid(records);
  const written = await writeSheet(workbook, { ...sheet, columns: grid.columns, rows: grid.rows }, progress, requests);
  return {
    ...written,
    unmatched: records.filter((r) => r.employee === null).length,
    unreadable: grid.unreadable,
    dirty: records.filter((r) => r.payslip.dirty).length,
  };
}

/**
 * Who each payslip belongs to. The document's payslip has no employee field; when the service adds one
 * (`employee_id`, as the sandbox does) it is used, otherwise the employees' recent payslips are matched by ID.
 */
function employeeOf(
  payslips: readonly PayslipWithData[],
  employees: readonly Employee[],
): (p: PayslipWithData) => EmployeeRef | null {
  const byId = new Map(employees.map((e) => [e.id, e]));
  const byPayslip = new Map<number, Employee>();
  for (const e of employees) for (const { payslip } of e.recent_payslips ?? []) byPayslip.set(payslip.id, e);
  return (p) => {
    const id = (p as { employee_id?: unknown }).employee_id;
    return (typeof id === "number" ? byId.get(id) : undefined) ?? byPayslip.get(p.id) ?? null;
  };
}

/** A run as titles name it when the pane gives no label. */
const runName = (run: PaymentRun) => `${run.period_end_date} (ID ${run.id})`;

/**
 * A pay run's payslips with who each belongs to, in register order (payslips the employee list could not place go
 * last): two requests whatever the head count (the payslips with data, the employees).
 */
export async function runPayslipRecords(
  ctx: Pick<FlowContext, "api" | "client" | "signal">,
  run: PaymentRun,
): Promise<PayslipRecord[]> {
  const { api, client, signal } = ctx;
  const payslips = await api.listPaymentRunPayslips(run.id, { signal });
  const needMatch = payslips.some((p) => typeof (p as { employee_id?: unknown }).employee_id !== "number");
  const employees = await api.listEmployees(client.id, needMatch ? ["recent_payslips"] : [], { signal });
  const owner = employeeOf(payslips, employees);
  const records: PayslipRecord[] = payslips.map((payslip) => ({ payslip, employee: owner(payslip) }));
  return records.sort(
    (a, b) =>
      (a.employee && b.employee ? compareEmployees(a.employee, b.employee) : Number(!a.employee) - Number(!b.employee)) ||
      a.payslip.id - b.payslip.id,
  );
}

/** A pay run's payslips, items as columns: two requests whatever the head count. */
export async function importPayRunPayslips(ctx: FlowContext, run: PaymentRun, runLabel?: string): Promise<PayslipsImportResult> {
  const { workbook, client, progress } = ctx;
  progress.update?.(0, undefined, "Reading the pay run's payslips");
  const records = await runPayslipRecords(ctx, run);
  const title = `Payslips of pay run ${runLabel ?? runName(run)}: ${clientLabel(client)}`;
  return writePayslips(
    workbook,
    { ...(await sheetForClient(workbook, client, PAY_SHEETS.runPayslips)), title },
    records,
    progress,
    2,
  );
}

export interface JournalResult extends SheetResult {
  balanced: boolean;
  balances: SplitBalance[];
  posted: boolean;
}

/**
 * Labels for the journal's line items (a custom item is named by its ID, "102"): items_and_outputs, from the pane's
 * shared reads when it holds them. Unreadable, the lines keep their own labels rather than failing the journal.
 */
export async function journalLabels(ctx: FlowContext): Promise<Record<string, string>> {
  const { api, client, signal, reads } = ctx;
  try {
    return itemLabels(
      reads ? await reads.read("itemsAndOutputs", client.id, { signal }) : await api.getItemsAndOutputs(client.id, { signal }),
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    return {};
  }
}

/** The run's accounting journal as a debit/credit table with a check row per split. */
export async function importJournal(ctx: FlowContext, run: PaymentRun, runLabel?: string): Promise<JournalResult> {
  const { api, workbook, client, progress, signal } = ctx;
  progress.update?.(0, undefined, "Reading the accounting journal");
  const labelsHeld = ctx.reads?.isFresh("itemsAndOutputs", client.id) ?? false;
  const [journals, labels] = await Promise.all([api.getPaymentRunAccounting(run.id, { signal }), journalLabels(ctx)]);
  const grid = journalGrid(journals, labels);
  const title = `Journal of pay run ${runLabel ?? runName(run)}: ${clientLabel(client)}`;
  const written = await writeSheet(
    workbook,
    { ...(await sheetForClient(workbook, client, PAY_SHEETS.journal)), title, columns: grid.columns, rows: grid.rows },
    progress,
    labelsHeld ? 1 : 2,
  );
  return { ...written, balanced: grid.balanced, balances: grid.balances, posted: grid.posted };
}

/**
 * Every employee's last 12 payslips with their items (include=recent_payslips_with_data): one request. The
 * service answers 202 while payslips are still being calculated; the sheet is then left as it was and the
 * result says to try again.
 */
export async function importRecentPayslips(
  ctx: FlowContext,
): Promise<(PayslipsImportResult & { state: "ready" }) | { state: "try_later"; message: string; requests: number }> {
  const { api, workbook, client, progress, signal } = ctx;
  progress.update?.(0, undefined, "Reading every employee's recent payslips");
  const answer = await api.listEmployeesWithPayslipData(client.id, [], { signal });
  if (answer.state === "try_later") return { state: "try_later", message: answer.message, requests: 1 };
  const records: PayslipRecord[] = sortEmployees(answer.employees).flatMap((e) =>
    [...(e.recent_payslips_with_data ?? [])]
      .sort((a, b) => b.payslip.date.localeCompare(a.payslip.date))
      .map(({ payslip }) => ({ payslip, employee: e })),
  );
  const title = `Recent payslips (last 12 per employee): ${clientLabel(client)}`;
  return {
    state: "ready",
    ...(await writePayslips(
      workbook,
      { ...(await sheetForClient(workbook, client, PAY_SHEETS.recent)), title },
      records,
      progress,
      1,
    )),
  };
}

/** An employee's payslips (list form): one request. */
export async function importEmployeePayslips(ctx: FlowContext, employee: EmployeeRef): Promise<SheetResult> {
  const { api, workbook, client, progress, signal } = ctx;
  progress.update?.(0, undefined, "Reading payslips");
  const payslips = await api.listPayslips(employee.id, { signal });
  const title = `Payslips of ${employeeLabel(employee)}: ${clientLabel(client)}`;
  return writeSheet(
    workbook,
    { ...(await sheetForClient(workbook, client, PAY_SHEETS.employeePayslips)), title, ...payslipListGrid(payslips) },
    progress,
    1,
  );
}

/** One payslip's detail form, items labelled from items_and_outputs: two requests. */
export async function importPayslipDetail(
  ctx: FlowContext,
  payslipId: number,
): Promise<SheetResult & { unreadable: UnreadableAmount[] }> {
  const { api, workbook, client, progress, signal } = ctx;
  progress.update?.(0, undefined, "Reading the payslip");
  const [detail, items] = await Promise.all([
    api.getPayslip(payslipId, { signal }),
    api.getItemsAndOutputs(client.id, { signal }),
  ]);
  const labels = new Map<string, string>([
    ...[...items.system_items, ...items.custom_items].map((i) => [String(i.id), i.label] as [string, string]),
    ...items.outputs.map((o) => [o.name, o.label] as [string, string]),
  ]);
  const grid = payslipDetailGrid(detail, labels);
  const title = `Payslip ${payslipId}: ${clientLabel(client)}`;
  const written = await writeSheet(
    workbook,
    { ...(await sheetForClient(workbook, client, PAY_SHEETS.payslipDetail)), title, columns: grid.columns, rows: grid.rows },
    progress,
    2,
  );
  return { ...written, unreadable: grid.unreadable };
}

/** What opening a PDF needs from the browser: injectable so tests and the preview can watch it. */
export interface PdfOpener {
  createObjectURL(blob: Blob): string;
  revokeObjectURL(url: string): void;
  /** window.open; returns null when a pop-up blocker stopped it. */
  open(url: string, target: string): unknown;
  /** Fallback when the new window is blocked: a download link click. */
  download(url: string, fileName: string): void;
}

export function browserPdfOpener(win: Window = window): PdfOpener {
  return {
    createObjectURL: (blob) => URL.createObjectURL(blob),
    revokeObjectURL: (url) => URL.revokeObjectURL(url),
    open: (url, client) => win.open(url, client),
    download: (url, fileName) => {
      const a = win.document.createElement("a");
      a.href = url;
      a.download = fileName;
      a.rel = "noopener";
      win.document.body.appendChild(a);
      a.click();
      a.remove();
    },
  };
}

export interface PdfResult {
  fileName: string;
  bytes: number;
  /** "window": opened in a new window or tab; "download": the pop-up was blocked, so it was downloaded. */
  shownAs: "window" | "download";
}

/**
 * Fetches the payslip PDF with the key (a plain link could not carry it) and shows it from a Blob URL in a new
 * window or tab, falling back to a download when pop-ups are blocked. The URL is revoked after a minute.
 */
export async function openPayslipPdf(
  ctx: FlowContext,
  payslipId: number,
  opener: PdfOpener,
  revokeAfterMs = 60_000,
): Promise<PdfResult> {
  const { api, progress, signal } = ctx;
  progress.update?.(0, undefined, "Fetching the PDF");
  const bytes = await api.getPayslipPdf(payslipId, { signal });
  if (bytes.length < 5 || String.fromCharCode(...bytes.slice(0, 5)) !== "%PDF-") {
    throw new Error(`The service did not send a PDF for payslip ${payslipId}.`);
  }
  const fileName = `payslip-${payslipId}.pdf`;
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  const url = opener.createObjectURL(new Blob([copy.buffer], { type: "application/pdf" }));
  let shownAs: PdfResult["shownAs"] = "window";
  if (!opener.open(url, "_blank")) {
    opener.download(url, fileName);
    shownAs = "download";
  }
  setTimeout(() => opener.revokeObjectURL(url), revokeAfterMs);
  return { fileName, bytes: bytes.length, shownAs };
}

/**
 * The payslip of the first selected row of the active sheet, from its "Payslip ID" column (the Pay run
 * payslips and Payslips sheets have one). Null when the selection has none.
 */
export async function payslipIdFromSelection(workbook: WorkbookPort): Promise<number | null> {
  return idFromSelection(workbook, await workbook.activeSheetName(), "Payslip ID");
}
