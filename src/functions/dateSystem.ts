/**
 * The date system the PAYROLL functions read serial dates in. Excel hands a date cell to a custom function as a
 * bare serial, and the same serial is another day in a 1904 workbook (Excel for Mac's old default). The workbook
 * is asked (src/excel/dateSystem.ts, one Excel.run) only when a serial arrives, since text dates need no answer,
 * and the answer is kept for the runtime: every formula of a recalculation waits for the same question, and later
 * ones use the answer without asking. Refresh formulas, a new connection or anything else that invalidates the
 * formulas forgets it, so after a date system changed in File > Options, Refresh formulas reads it again.
 *
 * The question has a time limit (ANSWER_WITHIN_MS): context.sync() has been seen to hang at workbook load with many
 * custom functions (office-js #6150, #6678, #1395), and every date and TRANSACTIONS cell waits on this one promise.
 * A question not answered in time counts as failed (asked again after RETRY_AFTER_MS, in a new Excel.run, since the
 * hang was seen at load); its answer, if it comes later, is still taken.
 *
 * If the question fails, serials are read as 1900 dates and the reason is logged once (console.warn). A failure
 * is not kept for the runtime: after RETRY_AFTER_MS the next serial asks again
 * (so at most one question per that time), and an answer of "1904" then has the formulas evaluated again, since
 * some were read as 1900 dates meanwhile.
 */
import { readWorkbookDateSystem } from "../excel/dateSystem";
import type { DateSystem } from "../xl/excelConventions";
import { invalidateFormulaResults, onFormulaResultsInvalidated } from "./connection";

/** After a failed question, serials are read as 1900 dates without asking again for this long. */
export const RETRY_AFTER_MS = 10_000;
/** The workbook's answer is waited for this long before the formulas go on with 1900 dates. */
export const ANSWER_WITHIN_MS = 5_000;

export interface DateSystemOptions {
  /** How the workbook is asked (default: readWorkbookDateSystem). */
  read?: () => Promise<DateSystem>;
  retryAfterMs?: number;
  /** Time limit of one question (default ANSWER_WITHIN_MS). */
  answerWithinMs?: number;
  now?: () => number;
}

interface State {
  read: () => Promise<DateSystem>;
  retryAfterMs: number;
  answerWithinMs: number;
  now: () => number;
  /** The workbook's answer. */
  known: DateSystem | null;
  /** The question on its way, shared by every formula that gets a serial meanwhile. */
  asking: Promise<DateSystem> | null;
  /** The last question's failure: serials are read as 1900 dates until `at + retryAfterMs`. */
  failed: { reason: string; at: number } | null;
  /** A serial was read as a 1900 date because a question failed (a later "1904" makes the formulas ask again). */
  fellBack: boolean;
}

let state: State = fresh({});
let invalidating = false;

function fresh(options: DateSystemOptions): State {
  return {
    read: options.read ?? (() => readWorkbookDateSystem()),
    retryAfterMs: options.retryAfterMs ?? RETRY_AFTER_MS,
    answerWithinMs: options.answerWithinMs ?? ANSWER_WITHIN_MS,
    now: options.now ?? Date.now,
    known: null,
    asking: null,
    failed: null,
    fellBack: false,
  };
}

// Refresh formulas, a connection or client change, a push or an import: read the date system again when next needed.
onFormulaResultsInvalidated(() => {
  if (invalidating) return;
  state.known = null;
  state.failed = null;
  state.fellBack = false; // every formula is evaluated again anyway
});

/**
 * The date system to read these arguments in: "1900" when none is a serial (it does not matter then), the known
 * answer, "1900" while a failure is recent, else the answer of the (one) question to the workbook.
 */
export function dateSystemFor(...args: unknown[]): DateSystem | Promise<DateSystem> {
  if (!args.some((a) => typeof a === "number")) return "1900";
  return workbookDateSystem();
}

/**
 * The workbook's date system whatever the arguments: for results that are serials (TRANSACTIONS' Date column), which
 * must show the service's dates in a 1904 workbook too. The same kept answer and the same one question.
 */
export function workbookDateSystem(): DateSystem | Promise<DateSystem> {
  const s = state;
  if (s.known) return s.known;
  if (s.failed && s.now() - s.failed.at < s.retryAfterMs) {
    s.fellBack = true;
    return "1900";
  }
  if (!s.asking) {
    const asking = ask(s);
    s.asking = asking;
    void asking.then(() => {
      if (s.asking === asking) s.asking = null;
    });
  }
  return s.asking;
}

async function ask(s: State): Promise<DateSystem> {
  const answer = startQuestion(s);
  try {
    return learn(s, await withinTimeLimit(answer, s.answerWithinMs));
  } catch (e) {
    const reason = e instanceof Error && e.message ? e.message : String(e);
    if (s !== state) return "1900";
    const repeated = s.failed?.reason === reason;
    s.failed = { reason, at: s.now() };
    s.fellBack = true;
    if (!repeated) console.warn(`PAYROLL functions: ${fallbackMessage(reason)}`);
    return "1900";
  }
}

function startQuestion(s: State): Promise<DateSystem> {
  let answer: Promise<DateSystem>;
  try {
    answer = s.read();
  } catch (e) {
    answer = Promise.reject(e);
  }
  // A late answer (after the time limit) is still the workbook's: kept, and the formulas asked again if it is 1904.
  void answer.then(
    (system) => learn(s, system),
    () => undefined,
  );
  return answer;
}

/** Keep the workbook's answer; if formulas were read as 1900 dates meanwhile and it is 1904, evaluate them again. */
function learn(s: State, system: DateSystem): DateSystem {
  if (s !== state || s.known === system) return system; // reset meanwhile (tests), or already known
  s.known = system;
  s.failed = null;
  if (s.fellBack && system !== "1900") {
    // Formulas read meanwhile took 1904 serials for 1900 dates: have them evaluated again with the answer.
    s.fellBack = false;
    invalidating = true;
    try {
      invalidateFormulaResults();
    } finally {
      invalidating = false;
    }
  }
  return system;
}

function withinTimeLimit<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Excel did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

function fallbackMessage(reason: string): string {
  return `date cells are read as 1900-system dates because the workbook's date system could not be read (${reason}); in a 1904-system workbook they are 4 years and a day early, so give dates as "YYYY-MM-DD" text there`;
}

/**
 * Tests: forget everything and ask again, as `options` say.
 * @internal Tests and scripts/lib/formulaGrid.ts start each run from a fresh module state.
 */
export function resetDateSystem(options: DateSystemOptions | (() => Promise<DateSystem>) = {}): void {
  state = fresh(typeof options === "function" ? { read: options } : options);
}
