/**
 * HTTP transport of PayrollApi: fetch with a per-attempt timeout, the raw Authorization header,
 * status-to-error mapping, safe retries and a rate limiter in the pane. Knows nothing about endpoints.
 */
import Bottleneck from "bottleneck";
import { ErrorBody } from "../contract";
import {
  AbortedError,
  ConfigurationError,
  NetworkError,
  NotFoundError,
  PayrollError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  UnexpectedResponseError,
  ValidationError,
  type HttpMethod,
  type RequestInfo,
} from "./errors";
import { backoffDelay, parseRetryAfter, sleep } from "./retry";

/** The subset of fetch PayrollApi uses; inject one for tests or for a platform without a global fetch. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export type RetryReason = "rate_limited" | "server_error" | "network_error" | "timeout" | "unreadable_reply";

/** Passed to onRetry before each backoff sleep, e.g. to show "service busy, retrying in 8 s". */
export interface RetryInfo {
  /** 1 for the first retry. */
  attempt: number;
  delayMs: number;
  reason: RetryReason;
  method: HttpMethod;
  path: string;
  /** The failure being retried; its message is fit to show. */
  error: PayrollError;
}

/** One line per HTTP attempt, for a debug log. Holds no key, no query string and no bodies. */
export interface RequestLogEntry {
  method: HttpMethod;
  path: string;
  /** 0 for the first try. */
  attempt: number;
  status?: number;
  durationMs: number;
  error?: string;
}

export interface TransportOptions {
  /** Service root (PayrollApi appends `/v1`). "" means the page's own origin. */
  baseUrl: string;
  apiKey: string;
  /** Per attempt, including reading the body. Default 30 000. */
  timeoutMs?: number;
  /** Start at most this many requests per second (0 = unlimited). Default 5. */
  requestsPerSecond?: number;
  /** At most this many requests in flight (0 = unlimited). Default 4. */
  maxConcurrent?: number;
  /** Retries after the first try, where retrying is safe. Default 3. */
  maxRetries?: number;
  /** Backoff base: the n-th retry waits a random time below base × 2^(n-1). Default 500. */
  retryBaseMs?: number;
  /** Backoff cap. Default 10 000. */
  retryMaxDelayMs?: number;
  /** A 429 asking for a longer wait than this is returned to the caller instead of slept on. Default 60 000. */
  maxRetryAfterMs?: number;
  fetch?: FetchLike;
  onRetry?(info: RetryInfo): void;
  onRequest?(entry: RequestLogEntry): void;
  /** For tests: the jitter source. */
  random?: () => number;
}

export interface TransportRequest {
  method: HttpMethod;
  /** Already-encoded API path relative to `/v1`. */
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  accept: "json" | "pdf";
  signal?: AbortSignal;
  /**
   * The request sets absolute values, so sending it twice leaves the service as sending it once: after a 5xx, a
   * lost connection, a timeout or an unreadable reply it is retried like a read. Only for such writes.
   */
  idempotent?: boolean;
  /** Tries in all for this request (default: maxRetries + 1). */
  tries?: number;
  /** Stops further tries (the backoff wait ends at once) without aborting the try in flight. */
  stopRetries?: AbortSignal;
  /** Called before each backoff wait of this request, after the instance-wide onRetry. */
  onRetry?(info: RetryInfo): void;
}

export interface TransportResponse {
  status: number;
  /** Parsed JSON, bytes for a PDF, raw text when a 202/204 body is not JSON, undefined when empty. */
  body: unknown;
  contentType: string | null;
}

/** Printable ASCII without leading/trailing blanks: anything else cannot travel as a header value. */
const HEADER_SAFE = /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/;

export class Transport {
  readonly #apiKey: string;
  readonly #root: string;
  readonly #limiter: Bottleneck;
  /** Spacing between request starts as configured, and how many slowDown()s are in force (each doubles it). */
  readonly #minTime: number;
  #slowDowns = 0;
  readonly #o: Required<Omit<TransportOptions, "fetch" | "onRetry" | "onRequest" | "baseUrl" | "apiKey">> &
    Pick<TransportOptions, "fetch" | "onRetry" | "onRequest">;

  constructor(options: TransportOptions) {
    if (typeof options.apiKey !== "string" || options.apiKey === "") {
      throw new ConfigurationError("No API key is set. Paste the key generated in the payroll service's account area.");
    }
    if (!HEADER_SAFE.test(options.apiKey)) {
      throw new ConfigurationError(
        "The API key contains spaces at its ends, line breaks or other characters that cannot be sent. Paste it again.",
      );
    }
    this.#apiKey = options.apiKey;
    this.#root = serviceRoot(options.baseUrl) + "/v1";
    const rps = options.requestsPerSecond ?? 5;
    const maxConcurrent = options.maxConcurrent ?? 4;
    this.#o = {
      timeoutMs: options.timeoutMs ?? 30_000,
      requestsPerSecond: rps,
      maxConcurrent,
      maxRetries: options.maxRetries ?? 3,
      retryBaseMs: options.retryBaseMs ?? 500,
      retryMaxDelayMs: options.retryMaxDelayMs ?? 10_000,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
      random: options.random ?? Math.random,
      fetch: options.fetch,
      onRetry: options.onRetry,
      onRequest: options.onRequest,
    };
    // Evenly spaced starts (minTime) rather than a bursty bucket: the service is known to throttle,
    // and a burst from Promise.all is exactly what we want to flatten.
    this.#minTime = rps > 0 && Number.isFinite(rps) ? Math.ceil(1000 / rps) : 0;
    this.#limiter = new Bottleneck({
      minTime: this.#minTime,
      maxConcurrent: maxConcurrent > 0 ? maxConcurrent : null,
    });
  }

  /**
   * Halves the request rate (after a 429) until the returned function is called; slow-downs stack, up to 1/16 of
   * the configured rate. With no rate configured it starts at 1 request per 100 ms.
   */
  slowDown(): () => void {
    this.#slowDowns += 1;
    this.#applyRate();
    let restored = false;
    return () => {
      if (restored) return;
      restored = true;
      this.#slowDowns -= 1;
      this.#applyRate();
    };
  }

  /** Current spacing between request starts, in ms. */
  get minTimeMs(): number {
    const n = Math.min(this.#slowDowns, 4);
    if (n === 0) return this.#minTime;
    return this.#minTime > 0 ? this.#minTime * 2 ** n : 100 * 2 ** (n - 1);
  }

  #applyRate(): void {
    this.#limiter.updateSettings({ minTime: this.minTimeMs });
  }

  /** Sends with retries where safe; resolves with a 2xx answer or throws a PayrollError. */
  async send(req: TransportRequest): Promise<TransportResponse> {
    const info: RequestInfo = { method: req.method, path: req.path };
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#scheduled(() => this.#attempt(req, info, attempt), req.signal, info);
      } catch (err) {
        const error = this.#asPayrollError(err, info);
        const retry = this.#retryPlan(error, req, attempt + 1);
        if (!retry || req.stopRetries?.aborted) throw error;
        const retryInfo: RetryInfo = { attempt: attempt + 1, delayMs: retry.delayMs, reason: retry.reason, ...info, error };
        this.#o.onRetry?.(retryInfo);
        req.onRetry?.(retryInfo);
        await sleep(retry.delayMs, anySignal(req.signal, req.stopRetries), info);
      }
    }
  }

  /** Runs `fn` through the rate limiter; a caller's abort releases it even while it is still queued. */
  #scheduled<T>(fn: () => Promise<T>, signal: AbortSignal | undefined, info: RequestInfo): Promise<T> {
    if (signal?.aborted) return Promise.reject(new AbortedError(info));
    const job = this.#limiter.schedule(() => (signal?.aborted ? Promise.reject(new AbortedError(info)) : fn()));
    if (!signal) return job;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(new AbortedError(info));
      signal.addEventListener("abort", onAbort, { once: true });
      job.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
    });
  }

  async #attempt(req: TransportRequest, info: RequestInfo, attempt: number): Promise<TransportResponse> {
    const started = Date.now();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.#o.timeoutMs);
    const onCallerAbort = () => controller.abort();
    req.signal?.addEventListener("abort", onCallerAbort, { once: true });
    const fail = (cause: unknown): PayrollError =>
      req.signal?.aborted
        ? new AbortedError(info)
        : timedOut
          ? new TimeoutError(info, this.#o.timeoutMs)
          : new NetworkError(info, cause);

    let status: number | undefined;
    let errorName: string | undefined;
    try {
      let res: Response;
      try {
        res = await this.#fetch(this.#url(req), {
          method: req.method,
          headers: this.#headers(req),
          body: req.body === undefined ? undefined : JSON.stringify(req.body),
          signal: controller.signal,
        });
      } catch (e) {
        throw fail(e);
      }
      status = res.status;
      // The timeout keeps running while the body is read: a stalled body is a timeout too.
      let payload: Uint8Array | string;
      try {
        payload = req.accept === "pdf" && res.ok ? new Uint8Array(await res.arrayBuffer()) : await res.text();
      } catch (e) {
        throw fail(e);
      }
      return this.#interpret(res, payload, info);
    } catch (e) {
      errorName = e instanceof Error ? e.name : "Error";
      throw e;
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener("abort", onCallerAbort);
      this.#o.onRequest?.({ ...info, attempt, status, durationMs: Date.now() - started, error: errorName });
    }
  }

  #fetch(url: string, init: RequestInit): Promise<Response> {
    if (this.#o.fetch) return this.#o.fetch(url, init);
    if (typeof globalThis.fetch !== "function") {
      return Promise.reject(new ConfigurationError("This environment has no fetch; pass one in the PayrollApi options."));
    }
    return globalThis.fetch(url, init);
  }

  #url(req: TransportRequest): string {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) query.set(k, v);
    const qs = query.toString();
    return this.#root + req.path + (qs ? `?${qs}` : "");
  }

  #headers(req: TransportRequest): Record<string, string> {
    const headers: Record<string, string> = {
      Authorization: this.#apiKey,
      Accept: req.accept === "pdf" ? "application/pdf" : "application/json",
    };
    // The document advises Content-Type application/pdf on the PDF request; JSON only with a body
    // (a JSON content type on an empty body is itself malformed input).
    if (req.accept === "pdf") headers["Content-Type"] = "application/pdf";
    else if (req.body !== undefined) headers["Content-Type"] = "application/json";
    return headers;
  }

  #interpret(res: Response, payload: Uint8Array | string, info: RequestInfo): TransportResponse {
    const status = res.status;
    const contentType = res.headers.get("content-type");
    if (status >= 200 && status < 300) {
      if (payload instanceof Uint8Array) return { status, body: payload, contentType };
      if (payload.trim() === "") return { status, body: undefined, contentType };
      try {
        return { status, body: JSON.parse(payload), contentType };
      } catch {
        // 202/204 carry a message at most; tolerate plain text there, never in a result body.
        if (status === 202 || status === 204) return { status, body: this.redact(payload.trim()), contentType };
        throw new UnexpectedResponseError(info, status, [], "the body is not valid JSON");
      }
    }
    const text = typeof payload === "string" ? payload : "";
    const { message, errors } = this.#errorBody(text);
    if (status === 401 || status === 403) throw new UnauthorizedError(info, status, message);
    if (status === 404) throw new NotFoundError(info, message);
    if (status === 429) throw new RateLimitedError(info, parseRetryAfter(res.headers.get("retry-after")), message);
    if (status >= 500) throw new ServerError(info, status, message);
    if (status >= 400) {
      const fallback =
        status === 400 || status === 422
          ? "The payroll service rejected the request"
          : `The payroll service refused the request (HTTP ${status})`;
      throw new ValidationError(info, status, message ?? fallback, errors);
    }
    throw new UnexpectedResponseError(info, status, [], `unexpected HTTP status ${status}`);
  }

  /** `{message, errors?}` when the body has that shape (the sandbox's choice); otherwise nothing. */
  #errorBody(text: string): { message?: string; errors?: Record<string, string> } {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return {};
    }
    const parsed = ErrorBody.safeParse(json);
    if (!parsed.success) return {};
    const errors = parsed.data.errors
      ? Object.fromEntries(Object.entries(parsed.data.errors).map(([k, v]) => [this.redact(k), this.redact(v)]))
      : undefined;
    return { message: this.redact(parsed.data.message), errors };
  }

  #retryPlan(error: PayrollError, req: TransportRequest, retry: number): { delayMs: number; reason: RetryReason } | undefined {
    if (retry > (req.tries !== undefined ? req.tries - 1 : this.#o.maxRetries)) return undefined;
    const { retryBaseMs: base, retryMaxDelayMs: max, random } = this.#o;
    // Refused, so nothing happened: safe for any method once the service's wait is over.
    if (error instanceof RateLimitedError) {
      const wait = error.retryAfterMs;
      if (wait !== undefined && wait > this.#o.maxRetryAfterMs) return undefined;
      const delayMs = wait !== undefined ? wait + Math.floor(random() * base) : base + backoffDelay(retry, base, max, random);
      return { delayMs, reason: "rate_limited" };
    }
    // A write that failed in flight or with a 5xx may have been applied: only reads, and writes that set absolute
    // values (idempotent), are repeated.
    if (req.method !== "GET" && !req.idempotent) return undefined;
    const reason: RetryReason | undefined =
      error instanceof ServerError
        ? "server_error"
        : error instanceof NetworkError
          ? "network_error"
          : error instanceof TimeoutError
            ? "timeout"
            : error instanceof UnexpectedResponseError && req.idempotent
              ? "unreadable_reply"
              : undefined;
    return reason ? { delayMs: backoffDelay(retry, base, max, random), reason } : undefined;
  }

  #asPayrollError(err: unknown, info: RequestInfo): PayrollError {
    const error = err instanceof PayrollError ? err : new NetworkError(info, err);
    if (error.message.includes(this.#apiKey)) error.message = this.redact(error.message);
    return error;
  }

  /** Removes the key from any text that came from elsewhere (service messages may echo headers). */
  redact(text: string): string {
    return text.split(this.#apiKey).join("[API key]");
  }
}

/** A signal that fires when either does (AbortSignal.any is missing from older webviews). */
function anySignal(a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal | undefined {
  if (!a || !b) return a ?? b;
  const both = new AbortController();
  const fire = () => both.abort();
  if (a.aborted || b.aborted) fire();
  a.addEventListener("abort", fire, { once: true });
  b.addEventListener("abort", fire, { once: true });
  return both.signal;
}

/** Validates the base URL and strips trailing slashes (and a `/v1` someone pasted in). */
function serviceRoot(baseUrl: string): string {
  if (typeof baseUrl !== "string") throw new ConfigurationError("The payroll service address is missing.");
  const root = baseUrl.trim().replace(/\/+$/, "").replace(/\/v1$/, "");
  if (root === "" || root.startsWith("/")) return root;
  let url: URL;
  try {
    url = new URL(root);
  } catch {
    throw new ConfigurationError(`The payroll service address "${root}" is not a valid web address.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ConfigurationError(`The payroll service address must start with https:// (got "${url.protocol}").`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new ConfigurationError("The payroll service address must not contain a user name, password, query or #.");
  }
  return root;
}
