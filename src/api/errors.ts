/**
 * Typed errors of PayrollApi. Messages are written for an accountant and never contain the API key
 * (PayrollApi redacts it from any text the service sends back, too). `path` is the API path without the query.
 */
import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

export interface RequestInfo {
  method: HttpMethod;
  /** API path relative to `/v1`, without the query string, e.g. `/clients/1/employees`. */
  path: string;
}

export abstract class PayrollError extends Error {
  /** HTTP status when the service answered; undefined when no answer arrived (or nothing was sent). */
  readonly status?: number;
  readonly method?: HttpMethod;
  readonly path?: string;

  protected constructor(message: string, request?: RequestInfo, status?: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.method = request?.method;
    this.path = request?.path;
    this.status = status;
  }
}

const where = (r?: RequestInfo) => (r ? ` (${r.method} ${r.path})` : "");
const seconds = (ms: number) => `${Math.max(1, Math.ceil(ms / 1000))} s`;

/** PayrollApi was set up wrongly (no key, a key that cannot go in a header, a bad base URL). */
export class ConfigurationError extends PayrollError {
  constructor(message: string) {
    super(message);
  }
}

/** 401 or 403: the key is missing, wrong, revoked, or not allowed to do this. */
export class UnauthorizedError extends PayrollError {
  constructor(
    request: RequestInfo,
    status: number,
    readonly serviceMessage?: string,
  ) {
    super(
      status === 403
        ? `The payroll service refused access to this data${where(request)}. Check that the API key belongs to the right account.`
        : `The payroll service did not accept the API key${where(request)}. Check the key in the add-in's settings.`,
      request,
      status,
    );
  }
}

/** 404: an unknown ID, report or poll UUID. */
export class NotFoundError extends PayrollError {
  constructor(
    request: RequestInfo,
    readonly serviceMessage?: string,
  ) {
    super(`${serviceMessage ?? "The payroll service has no such record"}${where(request)}.`, request, 404);
  }
}

/**
 * 400/422 (or another 4xx refusal): the service rejected the request as sent. `errors` maps attribute keys to the
 * service's messages. Also thrown before sending when a request body breaks the contract (status undefined).
 */
export class ValidationError extends PayrollError {
  constructor(
    request: RequestInfo | undefined,
    status: number | undefined,
    readonly serviceMessage: string,
    readonly errors: Record<string, string> = {},
  ) {
    const details = Object.entries(errors)
      .map(([k, v]) => `${k}: ${v}`)
      .join("; ");
    super(`${serviceMessage}${details ? ` (${details})` : ""}${where(request)}`, request, status);
  }
}

/** 429: too many requests, or (async reports) too many queued. `retryAfterMs` is the service's advised wait. */
export class RateLimitedError extends PayrollError {
  constructor(
    request: RequestInfo,
    readonly retryAfterMs: number | undefined,
    readonly serviceMessage?: string,
  ) {
    super(
      `The payroll service is busy${serviceMessage ? `: ${serviceMessage}` : ""}${where(request)}. ` +
        (retryAfterMs !== undefined ? `Try again in ${seconds(retryAfterMs)}.` : "Try again shortly."),
      request,
      429,
    );
  }
}

/** No answer: the connection failed or dropped (DNS, refused, reset, offline). */
export class NetworkError extends PayrollError {
  constructor(request: RequestInfo, cause?: unknown) {
    super(`Could not reach the payroll service${where(request)}. Check the connection and try again.`, request, undefined, {
      cause,
    });
  }
}

/** No complete answer within PayrollApi's timeout. */
export class TimeoutError extends PayrollError {
  constructor(
    request: RequestInfo,
    readonly timeoutMs: number,
  ) {
    super(`The payroll service did not answer within ${seconds(timeoutMs)}${where(request)}. Try again later.`, request);
  }
}

/** 5xx: the service failed. For writes it is unknown whether the change was applied. */
export class ServerError extends PayrollError {
  constructor(
    request: RequestInfo,
    status: number,
    readonly serviceMessage?: string,
  ) {
    super(
      `The payroll service had a problem (HTTP ${status})${where(request)}.` +
        (request.method === "GET" ? " Try again later." : " Check whether the change was saved before trying again."),
      request,
      status,
    );
  }
}

/** The answer did not match the contract: wrong shape, malformed JSON, unexpected status or content type. */
export class UnexpectedResponseError extends PayrollError {
  constructor(
    request: RequestInfo,
    status: number,
    readonly issues: z.core.$ZodIssue[],
    problem?: string,
  ) {
    const first = issues[0];
    const detail =
      problem ??
      (first
        ? `${issues.length} problem${issues.length > 1 ? "s" : ""}, first at ${formatIssuePath(first.path)}: ${first.message}`
        : "unknown problem");
    super(`The payroll service sent a reply the add-in does not understand${where(request)}: ${detail}.`, request, status);
  }
}

/** The caller cancelled the request (its AbortSignal fired). */
export class AbortedError extends PayrollError {
  constructor(request?: RequestInfo) {
    super(`The request was cancelled${where(request)}.`, request);
  }
}

function formatIssuePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "the top level";
  return path
    .map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`))
    .join("")
    .replace(/^\./, "");
}
