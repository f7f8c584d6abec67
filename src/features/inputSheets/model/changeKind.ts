/**
 * What a change in an input column means: for this payslip only, or the employee's standing value from this period
 * on. Kept per input in the sheet's metadata (./inputSheetModel); the push (./standingPush) sends a standing change
 * twice in one bulk_input request: on the period's payslip, and as the employee's own input (no payslip), which
 * every payslip not yet finalised is computed from (docs/api-choices.md). Pure.
 */

/** "payslip": This payslip only. "standing": From this period on. */
export type ChangeKind = "payslip" | "standing";

export const CHANGE_KINDS = ["payslip", "standing"] as const satisfies readonly ChangeKind[];

/** Items paid once, whatever their name says elsewhere: a bonus, a commission, overtime, a once-off payment. */
const ONE_OFF = /\b(bonus|commission|overtime|once[- ]?off|one[- ]?off)\b/i;

/**
 * The kind a new sheet gives an input. One-off items (bonus, commission, overtime, by the item's name or label)
 * are This payslip only; so is an item the client's calculations hold only on payslips (`recurring` false: no
 * employee holds it as their own). Everything else (salary, allowances, regular hours, per-period deductions) is
 * From this period on.
 */
export function defaultChangeKind(input: { calculationId: string; itemLabel?: string; recurring?: boolean }): ChangeKind {
  const words = `${input.calculationId.replace(/_/g, " ")} ${input.itemLabel ?? ""}`;
  if (ONE_OFF.test(words)) return "payslip";
  return input.recurring === false ? "payslip" : "standing";
}

/** The choice's words, as the pane and the docs say them. */
export function changeKindLabel(kind: ChangeKind): string {
  return kind === "standing" ? "From this period on" : "This payslip only";
}

/** A sheet input's kind: sheets built before kinds existed change this payslip only (what their pushes always did). */
export const changeKindOf = (input: { kind?: ChangeKind }): ChangeKind => input.kind ?? "payslip";

/**
 * How a message, the check or the Change history says it: "from 25/11/2026 on" or "this payslip only" (`shownDate`
 * as the pane shows dates); `capital` for a cell or a column of its own ("From 25/11/2026 on").
 */
export function changeNote(kind: ChangeKind, shownDate: string, capital = false): string {
  const note = kind === "standing" ? `from ${shownDate} on` : "this payslip only";
  return capital ? note.charAt(0).toUpperCase() + note.slice(1) : note;
}
