/** The payroll service's HTTP API (`PayrollApi`): one typed method per endpoint, typed errors, safe retries, a rate limit. */
export * from "./PayrollApi";
export * from "./errors";
export type { RetryInfo } from "./transport";
/** @internal Benches and tests hand the API their own fetch and read its request log. */
export type { FetchLike, RequestLogEntry } from "./transport";
