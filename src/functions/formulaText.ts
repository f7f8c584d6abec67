/**
 * Reading a cell's formula text (Range.formulas: always English names and commas, whatever the user's locale) as
 * one call of a PAYROLL function, for the pane's "Explain this figure". Only what a finance user types is read:
 * text in quotes, numbers, TRUE/FALSE, blanks and references to one cell (A1, $B$2, Sheet2!C3, 'My sheet'!C3).
 * Anything else (an expression, another function, a range) is refused with a FormulaTextError that says which
 * argument, so the pane can show it as is.
 */
import { columnIndex } from "../xl/excelConventions";
import { NAMESPACE } from "./registry";

export class FormulaTextError extends Error {
  override readonly name = "FormulaTextError";
}

/** A reference to one cell; `sheet` is null for the formula's own sheet. Row and column are 0-based. */
export interface CellReference {
  sheet: string | null;
  row: number;
  col: number;
  text: string;
}

export type FormulaArgument = { value: string | number | boolean | null } | { ref: CellReference };

export interface PayrollCall {
  /** The function's name without the namespace, upper case ("AMOUNT"). */
  name: string;
  args: FormulaArgument[];
}

const CALL = new RegExp(`^=\\s*${NAMESPACE}\\.([A-Za-z_][A-Za-z0-9_]*)\\s*\\(`, "i");
const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i;
/**
 * A reference to one cell. A sheet name is quoted ('My sheet'!C3) unless it is letters of any alphabet (Éire, Straße),
 * digits, underscores and periods, starting with a letter or an underscore: the names Excel itself writes unquoted.
 */
const REFERENCE = /^(?:(?:'((?:[^']|'')+)'|([\p{L}_][\p{L}\p{N}_.]*))!)?\$?([A-Za-z]{1,3})\$?(\d{1,7})$/u;

/**
 * The PAYROLL call a formula consists of, or null when the formula has no PAYROLL function at all (or is not a
 * formula). A PAYROLL call inside a larger formula, or arguments that are expressions, are a FormulaTextError.
 */
export function parsePayrollCall(formula: unknown): PayrollCall | null {
  if (typeof formula !== "string" || !formula.startsWith("=")) return null;
  const m = CALL.exec(formula);
  if (!m) {
    if (new RegExp(`\\b${NAMESPACE}\\.`, "i").test(formula))
      throw new FormulaTextError(
        `The formula ${formula} uses a PAYROLL function inside a larger formula; explain a cell holding one PAYROLL call`,
      );
    return null;
  }
  const { parts, end } = splitArguments(formula, m[0].length);
  if (formula.slice(end).trim() !== "")
    throw new FormulaTextError(`The formula ${formula} does more than one PAYROLL call; explain a cell holding one PAYROLL call`);
  const args = parts.length === 1 && parts[0].trim() === "" ? [] : parts.map((p, i) => parseArgument(p.trim(), i + 1));
  return { name: m[1].toUpperCase(), args };
}

/** The top-level arguments from just after "(" to the matching ")", and the index after it. */
function splitArguments(formula: string, from: number): { parts: string[]; end: number } {
  const parts: string[] = [];
  let depth = 0;
  let start = from;
  for (let i = from; i < formula.length; i++) {
    const ch = formula[i];
    if (ch === '"' || ch === "'") {
      const close = closingQuote(formula, i);
      if (close < 0) break;
      i = close;
      continue;
    }
    if (ch === "(" || ch === "{") depth++;
    else if ((ch === ")" || ch === "}") && depth > 0) depth--;
    else if (ch === ")") {
      parts.push(formula.slice(start, i));
      return { parts, end: i + 1 };
    } else if (ch === "," && depth === 0) {
      parts.push(formula.slice(start, i));
      start = i + 1;
    }
  }
  throw new FormulaTextError(`The formula ${formula} is not complete (a bracket or a quote is not closed)`);
}

/** The index of the quote closing the literal opened at `open` (a doubled quote inside is one quote), or -1. */
function closingQuote(text: string, open: number): number {
  const q = text[open];
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] !== q) continue;
    if (text[i + 1] === q) i++;
    else return i;
  }
  return -1;
}

function parseArgument(text: string, position: number): FormulaArgument {
  if (text === "") return { value: null };
  if (/^"([^"]|"")*"$/.test(text)) return { value: text.slice(1, -1).replace(/""/g, '"') };
  if (NUMBER.test(text)) return { value: Number(text) };
  if (/^(TRUE|FALSE)$/i.test(text)) return { value: text.toUpperCase() === "TRUE" };
  const ref = REFERENCE.exec(text);
  if (ref) {
    const sheet = ref[1] !== undefined ? ref[1].replace(/''/g, "'") : (ref[2] ?? null);
    return { ref: { sheet, row: Number(ref[4]) - 1, col: columnIndex(ref[3].toUpperCase()), text } };
  }
  if (/^[^"]*:/.test(text))
    throw new FormulaTextError(`Argument ${position} (${text}) is a range; give one cell, a date in quotes or a number`);
  throw new FormulaTextError(
    `Argument ${position} (${text}) is an expression; explain works on text in quotes, numbers and references to one cell`,
  );
}
