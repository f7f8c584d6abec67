/**
 * Fill from a sheet: month-end input arriving as the client's own file (a timesheet, a commission list) keyed by
 * employee. Pure steps:
 *   detectKey    -> which source column is the key (Number, PPSN or Employee ID), from its header
 *   proposeMapping -> which source column fills which input of the input sheet, by header and label
 *   planFill     -> the cells to write (they become pending changes) and the problems (unknown and duplicate
 *                   keys, values that do not fit the input), which change nothing
 */
import type { InputValue } from "../../../contract";
import { type CellType, isBlank, parseCell } from "../../../xl/columns";
import { INPUT_SHEET_HEADERS as H } from "./inputSheet";
import type { InputSheetMeta } from "./inputSheetModel";

export type KeyKind = "number" | "ppsn" | "employeeId";

export const KEY_KINDS: { kind: KeyKind; label: string }[] = [
  { kind: "number", label: "Number" },
  { kind: "ppsn", label: "PPSN" },
  { kind: "employeeId", label: "Employee ID" },
];

/** Lower case letters and digits only: "Employee No." and "employee_no" read the same. */
export const normHeader = (text: unknown) =>
  String(text ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

const KEY_HEADERS: Record<KeyKind, string[]> = {
  employeeId: ["employeeid", "empid", "id"],
  ppsn: ["ppsn", "ppsnumber", "ppsno", "pps"],
  number: [
    "number",
    "employeenumber",
    "employeeno",
    "empno",
    "empnumber",
    "staffnumber",
    "staffno",
    "payrollnumber",
    "payrollno",
    "no",
  ],
};

export interface KeyColumn {
  /** Index of the source column. */
  column: number;
  kind: KeyKind;
}

/** The first source column whose header names a key: Employee ID, PPSN, then Number. null when none does. */
export function detectKey(headers: readonly unknown[]): KeyColumn | null {
  const normed = headers.map(normHeader);
  for (const kind of ["employeeId", "ppsn", "number"] as const) {
    const column = normed.findIndex((h) => KEY_HEADERS[kind].includes(h));
    if (column >= 0) return { column, kind };
  }
  return null;
}

type Input = InputSheetMeta["inputs"][number];

/** Names a source header may use for an input: its header, its key, and its item's label when the item has one input here. */
function namesOf(input: Input, inputs: readonly Input[]): string[] {
  const [item, ...rest] = input.header.split(": ");
  const names = [input.header, input.key, input.key.replace(/^calc\./, ""), `${item} ${rest.join(" ")}`];
  if (rest.length > 0 && inputs.filter((i) => i.header.startsWith(`${item}: `)).length === 1) names.push(item);
  return names.map(normHeader);
}

/** Source column index to input key (null: not used). Key column and unmatched headers are not used. */
export type FillMapping = (string | null)[];

export function proposeMapping(
  headers: readonly unknown[],
  meta: Pick<InputSheetMeta, "inputs">,
  key: KeyColumn | null,
): FillMapping {
  const used = new Set<string>();
  return headers.map((h, column) => {
    if (key && column === key.column) return null;
    const n = normHeader(h);
    if (!n) return null;
    const input = meta.inputs.find((i) => !used.has(i.key) && namesOf(i, meta.inputs).includes(n));
    if (!input) return null;
    used.add(input.key);
    return input.key;
  });
}

export interface FillProblem {
  /** Row of the source as Excel numbers it (1-based, on the source sheet). */
  sourceRow: number;
  key: string;
  /** Source header of the cell, when the problem is one cell. */
  column: string | null;
  message: string;
  /** The source row's other values did fill its input sheet row (this value alone did not). */
  rowFilled: boolean;
}

export interface FillUpdate {
  rowIndex: number;
  header: string;
  type: CellType;
  value: InputValue;
}

export interface FillPlan {
  updates: FillUpdate[];
  /** Input sheet rows that get at least one value. */
  rows: number;
  problems: FillProblem[];
}

/** The input sheet's rows by key: its Number and Employee ID columns, and PPSN through the employees list. */
export function targetIndex(
  table: { columns: readonly string[]; rows: readonly (readonly unknown[])[] },
  kind: KeyKind,
  ppsnToEmployeeId: ReadonlyMap<string, number> = new Map(),
): Map<string, number> {
  const cols = table.columns.map((c) => String(c).trim());
  const idCol = cols.indexOf(H.employeeId);
  const numberCol = cols.indexOf(H.number);
  const index = new Map<string, number>();
  const byEmployee = new Map<string, number>();
  table.rows.forEach((row, rowIndex) => {
    const id = idCol < 0 ? "" : keyText(row[idCol], "employeeId");
    if (id && !byEmployee.has(id)) byEmployee.set(id, rowIndex);
    if (kind === "number" && numberCol >= 0) {
      const n = keyText(row[numberCol], "number");
      if (n && !index.has(n)) index.set(n, rowIndex);
    }
  });
  if (kind === "employeeId") return byEmployee;
  if (kind === "ppsn")
    for (const [ppsn, id] of ppsnToEmployeeId) {
      const rowIndex = byEmployee.get(String(id));
      if (rowIndex !== undefined) index.set(keyText(ppsn, "ppsn"), rowIndex);
    }
  return index;
}

/**
 * A key as compared, written the way people write it. Every key: trimmed, in upper case. A PPSN: without spaces
 * ("8756070 sa" is 8756070SA). A Number or an Employee ID made only of digits: without leading zeros or a trailing
 * ".0" ("00042" and "42.0", a number column pasted through a text file, are 42); "E001" keeps its zeros.
 */
export function keyText(cell: unknown, kind: KeyKind): string {
  if (cell === null || cell === undefined) return "";
  const text = String(cell).trim().toUpperCase();
  if (kind === "ppsn") return text.replace(/\s+/g, "");
  const digits = /^(\d+)(?:\.0*)?$/.exec(text);
  return digits ? digits[1].replace(/^0+(?=\d)/, "") : text;
}

/**
 * The cells to fill. A source row whose key is blank is skipped (a total line); an unknown key and a key found
 * on several source rows are problems and fill nothing; a value that does not fit its input (e.g. text in an
 * amount) is a problem and fills nothing, while the row's other values still go. Blank source cells fill nothing.
 */
export function planFill(args: {
  source: { headers: readonly unknown[]; rows: readonly (readonly unknown[])[]; firstRow: number };
  key: KeyColumn;
  mapping: FillMapping;
  meta: Pick<InputSheetMeta, "inputs">;
  index: ReadonlyMap<string, number>;
}): FillPlan {
  const { source, key, mapping, meta, index } = args;
  const kindLabel = KEY_KINDS.find((k) => k.kind === key.kind)!.label;
  const mapped = mapping.flatMap((inputKey, column) => {
    const input = inputKey === null || column === key.column ? undefined : meta.inputs.find((i) => i.key === inputKey);
    return input ? [{ column, input, header: String(source.headers[column] ?? "") }] : [];
  });
  const seen = new Map<string, number[]>();
  source.rows.forEach((row, i) => {
    const k = keyText(row[key.column], key.kind);
    if (k) seen.set(k, [...(seen.get(k) ?? []), i]);
  });
  const updates: FillUpdate[] = [];
  const problems: FillProblem[] = [];
  const filledRows = new Set<number>();
  const sourceRow = (i: number) => source.firstRow + i;
  source.rows.forEach((row, i) => {
    const k = keyText(row[key.column], key.kind);
    if (!k) return;
    const rowsWithKey = seen.get(k)!;
    if (rowsWithKey.length > 1) {
      problems.push({
        sourceRow: sourceRow(i),
        key: k,
        column: null,
        message: `${kindLabel} ${k} appears on ${rowsWithKey.length} rows (${rowsWithKey.map(sourceRow).join(", ")}): none of them is filled`,
        rowFilled: false,
      });
      return;
    }
    const rowIndex = index.get(k);
    if (rowIndex === undefined) {
      problems.push({
        sourceRow: sourceRow(i),
        key: k,
        column: null,
        message: `${kindLabel} ${k} is not on the input sheet`,
        rowFilled: false,
      });
      return;
    }
    const bad: FillProblem[] = [];
    let filled = false;
    for (const m of mapped) {
      const cell = row[m.column];
      if (isBlank(cell)) continue;
      const parsed = parseCell(m.input.type, cell);
      if (!parsed.ok) {
        bad.push({
          sourceRow: sourceRow(i),
          key: k,
          column: m.header,
          message: `${m.header}: ${parsed.message}`,
          rowFilled: false,
        });
        continue;
      }
      updates.push({ rowIndex, header: m.input.header, type: m.input.type, value: parsed.value });
      filledRows.add(rowIndex);
      filled = true;
    }
    problems.push(...bad.map((b) => ({ ...b, rowFilled: filled })));
  });
  return { updates, rows: filledRows.size, problems };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * "2 rows filled (4 values) as pending changes; 1 source row did not fill; 1 value not filled in a row that did.":
 * a row with one bad value and others that went is filled, and is never said to have changed nothing.
 */
export function describeFill(plan: FillPlan): string {
  const filled = `${plural(plan.rows, "row")} filled (${plural(plan.updates.length, "value")}) as pending changes`;
  const notFilled = new Set(plan.problems.filter((p) => !p.rowFilled).map((p) => p.sourceRow)).size;
  const values = plan.problems.filter((p) => p.rowFilled).length;
  const parts = [
    filled,
    notFilled > 0 ? `${plural(notFilled, "source row")} did not fill` : "",
    values > 0 ? `${plural(values, "value")} not filled in ${values === 1 ? "a row" : "rows"} that did` : "",
  ].filter(Boolean);
  return `${parts.join("; ")}.`;
}

/** The Problem text of the Fill problems sheet: a value left out of a row that filled says so. */
export const problemText = (p: FillProblem): string =>
  p.rowFilled ? `${p.message}: this value was not filled; the row's other values were` : `${p.message}: the row did not fill`;

/** The Status and Message of an input sheet row a fill changed after a push had marked it (Saved, Failed…). */
export const FILLED_MESSAGE = "Filled after the push, not sent yet: Push changes sends it.";

export const FILL_PROBLEMS_SHEET = "Fill problems";
