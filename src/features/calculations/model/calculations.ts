/**
 * Calculations (payslip items) of a client, an employee or a payslip as a sheet: one row per calculation, one
 * column per input name (editable) and per output (read-only). Edited input cells are saved with
 * PATCH /calculations/:id, only the changed inputs of each row; inherited calculations (id null) are changed
 * through their own endpoint (Regular Hours), so edits to them are refused here with that hint.
 */
import type { Calculation, InheritedCalculation, InputValue, Inputs, ItemsAndOutputs } from "../../../contract";
import {
  type CellType,
  type ColumnSpec,
  describeCell,
  inputCellType,
  isBlank,
  parseCell,
  typeOfValue,
} from "../../../xl/columns";
import { col, columnPositions, type Grid, type GridCell, STATUS_COLUMNS, uniqueHeaders } from "../../../ui/sheets/grid";

export const CALC_FIXED_COLUMNS: ColumnSpec[] = [
  col("id", "Calculation ID", "integer"),
  col("employee_id", "Employee ID", "integer"),
  col("payslip_id", "Payslip ID", "integer"),
  col("calculation_id", "Item", "text"),
  col("label", "Item label", "text", { width: 150 }),
  col("system_type", "System type", "text"),
  col("skip", "Skip", "boolean"),
  col("multiplier", "Multiplier", "number"),
  col("updated_at", "Updated", "datetime"),
];

export interface ItemInfo {
  label: string;
  inputs: readonly string[];
  multiInstance: boolean;
}

/** Item ID (system name, or custom ID as text) to its label and inputs. */
export function itemCatalogue(items: ItemsAndOutputs): Map<string, ItemInfo> {
  return new Map(
    [...items.system_items, ...items.custom_items].map((i) => [
      String(i.id),
      { label: i.label, inputs: i.inputs, multiInstance: i.multi_instance },
    ]),
  );
}

const itemOf = (c: Calculation) => String(c.calculation_id ?? c.system_type ?? "");

function scalar(v: unknown): GridCell {
  if (v === null || v === undefined) return null;
  if (typeof v === "number" || typeof v === "string" || typeof v === "boolean") return v;
  return JSON.stringify(v);
}

export interface CalculationsGrid extends Grid {
  /** Input columns: key `input.<name>` and the cell type chosen from the values. */
  inputColumns: ColumnSpec[];
}

export function calculationsGrid(
  calculations: readonly Calculation[],
  catalogue: ReadonlyMap<string, ItemInfo>,
): CalculationsGrid {
  const live = calculations.filter((c) => !c.deleted);
  const inputNames: string[] = [];
  const outputNames: string[] = [];
  const sample = new Map<string, unknown>();
  for (const c of live) {
    for (const name of [...(catalogue.get(itemOf(c))?.inputs ?? []), ...Object.keys(c.inputs)]) {
      if (!inputNames.includes(name)) inputNames.push(name);
      if (c.inputs[name] !== null && c.inputs[name] !== undefined && !sample.has(name)) sample.set(name, c.inputs[name]);
    }
    for (const name of Object.keys(c.outputs)) if (!outputNames.includes(name)) outputNames.push(name);
  }
  const inputColumns = inputNames.map((n) =>
    col(`input.${n}`, `Input: ${n}`, inputCellType(n, sample.has(n) ? typeOfValue(sample.get(n)) : "number")),
  );
  const outputColumns = outputNames.map((n) => {
    const v = live.map((c) => c.outputs[n]).find((x) => x !== null && x !== undefined);
    return col(`output.${n}`, `Output: ${n}`, typeof v === "number" ? "number" : "text");
  });
  const columns = uniqueHeaders([...CALC_FIXED_COLUMNS, ...inputColumns, ...outputColumns, ...STATUS_COLUMNS]);
  const sorted = [...live].sort(
    (a, b) =>
      (a.employee_id ?? 0) - (b.employee_id ?? 0) ||
      (a.payslip_id ?? 0) - (b.payslip_id ?? 0) ||
      itemOf(a).localeCompare(itemOf(b)) ||
      (a.id ?? 0) - (b.id ?? 0),
  );
  const rows = sorted.map((c): GridCell[] => [
    c.id,
    c.employee_id,
    c.payslip_id,
    itemOf(c),
    catalogue.get(itemOf(c))?.label ?? c.system_type ?? null,
    c.system_type,
    c.skip,
    c.multiplier,
    c.updated_at,
    ...inputNames.map((n) => scalar(c.inputs[n])),
    ...outputNames.map((n) => scalar(c.outputs[n])),
    null,
    null,
  ]);
  return { columns, rows, inputColumns };
}

/** How a row finds its calculation in a fresh list: by ID, or, for an inherited one (id null), by employee and item. */
export function calculationKey(id: number | null, employeeId: number | null, item: string): string {
  return id !== null ? `#${id}` : `inherited:${employeeId ?? ""}:${item}`;
}

/** A fresh calculation list keyed for parseCalculationRows. */
export function calculationsByKey(list: readonly Calculation[]): Map<string, Calculation> {
  return new Map(list.filter((c) => !c.deleted).map((c) => [calculationKey(c.id, c.employee_id, itemOf(c)), c]));
}

export type CalcRowPlan =
  | { kind: "blank"; rowIndex: number }
  | { kind: "invalid"; rowIndex: number; errors: Record<string, string> }
  | { kind: "unchanged"; rowIndex: number }
  | { kind: "patch"; rowIndex: number; id: number; details: Inputs };

const sameInput = (a: InputValue | undefined, b: InputValue | undefined) => {
  const x = a ?? null;
  const y = b ?? null;
  if (typeof x === "number" && typeof y === "number") return Math.abs(x - y) < 1e-9;
  if (typeof x === "number" && typeof y === "string") return y.trim() !== "" && Number(y) === x;
  if (typeof y === "number" && typeof x === "string") return x.trim() !== "" && Number(x) === y;
  return x === y;
};

/**
 * Compares each row's input cells with the calculations as the service holds them now (`current`, by ID) and
 * plans a PATCH of the changed inputs. Input columns are found by their "Input: name" header, typed by `types`.
 */
export function parseCalculationRows(
  headers: readonly string[],
  rows: readonly unknown[][],
  current: ReadonlyMap<string, Calculation>,
  catalogue: ReadonlyMap<string, ItemInfo>,
  types: ReadonlyMap<string, CellType> = new Map(),
): CalcRowPlan[] {
  const pos = columnPositions(headers, CALC_FIXED_COLUMNS);
  if (!pos.has("id")) throw new Error('The sheet has no "Calculation ID" column. View the calculations again.');
  const inputs = headers
    .map((h, index) => ({ name: /^Input: (.+)$/.exec(String(h).trim())?.[1], header: String(h).trim(), index }))
    .filter((x): x is { name: string; header: string; index: number } => x.name !== undefined);

  return rows.map((row, rowIndex): CalcRowPlan => {
    const idCell = parseCell("integer", row[pos.get("id")!]);
    const errors: Record<string, string> = {};
    if (!idCell.ok) return { kind: "invalid", rowIndex, errors: { "Calculation ID": `Calculation ID ${idCell.message}` } };
    const item = pos.has("calculation_id") ? String(row[pos.get("calculation_id")!] ?? "").trim() : "";
    const employeeCell = pos.has("employee_id") ? parseCell("integer", row[pos.get("employee_id")!]) : null;
    const employeeId = employeeCell?.ok && typeof employeeCell.value === "number" ? employeeCell.value : null;
    const calc = current.get(calculationKey(idCell.value as number | null, employeeId, item));
    if (idCell.value === null && item === "" && inputs.every((i) => isBlank(row[i.index]))) return { kind: "blank", rowIndex };

    const details: Inputs = {};
    const held = calc?.inputs ?? {};
    const known = calc ? catalogue.get(itemOf(calc))?.inputs : undefined;
    for (const i of inputs) {
      const type = types.get(`input.${i.name}`) ?? (typeof held[i.name] === "number" ? "number" : typeOfValue(row[i.index]));
      const parsed = parseCell(type, row[i.index]);
      if (!parsed.ok) {
        errors[i.header] = `${i.header}: ${parsed.message}`;
        continue;
      }
      const value = parsed.value as InputValue;
      if (sameInput(value, held[i.name])) continue;
      if (value === null && (held[i.name] ?? null) === null) continue;
      if (known && !known.includes(i.name)) {
        if (value !== null)
          errors[i.header] =
            `${catalogue.get(itemOf(calc!))?.label ?? item} has no input "${i.name}" (inputs: ${known.join(", ")})`;
        continue;
      }
      details[i.name] = value;
    }
    const changed = Object.keys(details).length > 0;
    if (changed && (idCell.value === null || calc?.id === null)) {
      errors["Calculation ID"] = "This is an inherited calculation (no ID): change Regular Hours from the Regular Hours sheet";
    } else if (changed && !calc) {
      errors["Calculation ID"] =
        `Calculation ${idCell.value} is not in this list any more (deleted?): view the calculations again`;
    }
    if (Object.keys(errors).length > 0) return { kind: "invalid", rowIndex, errors };
    if (!changed) return { kind: "unchanged", rowIndex };
    for (const [k, v] of Object.entries(details)) {
      if (v === null) {
        errors[`Input: ${k}`] = `Input: ${k} is empty but the service holds ${describeCell(held[k])}: enter 0 to clear an amount`;
      }
    }
    if (Object.keys(errors).length > 0) return { kind: "invalid", rowIndex, errors };
    return { kind: "patch", rowIndex, id: calc!.id as number, details };
  });
}

/** Inherited calculations (e.g. week_hours) with their history: one row per effective date, base set first. */
export function inheritedHistoryGrid(list: readonly InheritedCalculation[]): Grid {
  const names: string[] = [];
  for (const ic of list)
    for (const inputs of [ic.inputs, ...Object.values(ic.inputs_history)])
      for (const k of Object.keys(inputs)) if (!names.includes(k)) names.push(k);
  const rows: GridCell[][] = [];
  for (const ic of list) {
    const dates = Object.keys(ic.inputs_history).sort();
    for (const d of dates) {
      const inputs = ic.inputs_history[d];
      rows.push([
        ic.id,
        ic.employee_id,
        ic.short_name,
        d === "" ? null : d,
        d === "" ? "Base set" : "From effective date",
        ...names.map((n) => scalar(inputs[n])),
      ]);
    }
    if (dates.length === 0)
      rows.push([ic.id, ic.employee_id, ic.short_name, null, "Current", ...names.map((n) => scalar(ic.inputs[n]))]);
  }
  return {
    columns: uniqueHeaders([
      col("id", "Inherited calculation ID", "integer"),
      col("employee_id", "Employee ID", "integer"),
      col("short_name", "Short name", "text"),
      col("effective_date", "Effective date", "date"),
      col("kind", "Applies", "text"),
      ...names.map((n) =>
        col(`input.${n}`, n, typeOfValue(list.flatMap((ic) => Object.values(ic.inputs_history)).find((i) => i[n] != null)?.[n])),
      ),
    ]),
    rows,
  };
}
