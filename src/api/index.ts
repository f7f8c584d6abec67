/** The payroll service's HTTP API (`PayrollApi`): one typed method per endpoint, typed errors, safe retries, a rate limit. */
export * from "./PayrollApi";
export * from "./errors";
export type { FetchLike, RetryInfo, RequestLogEntry } from "./transport";
export { parseRetryAfter, backoffDelay } from "./retry";
