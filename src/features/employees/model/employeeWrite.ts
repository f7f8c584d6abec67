/**
 * Employees created and updated from rows of the employees sheet (the import's layout, src/ui/sheets/importTables.ts).
 *
 * A row without an Employee ID is a new employee; a row with one is compared with the employee as the service
 * holds it now (re-read when saving) and only the changed attributes are sent. Attributes are validated with
 * the contract's schemas before anything is sent; a client in EMPLOYEE_NUMBER_MANUAL mode needs a Number on
 * every new employee. Columns that are not attributes (IDs, the service period) are read-only here: a change to
 * one marks the row Invalid rather than being silently dropped.
 */
import type { z } from "zod";
import {
  type Employee,
  EmployeeCreateAttributes,
  type EmployeeAttributesInput,
  EmployeeUpdateAttributes,
} from "../../../contract";
import { type CellValue, type ColumnSpec, describeCell, type FieldColumn, isBlank, parseCell } from "../../../xl/columns";
import { employeeColumns } from "../../../ui/sheets/importTables";
import { PAYMENT_METHOD_LABELS, paymentMethodCode } from "../../../ui/sheets/paymentMethods";

export interface EmployeeWriteContext {
  /** The client's employees as the service holds them now (with service_periods when the sheet shows them). */
  employees: readonly Employee[];
  /** Waves and pay points, for the name columns. */
  waves: readonly { id: number; name: string }[];
  payPoints: readonly { id: number; name: string }[];
  /** The client's employee_number_mode is EMPLOYEE_NUMBER_MANUAL. */
  manualNumbers: boolean;
}

export type EmployeeRowPlan =
  | { kind: "blank"; rowIndex: number }
  | { kind: "invalid"; rowIndex: number; errors: Record<string, string> }
  | { kind: "unchanged"; rowIndex: number; employeeId: number }
  | { kind: "create"; rowIndex: number; attributes: EmployeeAttributesInput }
  | { kind: "update"; rowIndex: number; employeeId: number; attributes: EmployeeAttributesInput };

/** Simple attributes: the sheet column key is the attribute name. */
const SIMPLE = [
  "number",
  "first_name",
  "last_name",
  "wave_id",
  "appointment_date",
  "birthdate",
  "payment_method",
  "job_title",
  "email",
  "ppsn",
  "prsi_class",
  "prsi_exempt",
  "director",
] as const;
/** Read address (unit no, street, postal code) to the write address lines, in that order. */
const ADDRESS: Record<string, "line_1" | "line_2" | "line_3"> = {
  "physical_address.unit_no": "line_1",
  "physical_address.st_name": "line_2",
  "physical_address.postal_code": "line_3",
};
const BANK: Record<string, "account_number" | "branch_code"> = {
  "bank_account.account_number": "account_number",
  "bank_account.branch_code": "branch_code",
};
/** Attributes a blank cell may clear by sending "" (optional text). */
const CLEARABLE_TEXT = new Set(["job_title", "email", "ppsn", "prsi_class"]);

const isWritable = (key: string) =>
  (SIMPLE as readonly string[]).includes(key) ||
  key === "wave_name" ||
  key === "pay_point" ||
  key in ADDRESS ||
  key in BANK ||
  key.startsWith("custom_fields.");

/** The sheet's columns as the import defines them, plus custom field columns no employee has a value for yet. */
function sheetColumns(headers: readonly string[], ctx: EmployeeWriteContext): Map<number, FieldColumn<Employee>> {
  const defs = employeeColumns(ctx.employees, {
    customFields: true,
    servicePeriod: true,
    waveNames: new Map(ctx.waves.map((w) => [w.id, w.name])),
    payPointNames: new Map(ctx.payPoints.map((p) => [p.id, p.name])),
  });
  const byHeader = new Map(defs.map((d) => [d.header.toLowerCase(), d]));
  const out = new Map<number, FieldColumn<Employee>>();
  headers.forEach((h, i) => {
    const header = String(h).trim();
    const def = byHeader.get(header.toLowerCase());
    if (def) out.set(i, def);
    else {
      const custom = /^Custom field (\d+)$/i.exec(header);
      if (custom)
        out.set(i, {
          key: `custom_fields.${custom[1]}`,
          header,
          type: "text",
          value: (e) => e.custom_fields?.[custom[1]] ?? null,
        });
    }
  });
  return out;
}

type Value = string | number | boolean | null;
const norm = (type: ColumnSpec["type"], v: CellValue): Value => {
  if (v === undefined || v === null || v === "") return null;
  const p = parseCell(type, v);
  return p.ok ? p.value : (v as Value);
};
/** PRSI class and payment method are words the service stores in lower case ("S" and "s" are the same class). */
const CASELESS = new Set(["prsi_class", "payment_method"]);
const same = (key: string, a: Value, b: Value) => {
  if (typeof a !== "string" || typeof b !== "string") return a === b;
  // "EFT (manual)" and "eft_manual" are the same method.
  if (key === "payment_method")
    return (paymentMethodCode(a) ?? a.trim().toLowerCase()) === (paymentMethodCode(b) ?? b.trim().toLowerCase());
  return CASELESS.has(key) ? a.trim().toLowerCase() === b.trim().toLowerCase() : a.trim() === b.trim();
};

/** What every row is read against: the sheet's columns and the client's employees, waves and pay points. */
interface RowReader {
  ctx: EmployeeWriteContext;
  columns: Map<number, FieldColumn<Employee>>;
  keyAt: Map<string, number>;
  headerOf(key: string): string;
  byId: Map<number, Employee>;
  byNumber: Map<string, number>;
  waveByName: Map<string, number>;
  payPointByName: Map<string, number>;
  /** First row of each employee ID and each new Number, for duplicates across rows. */
  seenIds: Map<number, number>;
  seenNumbers: Map<string, number>;
}

/** One row while it is checked: its values, its errors by header, what changed, and the attributes to send. */
interface RowDraft {
  rowIndex: number;
  values: Map<string, Value>;
  errors: Record<string, string>;
  id: Value;
  existing: Employee | undefined;
  changed: Map<string, Value>;
  attrs: Record<string, unknown>;
}

function rowReader(headers: readonly string[], ctx: EmployeeWriteContext): RowReader {
  const columns = sheetColumns(headers, ctx);
  const keyAt = new Map([...columns].map(([i, c]) => [c.key, i]));
  if (!keyAt.has("id"))
    throw new Error(
      'The sheet has no "Employee ID" column. Import employees to get the layout, and leave the ID blank for new employees.',
    );
  return {
    ctx,
    columns,
    keyAt,
    headerOf: (key) => (keyAt.has(key) ? columns.get(keyAt.get(key)!)!.header : key),
    byId: new Map(ctx.employees.map((e) => [e.id, e])),
    byNumber: new Map(ctx.employees.filter((e) => e.number).map((e) => [String(e.number).trim().toLowerCase(), e.id])),
    waveByName: new Map(ctx.waves.map((w) => [w.name.trim().toLowerCase(), w.id])),
    payPointByName: new Map(ctx.payPoints.map((p) => [p.name.trim().toLowerCase(), p.id])),
    seenIds: new Map(),
    seenNumbers: new Map(),
  };
}

/** Reads, compares and validates every row. Errors are keyed by the header of the cell to highlight. */
export function parseEmployeeRows(
  headers: readonly string[],
  rows: readonly unknown[][],
  ctx: EmployeeWriteContext,
): EmployeeRowPlan[] {
  const reader = rowReader(headers, ctx);
  return rows.map((row, rowIndex): EmployeeRowPlan => {
    if ([...reader.columns.keys()].every((i) => isBlank(row[i]))) return { kind: "blank", rowIndex };
    const draft = readRow(reader, row, rowIndex);
    findChanges(reader, draft);
    simpleAttributes(reader, draft);
    waveAndPayPoint(reader, draft);
    nestedAttributes(reader, draft);
    checkNumber(reader, draft);
    return rowPlan(reader, draft);
  });
}

/** The row's cells parsed by column type, and the employee its ID names (which must exist, once). */
function readRow(r: RowReader, row: readonly unknown[], rowIndex: number): RowDraft {
  const errors: Record<string, string> = {};
  const values = new Map<string, Value>();
  for (const [i, c] of r.columns) {
    const parsed = parseCell(c.type, row[i]);
    if (!parsed.ok) errors[c.header] = `${c.header}: ${parsed.message}`;
    else values.set(c.key, typeof parsed.value === "string" ? parsed.value.trim() : parsed.value);
  }
  const idHeader = r.headerOf("id");
  const id = values.get("id") ?? null;
  const existing = typeof id === "number" ? r.byId.get(id) : undefined;
  if (id !== null && !existing && !errors[idHeader]) {
    errors[idHeader] = `No employee with ID ${String(id)} in this client (deleted?). Clear the ID to create a new employee.`;
  }
  if (typeof id === "number") {
    const first = r.seenIds.get(id);
    if (first !== undefined) errors[idHeader] = `Same employee as row ${first + 1}`;
    else r.seenIds.set(id, rowIndex);
  }
  return { rowIndex, values, errors, id, existing, changed: new Map(), attrs: {} };
}

/** What changed (update) or what is given (create); a change to a read-only column is an error. */
function findChanges(r: RowReader, d: RowDraft): void {
  const { values, errors, existing, changed } = d;
  for (const c of r.columns.values()) {
    if (!values.has(c.key)) continue;
    const v = values.get(c.key)!;
    if (existing) {
      const held = norm(c.type, c.value(existing));
      if (same(c.key, v, held)) continue;
      if (!isWritable(c.key)) {
        if (c.key !== "id")
          errors[c.header] =
            `${c.header} is read-only here (it is not an employee attribute); restore ${describeCell(held ?? "")}${c.key.startsWith("service_period") ? " and use the Service periods sheet" : ""}`;
        continue;
      }
      changed.set(c.key, v);
    } else if (v !== null) {
      if (isWritable(c.key)) changed.set(c.key, v);
      else if (c.key !== "id") errors[c.header] = `${c.header} cannot be set when creating an employee; leave it blank`;
    }
  }
}

/** Attributes whose column key is their name; a blank cell clears optional text only. */
function simpleAttributes(r: RowReader, { changed, attrs, errors }: RowDraft): void {
  for (const key of SIMPLE) {
    if (!changed.has(key)) continue;
    const v = changed.get(key)!;
    if (v === null) {
      if (CLEARABLE_TEXT.has(key)) attrs[key] = "";
      else errors[r.headerOf(key)] = `${r.headerOf(key)} is empty but the service holds a value: it cannot be cleared`;
    } else if (key === "payment_method") {
      // The sheet shows the label; the service takes the code.
      const code = paymentMethodCode(v);
      if (code) attrs[key] = code;
      else
        errors[r.headerOf(key)] =
          `Unknown payment method ${describeCell(v)}; choose one of: ${Object.values(PAYMENT_METHOD_LABELS).join(", ")}`;
    } else attrs[key] = key === "number" ? String(v) : v;
  }
}

/** Wave and pay point by name, to their IDs (a Wave and a Wave ID that disagree are an error). */
function waveAndPayPoint(r: RowReader, { changed, attrs, errors }: RowDraft): void {
  const { headerOf, ctx } = r;
  if (changed.has("wave_name") && !changed.has("wave_id")) {
    const name = changed.get("wave_name");
    const wave = typeof name === "string" ? r.waveByName.get(name.toLowerCase()) : undefined;
    if (wave === undefined)
      errors[headerOf("wave_name")] =
        `Unknown wave ${describeCell(name ?? "")}; choose one of: ${ctx.waves.map((w) => w.name).join(", ")}`;
    else attrs.wave_id = wave;
  } else if (changed.has("wave_name") && typeof attrs.wave_id === "number" && typeof changed.get("wave_name") === "string") {
    const named = r.waveByName.get(String(changed.get("wave_name")).toLowerCase());
    if (named !== attrs.wave_id) errors[headerOf("wave_name")] = "Wave and Wave ID disagree: change one of them";
  }
  if (changed.has("pay_point")) {
    const name = changed.get("pay_point");
    if (name === null) attrs.pay_point_id = null;
    else {
      const pp = r.payPointByName.get(String(name).toLowerCase());
      if (pp === undefined)
        errors[headerOf("pay_point")] =
          `Unknown pay point ${describeCell(name)}; choose one of: ${ctx.payPoints.map((p) => p.name).join(", ")}`;
      else attrs.pay_point_id = pp;
    }
  }
}

/** Nested objects (address, bank account, custom fields) go whole, from the row, when any of their cells changed. */
function nestedAttributes(r: RowReader, { changed, values, attrs }: RowDraft): void {
  if (Object.keys(ADDRESS).some((k) => changed.has(k))) {
    attrs.physical_address = Object.fromEntries(
      Object.entries(ADDRESS)
        .filter(([k]) => r.keyAt.has(k))
        .map(([k, line]) => [line, String(values.get(k) ?? "")]),
    );
  }
  if (Object.keys(BANK).some((k) => changed.has(k))) {
    attrs.bank_account_attributes = Object.fromEntries(
      Object.entries(BANK)
        .filter(([k]) => r.keyAt.has(k))
        .map(([k, f]) => [f, String(values.get(k) ?? "")]),
    );
  }
  const custom = [...changed].filter(([k]) => k.startsWith("custom_fields."));
  if (custom.length > 0)
    attrs.custom_fields = Object.fromEntries(
      custom.map(([k, v]) => [k.slice("custom_fields.".length), v === null ? null : String(v)]),
    );
}

/** Employee numbers: the client's mode decides whether a new employee has one; a number is used once. */
function checkNumber(r: RowReader, { values, attrs, errors, existing, id, rowIndex }: RowDraft): void {
  const { headerOf, ctx } = r;
  const number = values.get("number");
  if (!existing && id === null) {
    if (ctx.manualNumbers && (number === null || number === undefined)) {
      errors[headerOf("number")] = "Number is required: this client numbers employees manually (EMPLOYEE_NUMBER_MANUAL)";
    } else if (!ctx.manualNumbers && number !== null && number !== undefined) {
      errors[headerOf("number")] = "Leave Number blank: this client's employee numbers are assigned by the service";
      delete attrs.number;
    }
  }
  if (typeof attrs.number === "string") {
    const key = attrs.number.toLowerCase();
    const owner = r.byNumber.get(key);
    if (owner !== undefined && owner !== existing?.id)
      errors[headerOf("number")] = `Number ${attrs.number} is already used by employee ${owner}`;
    const first = r.seenNumbers.get(key);
    if (first !== undefined) errors[headerOf("number")] = `Number ${attrs.number} is also on row ${first + 1}`;
    else r.seenNumbers.set(key, rowIndex);
  }
}

/** The contract's schema has the last word; then the row is invalid, unchanged, an update or a create. */
function rowPlan(r: RowReader, { attrs, errors, existing, rowIndex }: RowDraft): EmployeeRowPlan {
  let valid: Record<string, unknown> = attrs;
  // Checked even when a cell already has its error (an unknown payment method), so every bad cell is named once.
  const schema: z.ZodType = existing ? EmployeeUpdateAttributes : EmployeeCreateAttributes;
  const checked = schema.safeParse(attrs);
  if (checked.success) valid = checked.data as Record<string, unknown>;
  else {
    for (const issue of checked.error.issues) {
      const header = headerForPath(issue.path.map(String), r.headerOf, r.keyAt);
      errors[header] ??= `${header}: ${issue.message}`;
    }
  }
  if (Object.keys(errors).length > 0) return { kind: "invalid", rowIndex, errors };
  if (existing) {
    return Object.keys(valid).length === 0
      ? { kind: "unchanged", rowIndex, employeeId: existing.id }
      : { kind: "update", rowIndex, employeeId: existing.id, attributes: valid as EmployeeAttributesInput };
  }
  return { kind: "create", rowIndex, attributes: valid as EmployeeAttributesInput };
}

/**
 * The sheet header for an attribute error key from the service ("email", "physical_address.line_1",
 * "custom_fields.12"), or null when the sheet has no such column.
 */
export function employeeErrorHeader(headers: readonly string[], key: string, ctx: EmployeeWriteContext): string | null {
  const columns = sheetColumns(headers, ctx);
  const keyAt = new Map([...columns].map(([i, c]) => [c.key, i]));
  const headerOf = (k: string) => (keyAt.has(k) ? columns.get(keyAt.get(k)!)!.header : k);
  const header = headerForPath(key.split("."), headerOf, keyAt);
  return headers.includes(header) ? header : null;
}

/** The sheet header for a schema issue path such as ["wave_id"], ["physical_address","line_1"], ["custom_fields","12"]. */
function headerForPath(path: string[], headerOf: (key: string) => string, keyAt: ReadonlyMap<string, number>): string {
  const [head, child] = path;
  if (head === "wave_id") return keyAt.has("wave_id") ? headerOf("wave_id") : headerOf("wave_name");
  if (head === "pay_point_id") return headerOf("pay_point");
  if (head === "physical_address")
    return headerOf(Object.entries(ADDRESS).find(([, l]) => l === child)?.[0] ?? "physical_address.unit_no");
  if (head === "bank_account_attributes")
    return headerOf(child === "branch_code" ? "bank_account.branch_code" : "bank_account.account_number");
  if (head === "custom_fields" && child) return headerOf(`custom_fields.${child}`);
  return keyAt.has(head) ? headerOf(head) : head;
}
