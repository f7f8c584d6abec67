/**
 * The live PAYROLL cells. Each PAYROLL function is a streaming custom function: Excel calls it once per cell and
 * hands it an invocation whose setResult it may call at any time. The cell registers its read here; whenever the
 * connection changes or the cache is invalidated (Connect, a client change, Forget, Refresh formulas, a push, an
 * import), every live cell reads again and sets its result. No recalculation is needed, so cells that show an error
 * value update too: Excel's full recalculation would skip them (office-js #4502). All cells read again in the same
 * tick, so their requests still go through one batch (./batcher). Excel cancels the invocation when the cell is
 * cleared, overwritten or its arguments change: onCanceled removes the cell from the hub.
 */
import { onFormulaResultsInvalidated } from "./connection";
import { toExcelError } from "./errors";
import type { StreamingInvocation } from "./registry";

const live = new Set<() => void>();

/** Set `invocation`'s result from `read()` now, and again on every invalidation until Excel cancels the cell. */
export function streamFigure<T>(invocation: StreamingInvocation<T>, read: () => Promise<T>): void {
  let generation = 0;
  const run = () => {
    const mine = ++generation;
    const deliver = (outcome: () => T | Error) => {
      if (mine === generation) setResultSafely(invocation, outcome);
    };
    let reading: Promise<T>;
    try {
      reading = read();
    } catch (error) {
      reading = Promise.reject(error);
    }
    reading.then(
      (value) => deliver(() => value),
      (error: unknown) => deliver(() => toExcelError(error)),
    );
  };
  live.add(run);
  invocation.onCanceled = () => {
    generation++; // an answer still in flight is dropped
    live.delete(run);
  };
  run();
}

/**
 * setResult that never throws out of a promise callback (an unhandled rejection, and the cell #BUSY! for good): a
 * value Excel's runtime refuses becomes an error value in the cell; if even that is refused, the failure is logged.
 */
function setResultSafely<T>(invocation: StreamingInvocation<T>, outcome: () => T | Error): void {
  try {
    invocation.setResult(outcome());
  } catch (refused) {
    try {
      invocation.setResult(toExcelError(refused));
    } catch (again) {
      console.warn(`PAYROLL functions: Excel refused a result (${again instanceof Error ? again.message : String(again)})`);
    }
  }
}

onFormulaResultsInvalidated(() => {
  for (const run of [...live]) run();
});
