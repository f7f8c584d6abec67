/** Employee rules shared by the employee endpoints and bulk_input: validation against the client, apply, wire form. */
import { EMPLOYEE_NUMBER_MANUAL, type EmployeeUpdateAttributes } from "../../contract";
import type { Ctx } from "./context";
import { periodContaining } from "../engine";
import { type ClientRec, type EmployeeRec, openPayslip, type PayslipRec } from "../store/store";

/** ISO check character of a PPS number (7 digits, check letter, optional second letter). */
export function ppsnProblem(ppsn: string): string | null {
  const m = /^(\d{7})([A-W])([A-IW]?)$/i.exec(ppsn.trim());
  if (!m) return "must be 7 digits followed by one or two letters (e.g. 1234567FA)";
  const second = m[3].toUpperCase();
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(m[1][i]) * (8 - i);
  if (second && second !== "W") sum += 9 * (second.charCodeAt(0) - 64);
  return "WABCDEFGHIJKLMNOPQRSTUV"[sum % 23] === m[2].toUpperCase() ? null : "check letter does not match the digits";
}

/**
 * Rules that need the client (the contract schema has already checked types): wave and pay point belong to the
 * client, numbers are unique and present in manual mode, custom fields exist and dropdown values are option IDs.
 * Returns errors keyed by attribute name (the caller adds its prefix).
 */
export function checkAgainstClient(
  ctx: Ctx,
  client: ClientRec,
  attrs: EmployeeUpdateAttributes,
  existing: EmployeeRec | null,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const { store } = ctx;
  if (attrs.wave_id !== undefined && store.waves.get(attrs.wave_id)?.client_id !== client.id)
    errors.wave_id = `wave ${attrs.wave_id} is not a wave of this client`;
  if (
    attrs.pay_point_id !== undefined &&
    attrs.pay_point_id !== null &&
    store.payPoints.get(attrs.pay_point_id)?.client_id !== client.id
  ) {
    errors.pay_point_id = `pay point ${attrs.pay_point_id} is not a pay point of this client`;
  }
  if (!existing && client.employee_number_mode === EMPLOYEE_NUMBER_MANUAL && !attrs.number?.trim()) {
    errors.number = "is required: this client's employee numbers are set manually (EMPLOYEE_NUMBER_MANUAL)";
  }
  if (attrs.number !== undefined) {
    const n = attrs.number.trim();
    if (n === "") errors.number ??= "can't be blank";
    else if (store.employees.where("client", client.id).some((e) => e.number === n && e.id !== existing?.id))
      errors.number = `"${n}" is already taken by another employee`;
  }
  if (attrs.ppsn) {
    const problem = ppsnProblem(attrs.ppsn);
    if (problem) errors.ppsn = problem;
  }
  for (const [key, value] of Object.entries(attrs.custom_fields ?? {})) {
    const def = client.custom_field_defs.find((d) => String(d.id) === key);
    if (!def)
      errors[`custom_fields.${key}`] =
        `unknown custom field ${key} (fields: ${client.custom_field_defs.map((d) => `${d.id} ${d.name}`).join(", ")})`;
    else if (def.type === "dropdown" && value !== null && value !== "" && !def.options?.some((o) => String(o.id) === value)) {
      errors[`custom_fields.${key}`] =
        `must be an option ID of "${def.name}" (${def.options?.map((o) => `${o.id} = ${o.label}`).join(", ")})`;
    }
  }
  const appointment = attrs.appointment_date ?? existing?.appointment_date;
  const birth = attrs.birthdate ?? existing?.birthdate;
  if (birth && appointment && birth >= appointment) errors.birthdate = "must be before the appointment date";
  return errors;
}

const PAY_FACTS = ["prsi_class", "prsi_exempt", "director", "wave_id"] as const;

/** Applies checked attributes; returns whether pay-relevant facts changed (the open payslips then recalculate). */
export function applyAttributes(ctx: Ctx, e: EmployeeRec, attrs: EmployeeUpdateAttributes): boolean {
  const payChanged = PAY_FACTS.some((k) => attrs[k] !== undefined && attrs[k] !== e[k]);
  const oldWave = e.wave_id;
  const simple = [
    "first_name",
    "last_name",
    "birthdate",
    "appointment_date",
    "ppsn",
    "prsi_class",
    "prsi_exempt",
    "director",
    "email",
    "payment_method",
    "job_title",
    "wave_id",
    "pay_point_id",
  ] as const;
  const target = e as unknown as Record<string, unknown>;
  for (const k of simple) if (attrs[k] !== undefined) target[k] = attrs[k];
  if (attrs.number !== undefined) e.number = attrs.number.trim();
  if (attrs.bank_account_attributes) {
    e.bank_account = { account_number: null, branch_code: null, ...e.bank_account, ...attrs.bank_account_attributes };
  }
  if (attrs.physical_address) {
    // The write form's lines map onto the read form: line_1 unit/number, line_2 street and town, line_3 postal code.
    const a = attrs.physical_address;
    const cur = e.physical_address ?? { unit_no: null, complex: null, st_name: null, postal_code: null };
    e.physical_address = {
      ...cur,
      unit_no: a.line_1 !== undefined ? a.line_1 : cur.unit_no,
      st_name: a.line_2 !== undefined ? a.line_2 : cur.st_name,
      postal_code: a.line_3 !== undefined ? a.line_3 : cur.postal_code,
    };
  }
  if (attrs.custom_fields) e.custom_fields = { ...e.custom_fields, ...attrs.custom_fields };
  if (attrs.appointment_date !== undefined) {
    const periods = ctx.store.servicePeriods.where("employee", e.id).filter((s) => !s.negative);
    if (periods.length === 1) periods[0].start_date = attrs.appointment_date;
  }
  e.updated_at = ctx.clock.now();
  if (e.wave_id !== oldWave) moveToWave(ctx, e);
  if (payChanged) ctx.payroll.markEmployeeDirty(e.id);
  return payChanged;
}

/** After a wave change the open payslips move to the new wave's current period. */
function moveToWave(ctx: Ctx, e: EmployeeRec): void {
  for (const p of [...ctx.store.payslips.where("employee", e.id)]) {
    if (p.finalised) continue;
    for (const c of [...ctx.store.calculations.where("payslip", p.id)]) ctx.store.calculations.remove(c);
    ctx.store.payslips.remove(p);
  }
  openPayslipFor(ctx, e);
}

/** The open regular payslip of the current period, created when the employee is in employment and has none. */
export function openPayslipFor(ctx: Ctx, e: EmployeeRec): PayslipRec | null {
  const wave = ctx.store.waves.get(e.wave_id);
  if (!wave) return null;
  const current = periodContaining(wave, ctx.clock.today());
  if (e.appointment_date > current.end_date) return null;
  const existing = ctx.store.payslips.where("employee", e.id).find((p) => !p.special && p.period_offset === current.offset);
  if (existing) return existing;
  const now = ctx.clock.now();
  return ctx.store.payslips.insert(
    openPayslip({
      id: ctx.store.nextId("payslip"),
      employee_id: e.id,
      client_id: e.client_id,
      wave_id: wave.id,
      date: current.end_date,
      period_offset: current.offset,
      created_at: now,
    }),
  );
}

export function createEmployee(ctx: Ctx, client: ClientRec, attrs: EmployeeUpdateAttributes): EmployeeRec {
  const now = ctx.clock.now();
  const number = attrs.number?.trim() || nextNumber(ctx, client);
  const record: EmployeeRec = {
    id: ctx.store.nextId("employee"),
    client_id: client.id,
    number,
    first_name: attrs.first_name!,
    last_name: attrs.last_name!,
    birthdate: null,
    appointment_date: attrs.appointment_date!,
    wave_id: attrs.wave_id!,
    pay_point_id: null,
    payment_method: attrs.payment_method!,
    ppsn: null,
    prsi_class: "a",
    prsi_exempt: false,
    director: false,
    email: null,
    job_title: null,
    physical_address: null,
    bank_account: null,
    custom_fields: {},
    created_at: now,
    updated_at: now,
  };
  // The stored form is the one whose later changes reach the --data write-ahead log.
  const e = ctx.store.employees.insert(record);
  applyAttributes(ctx, e, { ...attrs, number: undefined });
  ctx.store.servicePeriods.insert({
    id: ctx.store.nextId("servicePeriod"),
    employee_id: e.id,
    start_date: e.appointment_date,
    end_date: null,
    negative: false,
    attribs: { ie_employment_identifier: "1" },
    termination_code: null,
    created_at: now,
    updated_at: now,
  });
  openPayslipFor(ctx, e);
  return e;
}

function nextNumber(ctx: Ctx, client: ClientRec): string {
  const taken = new Set(ctx.store.employees.where("client", client.id).map((e) => e.number));
  let n = client.next_employee_number;
  while (taken.has(String(n))) n++;
  client.next_employee_number = n + 1;
  return String(n);
}

/** Removes an employee and everything hanging off it. */
export function deleteEmployee(ctx: Ctx, e: EmployeeRec): void {
  const { store } = ctx;
  for (const p of [...store.payslips.where("employee", e.id)]) store.payslips.remove(p);
  for (const c of [...store.calculations.where("employee", e.id)]) store.calculations.remove(c);
  for (const s of [...store.servicePeriods.where("employee", e.id)]) store.servicePeriods.remove(s);
  for (const i of [...store.inherited.where("employee", e.id)]) store.inherited.remove(i);
  for (const d of [...store.leaveDays.where("employee", e.id)]) store.leaveDays.remove(d);
  for (const m of [...store.profileMappings.where("employee", e.id)]) store.profileMappings.remove(m);
  store.employees.remove(e);
}

/** The employee read form. */
export function employeeJson(e: EmployeeRec): Record<string, unknown> {
  return {
    id: e.id,
    number: e.number,
    first_name: e.first_name,
    last_name: e.last_name,
    birthdate: e.birthdate,
    appointment_date: e.appointment_date,
    wave_id: e.wave_id,
    pay_point_id: e.pay_point_id,
    payment_method: e.payment_method,
    ppsn: e.ppsn,
    prsi_class: e.prsi_class,
    prsi_exempt: e.prsi_exempt,
    director: e.director,
    email: e.email,
    job_title: e.job_title,
    physical_address: e.physical_address,
    bank_account: e.bank_account,
    custom_fields: e.custom_fields,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}
