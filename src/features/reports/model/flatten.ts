/**
 * Report rows → a typed grid. Nested objects become columns ("Transaction" → "Transaction name", "Transaction type",
 * ...), amounts (currency text or numbers) become numbers with a euro format, dates become dates, the employee
 * number comes first and, when several clients are combined, a Client column second.
 *
 * Values that cannot be read as their column's type stay in the cell as the service's text and are listed in
 * `problems`, so nothing is lost and the user is told.
 */
import type { ReportId } from "../../../contract";
import type { CellType, ColumnSpec } from "../../../xl/columns";
import { EURO_NUMBER_FORMAT, looksLikeCurrency, parseAmount } from "../../../xl/amounts";

export type ReportColumn = ColumnSpec;
/** What a report cell holds: dates stay "YYYY-MM-DD" text for the Excel layer to turn into dates. */
export type ReportCell = string | number | boolean | null;

export interface ReportTable {
  columns: ReportColumn[];
  rows: ReportCell[][];
  problems: ReportValueProblem[];
}
export interface ReportValueProblem {
  /** 0-based data row. */
  row: number;
  column: string;
  text: string;
  expected: "amount" | "date";
}

/** The rows of one request, tagged with the client they came from. */
export interface ReportRowsPart {
  clientName: string;
  rows: readonly Record<string, unknown>[];
}

/**
 * Column order after the employee number (and Client): the document's column order for each report; for
 * transaction_history, Date, then the accounts and custom fields in the order they were asked for. (Rows arrive
 * as JSON objects, where numeric keys such as custom-field IDs always come first, so the order must be given.)
 */
export function columnOrder(reportId: ReportId, body: Record<string, unknown>): string[] {
  switch (reportId) {
    case "transaction_history":
      return ["Date", ...strings(body.account_names), ...strings(body.custom_fields)];
    case "variance":
      return ["Type", "Transaction", "Previous", "Selected", "Variance"];
    case "comparison_leave":
      return ["leave_type", "Date", "Accrual", "Entitlement", "Taken", "Adjustment", "Balance"];
    case "leave_liability_v2":
      return ["leave_type", "Days", "Daily Rate", "Liability"];
    case "tracked_balances":
      return ["Loans", "Savings", "Garnishees"];
  }
}
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

export interface FlattenOptions {
  /** Keys (or nested-object prefixes) placed first, in this order; other keys follow as first seen. */
  order?: readonly string[];
  /** Header text for keys the service names by ID or code (account names, custom fields). */
  columnLabels?: Record<string, string>;
  /** Add a Client column (several clients in one sheet). Default: when the parts come from several clients. */
  clientColumn?: boolean;
}

export const EMPLOYEE_KEY = "employee";
export const CLIENT_KEY = "client";

type Kind = "text" | "date" | "amount" | "money" | "number" | "boolean" | "auto";

/** What each report's columns hold. "money" is always euros; "amount" is a number (days), euros if humanized. */
const KNOWN: Record<ReportId, Record<string, Kind>> = {
  transaction_history: { Date: "date" },
  variance: { Type: "text", Previous: "money", Selected: "money", Variance: "money" },
  comparison_leave: {
    leave_type: "text",
    Date: "date",
    Accrual: "amount",
    Entitlement: "amount",
    Taken: "amount",
    Adjustment: "amount",
    Balance: "amount",
  },
  leave_liability_v2: { leave_type: "text", Days: "amount", "Daily Rate": "money", Liability: "money" },
  tracked_balances: { Loans: "money", Savings: "money", Garnishees: "money" },
};

const HEADERS: Record<string, string> = { employee: "Employee number", client: "Client", leave_type: "Leave type" };

/** The kind of a column the report table does not name: transaction_history accounts are money, others inferred. */
function kindOf(reportId: ReportId, key: string, labels: Record<string, string>, customFields: ReadonlySet<string>): Kind {
  const known = KNOWN[reportId][key];
  if (known) return known;
  if (key.includes(".")) return "auto"; // nested (variance Transaction.*)
  if (reportId === "transaction_history") return customFields.has(key) ? "text" : "money";
  return labels[key] ? "money" : "auto";
}

/** Flattens one row's nested objects into dotted keys, keeping the service's key order. */
export function flattenRecord(
  record: Record<string, unknown>,
  prefix = "",
  out: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const [key, value] of Object.entries(record)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object" && !Array.isArray(value))
      flattenRecord(value as Record<string, unknown>, path, out);
    else if (Array.isArray(value))
      out[path] = value.map((v) => (typeof v === "object" && v !== null ? JSON.stringify(v) : String(v))).join(", ");
    else out[path] = value;
  }
  return out;
}

/**
 * "Transaction.caption" → "Transaction caption"; "nett_pay" → "Nett pay" (an account the labels lack is still words,
 * never the service's code); labels win.
 */
export function headerFor(key: string, labels: Record<string, string>): string {
  if (labels[key]) return labels[key];
  if (HEADERS[key]) return HEADERS[key];
  const words = key
    .split(".")
    .map((part) => part.replace(/_/g, " ").trim())
    .join(" ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Turns the rows of one or several requests into one table. `customFields` are the keys requested as custom
 * fields (always text, even when they look like numbers: "00123" must stay "00123").
 */
export function flattenReport(
  reportId: ReportId,
  parts: readonly ReportRowsPart[],
  options: FlattenOptions & { customFields?: readonly string[] } = {},
): ReportTable {
  const labels = options.columnLabels ?? {};
  const customFields = new Set(options.customFields ?? []);
  const clientColumn = options.clientColumn ?? new Set(parts.map((p) => p.clientName)).size > 1;

  const flat: Record<string, unknown>[] = [];
  const keys: string[] = [];
  const seen = new Set<string>([EMPLOYEE_KEY, CLIENT_KEY]);
  for (const part of parts) {
    for (const row of part.rows) {
      const f = flattenRecord(row);
      if (clientColumn) f[CLIENT_KEY] = part.clientName;
      flat.push(f);
      for (const k of Object.keys(f)) {
        if (!seen.has(k)) {
          seen.add(k);
          keys.push(k);
        }
      }
    }
  }
  const rank = (k: string) => {
    const i = (options.order ?? []).findIndex((o) => k === o || k.startsWith(`${o}.`));
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  // A stable sort: keys of the same rank (nested keys of one object, unknown keys) keep their first-seen order.
  keys.sort((a, b) => rank(a) - rank(b));
  const ordered = [EMPLOYEE_KEY, ...(clientColumn ? [CLIENT_KEY] : []), ...keys];

  const columns: ReportColumn[] = [];
  const usedHeaders = new Set<string>();
  const converters: ((v: unknown, row: number) => ReportCell)[] = [];
  const problems: ReportValueProblem[] = [];

  for (const key of ordered) {
    let header = headerFor(key, labels);
    for (let n = 2; usedHeaders.has(header.toLowerCase()); n++) header = `${headerFor(key, labels)} (${n})`;
    usedHeaders.add(header.toLowerCase());

    const values = flat.map((r) => r[key]);
    let kind: Kind = key === EMPLOYEE_KEY || key === CLIENT_KEY ? "text" : kindOf(reportId, key, labels, customFields);
    if (kind === "auto") kind = inferKind(values);

    let type: CellType;
    let convert: (v: unknown, row: number) => ReportCell;
    switch (kind) {
      case "money":
      case "amount": {
        type = kind === "money" || values.some(looksLikeCurrency) ? "currency" : "number";
        convert = (v, row) => {
          const p = parseAmount(v);
          if (p.ok) return p.value;
          problems.push({ row, column: header, text: p.text, expected: "amount" });
          return p.text;
        };
        break;
      }
      case "date":
        type = "date";
        convert = (v, row) => {
          if (v === null || v === undefined || v === "") return null;
          if (typeof v === "string" && ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))) return v;
          const text = typeof v === "string" ? v : JSON.stringify(v);
          problems.push({ row, column: header, text, expected: "date" });
          return text;
        };
        break;
      case "boolean":
        type = "boolean";
        convert = (v) => (typeof v === "boolean" ? v : v == null ? null : String(v));
        break;
      case "number":
        type = "number";
        convert = (v) => (typeof v === "number" ? v : v == null ? null : String(v));
        break;
      default:
        type = "text";
        convert = (v) => (v === null || v === undefined ? null : typeof v === "string" ? v : String(v));
    }
    columns.push({ key, header, type, ...(type === "currency" ? { numberFormat: EURO_NUMBER_FORMAT } : {}) });
    converters.push(convert);
  }

  const rows = flat.map((r, rowIndex) => ordered.map((key, c) => converters[c](r[key], rowIndex)));
  return { columns, rows, problems };
}

/** A column nobody described: booleans, numbers, currency text, ISO dates, or text. */
function inferKind(values: readonly unknown[]): Kind {
  const present = values.filter((v) => v !== null && v !== undefined && v !== "");
  if (present.length === 0) return "text";
  if (present.every((v) => typeof v === "boolean")) return "boolean";
  if (present.every((v) => typeof v === "number")) return "number";
  if (present.every((v) => typeof v === "number" || looksLikeCurrency(v)) && present.some(looksLikeCurrency)) return "money";
  if (present.every((v) => typeof v === "string" && ISO_DATE.test(v))) return "date";
  return "text";
}

/** One sentence about unreadable values for the pane, or null when there are none. */
export function describeProblems(problems: readonly ReportValueProblem[]): string | null {
  if (problems.length === 0) return null;
  const first = problems[0];
  const what = first.expected === "amount" ? "amounts" : "dates";
  return (
    `${problems.length} value${problems.length === 1 ? "" : "s"} could not be read as ${what} and ` +
    `${problems.length === 1 ? "is" : "are"} kept as the service's text (first: ${first.column}, row ${first.row + 1}: “${first.text}”).`
  );
}
