/**
 * Whether "Retry failed" can help a row: only when the service never gave a definite answer (network, timeout,
 * 5xx, an unreadable reply, busy with 429) or the row was never sent. A definite refusal (a finalised payslip, an
 * invalid value, a refused key) fails again the same way, so the push never suggests a retry for it.
 */
import type { RowState } from "../../../ui/sheets/rowOutcomes";

export interface RetryableOutcome {
  status: RowState;
  /** Set on a Failed row whose request got no definite answer: sending it again may succeed. */
  retryable?: boolean;
}

export const isRetryable = (o: RetryableOutcome): boolean =>
  o.status === "Not sent" || (o.status === "Failed" && o.retryable === true);

/** The same outcomes, marked as ones a retry can fix. */
export const asRetryable = <O extends RetryableOutcome>(outcomes: readonly O[]): O[] =>
  outcomes.map((o) => ({ ...o, retryable: true }));

const rows = (n: number) => `${n} row${n === 1 ? "" : "s"}`;

/**
 * The end of a push's summary: what to do about rows that did not save. " Use Retry failed to resend 2 rows." only
 * for rows a retry can fix; rows the service refused need a change first ("see their Message"); "" when none.
 */
export function retryAdvice(outcomes: Iterable<RetryableOutcome>): string {
  let retry = 0;
  let refused = 0;
  for (const o of outcomes) {
    if (isRetryable(o)) retry += 1;
    else if (o.status === "Failed") refused += 1;
  }
  const parts: string[] = [];
  if (retry > 0) parts.push(`Use Retry failed to resend ${rows(retry)}.`);
  if (refused > 0)
    parts.push(
      `${rows(refused)} the service refused: a retry would fail the same way, so see ${refused === 1 ? "its" : "their"} Message.`,
    );
  return parts.length > 0 ? ` ${parts.join(" ")}` : "";
}
