/**
 * The variance report as an accountant reads it: one row per employee (number and name), and for each account
 * that moved, last period, this period, the difference and the change in %. Rows are sorted by the employee's
 * largest move; employees and accounts with no change are left out unless "Show unchanged" is chosen.
 *
 * The service answers in long form (one row per employee and item: Type, Transaction, Previous, Selected,
 * Variance) and names items by their API names (`hourly_pay`, `101`). Accounts are shown by the label
 * items_and_outputs gives them, else by the Transaction's caption, else by the name.
 */
import { employeeName, type EmployeeRef } from "../../../ui/sheets/employeeNames";
import { parseAmount, EURO_NUMBER_FORMAT } from "../../../xl/amounts";
import {
  CLIENT_KEY,
  EMPLOYEE_KEY,
  headerFor,
  type ReportCell,
  type ReportColumn,
  type ReportRowsPart,
  type ReportTable,
} from "./flatten";

/** A move under half a cent is no move (amounts are euros with cents). */
const NO_MOVE = 0.005;

export interface VarianceOptions {
  /** Account, item or output name (or a custom item's ID) → its label from items_and_outputs. */
  labels: Readonly<Record<string, string>>;
  /** Show the employees and accounts whose figures did not change. */
  showUnchanged: boolean;
  clientColumn: boolean;
}

/** The rows of one client, with the client's employees for their names. */
export interface VariancePart extends ReportRowsPart {
  employees?: readonly EmployeeRef[];
}

export interface VarianceTable extends ReportTable {
  /** Employees in the report, and how many of them had no change (hidden unless showUnchanged). */
  employees: number;
  unchanged: number;
  /** No employee has a figure for "this period" (e.g. an open period without payslips yet). */
  noCurrentFigures: boolean;
}

interface Figures {
  previous: number | null;
  selected: number | null;
  difference: number;
  /** The service's text of a figure that could not be read as an amount: kept in its cell, and listed. */
  unreadable: Partial<Record<Figure, string>>;
}
type Figure = "previous" | "selected" | "difference";
const FIGURE_HEADERS: Record<Figure, string> = { previous: "last period", selected: "this period", difference: "difference" };
interface EmployeeLine {
  clientName: string;
  number: string;
  name: string | null;
  figures: Map<string, Figures>;
  largest: number;
}

const record = (v: unknown): Record<string, unknown> => (v && typeof v === "object" ? (v as Record<string, unknown>) : {});
const text = (v: unknown): string | null =>
  typeof v === "string" && v.trim() ? v.trim() : typeof v === "number" ? String(v) : null;

/** The account key of a service row (an item can be both income and deduction, so the type is part of it). */
function accountOf(row: Record<string, unknown>, labels: VarianceOptions["labels"]): { key: string; label: string } {
  const t = record(row.Transaction);
  const name = text(t.name) ?? text(row.Type) ?? "?";
  // An account the labels and the row lack is shown in words ("nett_pay" → "Nett pay"), never as the code.
  const label = labels[name] ?? text(t.caption) ?? headerFor(name, {});
  return { key: `${text(t.type) ?? text(row.Type) ?? ""}:${name}`, label };
}

/** One client's long rows → one line per employee, amounts read as numbers (unreadable ones kept as text). */
function collect(parts: readonly VariancePart[], labels: VarianceOptions["labels"]) {
  const lines = new Map<string, EmployeeLine>();
  const accounts = new Map<string, string>(); // key → label, in the service's order
  for (const part of parts) {
    const names = new Map((part.employees ?? []).map((e) => [String(e.number ?? ""), employeeName(e)]));
    for (const row of part.rows) {
      const number = String(row[EMPLOYEE_KEY] ?? "");
      const id = `${part.clientName}\u0000${number}`;
      let line = lines.get(id);
      if (!line) {
        line = { clientName: part.clientName, number, name: names.get(number) ?? null, figures: new Map(), largest: 0 };
        lines.set(id, line);
      }
      const { key, label } = accountOf(row, labels);
      if (!accounts.has(key)) accounts.set(key, label);
      const unreadable: Figures["unreadable"] = {};
      const amount = (column: string, figure: Figure): number | null => {
        const parsed = parseAmount(row[column]);
        if (parsed.ok) return parsed.value;
        unreadable[figure] = parsed.text;
        return null;
      };
      const previous = amount("Previous", "previous");
      const selected = amount("Selected", "selected");
      const difference = amount("Variance", "difference") ?? (selected ?? 0) - (previous ?? 0);
      line.figures.set(key, { previous, selected, difference, unreadable });
      if (Math.abs(difference) > Math.abs(line.largest)) line.largest = difference;
    }
  }
  return { lines: [...lines.values()], accounts };
}

/** Labels made unique (two items may share one), so every column header is distinct. */
function uniqueLabels(accounts: Map<string, string>): Map<string, string> {
  const used = new Map<string, number>();
  const out = new Map<string, string>();
  for (const [key, label] of accounts) {
    const n = (used.get(label.toLowerCase()) ?? 0) + 1;
    used.set(label.toLowerCase(), n);
    out.set(key, n === 1 ? label : `${label} (${n})`);
  }
  return out;
}

/** Accounts as on a payslip: income, deductions, employer contributions, then totals (nett pay) last. */
const TYPE_ORDER = ["income", "deduction", "employer"];
function typeRank(key: string): number {
  const type = key.slice(0, key.indexOf(":")).toLowerCase();
  if (type === "total") return TYPE_ORDER.length + 1;
  const i = TYPE_ORDER.indexOf(type);
  return i < 0 ? TYPE_ORDER.length : i;
}

const moved = (f: Figures | undefined) => f !== undefined && Math.abs(f.difference) >= NO_MOVE;

/** The long variance rows of one or several clients → the wide, sorted table described above. */
export function varianceTable(parts: readonly VariancePart[], options: VarianceOptions): VarianceTable {
  const table: VarianceTable = { columns: [], rows: [], problems: [], employees: 0, unchanged: 0, noCurrentFigures: false };
  const { lines, accounts } = collect(parts, options.labels);
  const changed = (l: EmployeeLine) => [...l.figures.values()].some(moved);
  const shownLines = options.showUnchanged ? lines : lines.filter(changed);
  const shownAccounts = [...uniqueLabels(accounts)]
    .sort(([a], [b]) => typeRank(a) - typeRank(b))
    .filter(([key]) => options.showUnchanged || shownLines.some((l) => moved(l.figures.get(key))));
  table.employees = lines.length;
  table.unchanged = lines.filter((l) => !changed(l)).length;
  table.noCurrentFigures = lines.length > 0 && lines.every((l) => [...l.figures.values()].every((f) => f.selected === null));

  const money = (key: string, header: string): ReportColumn => ({
    key,
    header,
    type: "currency",
    numberFormat: EURO_NUMBER_FORMAT,
  });
  table.columns = [
    { key: EMPLOYEE_KEY, header: "Employee number", type: "text" },
    ...(options.clientColumn ? [{ key: CLIENT_KEY, header: "Client", type: "text" as const }] : []),
    { key: "name", header: "Employee name", type: "text" },
    money("largest", "Largest move"),
    ...shownAccounts.flatMap(([key, label]): ReportColumn[] => [
      money(`${key}.previous`, `${label}: last period`),
      money(`${key}.selected`, `${label}: this period`),
      money(`${key}.difference`, `${label}: difference`),
      { key: `${key}.percent`, header: `${label}: change %`, type: "percent", numberFormat: "0.0%" },
    ]),
  ];
  const sorted = [...shownLines].sort(
    (a, b) =>
      Math.abs(b.largest) - Math.abs(a.largest) ||
      a.clientName.localeCompare(b.clientName) ||
      a.number.localeCompare(b.number, undefined, { numeric: true }),
  );
  table.rows = sorted.map((l, row) => [
    l.number,
    ...(options.clientColumn ? [l.clientName] : []),
    l.name,
    round(l.largest),
    ...shownAccounts.flatMap(([key, label]): ReportCell[] => {
      const f = l.figures.get(key);
      if (!f) return [null, null, null, null];
      for (const [figure, text] of Object.entries(f.unreadable) as [Figure, string][])
        table.problems.push({ row, column: `${label}: ${FIGURE_HEADERS[figure]}`, text, expected: "amount" });
      // The change in % of last period's figure; none when last period had nothing (a new item has no %).
      const percent = f.previous && f.unreadable.difference === undefined ? round(f.difference / Math.abs(f.previous), 4) : null;
      return [
        f.unreadable.previous ?? f.previous,
        f.unreadable.selected ?? f.selected,
        f.unreadable.difference ?? round(f.difference),
        percent,
      ];
    }),
  ]);
  return table;
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places || 0;

/** A sentence about what the variance sheet holds, for the pane's outcome (null when nothing needs saying). */
export function describeVariance(
  t: Pick<VarianceTable, "employees" | "unchanged" | "noCurrentFigures">,
  showUnchanged: boolean,
): string | null {
  if (t.employees === 0) return "The service returned no variance rows for this period.";
  if (t.noCurrentFigures) return "No employee has payslip figures for this period yet, so every figure shows as a drop.";
  if (t.unchanged === 0 || showUnchanged) return null;
  const changed = t.employees - t.unchanged;
  return `${changed} of ${t.employees} employees changed; ${t.unchanged} with no change ${t.unchanged === 1 ? "is" : "are"} hidden (tick "Show unchanged" to list them).`;
}
