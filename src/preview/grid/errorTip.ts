/**
 * What an error cell says on hover and in the formula bar's tooltip, as Excel shows it: the message an add-in's
 * function gave with its error value, else what Excel's error value means.
 */
import type { SheetModel } from "../../emulator/model";

/** Excel's own explanations of its error values (the preview's formula engine raises these). */
const ERROR_MEANINGS: Record<string, string> = {
  "#NAME?": "The formula names a function or a name that is not known.",
  "#VALUE!": "A value in the formula is of the wrong type.",
  "#REF!": "The formula refers to a cell that is not valid.",
  "#DIV/0!": "The formula divides by zero.",
  "#N/A": "A value is not available to the formula.",
  "#NUM!": "The formula gives a number that is not valid.",
  "#NULL!": "The formula's ranges do not intersect.",
  "#SPILL!": "The formula's results would spill over cells that are not empty.",
  "#BUSY!": "The function is still working out its result.",
  "#CALC!": "The formula could not be calculated.",
};

/** True when the cell is a formula showing an error value. */
export function isErrorCell(sheet: SheetModel, r: number, c: number): boolean {
  const value = sheet.valueAt(r, c);
  return typeof value === "string" && /^#[A-Z/0!?]+[!?A]$/.test(value) && sheet.cell(r, c)?.f !== undefined;
}

/** The message of an error cell ("#VALUE! account: …"), or undefined when the cell shows no error. */
export function errorMessageAt(sheet: SheetModel, r: number, c: number): string | undefined {
  if (!isErrorCell(sheet, r, c)) return undefined;
  const value = String(sheet.valueAt(r, c));
  return `${value} ${sheet.formulaMessageAt(r, c) ?? ERROR_MEANINGS[value] ?? "The formula gives an error."}`;
}
