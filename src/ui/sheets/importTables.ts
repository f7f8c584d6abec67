/**
 * Import tables: employees, payment frequencies (waves) and pay points as typed columns.
 * The employee number comes first: it is how accountants know people; the ID is what the API takes.
 */
import type { Employee, PayPoint, ReadAddress, ServicePeriod, Wave, WaveSimplified } from "../../contract";
import { column, field, type FieldColumn } from "../../xl/columns";
import { TIMESTAMP_COLUMNS } from "./grid";
import { paymentMethodLabel } from "./paymentMethods";

/** The address columns of employees and pay points (the parts the document shows). */
const addressColumns = <R extends { physical_address?: ReadAddress | null }>(): FieldColumn<R>[] => [
  column<R>("physical_address.unit_no", "Address: unit no", "text", (r) => r.physical_address?.unit_no),
  column<R>("physical_address.st_name", "Address: street", "text", (r) => r.physical_address?.st_name),
  column<R>("physical_address.postal_code", "Address: postal code", "text", (r) => r.physical_address?.postal_code),
];

/** Created and Updated (grid's TIMESTAMP_COLUMNS), filled from the record. */
const timestampColumns = <R extends { created_at: string; updated_at: string }>(): FieldColumn<R>[] =>
  TIMESTAMP_COLUMNS.map((spec) => ({ ...spec, value: (r: R) => r[spec.key as "created_at" | "updated_at"] }));

// ---------------------------------------------------------------------------------------------------------
// Employees
// ---------------------------------------------------------------------------------------------------------

export interface EmployeeImportOptions {
  /** One column per custom field ID found on any employee. */
  customFields?: boolean;
  /** Columns of the current service period (needs employees listed with include=service_periods). */
  servicePeriod?: boolean;
  /** Names for the wave and pay point columns (from the waves and pay points lists). */
  waveNames?: ReadonlyMap<number, string>;
  payPointNames?: ReadonlyMap<number, string>;
  /** "Today" for the long-term-leave column, as YYYY-MM-DD (injected so the mapping stays pure). */
  today?: string;
}

type E = Employee;

const BASE_EMPLOYEE_COLUMNS: FieldColumn<E>[] = [
  field<E>("number", "Number", "text"),
  field<E>("id", "Employee ID", "integer"),
  field<E>("first_name", "First name", "text"),
  field<E>("last_name", "Last name", "text"),
  field<E>("wave_id", "Wave ID", "integer"),
];

const DETAIL_EMPLOYEE_COLUMNS: FieldColumn<E>[] = [
  field<E>("appointment_date", "Appointment date", "date"),
  field<E>("birthdate", "Birthdate", "date"),
  // In words ("EFT (manual)"), never the stored code (paymentMethods.ts reads either back).
  column<E>("payment_method", "Payment method", "text", (e) => paymentMethodLabel(e.payment_method)),
  field<E>("job_title", "Job title", "text"),
  field<E>("email", "Email", "text"),
  field<E>("ppsn", "PPSN", "text"),
  field<E>("prsi_class", "PRSI class", "text"),
  field<E>("prsi_exempt", "PRSI exempt", "boolean"),
  field<E>("director", "Director", "boolean"),
  ...addressColumns<E>(),
  column<E>("bank_account.account_number", "IBAN", "text", (e) => e.bank_account?.account_number),
  column<E>("bank_account.branch_code", "BIC", "text", (e) => e.bank_account?.branch_code),
];

/** Custom field IDs found on any employee, in numeric order. */
export function customFieldIds(employees: readonly Employee[]): string[] {
  const ids = new Set<string>();
  for (const e of employees) for (const id of Object.keys(e.custom_fields ?? {})) ids.add(id);
  return [...ids].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
}

/**
 * The employment period that is current: among the periods that are not long-term leave (negative), the one
 * with the latest start date (open or ended). Null when the employee has none.
 */
export function currentServicePeriod(employee: Employee): ServicePeriod | null {
  const periods = (employee.service_periods ?? []).map((w) => w.service_period).filter((p) => !p.negative);
  if (periods.length === 0) return null;
  return periods.reduce((a, b) => (b.start_date > a.start_date || (b.start_date === a.start_date && b.id > a.id) ? b : a));
}

/** True when a long-term-leave (negative) period covers the date. */
export function onLongTermLeave(employee: Employee, date: string): boolean {
  return (employee.service_periods ?? []).some(
    ({ service_period: p }) => p.negative && p.start_date <= date && (p.end_date === null || p.end_date >= date),
  );
}

export function employeeColumns(employees: readonly Employee[], options: EmployeeImportOptions = {}): FieldColumn<E>[] {
  const columns = [...BASE_EMPLOYEE_COLUMNS];
  const waves = options.waveNames;
  if (waves)
    columns.push(column<E>("wave_name", "Wave", "text", (e) => (e.wave_id == null ? null : (waves.get(e.wave_id) ?? null))));
  const payPoints = options.payPointNames;
  if (payPoints) {
    columns.push(
      column<E>("pay_point", "Pay point", "text", (e) =>
        e.pay_point_id == null ? null : (payPoints.get(e.pay_point_id) ?? null),
      ),
    );
  }
  columns.push(...DETAIL_EMPLOYEE_COLUMNS);
  if (options.servicePeriod) {
    const today = options.today ?? new Date().toISOString().slice(0, 10);
    columns.push(
      column<E>("service_period.start_date", "Service start", "date", (e) => currentServicePeriod(e)?.start_date),
      column<E>("service_period.end_date", "Service end", "date", (e) => currentServicePeriod(e)?.end_date),
      column<E>(
        "service_period.termination_code",
        "Termination code",
        "integer",
        (e) => currentServicePeriod(e)?.termination_code,
      ),
      column<E>(
        "service_period.ie_employment_identifier",
        "Employment ID",
        "text",
        (e) => currentServicePeriod(e)?.attribs?.ie_employment_identifier,
      ),
      column<E>("service_period.long_term_leave", "On long-term leave", "boolean", (e) =>
        e.service_periods ? onLongTermLeave(e, today) : null,
      ),
    );
  }
  if (options.customFields) {
    // The API has no endpoint naming custom fields, so the header carries the field's ID.
    for (const id of customFieldIds(employees)) {
      columns.push(column<E>(`custom_fields.${id}`, `Custom field ${id}`, "text", (e) => e.custom_fields?.[id] ?? null));
    }
  }
  return columns;
}

export { sortEmployees } from "./grid";

// ---------------------------------------------------------------------------------------------------------
// Payment frequencies (waves)
// ---------------------------------------------------------------------------------------------------------

const waveStart = <W extends WaveSimplified | Wave>(): FieldColumn<W>[] => [
  column<W>("id", "Wave ID", "integer", (w) => w.id),
  column<W>("name", "Name", "text", (w) => w.name),
  column<W>("custom_name", "Custom name", "text", (w) => w.custom_name),
];
const waveEnd = <W extends WaveSimplified | Wave>(): FieldColumn<W>[] => [
  column<W>("first_end_date", "First end date", "date", (w) => w.first_end_date),
  column<W>("interim_first_end_date", "Interim first end date", "date", (w) => w.interim_first_end_date),
  column<W>("pay_dates.enabled", "Pay dates enabled", "boolean", (w) => w.pay_dates?.enabled),
  ...timestampColumns<W>(),
];

export function waveColumns(): FieldColumn<Wave>[] {
  return [
    ...waveStart<Wave>(),
    field<Wave>("length_months", "Length (months)", "integer"),
    field<Wave>("length_weeks", "Length (weeks)", "integer"),
    ...waveEnd<Wave>(),
    field<Wave>("first_period_offset", "First period offset", "integer"),
    field<Wave>("notification_days_before", "Notification days before", "integer"),
    field<Wave>("finalisation_days_before", "Finalisation days before", "integer"),
    field<Wave>("payslip_payment_day", "Payslip payment day", "integer"),
  ];
}

export function simplifiedWaveColumns(): FieldColumn<WaveSimplified>[] {
  return [...waveStart<WaveSimplified>(), field<WaveSimplified>("frequency", "Frequency", "text"), ...waveEnd<WaveSimplified>()];
}

/** The name a person knows a wave by: its custom name when set. */
export function waveDisplayName(wave: Pick<Wave, "name" | "custom_name">): string {
  return wave.custom_name?.trim() ? wave.custom_name : wave.name;
}

// ---------------------------------------------------------------------------------------------------------
// Pay points
// ---------------------------------------------------------------------------------------------------------

export function payPointColumns(): FieldColumn<PayPoint>[] {
  return [
    field<PayPoint>("id", "Pay point ID", "integer"),
    field<PayPoint>("name", "Name", "text"),
    ...addressColumns<PayPoint>(),
    ...timestampColumns<PayPoint>(),
  ];
}
