/**
 * The item catalogue: system items (identified by name), a client's custom items (numeric IDs), the computed
 * outputs, and per-input validation. bulk_input and the calculations endpoints validate with it, and
 * items_and_outputs is built from it.
 */
import type { ItemDefinition, ItemsAndOutputs } from "../../contract";

export type ItemCategory = "income" | "deduction" | "employer";
export type ItemId = string | number;

/** One input of an item: numeric, with an inclusive range and a maximum number of decimals. */
export interface InputSpec {
  name: string;
  label: string;
  min: number;
  max: number;
  decimals: number;
  /** Used when the input is absent or null. */
  default: number;
}

export interface ItemSpec {
  id: ItemId;
  /** The account name reports take (`basic_salary`; a custom item's ID as a string). */
  name: string;
  label: string;
  category: ItemCategory;
  inputs: readonly InputSpec[];
  multi_instance: boolean;
  /** Income only: whether the item counts towards PAYE/USC/PRSI pay. */
  taxable: boolean;
}

/** A client's custom item as the sandbox stores it. Custom items have one input, `amount`. */
export interface CustomItemDef {
  id: number;
  label: string;
  category: ItemCategory;
  /** Income only; default true. */
  taxable?: boolean;
}

const MONEY_MAX = 1_000_000;
const BALANCE_MAX = 10_000_000;
/** The most hours a period can hold: a 31-day month, around the clock. */
const HOURS_MAX = 744;

const money = (name: string, label: string, max = MONEY_MAX): InputSpec => ({
  name,
  label,
  min: 0,
  max,
  decimals: 2,
  default: 0,
});
const hours = (): InputSpec => ({ name: "hours", label: "Hours", min: 0, max: HOURS_MAX, decimals: 2, default: 0 });
const rate = (): InputSpec => ({ name: "rate", label: "Rate per hour", min: 0, max: 10_000, decimals: 4, default: 0 });
const percent = (name: string, label: string): InputSpec => ({ name, label, min: 0, max: 100, decimals: 2, default: 0 });

function system(
  id: string,
  label: string,
  category: ItemCategory,
  inputs: InputSpec[],
  multi_instance = false,
  taxable = true,
): ItemSpec {
  return { id, name: id, label, category, inputs, multi_instance, taxable };
}

/** System items, in payslip order. `hourly_pay` is Regular Hours v1 (an ordinary calculation). */
export const SYSTEM_ITEMS: readonly ItemSpec[] = [
  system("basic_salary", "Basic salary", "income", [money("amount", "Amount")]),
  system("hourly_pay", "Regular hours", "income", [hours(), rate()]),
  system("overtime", "Overtime", "income", [
    hours(),
    rate(),
    { name: "multiplier", label: "Multiplier", min: 1, max: 5, decimals: 2, default: 1.5 },
  ]),
  system("commission", "Commission", "income", [money("amount", "Amount")]),
  system("bonus", "Bonus", "income", [money("amount", "Amount")]),
  system("pension", "Pension", "deduction", [
    percent("employee_percent", "Employee contribution %"),
    percent("employer_percent", "Employer contribution %"),
  ]),
  system(
    "employer_loan",
    "Employer loan",
    "deduction",
    [money("amount", "Repayment per period"), money("balance", "Outstanding balance", BALANCE_MAX)],
    true,
  ),
  system(
    "savings",
    "Savings",
    "deduction",
    [money("amount", "Amount per period"), money("balance", "Saved to date", BALANCE_MAX)],
    true,
  ),
  system("garnishee", "Garnishee order", "deduction", [
    money("amount", "Amount per period"),
    money("balance", "Outstanding balance", BALANCE_MAX),
  ]),
];

/** Computed outputs (what reports can name as accounts besides the items), with their payslip section. */
export const OUTPUTS = [
  { name: "gross_pay", label: "Gross pay", category: "total" },
  { name: "taxable_pay", label: "Taxable pay", category: "total" },
  { name: "paye", label: "PAYE", category: "deduction" },
  { name: "usc", label: "USC", category: "deduction" },
  { name: "prsi_employee", label: "Employee PRSI", category: "deduction" },
  { name: "pension_employee", label: "Employee pension", category: "deduction" },
  { name: "prsi_employer", label: "Employer PRSI", category: "employer" },
  { name: "pension_employer", label: "Employer pension", category: "employer" },
  { name: "total_deductions", label: "Total deductions", category: "total" },
  { name: "employer_cost", label: "Total employer cost", category: "total" },
  { name: "nett_pay", label: "Nett pay", category: "total" },
] as const;

const SYSTEM_BY_ID = new Map<string, ItemSpec>(SYSTEM_ITEMS.map((i) => [i.name, i]));
const OUTPUT_LABELS = new Map<string, string>(OUTPUTS.map((o) => [o.name, o.label]));
/** Position of each system item on a payslip. */
export const SYSTEM_ORDER = new Map<string, number>(SYSTEM_ITEMS.map((i, n) => [i.name, n]));

export function customItemSpec(def: CustomItemDef): ItemSpec {
  return {
    id: def.id,
    name: String(def.id),
    label: def.label,
    category: def.category,
    inputs: [money("amount", "Amount")],
    multi_instance: false,
    taxable: def.category === "income" ? def.taxable !== false : false,
  };
}

/**
 * Finds an item by calculation_id: a system name, or a custom ID given as a number or a numeric string
 * (bulk_input keys carry it as text).
 */
export function findItem(id: ItemId, customItems: readonly CustomItemDef[] = []): ItemSpec | undefined {
  const key = String(id);
  const sys = SYSTEM_BY_ID.get(key);
  if (sys) return sys;
  const def = customItems.find((c) => String(c.id) === key);
  return def ? customItemSpec(def) : undefined;
}

/** The display label of an item or an output name (`paye` -> "PAYE"); the name itself when unknown. */
export function labelOf(name: ItemId, customItems: readonly CustomItemDef[] = []): string {
  if (name === "total") return "Total";
  return findItem(name, customItems)?.label ?? OUTPUT_LABELS.get(String(name)) ?? String(name);
}

function definition(item: ItemSpec): ItemDefinition {
  return {
    id: item.id,
    name: item.name,
    label: item.label,
    category: item.category,
    inputs: item.inputs.map((i) => i.name),
    multi_instance: item.multi_instance,
  };
}

/** The items_and_outputs response. Accounts are every name a report can ask for. */
export function itemsAndOutputs(customItems: readonly CustomItemDef[] = []): ItemsAndOutputs {
  const custom = customItems.map(customItemSpec);
  return {
    system_items: SYSTEM_ITEMS.map(definition),
    custom_items: custom.map(definition),
    outputs: OUTPUTS.map((o) => ({ ...o })),
    accounts: [...SYSTEM_ITEMS, ...custom, ...OUTPUTS].map((a) => ({ name: a.name, label: a.label })),
  };
}

/** Every account name reports accept (system item names, custom IDs as text, output names). */
export function accountNames(customItems: readonly CustomItemDef[] = []): string[] {
  return itemsAndOutputs(customItems).accounts.map((a) => a.name);
}

// ---------------------------------------------------------------------------------------------------------------
// Validation

export type InputCheck = { ok: true; value: number | null } | { ok: false; error: string };

const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** Whether n has at most `decimals` decimal places (allowing for binary floating-point error). */
function fitsDecimals(n: number, decimals: number): boolean {
  const scaled = n * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) <= 8 * Number.EPSILON * Math.max(1, Math.abs(scaled));
}

/**
 * Checks one input value against its spec. Numbers and numeric text are accepted; null or blank text clears
 * the input (`value: null`, the engine then uses the default).
 */
export function checkInput(spec: InputSpec, raw: unknown): InputCheck {
  if (raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === "")) return { ok: true, value: null };
  let n: number;
  if (typeof raw === "number") n = raw;
  else if (typeof raw === "string" && NUMERIC_TEXT.test(raw.trim())) n = Number(raw.trim());
  else return { ok: false, error: `${spec.label} must be a number (got ${describe(raw)})` };
  if (!Number.isFinite(n)) return { ok: false, error: `${spec.label} must be a finite number` };
  if (n < spec.min) return { ok: false, error: `${spec.label} must be at least ${spec.min} (got ${n})` };
  if (n > spec.max) return { ok: false, error: `${spec.label} must be at most ${spec.max} (got ${n})` };
  if (!fitsDecimals(n, spec.decimals)) {
    return { ok: false, error: `${spec.label} allows at most ${spec.decimals} decimal places (got ${n})` };
  }
  return { ok: true, value: n };
}

function describe(raw: unknown): string {
  if (typeof raw === "string") return JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw);
  if (typeof raw === "object") return Array.isArray(raw) ? "a list" : "an object";
  return String(raw);
}

export interface InputsCheck {
  /** Valid inputs, by input name (null = cleared). */
  inputs: Record<string, number | null>;
  /** Messages by input name; an unknown calculation is reported under the key "". */
  errors: Record<string, string>;
}

/**
 * Validates a set of inputs for one item (the supplied ones only: updates are partial). Unknown items and
 * unknown input names are errors that name the valid choices.
 */
export function validateItemInputs(
  calculationId: ItemId,
  inputs: Readonly<Record<string, unknown>>,
  customItems: readonly CustomItemDef[] = [],
): InputsCheck {
  const item = findItem(calculationId, customItems);
  const result: InputsCheck = { inputs: {}, errors: {} };
  if (!item) {
    result.errors[""] = `Unknown calculation "${calculationId}"; valid ones are listed by items_and_outputs`;
    return result;
  }
  for (const [name, raw] of Object.entries(inputs)) {
    const spec = item.inputs.find((i) => i.name === name);
    if (!spec) {
      const valid = item.inputs.map((i) => i.name).join(", ");
      result.errors[name] = `${item.label} has no input "${name}" (inputs: ${valid})`;
      continue;
    }
    const check = checkInput(spec, raw);
    if (check.ok) result.inputs[name] = check.value;
    else result.errors[name] = `${item.label}: ${check.error}`;
  }
  return result;
}

/** An item's inputs with defaults filled in (absent, null or invalid values fall back to the default). */
export function resolvedInputs(item: ItemSpec, inputs: Readonly<Record<string, unknown>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const spec of item.inputs) {
    const check = checkInput(spec, inputs[spec.name]);
    out[spec.name] = check.ok && check.value !== null ? check.value : spec.default;
  }
  return out;
}

/** Default inputs for a client-level calculation definition. */
export function defaultInputs(item: ItemSpec): Record<string, number> {
  return Object.fromEntries(item.inputs.map((i) => [i.name, i.default]));
}

// ---------------------------------------------------------------------------------------------------------------
// Regular Hours (`week_hours`)

const WEEK = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

/**
 * Hours per week from Regular Hours attributes: full days × full_day_hours_input plus the partial days'
 * hours. full_days_per_week (an integer) overrides the count of full working days. A casual schedule has no
 * regular hours (null): hours are entered per payslip.
 */
export function regularHoursPerWeek(attrs: Readonly<Record<string, unknown>>): number | null {
  if (attrs.schedule === "casual") return null;
  const dayHours = typeof attrs.full_day_hours_input === "number" ? attrs.full_day_hours_input : 0;
  let fullDays = 0;
  let partialHours = 0;
  for (const d of WEEK) {
    if (attrs[`works_${d}`] !== true) continue;
    if (attrs[`day_type_${d}`] === "partial") {
      const h = attrs[`partial_hours_${d}`];
      partialHours += typeof h === "number" ? h : 0;
    } else fullDays += 1;
  }
  const override = attrs.full_days_per_week;
  if (typeof override === "number" && Number.isInteger(override)) fullDays = override;
  return fullDays * dayHours + partialHours;
}
