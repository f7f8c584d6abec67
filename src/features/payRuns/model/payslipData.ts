/**
 * Payslips with `data` (a pay run's payslips, the employee includes) flattened into one row per payslip:
 * income and deduction items as columns, the section totals, nett pay, employer (sideline) lines, grand totals
 * and leave. Items differ per payslip (they depend on the set-up), so the columns are the union, in the order
 * the items first appear; a payslip without an item leaves its cell empty.
 */
import type { ItemPair, PayslipDetail, PayslipListItem, PayslipWithData } from "../../../contract";
import { parseAmount } from "../../../xl/amounts";
import type { ColumnSpec } from "../../../xl/columns";
import { col, EMPLOYEE_COLUMNS, type Grid, type GridCell, PAYSLIP_STATE_COLUMNS, uniqueHeaders } from "../../../ui/sheets/grid";
import { employeeName, type EmployeeRef } from "../../../ui/sheets/employeeNames";

export interface PayslipRecord {
  payslip: PayslipWithData;
  /** Who the payslip belongs to; null when the service did not say and the employee list did not know it. */
  employee: EmployeeRef | null;
}

/** An amount the service sent that is not a number: kept as text in its cell and listed for the user. */
export interface UnreadableAmount {
  payslipId: number;
  column: string;
  text: string;
}

export interface PayslipGrid extends Grid {
  unreadable: UnreadableAmount[];
}

/** Who and when first, then the amounts, then the payslip's flags (less often read, so last). */
export const PAYSLIP_LEADING_COLUMNS: ColumnSpec[] = [
  ...EMPLOYEE_COLUMNS,
  col("payslip_id", "Payslip ID", "integer"),
  col("date", "Date", "date"),
];
export const PAYSLIP_TRAILING_COLUMNS: ColumnSpec[] = [...PAYSLIP_STATE_COLUMNS, col("payment_run_id", "Pay run ID", "integer")];

const isTotal = (item: string | number) => typeof item === "string" && /^total$/i.test(item.trim());
const isNett = (item: string | number) => typeof item === "string" && /^(nett?[ _]pay)$/i.test(item.trim());

/** Dynamic columns collected across payslips, in first-seen order. */
class ColumnSet {
  private readonly order: ColumnSpec[] = [];
  private readonly keys = new Set<string>();
  add(key: string, header: string, type: ColumnSpec["type"] = "currency"): void {
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.order.push(col(key, header, type));
  }
  get columns(): ColumnSpec[] {
    return this.order;
  }
}

/**
 * The cells of one payslip, keyed by column key. A multi-instance item (two employer loans) repeats its label
 * within a section; the second instance gets its own column ("Employer loan #2") rather than being lost.
 */
function payslipCells(p: PayslipListItem & { data: NonNullable<PayslipListItem["data"]> }): Map<string, unknown> {
  const cells = new Map<string, unknown>();
  const section = (name: string, pairs: readonly ItemPair[]) => {
    const seen = new Map<string, number>();
    for (const [item, amount] of pairs) {
      const label = String(item);
      if (isTotal(item)) {
        cells.set(`${name}:total`, amount);
        continue;
      }
      if (name === "grand_total" && isNett(item)) {
        cells.set("nett_pay_data", amount);
        continue;
      }
      const n = (seen.get(label) ?? 0) + 1;
      seen.set(label, n);
      cells.set(n === 1 ? `${name}:${label}` : `${name}:${label}#${n}`, amount);
    }
  };
  section("income", p.data.income);
  section("deduction", p.data.deduction);
  section("grand_total", p.data.grand_total);
  for (const [group, pairs] of p.data.sideline) section(`sideline:${group}`, pairs);
  for (const [type, summary] of Object.entries(p.data.leave)) {
    cells.set(`leave:${type}:accrual`, summary.accrual);
    cells.set(`leave:${type}:taken`, summary.taken);
    cells.set(`leave:${type}:balance`, summary.balance);
  }
  // leave_payments' shape is not documented: scalars, or one level of named scalars ({days: 2}).
  for (const [key, value] of Object.entries(p.data.leave_payments ?? {})) {
    if (typeof value === "number" || typeof value === "string") cells.set(`leave_payment:${key}`, value);
    else if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value))
        if (typeof v === "number" || typeof v === "string") cells.set(`leave_payment:${key}:${k}`, v);
    }
  }
  return cells;
}

function headerFor(key: string): string {
  const [kind, ...rest] = key.split(":");
  const instance = (label: string) => label.replace(/#(\d+)$/, " #$1");
  switch (kind) {
    case "income":
    case "deduction":
    case "grand_total":
      return instance(rest.join(":"));
    case "sideline":
      return `${rest[0]}: ${rest[1] === "total" && rest.length === 2 ? "Total" : instance(rest.slice(1).join(":"))}`;
    case "leave":
      return `${rest[0]} ${rest[1]}`;
    case "leave_payment":
      return rest.length > 1 ? `Leave paid: ${rest[0]} (${rest.slice(1).join(":")})` : `Leave paid: ${rest[0]}`;
    default:
      return key;
  }
}

/** Flatten payslips into a grid. Amount text ("€1,234.56") becomes numbers; unreadable text is kept and listed. */
export function payslipDataGrid(records: readonly PayslipRecord[]): PayslipGrid {
  const perPayslip = records.map((r) =>
    payslipCells(r.payslip as PayslipListItem & { data: NonNullable<PayslipListItem["data"]> }),
  );

  // Income items, then deductions, then totals and nett pay, then employer lines, other grand totals and leave.
  const income = new ColumnSet();
  const deduction = new ColumnSet();
  const sideline = new ColumnSet();
  const grand = new ColumnSet();
  const leave = new ColumnSet();
  for (const cells of perPayslip) {
    for (const key of cells.keys()) {
      if (key === "income:total" || key === "deduction:total" || key === "grand_total:total" || key === "nett_pay_data") continue;
      const set = key.startsWith("income:")
        ? income
        : key.startsWith("deduction:")
          ? deduction
          : key.startsWith("sideline:")
            ? sideline
            : key.startsWith("grand_total:")
              ? grand
              : leave;
      set.add(key, headerFor(key), key.startsWith("leave") ? "number" : "currency");
    }
  }
  const totalCols = (name: string, header: string) =>
    perPayslip.some((c) => c.has(`${name}:total`)) ? [col(`${name}:total`, header, "currency")] : [];

  const columns = uniqueHeaders([
    ...PAYSLIP_LEADING_COLUMNS,
    ...income.columns,
    ...totalCols("income", "Total income"),
    ...deduction.columns.map((c) =>
      income.columns.some((i) => i.header === c.header) ? { ...c, header: `${c.header} (deduction)` } : c,
    ),
    ...totalCols("deduction", "Total deductions"),
    col("nett_pay", "Nett pay", "currency"),
    ...sideline.columns,
    ...grand.columns,
    ...totalCols("grand_total", "Grand total"),
    ...leave.columns,
    ...PAYSLIP_TRAILING_COLUMNS,
  ]);

  const unreadable: UnreadableAmount[] = [];
  const rows = records.map(({ payslip, employee }, i) => {
    const cells = perPayslip[i];
    const amount = (key: string, raw: unknown): GridCell => {
      const parsed = parseAmount(raw);
      if (parsed.ok) return parsed.value;
      const header = columns.find((c) => c.key === key)?.header ?? key;
      unreadable.push({ payslipId: payslip.id, column: header, text: parsed.text });
      return parsed.text;
    };
    const fixed: Record<string, GridCell> = {
      employee_id: employee?.id ?? null,
      employee_number: employee?.number ?? null,
      employee_name: employeeName(employee),
      payslip_id: payslip.id,
      date: payslip.date,
      special: payslip.special,
      finalised: payslip.finalised,
      dirty: payslip.dirty,
      payment_run_id: payslip.payment_run_id,
    };
    return columns.map((c): GridCell => {
      if (c.key in fixed) return fixed[c.key];
      // nett_pay is absent while the payslip is dirty: an empty cell, never a stale figure.
      if (c.key === "nett_pay")
        return payslip.dirty ? null : amount(c.key, payslip.nett_pay ?? cells.get("nett_pay_data") ?? null);
      return cells.has(c.key) ? amount(c.key, cells.get(c.key)) : null;
    });
  });
  return { columns, rows, unreadable };
}

/** Item identifiers (system names, custom IDs as text) to display labels, from items_and_outputs. */
export type ItemLabels = ReadonlyMap<string, string>;

export const PAYSLIP_DETAIL_COLUMNS: ColumnSpec[] = [
  col("section", "Section", "text"),
  col("group", "Group", "text"),
  col("item", "Item", "text"),
  col("label", "Label", "text", { width: 160 }),
  col("amount", "Amount", "currency"),
  col("accrual", "Accrual", "number"),
  col("taken", "Taken", "number"),
  col("balance", "Balance", "number"),
];

/**
 * The detail form (GET /payslips/:id) as a vertical table: one row per item, in payslip order, with the item's
 * label looked up from items_and_outputs (the detail form names items by system name or custom ID).
 */
export function payslipDetailGrid(detail: PayslipDetail, labels: ItemLabels): PayslipGrid {
  const rows: GridCell[][] = [];
  const unreadable: UnreadableAmount[] = [];
  const num = (raw: unknown, what: string): GridCell => {
    const parsed = parseAmount(raw);
    if (parsed.ok) return parsed.value;
    unreadable.push({ payslipId: 0, column: what, text: parsed.text });
    return parsed.text;
  };
  const label = (item: string | number) => (isTotal(item) ? "Total" : (labels.get(String(item)) ?? String(item)));
  const add = (section: string, group: string | null, pairs: readonly ItemPair[]) => {
    for (const [item, amount] of pairs)
      rows.push([section, group, String(item), label(item), num(amount, String(item)), null, null, null]);
  };
  add("Income", null, detail.income);
  add("Deduction", null, detail.deduction);
  for (const [group, pairs] of detail.sideline) add("Sideline", group, pairs);
  add("Grand total", null, detail.grand_total);
  for (const [type, s] of Object.entries(detail.leave)) {
    rows.push(["Leave", null, String(s.id), type, null, num(s.accrual, type), num(s.taken, type), num(s.balance, type)]);
  }
  return { columns: PAYSLIP_DETAIL_COLUMNS, rows, unreadable };
}
