/**
 * Functions a formula can call that answer later, as Excel's custom functions do (the PAYROLL add-in's, registered
 * by the page). A call starts once per distinct name and arguments; until its promise settles the cell shows
 * #BUSY!, as Excel does, then the value, or the error value carried by the rejection's `code` (CustomFunctions.Error
 * and the add-in's FormulaError both have one) with its message kept for the cell's tooltip. Each settling tells the
 * workbook, which re-renders and so re-evaluates the formulas. clear() forgets every result, so the next evaluation
 * calls again.
 *
 * As strict as Excel about when a function runs again:
 * - a full recalculation (application.calculate(Excel.CalculationType.full): recalculate("Full")) calls the ordinary
 *   functions again, except those whose result is an error value: Excel does not re-run custom-function cells that
 *   show an error (office-js #4502), and has no API to force them (#6545); streams are cancelled (onCanceled) and
 *   invoked again, as Excel does;
 * - a full rebuild (CalculationType.fullRebuild) evaluates every formula again, error cells included;
 * - a streaming function (`@streaming`: its last argument is the invocation) is called once; it sets its result
 *   with `invocation.setResult` whenever it likes, an error included;
 * - a streaming call that no formula makes any more (its cell cleared or overwritten) is cancelled: its
 *   `invocation.onCanceled` runs, and a later setResult is ignored. sweep() finds them;
 * - a function the add-in declares (functions.json) but whose code has not registered yet shows #NAME?, and keeps it
 *   after the code registers, until a full rebuild: a cell saved showing #NAME? stays so after load (office-js #6355).
 *
 * Arguments reach a function as Excel passes them (see ./formula: externalArg): a referenced cell holding a data
 * type (an entity) arrives as its documented object, and a range given to a matrix parameter as its rows.
 */
import type { Scalar } from "./values";
import type { CalculationKind } from "./dataValues";
import type { ArgumentValue } from "./dataValues";

export const BUSY = "#BUSY!";

/** A registered function: ordinary ones take the cells' values; streaming ones also take the invocation, last. */
export type AsyncFunction = (...args: never[]) => unknown;

/** What the formula evaluator asks of the functions it does not know itself. */
export interface ExternalFunctions {
  has(name: string): boolean;
  /** A value, or the rows a spilling function (a matrix result) gives: the sheet spills them as Excel does. */
  call(name: string, args: ArgumentValue[]): Scalar | Scalar[][];
  /** True once any call has answered with a matrix, so the sheet looks for function spills only then. */
  readonly spills?: boolean;
  /** The message that came with a call's error value, if any. */
  message(name: string, args: ArgumentValue[]): string | undefined;
  /** Whether a parameter (0-based) of the function takes a range (functions.json dimensionality "matrix"). */
  takesRange?(name: string, index: number): boolean;
  /** Application.calculate: see AsyncFormulaFunctions.recalculate. */
  recalculate?(kind?: CalculationKind): void;
  /** Cancel the streams no formula calls any more, `evaluateAll` evaluating every formula. */
  sweep?(evaluateAll: () => void): void;
}

/** What the page tells the emulator about the add-in's functions beyond their code (functions.json). */
export interface FunctionOptions {
  /** Names Excel knows from the add-in's metadata even before its code registers them. */
  declared?: (name: string) => boolean;
  /** Whether a parameter takes a range (dimensionality "matrix"): see ExternalFunctions.takesRange. */
  takesRange?: (name: string, index: number) => boolean;
}

type Result = { state: "pending" } | { state: "done"; value: Scalar | Scalar[][]; message?: string };

/** Excel's StreamingInvocation, as the preview hands it to a streaming function. */
export interface StreamingInvocation {
  setResult(value: unknown): void;
  onCanceled?: () => void;
}

interface Stream {
  invocation: StreamingInvocation;
  canceled: boolean;
}

const ERROR_VALUE =
  /^#(N\/A|VALUE!|REF!|NAME\?|NUM!|DIV\/0!|NULL!|BUSY!|CALC!|SPILL!|GETTING_DATA|CONNECT!|FIELD!|BLOCKED!|UNKNOWN!)$/;

export class AsyncFormulaFunctions implements ExternalFunctions {
  private readonly results = new Map<string, Result>();
  private readonly streams = new Map<string, Stream>();
  private notifyQueued = false;
  /** Set once a call answers with a matrix (see ExternalFunctions.spills). */
  spills = false;
  /** Keys called during a sweep's evaluation of every formula (null: no sweep running). */
  private used: Set<string> | null = null;

  constructor(
    private readonly lookup: (name: string) => AsyncFunction | undefined,
    private readonly onSettled: () => void,
    /** Whether a function is a streaming one (its last argument the invocation). */
    private readonly isStreaming: (name: string) => boolean = () => false,
    private readonly options: FunctionOptions = {},
  ) {}

  has(name: string): boolean {
    return this.lookup(name) !== undefined || this.options.declared?.(name) === true;
  }

  takesRange(name: string, index: number): boolean {
    return this.options.takesRange?.(name, index) === true;
  }

  call(name: string, args: ArgumentValue[]): Scalar | Scalar[][] {
    const key = `${name}${JSON.stringify(args)}`;
    this.used?.add(key);
    const known = this.results.get(key);
    if (known) return known.state === "done" ? known.value : BUSY;
    const fn = this.lookup(name);
    if (!fn) {
      // Declared but not registered yet: #NAME?, kept until a full rebuild (office-js #6355).
      this.results.set(key, { state: "done", value: "#NAME?" });
      return "#NAME?";
    }
    const pending: Result = { state: "pending" };
    this.results.set(key, pending);
    if (this.isStreaming(name)) return this.startStream(key, fn, args);
    Promise.resolve()
      .then(() => (fn as (...a: ArgumentValue[]) => unknown)(...args))
      .then(
        (value) => this.settle(key, pending, { state: "done", value: cellValue(value) }),
        (error: unknown) => this.settle(key, pending, { state: "done", ...errorValue(error) }),
      );
    return BUSY;
  }

  /** The message of the error a call ended with (Excel shows it beside the cell), if any. */
  message(name: string, args: ArgumentValue[]): string | undefined {
    const r = this.results.get(`${name}${JSON.stringify(args)}`);
    return r?.state === "done" ? r.message : undefined;
  }

  /** Forget every result (streams are cancelled): the next evaluation of each formula calls its function again. */
  clear(): void {
    for (const key of [...this.streams.keys()]) this.cancel(key);
    this.results.clear();
    this.onSettled();
  }

  /**
   * Application.calculate, as Excel does it. "Full": ordinary calls that ended with a value run again at the next
   * evaluation, those that ended with an error value keep it (office-js #4502), and streams are cancelled and
   * invoked again. "FullRebuild": every call runs again, error values (#NAME? included) too. "Recalculate" (dirty
   * cells only) changes nothing here: no custom-function argument is dirty.
   */
  recalculate(kind: CalculationKind = "Full"): void {
    if (kind === "Recalculate") return;
    for (const key of [...this.streams.keys()]) this.cancel(key);
    for (const [key, r] of [...this.results])
      if (kind === "FullRebuild" || (r.state === "done" && !(typeof r.value === "string" && ERROR_VALUE.test(r.value))))
        this.results.delete(key);
    this.onSettled();
  }

  /**
   * Cancel the streams no formula calls any more: `evaluateAll` evaluates every formula of the workbook (the
   * workbook's evaluateAllFormulas), and a stream none of them reached has had its cell cleared or overwritten.
   */
  sweep(evaluateAll: () => void): void {
    if (this.streams.size === 0) return;
    const used = (this.used = new Set<string>());
    try {
      evaluateAll();
    } finally {
      this.used = null;
    }
    for (const key of [...this.streams.keys()]) if (!used.has(key)) this.cancel(key);
  }

  /** How many streams run (tests). */
  get liveStreams(): number {
    return this.streams.size;
  }

  private startStream(key: string, fn: AsyncFunction, args: ArgumentValue[]): Scalar {
    const stream: Stream = {
      canceled: false,
      invocation: {
        setResult: (value: unknown) => {
          if (stream.canceled) return;
          const looksLikeError = value instanceof Error || (typeof value === "object" && value !== null && "code" in value);
          this.settle(key, null, { state: "done", ...(looksLikeError ? errorValue(value) : { value: cellValue(value) }) });
        },
      },
    };
    this.streams.set(key, stream);
    // Excel passes every declared parameter (omitted optional ones as null), then the invocation.
    const padded = [...args, ...Array<null>(Math.max(0, fn.length - 1 - args.length)).fill(null)];
    try {
      (fn as (...a: unknown[]) => unknown)(...padded, stream.invocation);
    } catch (error) {
      this.settle(key, null, { state: "done", ...errorValue(error) });
    }
    return BUSY;
  }

  private cancel(key: string): void {
    const stream = this.streams.get(key);
    if (!stream) return;
    stream.canceled = true;
    this.streams.delete(key);
    this.results.delete(key);
    stream.invocation.onCanceled?.();
  }

  /** `pending`: the call this answers (a stale answer, after clear(), is dropped); null: a stream's setResult. */
  private settle(key: string, pending: Result | null, result: Result): void {
    if (pending && this.results.get(key) !== pending) return; // cleared (and maybe asked again) meanwhile: stale
    this.results.set(key, result);
    if (result.state === "done" && Array.isArray(result.value)) this.spills = true;
    // Many calls of one batch settle together: one notification for them.
    if (this.notifyQueued) return;
    this.notifyQueued = true;
    queueMicrotask(() => {
      this.notifyQueued = false;
      this.onSettled();
    });
  }
}

/**
 * A function's answer as a cell value: numbers, text and TRUE/FALSE as they are; a matrix (a spilling function, e.g.
 * TRANSACTIONS) as its rows, which the sheet spills into the cells below and right, as Excel's dynamic arrays do
 * (a 1x1 matrix is its one value); anything else is #VALUE!.
 */
function cellValue(value: unknown): Scalar | Scalar[][] {
  if (Array.isArray(value)) {
    if (!value.every(Array.isArray) || value.length === 0 || (value[0] as unknown[]).length === 0) return "#VALUE!";
    const rows = (value as unknown[][]).map((row) => row.map(scalarValue));
    return rows.length === 1 && rows[0].length === 1 ? rows[0][0] : rows;
  }
  return scalarValue(value);
}

function scalarValue(value: unknown): Scalar {
  if (typeof value === "number") return Number.isFinite(value) ? value : "#NUM!";
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (value === null || value === undefined) return 0;
  // A basic data type (ExcelApi 1.16): its basic value; a FormattedNumber's format is not drawn by the preview.
  const typed = value as { type?: unknown; basicValue?: unknown };
  if (["FormattedNumber", "Double", "String", "Boolean"].includes(String(typed.type))) {
    const basic = typed.basicValue;
    if (
      typeof basic === (typed.type === "FormattedNumber" || typed.type === "Double" ? "number" : String(typed.type).toLowerCase())
    )
      return scalarValue(basic);
  }
  return "#VALUE!";
}

function errorValue(error: unknown): { value: Scalar; message?: string } {
  const code = (error as { code?: unknown } | null)?.code;
  const text = (error as { message?: unknown } | null)?.message;
  const message = typeof text === "string" && text ? text : undefined;
  return { value: typeof code === "string" && ERROR_VALUE.test(code) ? code : "#VALUE!", message };
}
