/**
 * Calc-input sheets: which inputs a client offers (`calc.<calculation_id>.<input>`), which payslip periods a
 * wave has, and the rows of a sheet for one wave and period, prefilled with the current values.
 *
 * Everything comes from four lists fetched once (waves, employees with service periods and recent payslips,
 * the client's calculations, items_and_outputs), so building a sheet costs the same number of requests for
 * ten employees or ten thousand.
 */
import type { Calculation, Employee, InputValue, ItemsAndOutputs } from "../../../contract";
import { calcKey } from "../../../contract";
import { type CellType, type CellValue, type ColumnSpec, inputCellType, typeOfValue } from "../../../xl/columns";
import { employeeName } from "../../../ui/sheets/employeeNames";
import { sortEmployees } from "../../../ui/sheets/grid";
import { activeEmployees, regularPayslips } from "../../../ui/sheets/periods";
import { type EmploymentNote, employmentNote } from "./employment";

/** One input the user can put on a sheet. */
export interface OfferedInput {
  /** `calc.<calculation_id>.<input>`: the bulk_input attribute key. */
  key: string;
  calculationId: string;
  input: string;
  /** Header text, unique among the offered inputs: "Basic salary: amount". */
  label: string;
  /** The item's label (for grouping in the picker). */
  itemLabel: string;
  type: CellType;
  /**
   * Whether employees hold the item as their own (an employee calculation without a payslip): true; only on payslips:
   * false; only the client's definition: absent. The default change kind reads it (./changeKind).
   */
  recurring?: boolean;
}

const humanize = (name: string) => name.replace(/_/g, " ");

/**
 * The inputs the client's calculations offer. Items come from the calculations (client-level definitions first,
 * then any employee/payslip calculation of an item without a definition); input names from items_and_outputs
 * when it describes the item, else from the stored inputs. Types come from stored values; an input never
 * seen with a value is taken as a number (every catalogue input is an amount, hours, rate or percentage).
 */
export function offeredInputs(calculations: readonly Calculation[], items: ItemsAndOutputs): OfferedInput[] {
  const itemsById = new Map([...items.system_items, ...items.custom_items].map((i) => [String(i.id), i]));
  const live = calculations.filter((c) => !c.deleted && c.calculation_id !== null && c.calculation_id !== "");
  const isDefinition = (c: Calculation) => c.employee_id === null && c.payslip_id === null;
  // Definitions first so their defaults decide types and their order leads.
  const ordered = [...live.filter(isDefinition), ...live.filter((c) => !isDefinition(c))];

  const inputsOf = new Map<string, string[]>();
  const sample = new Map<string, InputValue>();
  const held = new Map<string, boolean>();
  for (const c of ordered) {
    const id = String(c.calculation_id);
    if (c.employee_id !== null) held.set(id, held.get(id) === true || c.payslip_id === null);
    const described = itemsById.get(id)?.inputs;
    const names = inputsOf.get(id) ?? [...(described ?? [])];
    for (const [name, value] of Object.entries(c.inputs)) {
      if (!described && !names.includes(name)) names.push(name);
      const key = calcKey(id, name);
      if (value !== null && value !== "" && !sample.has(key)) sample.set(key, value);
    }
    inputsOf.set(id, names);
  }

  const offered: OfferedInput[] = [];
  for (const [id, names] of inputsOf) {
    const item = itemsById.get(id);
    const itemLabel = item?.label ?? (/^\d+$/.test(id) ? `Custom item ${id}` : humanize(id));
    for (const input of names) {
      const key = calcKey(id, input);
      const s = sample.get(key);
      offered.push({
        key,
        calculationId: id,
        input,
        itemLabel,
        label: `${itemLabel}: ${humanize(input)}`,
        type: inputCellType(input, s === undefined ? "number" : typeOfValue(s)),
        ...(held.has(id) ? { recurring: held.get(id) } : {}),
      });
    }
  }
  // Two items may share a label (e.g. a custom item named like a system one): "(custom item 103)" tells them apart
  // in words; the API name stays out of headers (it is in the sheet's metadata and the picker's tooltip).
  const counts = new Map<string, number>();
  for (const o of offered) counts.set(o.label, (counts.get(o.label) ?? 0) + 1);
  for (const o of offered)
    if ((counts.get(o.label) ?? 0) > 1)
      o.label = `${o.label} (${/^\d+$/.test(o.calculationId) ? `custom item ${o.calculationId}` : "standard item"})`;
  return offered;
}

// ---------------------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------------------

export interface InputSheetRow {
  employeeId: number;
  number: string;
  name: string;
  payslipDate: string;
  payslipId: number | null;
  finalised: boolean;
  nettPay: number | null;
  /** Input key to current value (null when the employee has no value for it). */
  values: Record<string, InputValue>;
  /** On long-term leave, or employment ended, in the period (./employment); null when at work. */
  employment?: EmploymentNote | null;
}

/** Fixed columns of every input sheet. The headers are how the push finds them again. */
export const INPUT_SHEET_HEADERS = {
  employeeId: "Employee ID",
  number: "Number",
  name: "Name",
  /** Only on a sheet where some employee is on long-term leave or has left (never sent). */
  employment: "Employment",
  payslipDate: "Payslip date",
  nettPay: "Nett pay",
  status: "Status",
  message: "Message",
} as const;

/** The current value of each chosen input for one payslip: payslip-specific first, then the employee's own. */
function currentValues(
  employeeId: number,
  payslipId: number | null,
  inputs: readonly OfferedInput[],
  byEmployee: Map<number, Calculation[]>,
): Record<string, InputValue> {
  const calcs = byEmployee.get(employeeId) ?? [];
  // Several instances of a multi-instance item: bulk_input updates the first, so the first (lowest id) is shown.
  const first = (pred: (c: Calculation) => boolean, calculationId: string) =>
    calcs.filter((c) => pred(c) && String(c.calculation_id) === calculationId).sort((a, b) => (a.id ?? 0) - (b.id ?? 0))[0];
  const values: Record<string, InputValue> = {};
  for (const input of inputs) {
    const onPayslip = payslipId === null ? undefined : first((c) => c.payslip_id === payslipId, input.calculationId);
    const onEmployee = first((c) => c.payslip_id === null, input.calculationId);
    const fromPayslip = onPayslip?.inputs[input.input];
    const fromEmployee = onEmployee?.inputs[input.input];
    values[input.key] = fromPayslip !== undefined && fromPayslip !== null ? fromPayslip : (fromEmployee ?? null);
  }
  return values;
}

/** One employee's current input values from calculations that include theirs (the rule the sheet is built by). */
export function employeeInputValues(
  employeeId: number,
  payslipId: number | null,
  inputs: readonly OfferedInput[],
  calculations: readonly Calculation[],
): Record<string, InputValue> {
  const own = calculations.filter((c) => !c.deleted && c.employee_id === employeeId);
  return currentValues(employeeId, payslipId, inputs, new Map([[employeeId, own]]));
}

/** One row per employee active in the period, in number order, prefilled from the calculations list. */
export function inputSheetRows(args: {
  employees: readonly Employee[];
  calculations: readonly Calculation[];
  waveId: number;
  payslipDate: string;
  inputs: readonly OfferedInput[];
}): InputSheetRow[] {
  const byEmployee = new Map<number, Calculation[]>();
  for (const c of args.calculations) {
    if (c.deleted || c.employee_id === null) continue;
    const list = byEmployee.get(c.employee_id) ?? [];
    list.push(c);
    byEmployee.set(c.employee_id, list);
  }
  return sortEmployees(activeEmployees(args.employees, args.waveId, args.payslipDate)).map((e) => {
    const payslip = regularPayslips(e).find((p) => p.date === args.payslipDate) ?? null;
    return {
      employeeId: e.id,
      number: e.number ?? "",
      name: employeeName(e) ?? "",
      payslipDate: args.payslipDate,
      payslipId: payslip?.id ?? null,
      finalised: payslip?.finalised ?? false,
      nettPay: payslip && !payslip.dirty && typeof payslip.nett_pay === "number" ? payslip.nett_pay : null,
      values: currentValues(e.id, payslip?.id ?? null, args.inputs, byEmployee),
      employment: employmentNote(e, args.payslipDate),
    };
  });
}

/**
 * The sheet's columns: fixed ones, one per chosen input, then nett pay, Status and Message. `employment`: the sheet
 * has an Employment column after Name (some employee is on long-term leave or has left).
 */
export function inputSheetColumns(inputs: readonly OfferedInput[], employment = false): ColumnSpec[] {
  const h = INPUT_SHEET_HEADERS;
  return [
    { key: "id", header: h.employeeId, type: "integer" },
    { key: "number", header: h.number, type: "text" },
    { key: "name", header: h.name, type: "text" },
    ...(employment ? [{ key: "employment", header: h.employment, type: "text", width: 220 } satisfies ColumnSpec] : []),
    { key: "payslip_date", header: h.payslipDate, type: "date" },
    ...inputs.map((i): ColumnSpec => ({ key: i.key, header: i.label, type: i.type })),
    { key: "nett_pay", header: h.nettPay, type: "currency" },
    { key: "status", header: h.status, type: "text" },
    { key: "message", header: h.message, type: "text", width: 320 },
  ];
}

/** The rows' cells, in inputSheetColumns' order; `employment`: each row's Employment text (the column is there). */
export function inputSheetGrid(
  rows: readonly InputSheetRow[],
  inputs: readonly OfferedInput[],
  employment?: readonly string[],
): CellValue[][] {
  return rows.map((r, i) => [
    r.employeeId,
    r.number,
    r.name,
    ...(employment ? [employment[i] ?? ""] : []),
    r.payslipDate,
    ...inputs.map((i) => r.values[i.key] ?? null),
    r.nettPay,
    "",
    "",
  ]);
}
