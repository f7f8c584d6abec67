/** The payroll service client: one typed method per endpoint, typed errors, safe retries, client-side rate limit. */
export * from "./PayrollApi";
export * from "./errors";
export type { FetchLike, RetryInfo, RetryReason, RequestLogEntry, TransportOptions } from "./transport";
export { parseRetryAfter, backoffDelay } from "./retry";
