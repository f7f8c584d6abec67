/**
 * The check before a push (pure): what a push is about to send, in control totals, and the rows that look wrong
 * against the same employee's previous regular payslip in the same wave (variance flags), each with its reason in
 * words. The flow (src/features/inputSheets/flows/pushCheck.ts) reads the previous period and asks the user; this module only
 * counts and compares.
 */
import type { Calculation, Employee, InputValue, PayslipListItem } from "../../../contract";
import { calcKey, parseCalcKey } from "../../../contract";
import type { CellType } from "../../../xl/columns";
import { employeeName } from "../../../ui/sheets/employeeNames";
import { type InputSheetMeta, type Snapshot, normalise, rowKey } from "./inputSheetModel";
import type { PlannedRow, RowOutcome } from "./pushPlan";

/** The limits a value may move by against last period before it is flagged; kept in the document settings. */
export interface PushCheckSettings {
  /** "Check before every push": false sends without asking, the flags still written to the rows' Message. */
  enabled: boolean;
  /** Amounts (money inputs, nett pay): flagged when they move by more than this percentage AND more than amountEuro. */
  amountPercent: number;
  amountEuro: number;
  /** Hours, quantities, rates and every other number: flagged beyond this percentage. */
  otherPercent: number;
  /**
   * Per input key, whether it is a one-off item (a bonus, commission or overtime that comes and goes): a new one from
   * blank is flagged only above amountEuro (hours not at all). Inputs not listed follow ONE_OFF_ITEMS.
   */
  oneOff: Record<string, boolean>;
  /** "Pushes with flagged rows need a second person": flagged rows wait for another person's review (./review). */
  secondPerson: boolean;
}

export const DEFAULT_PUSH_CHECK: PushCheckSettings = {
  enabled: true,
  amountPercent: 25,
  amountEuro: 500,
  otherPercent: 25,
  oneOff: {},
  secondPerson: false,
};
/** Items that are one-off unless the settings say otherwise (by calculation, as in the API's item list). */
export const ONE_OFF_ITEMS: ReadonlySet<string> = new Set(["bonus", "commission", "overtime"]);

/** Whether a new value of this input from blank is a one-off (flagged only above the amount limit). */
export function isOneOff(settings: Pick<PushCheckSettings, "oneOff">, key: string): boolean {
  const set = settings.oneOff[key];
  if (typeof set === "boolean") return set;
  return ONE_OFF_ITEMS.has(parseCalcKey(key)?.calculationId ?? "");
}
/** Document setting holding PushCheckSettings (nothing secret). */
export const PUSH_CHECK_SETTING = "payroll.pushCheck";

/** The stored settings, each field falling back to its default when missing or not a sensible number. */
export function parsePushCheckSettings(value: unknown): PushCheckSettings {
  const v = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const limit = (x: unknown, d: number) => (typeof x === "number" && Number.isFinite(x) && x >= 0 ? x : d);
  return {
    enabled: typeof v.enabled === "boolean" ? v.enabled : DEFAULT_PUSH_CHECK.enabled,
    amountPercent: limit(v.amountPercent, DEFAULT_PUSH_CHECK.amountPercent),
    amountEuro: limit(v.amountEuro, DEFAULT_PUSH_CHECK.amountEuro),
    otherPercent: limit(v.otherPercent, DEFAULT_PUSH_CHECK.otherPercent),
    oneOff: Object.fromEntries(
      Object.entries(v.oneOff && typeof v.oneOff === "object" ? v.oneOff : {}).filter(([, b]) => typeof b === "boolean"),
    ) as Record<string, boolean>,
    secondPerson: v.secondPerson === true,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The previous period
// ---------------------------------------------------------------------------------------------------------

export interface PreviousPayslip {
  /** Input key to the value on last period's payslip (payslip-specific first, then the employee's own). */
  values: Record<string, InputValue>;
  nettPay: number | null;
}

/** The wave's period before the sheet's, and each employee's regular payslip on it. */
export interface PreviousPeriod {
  /** The date of the wave's previous regular payslips; null when the wave has none before the sheet's. */
  date: string | null;
  payslips: Map<number, PreviousPayslip>;
  /** Every employee of the list: "Ann Byrne (0012)", for the dialog. */
  names: Map<number, string>;
  /**
   * Per employee read, the rate the service holds now on the sheet's own payslip for each hours item of the sheet
   * (rateKey to value; blank when none, which the service takes as 0). Missing when not read (a known period).
   */
  rates?: Map<number, Record<string, InputValue>>;
}

/** Per hours input of the sheet (calc.<id>.hours), the key of its item's rate (calc.<id>.rate). */
export function hoursRateKeys(inputs: InputSheetMeta["inputs"]): Map<string, string> {
  const keys = new Map<string, string>();
  for (const input of inputs) {
    const parsed = parseCalcKey(input.key);
    if (parsed?.input === "hours") keys.set(input.key, calcKey(parsed.calculationId, "rate"));
  }
  return keys;
}

const valueOf = (calcs: readonly Calculation[], payslipId: number, calculationId: string, input: string): InputValue => {
  const first = (pred: (c: Calculation) => boolean) =>
    calcs.filter((c) => pred(c) && String(c.calculation_id) === calculationId).sort((a, b) => (a.id ?? 0) - (b.id ?? 0))[0];
  const onPayslip = first((c) => c.payslip_id === payslipId)?.inputs[input];
  if (onPayslip !== undefined && onPayslip !== null) return onPayslip;
  return first((c) => c.payslip_id === null)?.inputs[input] ?? null;
};

/**
 * One employee's rates now (see PreviousPeriod.rates) from their payslips and calculations: on the regular payslip
 * of `payslipDate`, else their own. Null when the sheet has no hours input.
 */
export function currentRates(
  payslips: readonly Pick<PayslipListItem, "id" | "date" | "special">[],
  calculations: readonly Calculation[],
  payslipDate: string,
  inputs: InputSheetMeta["inputs"],
): Record<string, InputValue> | null {
  const keys = [...hoursRateKeys(inputs).values()];
  if (keys.length === 0) return null;
  const payslipId = payslips.find((p) => !p.special && p.date === payslipDate)?.id ?? -1;
  const calcs = calculations.filter((c) => !c.deleted);
  const rates: Record<string, InputValue> = {};
  for (const key of keys) {
    const { calculationId, input } = parseCalcKey(key)!;
    rates[key] = valueOf(calcs, payslipId, calculationId, input);
  }
  return rates;
}

/** "Ann Byrne (0012)": how the dialog names an employee. */
export const checkName = (name: string | null, number: string | null | undefined, id: number): string =>
  `${name || `Employee ${id}`}${number ? ` (${number})` : ""}`;

type ListPayslip = Pick<PayslipListItem, "id" | "date" | "special" | "dirty" | "nett_pay" | "finalised">;

/** The latest regular payslip date before `payslipDate` among these payslips, or null. */
export function latestRegularBefore(payslips: Iterable<Pick<ListPayslip, "date" | "special">>, payslipDate: string): string | null {
  let date: string | null = null;
  for (const p of payslips) if (!p.special && p.date < payslipDate && (date === null || p.date > date)) date = p.date;
  return date;
}

/**
 * One employee's values on their regular payslip of `date` (payslip-specific value first, then the employee's own;
 * the first instance of an item), or null when they had none. `finalised`: that payslip can no longer change.
 */
export function previousPayslipOf(
  payslips: readonly ListPayslip[],
  calculations: readonly Calculation[],
  date: string,
  inputs: InputSheetMeta["inputs"],
): (PreviousPayslip & { finalised: boolean }) | null {
  const p = payslips.find((x) => !x.special && x.date === date);
  if (!p) return null;
  const calcs = calculations.filter((c) => !c.deleted);
  const values: Record<string, InputValue> = {};
  for (const input of inputs) {
    const parsed = parseCalcKey(input.key);
    if (parsed) values[calcKey(parsed.calculationId, parsed.input)] = valueOf(calcs, p.id, parsed.calculationId, parsed.input);
  }
  return { values, nettPay: !p.dirty && typeof p.nett_pay === "number" ? p.nett_pay : null, finalised: p.finalised };
}

/**
 * From the employee list (with recent_payslips) and the client's calculations: the wave's latest regular payslip
 * date before the sheet's, and each employee's values on it, read as the sheet is built (payslip-specific value
 * first, then the employee's own; the first instance of an item). `finalised`: every payslip of that date is
 * finalised (so none of it can change).
 */
export function previousPeriod(
  employees: readonly Employee[],
  calculations: readonly Calculation[],
  meta: Pick<InputSheetMeta, "waveId" | "payslipDate" | "inputs">,
): PreviousPeriod & { finalised: boolean; employees: number[] } {
  const names = new Map(employees.map((e) => [e.id, checkName(employeeName(e), e.number, e.id)]));
  const regular = (e: Employee) => (e.recent_payslips ?? []).map((w) => w.payslip).filter((p) => !p.special);
  const wave = employees.filter((e) => e.wave_id === meta.waveId);
  const date = latestRegularBefore(
    wave.flatMap((e) => regular(e)),
    meta.payslipDate,
  );
  const payslips = new Map<number, PreviousPayslip>();
  const ids = wave.map((e) => e.id);
  const byEmployee = new Map<number, Calculation[]>();
  for (const c of calculations) {
    if (c.deleted || c.employee_id === null) continue;
    byEmployee.set(c.employee_id, [...(byEmployee.get(c.employee_id) ?? []), c]);
  }
  const rates = new Map<number, Record<string, InputValue>>();
  for (const e of wave) {
    const r = currentRates(regular(e), byEmployee.get(e.id) ?? [], meta.payslipDate, meta.inputs);
    if (r) rates.set(e.id, r);
  }
  if (date === null) return { date, payslips, names, rates, finalised: false, employees: ids };
  let finalised = true;
  for (const e of wave) {
    const p = previousPayslipOf(regular(e), byEmployee.get(e.id) ?? [], date, meta.inputs);
    if (!p) continue;
    finalised &&= p.finalised;
    payslips.set(e.id, { values: p.values, nettPay: p.nettPay });
  }
  return { date, payslips, names, rates, finalised: finalised && payslips.size > 0, employees: ids };
}

// ---------------------------------------------------------------------------------------------------------
// Control totals
// ---------------------------------------------------------------------------------------------------------

export interface ColumnTotal {
  header: string;
  /** Cells of this input the push sends. */
  cells: number;
  /** Sums over those cells (blank counts 0); null for an input that is not a number (text, dates, yes/no). */
  before: number | null;
  after: number | null;
  difference: number | null;
}

export interface PushTotals {
  rows: number;
  cells: number;
  /** One per input with a cell to send, in the sheet's order. */
  columns: ColumnTotal[];
}

const NUMERIC: ReadonlySet<CellType> = new Set(["number", "currency", "integer", "percent"]);
const num = (v: InputValue | undefined): number => (typeof v === "number" ? v : 0);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Rows and cells to send, and per input the sum of the values before (the snapshot), of the new values, and the difference. */
export function pushTotals(send: readonly PlannedRow[], snapshot: Snapshot, meta: Pick<InputSheetMeta, "inputs">): PushTotals {
  const columns: ColumnTotal[] = [];
  let cells = 0;
  for (const input of meta.inputs) {
    const numeric = NUMERIC.has(input.type);
    let count = 0;
    let before = 0;
    let after = 0;
    for (const row of send) {
      if (!(input.key in row.attributes)) continue;
      count += 1;
      before += num(normalise(input.type, snapshot.get(rowKey(row.employeeId, row.payslipDate))?.[input.key]));
      after += num(row.attributes[input.key]);
    }
    if (count === 0) continue;
    cells += count;
    columns.push({
      header: input.header,
      cells: count,
      before: numeric ? round2(before) : null,
      after: numeric ? round2(after) : null,
      difference: numeric ? round2(after - before) : null,
    });
  }
  return { rows: send.length, cells, columns };
}

// ---------------------------------------------------------------------------------------------------------
// Variance flags
// ---------------------------------------------------------------------------------------------------------

export interface RowFlag {
  rowIndex: number;
  employeeId: number;
  /** "Ann Byrne (0012)". */
  name: string;
  /** One sentence per value: "Basic salary: amount: 3,000.00 → 4,800.00 (+60 %) against 30/09/2026". */
  reasons: string[];
  /** Headers of the flagged cells (highlighted as a flag). */
  columns: string[];
}

const money = (n: number) => n.toLocaleString("en-IE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const plain = (n: number) => n.toLocaleString("en-IE", { maximumFractionDigits: 4 });
const isZero = (v: InputValue | undefined) => v === null || v === undefined || v === "" || v === 0;

/** "+60 %", "-25.5 %". */
function percentText(before: number, after: number): string {
  const p = ((after - before) / Math.abs(before)) * 100;
  const r = Math.round(p * 10) / 10;
  return `${r > 0 ? "+" : ""}${r.toLocaleString("en-IE")} %`;
}

/**
 * Why a value moved too far against last period, or null. A money value is flagged beyond both limits (a €40
 * allowance becoming €60 is not, nor 1 % on a large salary); other numbers beyond the percentage; from blank or
 * zero to a value, or back, always, except a `oneOff` input from blank: an amount only above amountEuro, hours never.
 */
export function varianceReason(
  label: string,
  type: CellType,
  before: InputValue | undefined,
  after: InputValue | undefined,
  limits: Omit<PushCheckSettings, "oneOff">,
  against: string,
  oneOff = false,
): string | null {
  if (!NUMERIC.has(type)) return null;
  const show = type === "currency" ? money : plain;
  const wasZero = isZero(before);
  const isNowZero = isZero(after);
  if (wasZero && isNowZero) return null;
  // A new one-off (a bonus this month, some overtime) is ordinary: only an amount above the limit is flagged.
  if (oneOff && wasZero && (type !== "currency" || Math.abs(num(after)) <= limits.amountEuro)) return null;
  if (wasZero || isNowZero) {
    const from = before === null || before === undefined || before === "" ? "blank" : show(num(before));
    const to = after === null || after === undefined || after === "" ? "blank" : show(num(after));
    return `${label}: ${from} → ${to} against ${against}`;
  }
  const b = num(before);
  const a = num(after);
  const pct = (Math.abs(a - b) / Math.abs(b)) * 100;
  const beyond =
    type === "currency" ? pct > limits.amountPercent && Math.abs(a - b) > limits.amountEuro : pct > limits.otherPercent;
  return beyond ? `${label}: ${show(b)} → ${show(a)} (${percentText(b, a)}) against ${against}` : null;
}

/**
 * Hours sent without a rate pay nothing (the service takes a missing rate as 0): "Overtime: 5 hours without a rate
 * (they pay nothing)". The rate is the row's own cell when the sheet has one (sent now, or as last built or pushed),
 * else the service's now (`rates`, when read). Unknown: not flagged.
 */
export function hoursWithoutRate(
  row: PlannedRow,
  meta: Pick<InputSheetMeta, "inputs">,
  snapshot: Snapshot | undefined,
  rates: Record<string, InputValue> | undefined,
): { reason: string; header: string }[] {
  const found: { reason: string; header: string }[] = [];
  for (const [hoursKey, rateKey] of hoursRateKeys(meta.inputs)) {
    const hours = row.attributes[hoursKey];
    if (typeof hours !== "number" || hours <= 0) continue;
    const rateInput = meta.inputs.find((i) => i.key === rateKey);
    const rate =
      rateKey in row.attributes
        ? row.attributes[rateKey]
        : rateInput
          ? normalise(rateInput.type, snapshot?.get(rowKey(row.employeeId, row.payslipDate))?.[rateKey])
          : rates?.[rateKey];
    if (rate === undefined || !isZero(rate)) continue;
    const header = meta.inputs.find((i) => i.key === hoursKey)!.header;
    const item = header.lastIndexOf(":") > 0 ? header.slice(0, header.lastIndexOf(":")).trim() : header;
    found.push({ reason: `${item}: ${plain(hours)} hours without a rate (they pay nothing)`, header });
  }
  return found;
}

/**
 * The rows to send that look wrong: hours without a rate; and against last period a value beyond the limits, from
 * blank or zero to a value or back (a new one-off only above the amount limit), or no payslip last period. Dates
 * are shown with `formatDate` (dd/mm/yyyy under en-IE).
 */
export function pushFlags(
  send: readonly PlannedRow[],
  previous: PreviousPeriod,
  meta: Pick<InputSheetMeta, "inputs">,
  limits: PushCheckSettings,
  formatDate: (iso: string) => string,
  snapshot?: Snapshot,
): RowFlag[] {
  const against = previous.date === null ? null : formatDate(previous.date);
  const flags: RowFlag[] = [];
  for (const row of send) {
    const name = previous.names.get(row.employeeId) ?? `Employee ${row.employeeId}`;
    const noRate = hoursWithoutRate(row, meta, snapshot, previous.rates?.get(row.employeeId));
    const reasons = noRate.map((h) => h.reason);
    const columns = noRate.map((h) => h.header);
    const last = previous.payslips.get(row.employeeId);
    if (against !== null && !last) reasons.push(`No payslip last period (${against})`);
    if (against !== null && last) {
      for (const input of meta.inputs) {
        if (!(input.key in row.attributes)) continue;
        const why = varianceReason(
          input.header,
          input.type,
          normalise(input.type, last.values[input.key]),
          row.attributes[input.key],
          limits,
          against,
          isOneOff(limits, input.key),
        );
        if (why) {
          reasons.push(why);
          if (!columns.includes(input.header)) columns.push(input.header);
        }
      }
    }
    if (reasons.length > 0) flags.push({ rowIndex: row.rowIndex, employeeId: row.employeeId, name, reasons, columns });
  }
  return flags;
}

/** The Message words of a flag: "Check: <reason>; <reason>". */
export const flagNote = (reasons: readonly string[]): string => `Check: ${reasons.join("; ")}`;

/** "<message>. Check: …" — a flagged row that was sent keeps its reason. */
export const withFlagNote = (message: string, reasons: readonly string[]): string =>
  reasons.length === 0 ? message : message ? `${message.replace(/\.?\s*$/, "")}. ${flagNote(reasons)}` : flagNote(reasons);

/** Flagged rows kept back by "Send all but flagged": Status Held, the reason in the Message, the flagged cells highlighted. */
export function heldOutcomes(flags: readonly RowFlag[]): RowOutcome[] {
  return flags.map((f) => ({
    rowIndex: f.rowIndex,
    status: "Held",
    message: `Held at the check, not sent — ${f.reasons.join("; ")}. Push changes again and choose Send to send it.`,
    errorColumns: f.columns,
  }));
}
