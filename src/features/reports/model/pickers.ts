/**
 * Picker options for the report forms, built only from what the API lists, so no ID is ever typed:
 * waves (waves list), employees (employees list), accounts (items_and_outputs), custom fields (keys seen in the
 * employees' custom_fields, since no endpoint lists custom fields), leave types (leave_types) and pay runs.
 */
import type { Employee, ItemsAndOutputs, LeaveTypes, PaymentRun, Wave } from "../../../contract";
import { employeeLabel } from "../../../ui/sheets/employeeNames";
import { openPeriod, paymentRunsOfWave } from "./defaults";

export interface PickerOption<V extends string | number = string | number> {
  value: V;
  label: string;
  /** Optional grouping shown as a heading (e.g. an account's category). */
  group?: string;
}

/** The name a wave is shown by: its custom name when the client set one. */
export function waveLabel(wave: Pick<Wave, "name" | "custom_name">): string {
  return wave.custom_name?.trim() || wave.name;
}

export function waveOptions(waves: readonly Wave[]): PickerOption<number>[] {
  return waves.map((w) => ({ value: w.id, label: waveLabel(w) }));
}

/** Employees, optionally only those of some waves, ordered by number then name. */
export function employeeOptions(employees: readonly Employee[], waveIds?: readonly number[] | null): PickerOption<number>[] {
  return employees
    .filter((e) => !waveIds || waveIds.length === 0 || (e.wave_id != null && waveIds.includes(e.wave_id)))
    .map((e) => ({ value: e.id, label: employeeLabel(e), number: e.number ?? "" }))
    .sort((a, b) => a.number.localeCompare(b.number, undefined, { numeric: true }) || a.label.localeCompare(b.label))
    .map(({ value, label }) => ({ value, label }));
}

const CATEGORY_LABELS: Record<string, string> = {
  income: "Income",
  deduction: "Deductions",
  employer: "Employer contributions",
  total: "Totals",
};

/**
 * Accounts a transaction_history report can ask for: the `accounts` list of items_and_outputs (every name the
 * report accepts), grouped by the category of the item or output of the same name.
 */
export function accountOptions(io: ItemsAndOutputs): PickerOption<string>[] {
  const category = new Map<string, string>();
  for (const item of [...io.system_items, ...io.custom_items]) category.set(item.name, item.category);
  for (const out of io.outputs) category.set(out.name, out.category);
  return io.accounts.map((a) => {
    const cat = category.get(a.name);
    return { value: a.name, label: a.label || a.name, group: cat ? (CATEGORY_LABELS[cat] ?? cat) : "Other" };
  });
}

/** Account name → label, for column headers. */
export function accountLabels(io: ItemsAndOutputs): Record<string, string> {
  return Object.fromEntries(io.accounts.map((a) => [a.name, a.label || a.name]));
}

/**
 * Every name a variance Transaction can carry → its label: accounts, outputs, system items, and custom items by
 * name and by ID (the service names a custom item by its numeric ID, e.g. "101").
 */
export function itemLabels(io: ItemsAndOutputs): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const item of [...io.system_items, ...io.custom_items]) {
    if (!item.label) continue;
    labels[item.name] = item.label;
    labels[String(item.id)] = item.label;
  }
  for (const out of io.outputs) if (out.label) labels[out.name] = out.label;
  return { ...labels, ...accountLabels(io) };
}

/** The two standard fields transaction_history accepts besides custom-field IDs. */
export const NAME_FIELDS: readonly PickerOption<string>[] = [
  { value: "first_name", label: "First name", group: "Employee" },
  { value: "last_name", label: "Last name", group: "Employee" },
];

/**
 * Custom fields. The document says no endpoint lists them, so the keys are collected from the employees'
 * `custom_fields` maps; each is labelled with its ID and an example value so the user can tell them apart.
 */
export function customFieldOptions(employees: readonly Employee[]): PickerOption<string>[] {
  const seen = new Map<string, { count: number; example: string | null }>();
  for (const e of employees) {
    for (const [key, value] of Object.entries(e.custom_fields ?? {})) {
      const entry = seen.get(key) ?? { count: 0, example: null };
      entry.count += 1;
      if (entry.example === null && value) entry.example = value;
      seen.set(key, entry);
    }
  }
  const custom = [...seen.entries()]
    .sort(([a], [b]) => a.localeCompare(b, undefined, { numeric: true }))
    .map(([key, { count, example }]) => ({
      value: key,
      label: `${customFieldLabel(key)}${example ? ` (e.g. “${truncate(example, 24)}”)` : ""} · ${count} employee${count === 1 ? "" : "s"}`,
      group: "Custom fields",
    }));
  return [...NAME_FIELDS, ...custom];
}

/** Header text for a requested custom field: the standard names read as words, IDs as "Custom field <id>". */
export function customFieldLabel(key: string): string {
  const std = NAME_FIELDS.find((f) => f.value === key);
  if (std) return std.label;
  return `Custom field ${key}`;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Leave types of one or several clients, by name (clients number their types differently). */
export function leaveTypeOptions(leaveTypesByClient: readonly LeaveTypes[]): PickerOption<string>[] {
  const names = new Set<string>();
  for (const types of leaveTypesByClient) for (const name of Object.values(types)) names.add(name);
  return [...names].sort((a, b) => a.localeCompare(b)).map((name) => ({ value: name, label: name }));
}

/** The IDs a client uses for the chosen leave type names. */
export function leaveTypeIds(types: LeaveTypes, names: readonly string[]): number[] {
  return Object.entries(types)
    .filter(([, name]) => names.includes(name))
    .map(([id]) => Number(id))
    .filter(Number.isInteger);
}

/** How the pane shows an ISO date to people (its locale module's formatDate); this module stays locale-free. */
export type DateFormatter = (iso: string) => string;

/** The picker value of a wave's open period (it has no pay run ID: the service lists no run for it yet). */
export const OPEN_PERIOD_RUN = -1;

/** The wave's open period (when it can be worked out), then its pay runs as variance periods, latest first. */
export function paymentRunOptions(
  runs: readonly PaymentRun[],
  wave: number | (Pick<Wave, "id"> & Partial<Pick<Wave, "length_months" | "length_weeks">>),
  formatDate: DateFormatter,
): PickerOption<number>[] {
  const waveId = typeof wave === "number" ? wave : wave.id;
  const open = typeof wave === "number" ? null : openPeriod(wave, runs);
  return [
    ...(open ? [{ value: OPEN_PERIOD_RUN, label: `Open period ending ${formatDate(open.endDate)} (not finalised)` }] : []),
    ...paymentRunsOfWave(runs, waveId).map((r) => ({
      value: r.id,
      label: `Period ending ${formatDate(r.period_end_date)}${r.special ? " (once-off run)" : ""}`,
    })),
  ];
}

/**
 * Regular period end dates across several clients' pay runs, latest first (variance over several clients), with
 * the waves' open periods when the waves are given.
 */
export function periodEndOptions(
  runsByClient: readonly (readonly PaymentRun[])[],
  formatDate: DateFormatter,
  wavesByClient: readonly (readonly Wave[])[] = [],
): PickerOption<string>[] {
  const dates = new Set<string>();
  for (const runs of runsByClient) for (const r of runs) if (!r.special) dates.add(r.period_end_date);
  const open = new Set<string>();
  wavesByClient.forEach((waves, i) => {
    for (const w of waves) {
      const p = openPeriod(w, runsByClient[i] ?? []);
      if (p && !dates.has(p.endDate)) open.add(p.endDate);
    }
  });
  return [...dates, ...open]
    .sort()
    .reverse()
    .map((d) => ({ value: d, label: `${open.has(d) ? "Open period" : "Period"} ending ${formatDate(d)}` }));
}
