/**
 * Report parameters as the form holds them (picked values only) and the request bodies built from them,
 * one per client (and, for variance over several clients, one per matching pay frequency).
 */
import type { Employee, ItemsAndOutputs, LeaveTypes, PaymentRun, ReportId, Wave } from "../../../contract";
import { ReportBodies } from "../../../contract";
import {
  currentTaxYear,
  lastPaymentRun,
  lastPeriodEnd,
  localIsoDate,
  monthsInRange,
  openPeriod,
  varianceOffset,
} from "./defaults";
import { accountLabels, customFieldLabel, itemLabels, leaveTypeIds, OPEN_PERIOD_RUN, waveLabel } from "./pickers";

export type RunMode = "sync" | "async";

/** What the API listed for one client; each report needs only some of it. */
export interface ClientReportData {
  clientId: number;
  clientName: string;
  waves?: Wave[];
  employees?: Employee[];
  itemsAndOutputs?: ItemsAndOutputs;
  leaveTypes?: LeaveTypes;
  paymentRuns?: PaymentRun[];
}

/** The lists each report's form needs (the flow loads only these: a fixed number of requests per client). */
export const REPORT_NEEDS: Record<
  ReportId,
  readonly ("waves" | "employees" | "itemsAndOutputs" | "leaveTypes" | "paymentRuns")[]
> = {
  transaction_history: ["waves", "employees", "itemsAndOutputs"],
  variance: ["waves", "employees", "paymentRuns", "itemsAndOutputs"],
  comparison_leave: ["waves", "employees", "leaveTypes"],
  leave_liability_v2: ["waves", "employees", "paymentRuns"],
  tracked_balances: ["waves", "employees", "paymentRuns"],
};

/** Null means "all" (the filter is left out of the request). */
type Filter = number[] | null;

export interface TransactionHistoryParams {
  reportId: "transaction_history";
  startDate: string;
  endDate: string;
  waveIds: Filter;
  employeeIds: Filter;
  accountNames: string[];
  customFields: string[];
}
export interface VarianceParams {
  reportId: "variance";
  /** One client: the wave and the pay run whose period is compared with the one before (OPEN_PERIOD_RUN: the
   * wave's open period, which has no pay run yet). */
  waveId: number | null;
  paymentRunId: number | null;
  /** Several clients: the period end date; every pay frequency with a regular run ending then is reported. */
  periodEndDate: string | null;
  employeeIds: Filter;
  /** List the employees and accounts with no change too (a view choice: it is not sent). */
  showUnchanged?: boolean;
}
export interface ComparisonLeaveParams {
  reportId: "comparison_leave";
  startDate: string;
  endDate: string;
  waveIds: Filter;
  employeeIds: Filter;
  /** Leave type names (mapped to each client's own IDs). */
  leaveTypes: string[];
}
export interface BalanceParams {
  reportId: "leave_liability_v2" | "tracked_balances";
  date: string;
  waveIds: Filter;
  employeeIds: Filter;
}
export type ReportParams = TransactionHistoryParams | VarianceParams | ComparisonLeaveParams | BalanceParams;

/** The latest period end of the chosen clients' pay runs, or null when none has one. */
function latestPeriodEnd(data: readonly ClientReportData[]): string | null {
  const ends = data.map((d) => lastPeriodEnd(d.paymentRuns ?? [])).filter((d): d is string => d !== null);
  return ends.sort().at(-1) ?? null;
}

/** Defaults: the current tax year, the last period, every employee; accounts gross and nett pay when listed. */
export function defaultParams(reportId: ReportId, data: readonly ClientReportData[], today: Date): ReportParams {
  const year = currentTaxYear(today);
  const todayIso = localIsoDate(today);
  const single = data.length === 1 ? data[0] : undefined;
  // The period reports cover the current tax year, for every wave and employee.
  const taxYear = { startDate: year.start, endDate: year.end, waveIds: null, employeeIds: null };
  switch (reportId) {
    case "transaction_history": {
      const names = new Set(data.flatMap((d) => d.itemsAndOutputs?.accounts.map((a) => a.name) ?? []));
      return { reportId, ...taxYear, accountNames: ["gross_pay", "nett_pay"].filter((n) => names.has(n)), customFields: [] };
    }
    case "variance": {
      const wave = single?.waves?.[0];
      const run = wave && single?.paymentRuns ? lastPaymentRun(single.paymentRuns, wave.id) : null;
      return {
        reportId,
        waveId: wave?.id ?? null,
        paymentRunId: run?.id ?? null,
        periodEndDate: latestPeriodEnd(data),
        employeeIds: null,
      };
    }
    case "comparison_leave":
      return {
        reportId,
        ...taxYear,
        leaveTypes: [...new Set(data.flatMap((d) => Object.values(d.leaveTypes ?? {})))].sort(),
      };
    case "leave_liability_v2":
    case "tracked_balances":
      return { reportId, date: latestPeriodEnd(data) ?? todayIso, waveIds: null, employeeIds: null };
  }
}

/** One request of a report run: the body exactly as sent, tagged with its client. */
export interface ReportRequest {
  clientId: number;
  clientName: string;
  body: Record<string, unknown>;
}

export interface BuiltRequests {
  requests: ReportRequest[];
  /** Why the report cannot run as chosen (empty when it can). */
  problems: string[];
  /** Things the user should know, e.g. a client left out because it has no pay run for the period. */
  notices: string[];
  /** Header text for columns named by the service's keys (account names, custom-field IDs). */
  columnLabels: Record<string, string>;
}

const filterOf = (ids: Filter) => (ids && ids.length > 0 ? ids : null);

/** The filters every body but variance's carries. */
interface Scope {
  wave_ids: number[] | null;
  employee_ids: number[] | null;
  humanize: false;
}

/**
 * Builds and checks the request bodies. With several clients, wave and employee filters are not applied (their IDs
 * belong to one client) and leave types are matched by name in each client.
 */
export function buildRequests(params: ReportParams, data: readonly ClientReportData[]): BuiltRequests {
  const built: BuiltRequests = { requests: [], problems: [], notices: [], columnLabels: {} };
  const scope = requestScope(params, data, built.problems);
  switch (params.reportId) {
    case "transaction_history":
      transactionHistoryRequests(params, data, scope, built);
      break;
    case "variance":
      if (data.length > 1) varianceRequestsOfPeriod(params, data, built);
      else varianceRequest(params, data[0], scope.employee_ids, built);
      break;
    case "comparison_leave":
      comparisonLeaveRequests(params, data, scope, built);
      break;
    case "leave_liability_v2":
    case "tracked_balances": {
      if (!isIsoDate(params.date)) built.problems.push("Choose the date of the balances.");
      for (const d of data)
        built.requests.push({ clientId: d.clientId, clientName: d.clientName, body: { date: params.date, ...scope } });
      break;
    }
  }
  // The contract is the last word on the wire: a body it rejects is a bug here, reported rather than sent.
  if (built.problems.length === 0) {
    for (const r of built.requests) {
      const check = ReportBodies[params.reportId].safeParse(r.body);
      if (!check.success)
        built.problems.push(`The report request is not valid: ${check.error.issues[0]?.message ?? "unknown problem"}.`);
    }
  }
  return { ...built, requests: built.problems.length > 0 ? [] : built.requests };
}

/** The clients and employees a report covers, as filters (one client only), with what is wrong with the choice. */
function requestScope(params: ReportParams, data: readonly ClientReportData[], problems: string[]): Scope {
  const several = data.length > 1;
  if (data.length === 0) problems.push("Choose at least one client.");
  if (!several && params.employeeIds !== null && params.employeeIds.length === 0) {
    problems.push("Choose employees, or include all employees.");
  }
  const waveIds = several ? null : filterOf("waveIds" in params ? params.waveIds : null);
  let employeeIds = several ? null : filterOf(params.employeeIds);
  // The document: wave_ids only filters alongside employee_ids ("when employee_ids is omitted no filters are
  // applied"). So "all employees of these pay frequencies" is sent as those employees' IDs plus the wave_ids.
  if (waveIds && !employeeIds) {
    employeeIds = (data[0]?.employees ?? []).filter((e) => e.wave_id != null && waveIds.includes(e.wave_id)).map((e) => e.id);
    if (employeeIds.length === 0) problems.push("The chosen pay frequencies have no employees.");
  }
  return { wave_ids: waveIds, employee_ids: employeeIds, humanize: false };
}

function checkRange(start: string, end: string, problems: string[]): void {
  if (!isIsoDate(start) || !isIsoDate(end)) problems.push("Choose a start date and an end date.");
  else if (start > end) problems.push("The start date is after the end date.");
}

function transactionHistoryRequests(
  params: TransactionHistoryParams,
  data: readonly ClientReportData[],
  scope: Scope,
  built: BuiltRequests,
): void {
  checkRange(params.startDate, params.endDate, built.problems);
  if (params.accountNames.length === 0) built.problems.push("Choose at least one account.");
  for (const d of data) {
    Object.assign(built.columnLabels, d.itemsAndOutputs ? accountLabels(d.itemsAndOutputs) : {});
    built.requests.push({
      clientId: d.clientId,
      clientName: d.clientName,
      body: {
        start_date: params.startDate,
        end_date: params.endDate,
        ...scope,
        account_names: params.accountNames,
        custom_fields: params.customFields.length > 0 ? params.customFields : null,
      },
    });
  }
  for (const f of params.customFields) built.columnLabels[f] = customFieldLabel(f);
}

/** One client: the chosen wave's pay run (or open period) compared with the period before it. */
function varianceRequest(
  params: VarianceParams,
  d: ClientReportData | undefined,
  employeeIds: number[] | null,
  built: BuiltRequests,
): void {
  const wave = d?.waves?.find((w) => w.id === params.waveId);
  const open = wave && params.paymentRunId === OPEN_PERIOD_RUN ? openPeriod(wave, d?.paymentRuns ?? []) : null;
  const run = d?.paymentRuns?.find((r) => r.id === params.paymentRunId);
  if (d?.itemsAndOutputs) Object.assign(built.columnLabels, itemLabels(d.itemsAndOutputs));
  if (!d || !wave) built.problems.push("Choose a pay frequency.");
  else if (!run && !open) built.problems.push(`Choose a pay run of ${waveLabel(wave)}.`);
  else if (run && run.wave_id !== wave.id) built.problems.push("The chosen pay run belongs to another pay frequency.");
  else {
    built.requests.push({
      clientId: d.clientId,
      clientName: d.clientName,
      body: {
        wave_id: wave.id,
        period_offset: open ? open.periodOffset : varianceOffset(run!, wave),
        employee_ids: employeeIds,
        humanize: false,
      },
    });
  }
}

/**
 * Several clients: every pay frequency with a regular pay run ending on the chosen date, or whose open period
 * ends then, one request each.
 */
function varianceRequestsOfPeriod(params: VarianceParams, data: readonly ClientReportData[], built: BuiltRequests): void {
  const { problems, notices, requests } = built;
  if (!params.periodEndDate) {
    problems.push("Choose the period to compare.");
    return;
  }
  for (const d of data) {
    if (d.itemsAndOutputs) Object.assign(built.columnLabels, itemLabels(d.itemsAndOutputs));
    const offsets = new Map<number, number>();
    for (const r of d.paymentRuns ?? [])
      if (!r.special && r.period_end_date === params.periodEndDate && !offsets.has(r.wave_id))
        offsets.set(r.wave_id, r.period_offset);
    for (const w of d.waves ?? []) {
      const open = openPeriod(w, d.paymentRuns ?? []);
      if (open && open.endDate === params.periodEndDate && !offsets.has(w.id)) offsets.set(w.id, open.periodOffset);
    }
    if (offsets.size === 0)
      notices.push(`${d.clientName} has no pay run for the period ending ${params.periodEndDate}; it is left out.`);
    for (const [waveId, offset] of offsets)
      requests.push({
        clientId: d.clientId,
        clientName: d.clientName,
        body: { wave_id: waveId, period_offset: offset, employee_ids: null, humanize: false },
      });
  }
  if (requests.length === 0 && problems.length === 0)
    problems.push(`No client has a pay run for the period ending ${params.periodEndDate}.`);
}

function comparisonLeaveRequests(
  params: ComparisonLeaveParams,
  data: readonly ClientReportData[],
  scope: Scope,
  built: BuiltRequests,
): void {
  const { problems, notices, requests } = built;
  checkRange(params.startDate, params.endDate, problems);
  if (params.leaveTypes.length === 0) problems.push("Choose at least one leave type.");
  for (const d of data) {
    const ids = leaveTypeIds(d.leaveTypes ?? {}, params.leaveTypes);
    if (ids.length === 0 && params.leaveTypes.length > 0) {
      notices.push(`${d.clientName} has none of the chosen leave types; it is left out.`);
      continue;
    }
    requests.push({
      clientId: d.clientId,
      clientName: d.clientName,
      body: { start_date: params.startDate, end_date: params.endDate, ...scope, leave_types: ids },
    });
  }
  if (requests.length === 0 && problems.length === 0) problems.push("None of the clients has the chosen leave types.");
}

function isIsoDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));
}

/**
 * When to suggest the async endpoints. A report's size is estimated in cells (rows × columns), per client, summed:
 * - transaction_history: employees × months × (2 + accounts + custom fields)
 * - variance: employees × 20 payslip lines × 8 columns
 * - comparison_leave: employees × leave types × months × 8 columns
 * - leave_liability_v2 / tracked_balances: employees × 4 columns
 * Above ASYNC_SUGGEST_CELLS (50,000 cells, about a 2,000-employee balance report or 400 employees × 12 months × 8
 * accounts) a synchronous request risks a long wait and a proxy timeout, so the pane suggests async.
 * The user still chooses.
 */
export const ASYNC_SUGGEST_CELLS = 50_000;
/** Lines per employee assumed for variance (items on a typical payslip). */
const VARIANCE_LINES = 20;

export interface SizeEstimate {
  employees: number;
  cells: number;
  suggestAsync: boolean;
  /** A sentence for the pane, e.g. "About 60,000 cells (300 employees × 12 months × 14 columns)". */
  reason: string;
}

export function estimateSize(params: ReportParams, data: readonly ClientReportData[]): SizeEstimate {
  const several = data.length > 1;
  let employees = 0;
  for (const d of data) {
    const all = d.employees ?? [];
    const ids = several ? null : filterOf(params.employeeIds);
    const waves = several || !("waveIds" in params) ? null : filterOf(params.waveIds);
    employees += all.filter(
      (e) => (!ids || ids.includes(e.id)) && (!waves || (e.wave_id != null && waves.includes(e.wave_id))),
    ).length;
  }
  let cells: number;
  let detail: string;
  switch (params.reportId) {
    case "transaction_history": {
      const months = monthsInRange(params.startDate, params.endDate);
      const cols = 2 + params.accountNames.length + params.customFields.length;
      cells = employees * months * cols;
      detail = `${employees} employees × ${months} months × ${cols} columns`;
      break;
    }
    case "variance":
      cells = employees * VARIANCE_LINES * 8;
      detail = `${employees} employees × about ${VARIANCE_LINES} payslip lines`;
      break;
    case "comparison_leave": {
      const months = monthsInRange(params.startDate, params.endDate);
      const types = Math.max(1, params.leaveTypes.length);
      cells = employees * types * months * 8;
      detail = `${employees} employees × ${types} leave types × ${months} months`;
      break;
    }
    default:
      cells = employees * 4;
      detail = `${employees} employees`;
  }
  const suggestAsync = cells > ASYNC_SUGGEST_CELLS;
  return { employees, cells, suggestAsync, reason: `About ${cells.toLocaleString("en-IE")} cells (${detail}).` };
}

/**
 * The period a variance compares, for the sheet's title: "open period ending 30/11/2026 against the period
 * before", "period ending 31/10/2026 against the period before"; null when the choice is not complete.
 */
export function variancePeriodText(
  params: ReportParams,
  data: readonly ClientReportData[],
  formatDate: (iso: string) => string,
): string | null {
  if (params.reportId !== "variance") return null;
  const against = " against the period before";
  if (data.length > 1) return params.periodEndDate ? `period ending ${formatDate(params.periodEndDate)}${against}` : null;
  const d = data[0];
  const wave = d?.waves?.find((w) => w.id === params.waveId);
  if (!wave) return null;
  if (params.paymentRunId === OPEN_PERIOD_RUN) {
    const open = openPeriod(wave, d.paymentRuns ?? []);
    return open ? `${waveLabel(wave)}, open period ending ${formatDate(open.endDate)}${against}` : null;
  }
  const run = d.paymentRuns?.find((r) => r.id === params.paymentRunId);
  return run ? `${waveLabel(wave)}, period ending ${formatDate(run.period_end_date)}${against}` : null;
}
