/**
 * The /v1 proxy to the payroll service, hardened for traffic from anywhere: the pane on this origin is its only
 * legitimate caller, so it forwards only what the pane sends and answers only what the pane reads.
 * - Routes: only the service's documented ones (./routes.ts), with plain path segments; any other /v1 path is 404.
 * - Framing: the upstream client is undici (through @fastify/reply-from), which writes each request's framing itself.
 *   A body is sent upstream only when one was parsed here (JSON on POST/PATCH), with the length of what is sent; a GET
 *   or DELETE carrying a body is refused (400) and its connection closed, so no announced body can go missing and no
 *   caller's bytes can be read by the service as another request.
 * - Request headers: the pane's own (Authorization, Content-Type, Accept…). Hop-by-hop headers (RFC 9110 §7.6.1),
 *   cookies, proxy credentials and any X-Forwarded-* or Forwarded header a caller made up are dropped; X-Forwarded-For is
 *   set from the socket, so the service sees who really called.
 * - Answers: only JSON, and PDF for payslips, pass (and bodiless 204 and 304). Anything else (an HTML error page, a
 *   script) would be served on the add-in's origin: it becomes a 502 {message}. Hop-by-hop headers, headers the
 *   service names in Connection, Set-Cookie and the service's own security headers are dropped (helmet's stay);
 *   every answer is `Cache-Control: no-store`.
 * - Limits: a capped upstream pool, of which one address may hold only a share; an upstream that does not answer in
 *   time gives 504; a caller who leaves frees its upstream socket at once; no retries (a 503 reaches the service once);
 *   a per-address rate limit answers 429 before anything is forwarded.
 */
import { AsyncLocalStorage } from "async_hooks";
import type { IncomingHttpHeaders } from "http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import replyFrom from "@fastify/reply-from";
import rateLimit from "@fastify/rate-limit";
import { Pool, type Dispatcher } from "undici";
import { SERVICE_ROUTES, isPlainPath } from "./routes";

export interface ProxyOptions {
  upstream: string;
  rewritePrefix: string;
  /** Time the service has to send its answer's headers, and then between chunks of its body, ms. */
  timeoutMs: number;
  /** Upstream connections at most (the pool). */
  maxSockets: number;
  /** Upstream requests one caller address may have waiting at once; further ones get 429. */
  maxSocketsPerAddress: number;
  /** Requests per address per window; false turns the limit off. */
  rateLimit: { max: number; windowMs: number } | false;
}

/** Request headers never forwarded: hop-by-hop, framing (undici writes its own), cookies, proxy credentials, and forwarding claims. */
const DROPPED_REQUEST = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "content-length",
  "expect",
  "upgrade",
  "cookie",
  "forwarded",
  "x-real-ip",
]);
/** Answer headers never passed to the pane: hop-by-hop, cookies, and those helmet sets (its values must win). */
const DROPPED_ANSWER = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "set-cookie",
  "content-security-policy",
  "content-security-policy-report-only",
  "cross-origin-embedder-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "origin-agent-cluster",
  "referrer-policy",
  "strict-transport-security",
  "x-content-type-options",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
]);
/** What the pane reads from the service: JSON everywhere, a PDF for GET /payslips/:id.pdf. */
const ALLOWED_TYPES = ["application/json", "application/pdf"];

/** The names a Connection header lists (RFC 9110 §7.6.1): hop-by-hop too. */
const connectionNames = (headers: IncomingHttpHeaders) =>
  String(headers.connection ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

export function forwardedRequestHeaders(
  request: { body?: unknown; raw: { socket: { remoteAddress?: string } } },
  headers: IncomingHttpHeaders,
): IncomingHttpHeaders {
  const named = new Set(connectionNames(headers));
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (DROPPED_REQUEST.has(lower) || named.has(lower) || lower.startsWith("x-forwarded-")) continue;
    out[lower] = value;
  }
  // reply-from sends a body only when one was parsed (a truthy request.body), and then sets its length itself.
  if (request.body && headers["content-length"] !== undefined) out["content-length"] = headers["content-length"];
  out["x-forwarded-for"] = request.raw.socket.remoteAddress ?? "";
  return out;
}

export function passedAnswerHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = new Set(connectionNames(headers));
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (!DROPPED_ANSWER.has(lower) && !named.has(lower)) out[name] = value;
  }
  out["cache-control"] = "no-store";
  return out;
}

export const isAllowedAnswerType = (contentType: string | undefined) =>
  ALLOWED_TYPES.includes((contentType ?? "").split(";")[0].trim().toLowerCase());

const gatewayError = (reply: FastifyReply, code: number, message: string) =>
  reply.code(code).header("cache-control", "no-store").type("application/json").send({ message });

/** Whether a request announces a body (a length above 0, or chunks). */
const announcesBody = (headers: IncomingHttpHeaders) =>
  headers["transfer-encoding"] !== undefined ||
  (headers["content-length"] !== undefined && headers["content-length"] !== "0");

export async function registerServiceProxy(app: FastifyInstance, options: ProxyOptions): Promise<void> {
  // reply-from hands undici no way to cancel a request; the caller's signal travels beside the call instead, so a
  // caller who hangs up frees the upstream socket at once instead of holding it until the timeout.
  const callerSignal = new AsyncLocalStorage<AbortSignal>();
  const pool = new Pool(options.upstream, {
    connections: options.maxSockets,
    pipelining: 1,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connectTimeout: Math.min(options.timeoutMs, 10_000),
  });
  const dispatcher = {
    request: (opts: Dispatcher.RequestOptions, callback: (err: Error | null, data: Dispatcher.ResponseData) => void) =>
      pool.request({ ...opts, signal: callerSignal.getStore() }, callback),
  };
  app.addHook("onClose", async () => pool.destroy());

  if (options.rateLimit) {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_req, context) => ({
        statusCode: 429,
        message: `Too many requests from this address; try again in ${Math.ceil(context.ttl / 1000)} s.`,
      }),
    });
  }
  await app.register(replyFrom, {
    base: options.upstream,
    undici: dispatcher as unknown as Pool,
    disableRequestLogging: true,
  });

  const waiting = new Map<string, number>();
  const replyOptions = {
    rewriteRequestHeaders: forwardedRequestHeaders,
    rewriteHeaders: passedAnswerHeaders,
    // No retries: a POST must not run twice, and a 503 goes back to the pane (which waits and retries itself).
    retryDelay: () => null,
    onResponse: (
      _request: FastifyRequest,
      reply: FastifyReply,
      res: { headers: IncomingHttpHeaders; stream: NodeJS.ReadableStream & { destroy(): void } },
    ) => {
      // The answer's headers are already on the reply (rewriteHeaders); its body is res.stream.
      // 204 and 304 carry no body (a report job still running answers 204), so there is nothing to check.
      const bodiless = reply.statusCode === 204 || reply.statusCode === 304;
      if (bodiless || isAllowedAnswerType(String(reply.getHeader("content-type") ?? ""))) return void reply.send(res.stream);
      res.stream.destroy();
      // The service's headers (its length, type) described the refused body; helmet's stay.
      for (const name of Object.keys(passedAnswerHeaders(res.headers))) reply.removeHeader(name);
      void gatewayError(reply, 502, "The payroll service answered with something other than JSON; nothing was passed on.");
    },
    // The service unreachable or too slow: a gateway error in the service's own error shape ({message}).
    onError: (reply: FastifyReply, { error }: { error: Error & { statusCode?: number } }) => {
      const timedOut = error.statusCode === 504;
      void gatewayError(
        reply,
        timedOut ? 504 : 502,
        timedOut ? "The payroll service did not answer in time." : "The payroll service could not be reached.",
      );
    },
  };

  const forward = (request: FastifyRequest, reply: FastifyReply) => {
    const pathName = request.url.split("?")[0];
    if (!isPlainPath(pathName)) return gatewayError(reply, 404, "There is no such payroll service address.");
    if (request.method !== "POST" && request.method !== "PATCH" && announcesBody(request.headers))
      return gatewayError(reply.header("connection", "close"), 400, `A ${request.method} request cannot carry a body.`);
    const address = request.ip;
    const held = waiting.get(address) ?? 0;
    if (held >= options.maxSocketsPerAddress)
      return gatewayError(
        reply.header("retry-after", "1"),
        429,
        "Too many requests from this address are waiting for the payroll service; try again shortly.",
      );
    waiting.set(address, held + 1);
    const caller = new AbortController();
    const release = () => {
      const left = (waiting.get(address) ?? 1) - 1;
      if (left > 0) waiting.set(address, left);
      else waiting.delete(address);
      caller.abort(); // a no-op once the answer has been sent whole
    };
    // A caller can leave while its request waits in the hooks (under load, seconds): its close has then already
    // fired, and a request forwarded for it would hold an upstream socket until the service's timeout.
    if (reply.raw.destroyed || request.raw.socket.destroyed) release();
    else reply.raw.once("close", release);
    return callerSignal.run(caller.signal, () =>
      reply.from(options.rewritePrefix + pathName.slice("/v1".length), replyOptions as never),
    );
  };

  const config: object = options.rateLimit
    ? { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.windowMs } }
    : {};
  for (const [method, url] of SERVICE_ROUTES)
    app.route({ method, url: `/v1${url}`, exposeHeadRoute: false, config, handler: forward });
  // Everything else under /v1 stops here, whatever the method.
  app.all("/v1/*", { config }, async (_request, reply) =>
    gatewayError(reply, 404, "There is no such payroll service address."),
  );
}
