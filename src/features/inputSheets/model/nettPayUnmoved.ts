/**
 * A push that changed nothing in pay: a saved row whose amount or hours changed while its nett pay stayed the same
 * says so, and names what to check. The usual cause is an input the calculation multiplies by and the row does not
 * give: overtime hours without a rate pay nothing (the service's rate defaults to 0), so they are Saved and the
 * nett pay does not move.
 */
import type { InputSheetMeta } from "./inputSheetModel";

export const NETT_PAY_UNCHANGED = "Nett pay did not change";

/** Inputs whose change should move pay (calc.<id>.<input>, by the input's name). */
const MOVES_PAY = new Set(["amount", "hours"]);

/** "Overtime" from the header "Overtime: hours" (the item's label, as the sheet shows it). */
const itemOf = (header: string) => {
  const at = header.lastIndexOf(":");
  return at > 0 ? header.slice(0, at).trim() : header;
};

/**
 * The note for a saved row whose nett pay stayed at `was` after `sent` inputs (keys) were saved, or null when the
 * pay moved, the row sent no amount or hours, or there was no figure before to compare with.
 */
export function unmovedNettPayNote(
  sent: readonly string[],
  was: number | null | undefined,
  now: number,
  meta: Pick<InputSheetMeta, "inputs">,
): string | null {
  if (was === null || was === undefined || Math.abs(now - was) >= 0.005) return null;
  const moving = sent
    .map((key) => ({ key, input: key.split(".").pop() ?? "", header: meta.inputs.find((i) => i.key === key)?.header ?? key }))
    .filter((s) => MOVES_PAY.has(s.input));
  if (moving.length === 0) return null;
  const checks = [
    ...new Set(
      moving.map((m) => (m.input === "hours" ? `${itemOf(m.header)}: rate` : `the other inputs of ${itemOf(m.header)}`)),
    ),
  ];
  return `${NETT_PAY_UNCHANGED}: check ${checks.join(" and ")}`;
}

/** "<message>. Nett pay did not change: check Overtime: rate." */
export function withUnmovedNote(message: string, note: string): string {
  const base = message.trim() || "Saved";
  return `${base}${base.endsWith(".") ? "" : "."} ${note}.`;
}
