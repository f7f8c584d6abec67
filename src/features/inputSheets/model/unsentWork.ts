/**
 * Work of a period that the service does not hold, in words: the pending, Held and Failed values of an input sheet,
 * and the values pushed to a payslip only (the next period starts from the employee's standing value). Next period,
 * the client-change dialog and Push all name them; once the period is finalised they can no longer be sent there, so
 * they are offered as pending changes of the next period instead. Pure (../flows/unsentWork reads and writes).
 */
import type { Calculation, Employee, InputValue } from "../../../contract";
import type { CellType } from "../../../xl/columns";
import { regularPayslips } from "../../../ui/sheets/periods";
import type { PendingChange } from "./pendingChanges";
import { normalise, sameValue } from "./inputSheetModel";

/** How a value waits: typed and not pushed, kept back by the check, or refused by the service. */
export type UnsentState = "pending" | "Held" | "Failed";

/** One value of an employee, by the input's key and the sheet's header. */
export interface EmployeeValue {
  employeeId: number;
  name: string;
  key: string;
  header: string;
  type: CellType;
  value: InputValue;
}

export interface UnsentValue extends EmployeeValue {
  state: UnsentState;
}

/** The sheet's changes not in the service, each with its row's state (Held and Failed rows keep theirs). */
export function unsentValues(changes: readonly PendingChange[], statuses: readonly string[]): UnsentValue[] {
  return changes.map((c) => {
    const status = statuses[c.rowIndex];
    const state: UnsentState = status === "Held" || status === "Failed" ? status : "pending";
    return { employeeId: c.employeeId, name: c.name, key: c.key, header: c.header, type: c.type, value: c.after, state };
  });
}

/** The item as the accountant reads it: the column's header without the input name of a plain amount. */
export const itemLabel = (header: string): string => header.replace(/:\s*amount$/i, "");

/** "€5,600.00", "12.5", "blank". */
export function showAmount(value: InputValue, type: CellType): string {
  if (value === null || value === "") return "blank";
  if (typeof value === "number")
    return type === "currency"
      ? value.toLocaleString("en-IE", { style: "currency", currency: "EUR" })
      : value.toLocaleString("en-IE", { maximumFractionDigits: 6 });
  return String(value);
}

/** How dates read in the words ("25/11/2026"): the flow passes the pane's formatDate (models do not reach the locale). */
export type ShowDate = (iso: string) => string;

const possessive = (name: string) => (name ? `${name}'s` : "An employee's");
const STATE_WORDS: Record<UnsentState, string> = { pending: "pending", Held: "Held", Failed: "Failed" };

/** "Aoife Byrne's Commission €75.00 (pending)". */
export const describeUnsentValue = (v: UnsentValue): string =>
  `${possessive(v.name)} ${itemLabel(v.header)} ${showAmount(v.value, v.type)} (${STATE_WORDS[v.state]})`;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The first few in words, then how many more: "A; B; C and 4 more". */
export function listInWords(items: readonly string[], max = 5): string {
  const shown = items.slice(0, max).join("; ");
  return items.length > max ? `${shown} and ${items.length - max} more` : shown;
}

/**
 * What a finalised period left unsent, as one sentence: "25/11/2026 is finalised: 1 change was not sent and can no
 * longer be: Aoife Byrne's Commission €75.00 (pending)."
 */
export function describeUnsentOfFinalised(payslipDate: string, values: readonly UnsentValue[], formatDate: ShowDate): string {
  const n = values.length;
  return `${formatDate(payslipDate)} is finalised: ${plural(n, "change")} ${n === 1 ? "was" : "were"} not sent and can no longer be: ${listInWords(values.map(describeUnsentValue))}.`;
}

/**
 * What a push left unsent in a period still open, as one sentence (Push all says it per sheet): "2 changes not sent on
 * the 25/11/2026 payslips (1 Held, 1 pending): Aoife Byrne's Bonus €500.00 (Held); Ciara Walsh's Commission ten
 * (pending)." Empty when nothing is left.
 */
export function describeUnsentOfOpen(payslipDate: string, values: readonly UnsentValue[], formatDate: ShowDate): string {
  if (values.length === 0) return "";
  const byState = (["Held", "Failed", "pending"] as const)
    .map((state) => [state, values.filter((v) => v.state === state).length] as const)
    .filter(([, n]) => n > 0)
    .map(([state, n]) => `${n} ${STATE_WORDS[state]}`);
  return `${plural(values.length, "change")} not sent on the ${formatDate(payslipDate)} payslips (${byState.join(", ")}): ${listInWords(values.map(describeUnsentValue))}.`;
}

/** A value on the previous payslip that the next period does not start from. */
export interface PayslipOnlyValue extends EmployeeValue {
  /** What the next period starts from (the employee's standing value; null: none). */
  startsFrom: InputValue;
}

/**
 * The values pushed to one payslip only: for each employee on both sheets and each input of the new sheet, a
 * payslip-specific value on the previous payslip (the list of calculations holds it with that payslip's ID) that the
 * new period's standing value differs from (a new period that starts blank is a one-off's, not a change lost). An input sheet writes the payslip only, so a raise pushed there is not the
 * employee's standing value and the next period starts from the old one.
 */
export function payslipOnlyValues(args: {
  previousDate: string;
  employees: readonly Employee[];
  calculations: readonly Calculation[];
  /** The new sheet's rows as built: each employee's value per input key. */
  next: readonly { employeeId: number | null; name: string; values: Readonly<Record<string, InputValue>> }[];
  inputs: readonly { key: string; header: string; type: CellType }[];
}): PayslipOnlyValue[] {
  const payslipOf = new Map<number, number>();
  for (const e of args.employees) {
    const p = regularPayslips(e).find((x) => x.date === args.previousDate);
    if (p) payslipOf.set(e.id, p.id);
  }
  const onPayslip = new Map<string, InputValue>();
  // The first instance of an item (lowest ID), as the sheet shows and bulk_input updates.
  const calcs = [...args.calculations].sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  for (const c of calcs) {
    if (c.deleted || c.employee_id === null || c.payslip_id === null) continue;
    if (payslipOf.get(c.employee_id) !== c.payslip_id) continue;
    for (const [input, value] of Object.entries(c.inputs)) {
      const key = `${c.employee_id}|calc.${String(c.calculation_id)}.${input}`;
      if (!onPayslip.has(key) && value !== null && value !== undefined) onPayslip.set(key, value as InputValue);
    }
  }
  const found: PayslipOnlyValue[] = [];
  for (const row of args.next) {
    if (row.employeeId === null) continue;
    for (const input of args.inputs) {
      const was = onPayslip.get(`${row.employeeId}|${input.key}`);
      if (was === undefined) continue;
      const value = normalise(input.type, was);
      const startsFrom = normalise(input.type, row.values[input.key]);
      // A one-off (commission, bonus) starts each period blank by nature: only a standing value the payslip
      // overrode is named.
      if (value === null || startsFrom === null || sameValue(value, startsFrom)) continue;
      found.push({
        employeeId: row.employeeId,
        name: row.name,
        key: input.key,
        header: input.header,
        type: input.type,
        value,
        startsFrom,
      });
    }
  }
  return found;
}

/**
 * "Aoife Byrne's Basic salary was €5,600.00 on the 25/11/2026 payslip; 25/12/2026 starts from €5,416.67: that change
 * was for that payslip only."
 */
export function describePayslipOnly(v: PayslipOnlyValue, previousDate: string, nextDate: string, formatDate: ShowDate): string {
  return `${possessive(v.name)} ${itemLabel(v.header)} was ${showAmount(v.value, v.type)} on the ${formatDate(previousDate)} payslip; ${formatDate(nextDate)} starts from ${showAmount(v.startsFrom, v.type)}: that change was for that payslip only.`;
}

/** What Next period found left behind in the period it came from, and what it can carry into the new one. */
export interface LeftBehind {
  /** The previous period's payslip date, and whether it is finalised (its unsent values can no longer be sent there). */
  payslipDate: string;
  finalised: boolean;
  unsent: UnsentValue[];
  /** Values pushed to the previous payslip only, which the new period does not start from. */
  payslipOnly: PayslipOnlyValue[];
}

/**
 * The values Next period offers to carry into the new sheet as pending changes: the unsent, then the payslip-only,
 * but those of the inputs it copied already (`copied`: their keys).
 */
export const carryOffer = (left: LeftBehind, copied: ReadonlySet<string> = new Set()): EmployeeValue[] =>
  [...left.unsent, ...left.payslipOnly].filter((v) => !copied.has(v.key));

/** The offer's button: "Carry 2 values into 25/12/2026". */
export const carryLabel = (n: number, nextDate: string, formatDate: ShowDate): string =>
  `Carry ${n === 1 ? "it" : `these ${n} values`} into ${formatDate(nextDate)}`;

/**
 * Next period's words on what the previous period left: the unsent values (finalised: they can no longer be sent
 * there, and no push is advised), the payslip-only values, then that Copy values carried those of the inputs it
 * copied (`copied`: their keys), and the offer for the rest. Empty when there is nothing to say.
 */
export function describeLeftBehind(
  left: LeftBehind,
  nextDate: string,
  { copied, formatDate }: { copied: ReadonlySet<string>; formatDate: ShowDate },
): string {
  const parts: string[] = [];
  const { unsent, payslipOnly } = left;
  if (unsent.length > 0)
    parts.push(
      left.finalised
        ? describeUnsentOfFinalised(left.payslipDate, unsent, formatDate)
        : `Not sent on the ${formatDate(left.payslipDate)} payslips yet (that pay run is still open): ${listInWords(unsent.map(describeUnsentValue))}.`,
    );
  if (payslipOnly.length > 0) {
    const shown = payslipOnly.slice(0, 5).map((v) => describePayslipOnly(v, left.payslipDate, nextDate, formatDate));
    if (payslipOnly.length > 5) shown.push(`And ${plural(payslipOnly.length - 5, "more value")} like these.`);
    parts.push(shown.join(" "));
  }
  const n = unsent.length + payslipOnly.length;
  if (n === 0) return "";
  const offered = carryOffer(left, copied).length;
  const carried = n - offered;
  if (carried > 0)
    parts.push(
      `Copy values carried ${carried === n ? (n === 1 ? "it" : "them") : `${carried} of them`} into ${formatDate(nextDate)} as pending changes.`,
    );
  if (offered > 0)
    parts.push(
      `"${carryLabel(offered, nextDate, formatDate)}" makes ${offered === 1 ? "it a pending change" : "them pending changes"} of ${formatDate(nextDate)} (not sent).`,
    );
  return parts.join(" ");
}
