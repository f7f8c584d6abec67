/** Shared engine types. */
import type { ItemId } from "./catalogue";

export type PrsiClass = "a" | "j" | "s" | "m";
export type Section = "income" | "deduction" | "employer";

/** What the engine needs to know about the employee (the employee record's fields). */
export interface EmployeeFacts {
  /** a, j, s or m; blank or null means a. */
  prsi_class?: string | null;
  prsi_exempt?: boolean | null;
  director?: boolean | null;
}

/** The pay period being computed. */
export interface PeriodContext {
  /** 52 (weekly), 26 (fortnightly) or 12 (monthly). */
  periods_per_year: number;
  /** YYYY-MM-DD; kept for reports and the payslip heading (the simplified rules do not depend on it). */
  period_end_date: string;
  /** From the Regular Hours (`week_hours`) set-up; used when `hourly_pay` has no `hours` input. */
  regular_hours_per_week?: number | null;
}

/** One calculation on the payslip: the item and its stored inputs. */
export interface PayslipItemInput {
  calculation_id: ItemId;
  inputs: Readonly<Record<string, unknown>>;
  /** The calculation record's ID; tells instances of a multi-instance item apart. */
  instance?: number | null;
  /** A skipped calculation contributes nothing. */
  skip?: boolean | null;
}

/** One computed line of a payslip. Amounts are integer cents. */
export interface PayslipLine {
  /** Detail-form key: system name, custom item ID, or output name (`paye`, `prsi_employer`, ...). */
  item: ItemId;
  /** Data-form key (display label); instances after the first get a number ("Employer loan 2"). */
  label: string;
  section: Section;
  cents: number;
  /** The calculation this line comes from (null for computed taxes). */
  calculation_id: ItemId | null;
  instance: number | null;
}

/** A loan, savings or garnishee balance carried from period to period. */
export interface TrackedBalance {
  calculation_id: "employer_loan" | "savings" | "garnishee";
  instance: number | null;
  opening_cents: number;
  /** Negative for repayments (loans, garnishees), positive for savings. */
  movement_cents: number;
  closing_cents: number;
}

export interface PayslipTotals {
  gross_cents: number;
  taxable_cents: number;
  income_cents: number;
  deduction_cents: number;
  employer_cents: number;
  nett_cents: number;
}

export interface Payslip {
  period: PeriodContext;
  lines: PayslipLine[];
  totals: PayslipTotals;
  balances: TrackedBalance[];
  /** Non-fatal remarks (negative nett pay, unknown items skipped). */
  warnings: string[];
}
