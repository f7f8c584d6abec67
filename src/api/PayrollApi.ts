/**
 * PayrollApi: one typed method per endpoint of the API document. Request bodies are checked against the
 * contract before sending (a ValidationError with no status means nothing was sent); every answer is parsed
 * with the contract, and a mismatch is an UnexpectedResponseError. List methods return unwrapped records.
 */
import { z } from "zod";
import {
  AccountingJournalList,
  AsyncReportStarted,
  BulkInputBody,
  BulkInputResponse,
  CalculationList,
  CalculationPatchBody,
  CalculationPostBody,
  Calculation,
  ClientList,
  EmployeeCreateBody,
  EmployeeList,
  EmployeeResponse,
  EmployeeUpdateBody,
  EmployeeWriteResponse,
  EndServiceBody,
  ErrorBody,
  InheritedCalculation,
  InheritedCalculationList,
  InheritedCalculationPatchBody,
  ItemsAndOutputs,
  LeaveBalances,
  LeaveDayCreateBody,
  LeaveDayList,
  LeaveDayPatchBody,
  LeaveDaysCreateMultipleBody,
  LeaveDaysCreateMultipleResponse,
  LeaveTypes,
  MessageIdResponse,
  MessageResponse,
  PaymentRunList,
  PayPointList,
  PayslipDetailResponse,
  PayslipList,
  PayslipWithDataList,
  ProfileMappingCreateBody,
  ProfileMappingList,
  REPORT_IDS,
  ReinstateBody,
  ReportBodies,
  ReportRows,
  ServicePeriodList,
  WaveCreateBody,
  WaveList,
  WaveSimplifiedList,
  DateString,
  type AccountingJournal,
  type AnyReportRow,
  type BulkInputEntity,
  type BulkInputResult,
  type CalculationPostBody as CalculationPostBodyInput,
  type Client,
  type Employee,
  type EmployeeAttributesInput,
  type EmployeeInclude,
  type EmployeeWriteResponse as EmployeeWriteResult,
  type InheritedCalculationPatchBody as InheritedPatchInput,
  type Inputs,
  type LeaveDay,
  type LeaveDayInput,
  type LeaveDayPatchBody as LeaveDayPatchInput,
  type PaymentRun,
  type PayPoint,
  type PayslipDetail,
  type PayslipListItem,
  type PayslipWithData,
  type ProfileMapping,
  type ProfileMappingCreateBody as ProfileMappingCreateInput,
  type ReportBody,
  type ReportId,
  type ReportRow,
  type ServicePeriod,
  type Wave,
  type WaveCreateBody as WaveCreateInput,
  type WaveSimplified,
} from "../contract";
import { UnexpectedResponseError, ValidationError, type HttpMethod, type RequestInfo } from "./errors";
import { Transport, type RetryInfo, type TransportOptions, type TransportResponse } from "./transport";

export type PayrollApiOptions = TransportOptions;

/** Every method takes this as its optional last argument. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** For writes that set absolute values (bulk_input): sending one twice leaves the same state, so it is retried. */
export interface IdempotentCallOptions extends CallOptions {
  /** Retry after a 5xx, a lost connection, a timeout or an unreadable reply, like a read. */
  idempotent?: boolean;
  /** Tries in all (default: this PayrollApi's maxRetries + 1). */
  tries?: number;
  /** Stops further tries without aborting the one in flight (Cancel that lets a sent request finish). */
  stopRetries?: AbortSignal;
  /** Before each backoff wait: to show it, or to slow down after a 429. */
  onRetry?(info: RetryInfo): void;
}

export type MessageResult = z.infer<typeof MessageResponse>;
export type MessageIdResult = z.infer<typeof MessageIdResponse>;
export type CreateLeaveDaysResult = z.infer<typeof LeaveDaysCreateMultipleResponse>;
export type AsyncReportStart = z.infer<typeof AsyncReportStarted>;
/** The profile-mapping create reply is not shown by the document; `{message}` at least, usually with `id`. */
export const ProfileMappingCreateResponse = z.looseObject({ message: z.string(), id: z.number().int().optional() });
export type ProfileMappingCreateResult = z.infer<typeof ProfileMappingCreateResponse>;

/** 200: the employees with their recent payslips' data; 202: payslips still being calculated, ask again later. */
export type EmployeesWithPayslipDataResult = { state: "ready"; employees: Employee[] } | { state: "try_later"; message: string };

/** 204: still running (poll again, no more often than every 10 s); 200: the report rows. */
export type ReportPollResult<Row = AnyReportRow> = { state: "running" } | { state: "complete"; rows: Row[] };

/** Calculation as read; the exported alias keeps callers off the contract's schema object. */
export type CalculationRecord = z.infer<typeof Calculation>;
export type InheritedCalculationRecord = z.infer<typeof InheritedCalculation>;
export type ItemsAndOutputsResult = z.infer<typeof ItemsAndOutputs>;
export type LeaveBalancesResult = z.infer<typeof LeaveBalances>;
export type LeaveTypesResult = z.infer<typeof LeaveTypes>;

const AnyReportRows = z.array(z.looseObject({ employee: z.string() }));
const TryLaterMessage = "Payslips are still being calculated. Try again in a few seconds.";

interface Call extends IdempotentCallOptions {
  query?: Record<string, string | undefined>;
  body?: unknown;
}

/** A request that may have changed the service's data, once it has ended (whatever its outcome). */
export type WriteListener = (write: RequestInfo) => void;

export class PayrollApi {
  readonly #t: Transport;
  readonly #writeListeners = new Set<WriteListener>();

  constructor(options: PayrollApiOptions) {
    this.#t = new Transport(options);
  }

  /**
   * Runs `listener` after every request that may have changed the service's data (any method but GET, reports
   * aside), once it has ended, answered or not: a write that failed may still have been applied. Lets the pane mark
   * what it keeps of the service as stale. Returns the unsubscribe function.
   */
  onWrite(listener: WriteListener): () => void {
    this.#writeListeners.add(listener);
    return () => void this.#writeListeners.delete(listener);
  }

  /** Halves the request rate (after a 429) until the returned function is called. */
  slowDown(): () => void {
    return this.#t.slowDown();
  }

  // ---- Bulk inputs -------------------------------------------------------------------------------------------

  /** POST /clients/:client_id/bulk_input. Per-entity failures come back in the results (success "false"), not thrown. */
  async bulkInput(clientId: number, entities: BulkInputEntity[], o?: IdempotentCallOptions): Promise<BulkInputResult[]> {
    const path = `/clients/${id(clientId)}/bulk_input`;
    return this.#json("POST", path, BulkInputResponse, { ...o, body: checkBody(BulkInputBody, { entities }, "POST", path) });
  }

  // ---- Clients, employees ------------------------------------------------------------------------------------

  /** GET /clients/. A successful call also confirms the key. */
  async listClients(o?: CallOptions): Promise<Client[]> {
    return (await this.#json("GET", "/clients/", ClientList, { ...o })).map((e) => e.client);
  }

  /** GET /clients/:client_id/employees, optionally with service_periods and/or recent_payslips (last 12). */
  async listEmployees(
    clientId: number,
    include?: Exclude<EmployeeInclude, "recent_payslips_with_data">[],
    o?: CallOptions,
  ): Promise<Employee[]> {
    const query = { include: include?.length ? include.join(",") : undefined };
    return (await this.#json("GET", `/clients/${id(clientId)}/employees`, EmployeeList, { ...o, query })).map((e) => e.employee);
  }

  /** GET /clients/:client_id/employees?include=recent_payslips_with_data: 202 while payslips await calculation. */
  async listEmployeesWithPayslipData(
    clientId: number,
    include?: Exclude<EmployeeInclude, "recent_payslips_with_data">[],
    o?: CallOptions,
  ): Promise<EmployeesWithPayslipDataResult> {
    const path = `/clients/${id(clientId)}/employees`;
    const query = { include: [...(include ?? []), "recent_payslips_with_data"].join(",") };
    const res = await this.#t.send({ method: "GET", path, query, accept: "json", signal: o?.signal });
    if (res.status === 202) {
      const body = ErrorBody.safeParse(res.body);
      const message = body.success ? body.data.message : typeof res.body === "string" && res.body ? res.body : TryLaterMessage;
      return { state: "try_later", message };
    }
    const list = parse(EmployeeList, expectOk(res, "GET", path), res.status, "GET", path);
    return { state: "ready", employees: list.map((e) => e.employee) };
  }

  /** GET /employees/:id, including custom_fields. */
  async getEmployee(employeeId: number, o?: CallOptions): Promise<Employee> {
    return (await this.#json("GET", `/employees/${id(employeeId)}`, EmployeeResponse, { ...o })).employee;
  }

  /** POST /clients/:client_id/employees. */
  async createEmployee(clientId: number, attrs: EmployeeAttributesInput, o?: CallOptions): Promise<EmployeeWriteResult> {
    const path = `/clients/${id(clientId)}/employees`;
    const body = checkBody(EmployeeCreateBody, { employee: attrs }, "POST", path);
    return this.#json("POST", path, EmployeeWriteResponse, { ...o, body });
  }

  /** PATCH /employees/:id with only the attributes to change. */
  async updateEmployee(employeeId: number, attrs: EmployeeAttributesInput, o?: CallOptions): Promise<EmployeeWriteResult> {
    const path = `/employees/${id(employeeId)}`;
    const body = checkBody(EmployeeUpdateBody, { employee: attrs }, "PATCH", path);
    return this.#json("PATCH", path, EmployeeWriteResponse, { ...o, body });
  }

  /** DELETE /employees/:id. */
  async deleteEmployee(employeeId: number, o?: CallOptions): Promise<MessageResult> {
    return this.#json("DELETE", `/employees/${id(employeeId)}`, MessageResponse, { ...o });
  }

  // ---- Payment frequencies (waves), pay points ---------------------------------------------------------------

  /** GET /clients/:client_id/waves (full form). */
  async listWaves(clientId: number, o?: CallOptions): Promise<Wave[]> {
    return (await this.#json("GET", `/clients/${id(clientId)}/waves`, WaveList, { ...o })).map((e) => e.wave);
  }

  /** GET /clients/:client_id/waves?format=simplified. */
  async listWavesSimplified(clientId: number, o?: CallOptions): Promise<WaveSimplified[]> {
    const query = { format: "simplified" };
    return (await this.#json("GET", `/clients/${id(clientId)}/waves`, WaveSimplifiedList, { ...o, query })).map((e) => e.wave);
  }

  /** POST /clients/:client_id/waves (flat body). custom_name is refused unless the client has the feature. */
  async createWave(clientId: number, body: WaveCreateInput, o?: CallOptions): Promise<MessageIdResult> {
    const path = `/clients/${id(clientId)}/waves`;
    return this.#json("POST", path, MessageIdResponse, { ...o, body: checkBody(WaveCreateBody, body, "POST", path) });
  }

  /** GET /clients/:client_id/pay_points. */
  async listPayPoints(clientId: number, o?: CallOptions): Promise<PayPoint[]> {
    return (await this.#json("GET", `/clients/${id(clientId)}/pay_points`, PayPointList, { ...o })).map((e) => e.pay_point);
  }

  // ---- Payslips, pay runs ------------------------------------------------------------------------------------

  /** GET /employees/:employee_id/payslips. */
  async listPayslips(employeeId: number, o?: CallOptions): Promise<PayslipListItem[]> {
    return (await this.#json("GET", `/employees/${id(employeeId)}/payslips`, PayslipList, { ...o })).map((e) => e.payslip);
  }

  /** GET /payslips/:payslip_id (detail form, unwrapped). */
  async getPayslip(payslipId: number, o?: CallOptions): Promise<PayslipDetail> {
    return (await this.#json("GET", `/payslips/${id(payslipId)}`, PayslipDetailResponse, { ...o })).payslip;
  }

  /** GET /payslips/:payslip_id.pdf as bytes (checked to be a PDF). */
  async getPayslipPdf(payslipId: number, o?: CallOptions): Promise<Uint8Array> {
    const path = `/payslips/${id(payslipId)}.pdf`;
    const res = await this.#t.send({ method: "GET", path, accept: "pdf", signal: o?.signal });
    const bytes = res.body;
    if (res.status !== 200 || !(bytes instanceof Uint8Array) || !isPdf(bytes)) {
      throw new UnexpectedResponseError({ method: "GET", path }, res.status, [], "expected a PDF document");
    }
    return bytes;
  }

  /** GET /clients/:client_id/payment_runs. */
  async listPaymentRuns(clientId: number, o?: CallOptions): Promise<PaymentRun[]> {
    return (await this.#json("GET", `/clients/${id(clientId)}/payment_runs`, PaymentRunList, { ...o })).map((e) => e.payment_run);
  }

  /** GET /payment_runs/:payment_run_id/payslips, each with `data`. */
  async listPaymentRunPayslips(runId: number, o?: CallOptions): Promise<PayslipWithData[]> {
    return (await this.#json("GET", `/payment_runs/${id(runId)}/payslips`, PayslipWithDataList, { ...o })).map((e) => e.payslip);
  }

  /** GET /payment_runs/:payment_run_id/accounting. */
  async getPaymentRunAccounting(runId: number, o?: CallOptions): Promise<AccountingJournal[]> {
    return this.#json("GET", `/payment_runs/${id(runId)}/accounting`, AccountingJournalList, { ...o });
  }

  // ---- Reports -----------------------------------------------------------------------------------------------

  /** POST /clients/:client_id/reports/:report_id. */
  async runReport<R extends ReportId>(
    clientId: number,
    reportId: R,
    body: ReportBody<R>,
    o?: CallOptions,
  ): Promise<ReportRow<R>[]> {
    const path = `/clients/${id(clientId)}/reports/${reportSegment(reportId)}`;
    const rows = (ReportRows as Record<string, z.ZodType>)[reportId] ?? AnyReportRows;
    return this.#json("POST", path, rows, { ...o, body: reportBody(reportId, body, path) }) as Promise<ReportRow<R>[]>;
  }

  /** POST /clients/:client_id/reports/:report_id/async: `{message, uuid}`; RateLimitedError when the queue is full. */
  async startReportAsync<R extends ReportId>(
    clientId: number,
    reportId: R,
    body: ReportBody<R>,
    o?: CallOptions,
  ): Promise<AsyncReportStart> {
    const path = `/clients/${id(clientId)}/reports/${reportSegment(reportId)}/async`;
    return this.#json("POST", path, AsyncReportStarted, { ...o, body: reportBody(reportId, body, path) });
  }

  /**
   * GET /clients/:client_id/reports/poll/:uuid. Pass `reportId` to get typed, checked rows. NotFoundError for an
   * unknown UUID. The document asks for no more than one poll every 10 s (MIN_POLL_INTERVAL_MS).
   */
  async pollReport<R extends ReportId = never>(
    clientId: number,
    uuid: string,
    o?: CallOptions & { reportId?: R },
  ): Promise<ReportPollResult<[R] extends [never] ? AnyReportRow : ReportRow<R>>> {
    if (typeof uuid !== "string" || !/^[0-9a-fA-F-]{1,64}$/.test(uuid)) {
      throw new ValidationError(undefined, undefined, "Not sent: the report job ID is not a UUID");
    }
    const path = `/clients/${id(clientId)}/reports/poll/${uuid}`;
    const res = await this.#t.send({ method: "GET", path, accept: "json", signal: o?.signal });
    if (res.status === 204) return { state: "running" };
    const schema = (o?.reportId && (ReportRows as Record<string, z.ZodType>)[o.reportId]) || AnyReportRows;
    const rows = parse(schema, expectOk(res, "GET", path), res.status, "GET", path) as never[];
    return { state: "complete", rows };
  }

  // ---- Calculations ------------------------------------------------------------------------------------------

  /** GET /clients/:client_id/calculations: client definitions plus every employee- and payslip-level calculation. */
  async listClientCalculations(clientId: number, o?: CallOptions): Promise<CalculationRecord[]> {
    return this.#json("GET", `/clients/${id(clientId)}/calculations`, CalculationList, { ...o });
  }

  /** GET /employees/:employee_id/calculations (inherited ones have id null). */
  async listEmployeeCalculations(employeeId: number, o?: CallOptions): Promise<CalculationRecord[]> {
    return this.#json("GET", `/employees/${id(employeeId)}/calculations`, CalculationList, { ...o });
  }

  /** GET /payslips/:payslip_id/calculations. */
  async listPayslipCalculations(payslipId: number, o?: CallOptions): Promise<CalculationRecord[]> {
    return this.#json("GET", `/payslips/${id(payslipId)}/calculations`, CalculationList, { ...o });
  }

  /** GET /calculations/:id. */
  async getCalculation(calculationId: number, o?: CallOptions): Promise<CalculationRecord> {
    return this.#json("GET", `/calculations/${id(calculationId)}`, Calculation, { ...o });
  }

  /** POST /employees/:employee_id/calculations (create, or update the same type; operation insert/upsert/update). */
  async postEmployeeCalculation(employeeId: number, body: CalculationPostBodyInput, o?: CallOptions): Promise<MessageIdResult> {
    const path = `/employees/${id(employeeId)}/calculations`;
    return this.#json("POST", path, MessageIdResponse, { ...o, body: checkBody(CalculationPostBody, body, "POST", path) });
  }

  /** POST /payslips/:payslip_id/calculations. */
  async postPayslipCalculation(payslipId: number, body: CalculationPostBodyInput, o?: CallOptions): Promise<MessageIdResult> {
    const path = `/payslips/${id(payslipId)}/calculations`;
    return this.#json("POST", path, MessageIdResponse, { ...o, body: checkBody(CalculationPostBody, body, "POST", path) });
  }

  /** PATCH /calculations/:id: only the supplied attributes change. */
  async updateCalculation(calculationId: number, calculationDetails: Inputs, o?: CallOptions): Promise<MessageIdResult> {
    const path = `/calculations/${id(calculationId)}`;
    const body = checkBody(CalculationPatchBody, { calculation_details: calculationDetails }, "PATCH", path);
    return this.#json("PATCH", path, MessageIdResponse, { ...o, body });
  }

  /** DELETE /calculations/:id. */
  async deleteCalculation(calculationId: number, o?: CallOptions): Promise<MessageResult> {
    return this.#json("DELETE", `/calculations/${id(calculationId)}`, MessageResponse, { ...o });
  }

  /** GET /clients/:client_id/items_and_outputs: system items, custom items, outputs and accounts. */
  async getItemsAndOutputs(clientId: number, o?: CallOptions): Promise<ItemsAndOutputsResult> {
    return this.#json("GET", `/clients/${id(clientId)}/items_and_outputs`, ItemsAndOutputs, { ...o });
  }

  // ---- Inherited calculations --------------------------------------------------------------------------------

  /** GET /employees/:employee_id/inherited_calculations. */
  async listInheritedCalculations(employeeId: number, o?: CallOptions): Promise<InheritedCalculationRecord[]> {
    return this.#json("GET", `/employees/${id(employeeId)}/inherited_calculations`, InheritedCalculationList, { ...o });
  }

  /** GET /inherited_calculations/:id. */
  async getInheritedCalculation(inheritedId: number, o?: CallOptions): Promise<InheritedCalculationRecord> {
    return this.#json("GET", `/inherited_calculations/${id(inheritedId)}`, InheritedCalculation, { ...o });
  }

  /** PATCH /employees/:employee_id/inherited_calculations (effective_date required once payslips are finalised). */
  async updateInheritedCalculations(employeeId: number, body: InheritedPatchInput, o?: CallOptions): Promise<MessageIdResult> {
    const path = `/employees/${id(employeeId)}/inherited_calculations`;
    const checked = checkBody(InheritedCalculationPatchBody, body, "PATCH", path);
    return this.#json("PATCH", path, MessageIdResponse, { ...o, body: checked });
  }

  // ---- Service periods ---------------------------------------------------------------------------------------

  /** GET /employees/:employee_id/service_periods. */
  async listServicePeriods(employeeId: number, o?: CallOptions): Promise<ServicePeriod[]> {
    return (await this.#json("GET", `/employees/${id(employeeId)}/service_periods`, ServicePeriodList, { ...o })).map(
      (e) => e.service_period,
    );
  }

  /** POST .../service_periods/end_service: ends the open period (or updates the recorded termination). */
  async endService(
    employeeId: number,
    action: { termination_date: string; termination_code: number },
    o?: CallOptions,
  ): Promise<MessageResult> {
    const path = `/employees/${id(employeeId)}/service_periods/end_service`;
    const body = checkBody(EndServiceBody, { employee_action: action }, "POST", path);
    return this.#json("POST", path, MessageResponse, { ...o, body });
  }

  /** POST .../service_periods/reinstate: opens a new service period. */
  async reinstate(employeeId: number, action: { appointment_date: string }, o?: CallOptions): Promise<MessageResult> {
    const path = `/employees/${id(employeeId)}/service_periods/reinstate`;
    const body = checkBody(ReinstateBody, { employee_action: action }, "POST", path);
    return this.#json("POST", path, MessageResponse, { ...o, body });
  }

  /** DELETE .../service_periods/undo_end_service: cancels the most recent termination. */
  async undoEndService(employeeId: number, o?: CallOptions): Promise<MessageResult> {
    return this.#json("DELETE", `/employees/${id(employeeId)}/service_periods/undo_end_service`, MessageResponse, { ...o });
  }

  // ---- Leave -------------------------------------------------------------------------------------------------

  /** GET /employees/:employee_id/leave_balances?date=: leave type ID to balance. */
  async getLeaveBalances(employeeId: number, date: string, o?: CallOptions): Promise<LeaveBalancesResult> {
    const path = `/employees/${id(employeeId)}/leave_balances`;
    checkBody(DateString, date, "GET", path);
    return this.#json("GET", path, LeaveBalances, { ...o, query: { date } });
  }

  /** GET /clients/:client_id/leave_types: leave type ID to name. */
  async listLeaveTypes(clientId: number, o?: CallOptions): Promise<LeaveTypesResult> {
    return this.#json("GET", `/clients/${id(clientId)}/leave_types`, LeaveTypes, { ...o });
  }

  /** GET /employees/:employee_id/leave_days: an array of arrays of leave days. */
  async listLeaveDays(employeeId: number, o?: CallOptions): Promise<LeaveDay[][]> {
    return this.#json("GET", `/employees/${id(employeeId)}/leave_days`, LeaveDayList, { ...o });
  }

  /** POST /employees/:employee_id/leave_days (hours null = a full day). */
  async createLeaveDay(employeeId: number, body: LeaveDayInput, o?: CallOptions): Promise<MessageIdResult> {
    const path = `/employees/${id(employeeId)}/leave_days`;
    return this.#json("POST", path, MessageIdResponse, { ...o, body: checkBody(LeaveDayCreateBody, body, "POST", path) });
  }

  /** POST /employees/:employee_id/leave_days/create_multiple. */
  async createLeaveDays(employeeId: number, dates: LeaveDayInput[], o?: CallOptions): Promise<CreateLeaveDaysResult> {
    const path = `/employees/${id(employeeId)}/leave_days/create_multiple`;
    const body = checkBody(LeaveDaysCreateMultipleBody, { dates }, "POST", path);
    return this.#json("POST", path, LeaveDaysCreateMultipleResponse, { ...o, body });
  }

  /** PATCH /leave_days/:leave_day_id with any of date, hours, type_id. */
  async updateLeaveDay(leaveDayId: number, body: LeaveDayPatchInput, o?: CallOptions): Promise<MessageIdResult> {
    const path = `/leave_days/${id(leaveDayId)}`;
    return this.#json("PATCH", path, MessageIdResponse, { ...o, body: checkBody(LeaveDayPatchBody, body, "PATCH", path) });
  }

  /** DELETE /leave_days/:leave_day_id. */
  async deleteLeaveDay(leaveDayId: number, o?: CallOptions): Promise<MessageResult> {
    return this.#json("DELETE", `/leave_days/${id(leaveDayId)}`, MessageResponse, { ...o });
  }

  // ---- Template profile mappings -----------------------------------------------------------------------------

  /** GET /employees/:employee_id/profile_mappings. */
  async listProfileMappings(employeeId: number, o?: CallOptions): Promise<ProfileMapping[]> {
    return (await this.#json("GET", `/employees/${id(employeeId)}/profile_mappings`, ProfileMappingList, { ...o })).map(
      (e) => e.profile_mapping,
    );
  }

  /** POST /employees/:employee_id/profile_mappings (body and reply are the sandbox's choice; see the contract). */
  async createProfileMapping(
    employeeId: number,
    body: ProfileMappingCreateInput,
    o?: CallOptions,
  ): Promise<ProfileMappingCreateResult> {
    const path = `/employees/${id(employeeId)}/profile_mappings`;
    const checked = checkBody(ProfileMappingCreateBody, body, "POST", path);
    return this.#json("POST", path, ProfileMappingCreateResponse, { ...o, body: checked });
  }

  // ---- plumbing ----------------------------------------------------------------------------------------------

  async #json<S extends z.ZodType>(method: HttpMethod, path: string, schema: S, call: Call): Promise<z.infer<S>> {
    if (method === "GET" || isReport(path)) return this.#send(method, path, schema, call);
    try {
      return await this.#send(method, path, schema, call);
    } finally {
      for (const listener of [...this.#writeListeners]) {
        try {
          listener({ method, path });
        } catch {
          // A listener's failure is its own: the write's outcome is what the caller gets.
        }
      }
    }
  }

  async #send<S extends z.ZodType>(method: HttpMethod, path: string, schema: S, call: Call): Promise<z.infer<S>> {
    const { query, body, signal, idempotent, tries, stopRetries, onRetry } = call;
    const res = await this.#t.send({
      method,
      path,
      query,
      body,
      accept: "json",
      signal,
      idempotent,
      tries,
      stopRetries,
      onRetry,
    });
    return parse(schema, expectOk(res, method, path), res.status, method, path);
  }
}

/** Reports are POSTs that change nothing. */
const isReport = (path: string) => /^\/clients\/\d+\/reports\//.test(path);

/** A plain result status (200/201); 202 and 204 are states only on the endpoints that define them. */
function expectOk(res: TransportResponse, method: HttpMethod, path: string): unknown {
  if (res.status !== 200 && res.status !== 201) {
    throw new UnexpectedResponseError({ method, path }, res.status, [], `unexpected HTTP status ${res.status}`);
  }
  return res.body;
}

function parse<S extends z.ZodType>(schema: S, body: unknown, status: number, method: HttpMethod, path: string): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new UnexpectedResponseError({ method, path }, status, parsed.error.issues);
  return parsed.data;
}

/** Checks a request body against the contract; the parsed form (with aliases folded) is what is sent. */
function checkBody<S extends z.ZodType>(schema: S, body: unknown, method: HttpMethod, path: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join(".") || "body";
    errors[key] ??= issue.message;
  }
  const request: RequestInfo = { method, path };
  throw new ValidationError(request, undefined, "Not sent: some values are not valid", errors);
}

function reportBody(reportId: string, body: unknown, path: string): unknown {
  const schema = (ReportBodies as Record<string, z.ZodType>)[reportId];
  return schema ? checkBody(schema, body, "POST", path) : body;
}

function reportSegment(reportId: string): string {
  if (!(REPORT_IDS as readonly string[]).includes(reportId) && !/^[a-z0-9_]+$/.test(reportId)) {
    throw new ValidationError(undefined, undefined, `Not sent: "${reportId}" is not a report name`);
  }
  return reportId;
}

/** IDs go into paths, so they must be whole numbers (a stray NaN or "1/../2" never reaches the URL). */
function id(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new ValidationError(undefined, undefined, `Not sent: "${String(value)}" is not a valid ID`);
  }
  return String(value);
}

function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= 5 && String.fromCharCode(...bytes.subarray(0, 5)) === "%PDF-";
}
