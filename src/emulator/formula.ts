/**
 * A deliberately tiny formula evaluator for the preview: numbers, strings, TRUE/FALSE, cell references,
 * + - * / ^ & and comparisons, parentheses, and SUM/MIN/MAX/AVERAGE/ROUND/IF over cells and ranges, plus the
 * functions an add-in registers (the PAYROLL custom functions, answering later: see ./asyncFunctions).
 * Anything else evaluates to an Excel error value (#NAME?, #VALUE!, #DIV/0!, #NULL!), which is what
 * matters here: a string that Excel would read as a formula IS a formula in the preview too.
 */
import type { Scalar } from "./values";
import type { ExternalFunctions } from "./asyncFunctions";
import type { ArgumentValue, DataCellValue } from "./dataValues";
import { columnIndex } from "../xl/excelConventions";

export type CellReader = (row: number, col: number) => Scalar | null;
/** The data type (an entity) a cell holds, if any: only a custom function's argument sees it (./dataValues). */
export type DataReader = (row: number, col: number) => DataCellValue | undefined;
/** Another sheet's cells, by the name a reference gives (`Sheet1!C2`, `'Liffey · Employees'!B3`); null: no such sheet (#REF!). */
export type SheetReader = (name: string) => { read: CellReader; readData: DataReader } | null;

/** A cell or range reference (`C2`, `$A$1:B3`), as Excel writes it. */
export const CELL_REF = String.raw`\$?[A-Za-z]{1,3}\$?\d+(?::\$?[A-Za-z]{1,3}\$?\d+)?`;
/** A sheet prefix: a quoted name (an apostrophe inside doubled) or a plain one, then "!". */
export const SHEET_PREFIX = String.raw`(?:'((?:[^']|'')+)'|([\p{L}_][\p{L}\p{N}_.]*))!`;

class FormulaError extends Error {
  constructor(readonly value: string) {
    super(value);
  }
}

type Token =
  | { t: "num"; v: number }
  | { t: "str"; v: string }
  | { t: "ref"; v: string; sheet?: string }
  | { t: "err"; v: string }
  | { t: "id"; v: string }
  | { t: "op"; v: string }
  | { t: "sp" };

const BUILT_IN = new Set(["SUM", "MIN", "MAX", "AVERAGE", "ROUND", "IF"]);

function tokenize(src: string, external?: ExternalFunctions): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const rest = src.slice(i);
    let m: RegExpExecArray | null;
    if ((m = /^\s+/.exec(rest))) {
      out.push({ t: "sp" });
    } else if ((m = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(rest))) {
      out.push({ t: "num", v: Number(m[0]) });
    } else if ((m = /^"((?:[^"]|"")*)"/.exec(rest))) {
      out.push({ t: "str", v: m[1].replace(/""/g, '"') });
    } else if ((m = new RegExp(`^(?:${SHEET_PREFIX})?#REF!`, "u").exec(rest))) {
      // What a deleted sheet, row or column leaves in a formula that referred to it.
      out.push({ t: "err", v: "#REF!" });
    } else if ((m = new RegExp(`^${SHEET_PREFIX}(${CELL_REF})(?![\\p{L}\\p{N}_(])`, "u").exec(rest))) {
      out.push({ t: "ref", v: m[3].replace(/\$/g, "").toUpperCase(), sheet: m[1]?.replace(/''/g, "'") ?? m[2] });
    } else if ((m = /^\$?[A-Za-z]{1,3}\$?\d+(:\$?[A-Za-z]{1,3}\$?\d+)?(?![A-Za-z0-9_(])/.exec(rest))) {
      out.push({ t: "ref", v: m[0].replace(/\$/g, "").toUpperCase() });
    } else if ((m = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(rest))) {
      out.push({ t: "id", v: m[0].toUpperCase() });
    } else if ((m = /^(<=|>=|<>|[-+*/^&=<>(),:@%])/.exec(rest))) {
      out.push({ t: "op", v: m[0] });
    } else {
      throw new FormulaError("#NAME?");
    }
    i += m[0].length;
  }
  // Unknown names are found before anything is evaluated, so they win over other errors (as in Excel).
  const known = BUILT_IN;
  out.forEach((tok, k) => {
    if (tok.t !== "id" || tok.v === "TRUE" || tok.v === "FALSE") return;
    const next = out.slice(k + 1).find((x) => x.t !== "sp");
    const callable = known.has(tok.v) || external?.has(tok.v);
    if (!(next && next.t === "op" && next.v === "(" && callable)) throw new FormulaError("#NAME?");
  });
  // Whitespace is insignificant except between two operands, where Excel reads it as the
  // intersection operator (e.g. "=+353 1 234"): the preview answers #NULL! as Excel does.
  const tokens: Token[] = [];
  out.forEach((tok, k) => {
    if (tok.t !== "sp") return void tokens.push(tok);
    const prev = tokens[tokens.length - 1];
    const next = out.slice(k + 1).find((x) => x.t !== "sp");
    const operand = (x?: Token) =>
      x !== undefined && (x.t === "num" || x.t === "ref" || x.t === "err" || x.t === "str" || (x.t === "op" && x.v === ")"));
    const startsOperand = (x?: Token) =>
      x !== undefined && (x.t === "num" || x.t === "ref" || x.t === "str" || x.t === "id" || (x.t === "op" && x.v === "("));
    if (operand(prev) && startsOperand(next)) throw new FormulaError("#NULL!");
  });
  return tokens;
}

function parseRef(ref: string): { r: number; c: number } {
  const m = /^([A-Z]+)(\d+)$/.exec(ref)!;
  return { r: Number(m[2]) - 1, c: columnIndex(m[1]) };
}

type Val = Scalar | null | Val[];

function toNumber(v: Val): number {
  if (Array.isArray(v)) throw new FormulaError("#VALUE!");
  if (v === null || v === "") return 0;
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (/^#/.test(v)) throw new FormulaError(v);
  const n = Number(v.trim());
  if (v.trim() === "" || Number.isNaN(n)) throw new FormulaError("#VALUE!");
  return n;
}

function flat(v: Val): (Scalar | null)[] {
  return Array.isArray(v) ? v.flatMap(flat) : [v];
}

class Parser {
  private pos = 0;
  /** The message of the first add-in function call that answered an error value (Excel shows it on hover). */
  message: string | undefined;
  constructor(
    private readonly tokens: Token[],
    private readonly read: CellReader,
    private readonly external?: ExternalFunctions,
    private readonly readData: DataReader = () => undefined,
    private readonly sheets: SheetReader = () => null,
  ) {}

  /** The readers of the sheet a reference names (this formula's own sheet when it names none). */
  private readersOf(sheet: string | undefined): { read: CellReader; readData: DataReader } {
    if (sheet === undefined) return { read: this.read, readData: this.readData };
    const other = this.sheets(sheet);
    if (!other) throw new FormulaError("#REF!");
    return other;
  }

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }
  private isOp(v: string): boolean {
    const t = this.peek();
    return t !== undefined && t.t === "op" && t.v === v;
  }
  private expect(v: string): void {
    if (!this.isOp(v)) throw new FormulaError("#NAME?");
    this.pos++;
  }

  parse(): Val {
    const v = this.comparison();
    if (this.pos < this.tokens.length) throw new FormulaError("#NAME?");
    return v;
  }

  /** A left-associative chain `operand (op operand)*` of one precedence level. */
  private chain(ops: readonly string[], operand: () => Val, apply: (op: string, left: Val, right: Val) => Val): Val {
    let left = operand();
    while (ops.some((op) => this.isOp(op))) {
      const op = (this.tokens[this.pos++] as { v: string }).v;
      left = apply(op, left, operand());
    }
    return left;
  }

  private comparison(): Val {
    return this.chain(
      ["=", "<>", "<", ">", "<=", ">="],
      () => this.concat(),
      (op, left, right) => {
        const [a, b] = [flat(left)[0], flat(right)[0]];
        const cmp = typeof a === "number" && typeof b === "number" ? a - b : String(a ?? "").localeCompare(String(b ?? ""));
        return { "=": cmp === 0, "<>": cmp !== 0, "<": cmp < 0, ">": cmp > 0, "<=": cmp <= 0, ">=": cmp >= 0 }[op] as boolean;
      },
    );
  }

  private concat(): Val {
    return this.chain(
      ["&"],
      () => this.additive(),
      (_op, left, right) => String(flat(left)[0] ?? "") + String(flat(right)[0] ?? ""),
    );
  }

  private additive(): Val {
    return this.chain(
      ["+", "-"],
      () => this.term(),
      (op, left, right) => (op === "+" ? toNumber(left) + toNumber(right) : toNumber(left) - toNumber(right)),
    );
  }

  private term(): Val {
    return this.chain(
      ["*", "/"],
      () => this.power(),
      (op, left, right) => {
        if (op === "*") return toNumber(left) * toNumber(right);
        const d = toNumber(right);
        if (d === 0) throw new FormulaError("#DIV/0!");
        return toNumber(left) / d;
      },
    );
  }

  private power(): Val {
    const base = this.unary();
    if (!this.isOp("^")) return base;
    this.pos++;
    return toNumber(base) ** toNumber(this.unary());
  }

  private unary(): Val {
    if (this.isOp("-")) {
      this.pos++;
      return -toNumber(this.unary());
    }
    if (this.isOp("+")) {
      this.pos++;
      return this.unary();
    }
    if (this.isOp("@")) throw new FormulaError("#NAME?");
    const v = this.primary();
    if (this.isOp("%")) {
      this.pos++;
      return toNumber(v) / 100;
    }
    return v;
  }

  private primary(): Val {
    const t = this.tokens[this.pos++];
    if (!t) throw new FormulaError("#NAME?");
    if (t.t === "num" || t.t === "str") return t.v;
    if (t.t === "err") throw new FormulaError(t.v);
    if (t.t === "ref") return this.reference(t.v, t.sheet);
    if (t.t === "op" && t.v === "(") {
      const v = this.comparison();
      this.expect(")");
      return v;
    }
    if (t.t === "id") {
      if (t.v === "TRUE" || t.v === "FALSE") return t.v === "TRUE";
      if (this.isOp("(")) return this.call(t.v);
    }
    throw new FormulaError("#NAME?");
  }

  private reference(ref: string, sheet?: string): Val {
    const { read } = this.readersOf(sheet);
    const [a, b] = ref.split(":");
    const from = parseRef(a);
    if (!b) return read(from.r, from.c);
    const to = parseRef(b);
    // Rows of cells: functions see them flat; a formula that is a range alone spills them (see evaluateSpill).
    const out: Val[] = [];
    for (let r = Math.min(from.r, to.r); r <= Math.max(from.r, to.r); r++) {
      const row: Val[] = [];
      for (let c = Math.min(from.c, to.c); c <= Math.max(from.c, to.c); c++) row.push(read(r, c));
      out.push(row);
    }
    return out;
  }

  private call(name: string): Val {
    if (this.external?.has(name) && !BUILT_IN.has(name)) return this.externalCall(name, this.external);
    this.expect("(");
    const args: Val[] = [];
    // An empty argument (`f(a,,c)`, `f(a,)`) is omitted, as in Excel: an add-in's function gets null for it.
    const argument = () => (this.isOp(",") || this.isOp(")") ? null : this.comparison());
    if (!this.isOp(")")) {
      args.push(argument());
      while (this.isOp(",")) {
        this.pos++;
        args.push(argument());
      }
    }
    this.expect(")");
    const nums = () => args.flatMap(flat).filter((x): x is number => typeof x === "number");
    switch (name) {
      case "SUM":
        return nums().reduce((s, x) => s + x, 0);
      case "MIN":
        return nums().length ? Math.min(...nums()) : 0;
      case "MAX":
        return nums().length ? Math.max(...nums()) : 0;
      case "AVERAGE": {
        const xs = nums();
        if (xs.length === 0) throw new FormulaError("#DIV/0!");
        return xs.reduce((s, x) => s + x, 0) / xs.length;
      }
      case "ROUND": {
        const f = 10 ** toNumber(args[1] ?? 0);
        return Math.round(toNumber(args[0]) * f) / f;
      }
      case "IF": {
        // IF(c,,) gives 0 for an omitted value; IF(c) gives TRUE or FALSE.
        const [, then, otherwise] = args;
        return toNumber(args[0]) !== 0 ? (args.length > 1 ? (then ?? 0) : true) : args.length > 2 ? (otherwise ?? 0) : false;
      }
      default:
        throw new FormulaError("#NAME?");
    }
  }

  /**
   * An add-in's function, given its arguments as Excel passes them: a reference to one cell is that cell's value
   * (an entity as its object); a range given to a matrix parameter is its rows (one value is a 1x1 matrix); a range
   * given to a scalar parameter makes Excel call the function once per cell and spill the results (lifting).
   */
  private externalCall(name: string, external: ExternalFunctions): Val {
    this.expect("(");
    const args: ExternalArg[] = [];
    const argument = (index: number): ExternalArg => {
      if (this.isOp(",") || this.isOp(")")) return null;
      const matrix = external.takesRange?.(name, index) === true;
      const t = this.peek();
      const after = this.tokens[this.pos + 1];
      const bare = t?.t === "ref" && (after === undefined || (after.t === "op" && (after.v === "," || after.v === ")")));
      if (bare) {
        // A reference: its cells as Excel passes them, entities as their objects.
        this.pos++;
        const cells = this.cellsOf(t.v, t.sheet);
        if (matrix) return cells;
        if (cells.length === 1 && cells[0].length === 1) return scalarArg(cells[0][0]);
        return { spread: cells };
      }
      const v = this.comparison();
      if (matrix) return Array.isArray(v) ? (v as Val[][]).map((row) => flat(row)) : [[externalArg(v)]];
      if (Array.isArray(v) && flat(v).length > 1) return { spread: (v as Val[][]).map((row) => flat(row)) };
      return externalArg(v);
    };
    if (!this.isOp(")")) {
      args.push(argument(0));
      while (this.isOp(",")) {
        this.pos++;
        args.push(argument(args.length));
      }
    }
    this.expect(")");
    const spread = args.filter((a): a is Spread => isSpread(a));
    if (spread.length === 0) return this.callOnce(name, external, args as ArgumentValue[]);
    // Lifting: one call per cell of the largest range; a smaller range gives #N/A where it has no cell, as in Excel.
    const rows = Math.max(...spread.map((a) => a.spread.length));
    const cols = Math.max(...spread.map((a) => a.spread[0]?.length ?? 0));
    const out: Val[][] = [];
    for (let i = 0; i < rows; i++) {
      const line: Val[] = [];
      for (let k = 0; k < cols; k++) {
        try {
          const at = args.map((a) => (isSpread(a) ? cellOf(a, i, k) : a));
          line.push(flat(this.callOnce(name, external, at))[0]);
        } catch (e) {
          if (!(e instanceof FormulaError)) throw e;
          line.push(e.value);
        }
      }
      out.push(line);
    }
    return out;
  }

  /** The cells of a reference (one cell or a range), each its data type if it holds one, else its value. */
  private cellsOf(ref: string, sheet?: string): Cell[][] {
    const { read, readData } = this.readersOf(sheet);
    const [a, b = a] = ref.split(":");
    const from = parseRef(a);
    const to = parseRef(b);
    const out: Cell[][] = [];
    for (let r = Math.min(from.r, to.r); r <= Math.max(from.r, to.r); r++) {
      const row: Cell[] = [];
      for (let c = Math.min(from.c, to.c); c <= Math.max(from.c, to.c); c++) row.push(readData(r, c) ?? read(r, c));
      out.push(row);
    }
    return out;
  }

  private callOnce(name: string, external: ExternalFunctions, args: ArgumentValue[]): Val {
    const v = external.call(name, args);
    if (typeof v === "string" && v.startsWith("#")) this.message ??= external.message(name, args);
    return v;
  }
}

type Cell = Scalar | null | DataCellValue;
type Spread = { spread: Cell[][] };
type ExternalArg = ArgumentValue | Spread;
const isSpread = (a: ExternalArg): a is Spread => a !== null && typeof a === "object" && "spread" in a;

/** The value a spread range gives call (i, k): a one-row or one-column range repeats along its length, as in Excel. */
function cellOf(a: Spread, i: number, k: number): ArgumentValue {
  const rows = a.spread.length;
  const cols = a.spread[0]?.length ?? 0;
  const r = rows === 1 ? 0 : i;
  const c = cols === 1 ? 0 : k;
  if (r >= rows || c >= cols) throw new FormulaError("#N/A");
  return scalarArg(a.spread[r][c]);
}

/** One cell for a scalar parameter: a data type as its object, else as externalArg reads a value. */
function scalarArg(cell: Cell): ArgumentValue {
  return cell !== null && typeof cell === "object" ? cell : externalArg(cell);
}

/**
 * A scalar argument for an add-in's function: one value (a range of one cell is its value); an error value, #BUSY!
 * included, is the formula's result without calling the function, as in Excel.
 */
function externalArg(v: Val): Scalar | null {
  if (Array.isArray(v)) return externalArg(flat(v)[0] ?? null);
  if (typeof v === "string" && /^#(N\/A|VALUE!|REF!|NAME\?|NUM!|DIV\/0!|NULL!|BUSY!)$/.test(v)) throw new FormulaError(v);
  return v;
}

/** The message an add-in's function gave with its error value in this formula, if any. */
export function formulaErrorMessage(
  formula: string,
  read: CellReader,
  external?: ExternalFunctions,
  readData?: DataReader,
  sheets?: SheetReader,
): string | undefined {
  return evaluate(formula, read, external, readData, sheets).message;
}

/**
 * A formula's result as Excel's dynamic arrays see it: one value, or (a range of several cells) the rows it spills
 * into the cells below and right of its own. The sheet decides whether the spill fits (else #SPILL!).
 */
export function evaluateSpill(
  formula: string,
  read: CellReader,
  external?: ExternalFunctions,
  readData?: DataReader,
  sheets?: SheetReader,
): { value: Scalar; spill?: Scalar[][] } {
  return evaluate(formula, read, external, readData, sheets);
}

function evaluate(
  formula: string,
  read: CellReader,
  external?: ExternalFunctions,
  readData?: DataReader,
  sheets?: SheetReader,
): { value: Scalar; message?: string; spill?: Scalar[][] } {
  let parser: Parser | undefined;
  try {
    parser = new Parser(tokenize(formula.replace(/^=/, ""), external), read, external, readData, sheets);
    const v = parser.parse();
    const first = flat(v)[0];
    if (Array.isArray(v) && flat(v).length > 1) {
      const spill = (v as Val[][]).map((row) => flat(row).map((x) => x ?? 0));
      return { value: spill[0][0], message: parser.message, spill };
    }
    return { value: first ?? 0, message: parser.message };
  } catch (e) {
    if (e instanceof FormulaError) return { value: e.value, message: parser?.message };
    throw e;
  }
}
