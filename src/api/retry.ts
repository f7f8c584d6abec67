/** Retry timing: exponential backoff with full jitter, the Retry-After header, and abortable sleeps. */
import { AbortedError, type RequestInfo } from "./errors";

/**
 * Full jitter (a random wait between 0 and the exponential cap): spreads the retries of many clients
 * so that they do not hit a recovering service in lockstep. `attempt` counts retries from 1.
 */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const cap = Math.min(maxMs, baseMs * 2 ** (attempt - 1));
  return Math.floor(random() * cap);
}

/**
 * Retry-After is either delta-seconds or an HTTP date. Returns milliseconds to wait (never negative), or
 * undefined when the header is absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (text === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // An HTTP date always names a day or month; bare numbers like "-5" are not dates.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** Waits `ms`, or rejects with AbortedError as soon as `signal` fires. */
export function sleep(ms: number, signal?: AbortSignal, request?: RequestInfo): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortedError(request));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError(request));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
