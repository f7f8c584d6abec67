/**
 * The /v1 proxy to the payroll service, hardened for traffic from anywhere: the pane on this origin is its only
 * legitimate caller, so it forwards only what the pane sends and answers only what the pane reads.
 * - Request headers: the pane's own (Authorization, Content-Type, Accept…). Hop-by-hop headers (RFC 9110 §7.6.1),
 *   cookies, proxy credentials and any X-Forwarded-* or Forwarded header a caller made up are dropped; X-Forwarded-For is set
 *   from the socket, so the service sees who really called.
 * - Bodies: parsed as JSON under the server's body limit (fastify's parser), so an oversized or non-JSON body is
 *   refused here (413 / 415) and never reaches the service. The pane sends nothing else.
 * - Answers: only JSON, and PDF for payslips, pass (and bodiless 204 and 304). Anything else (an HTML error page, a script) would be served on
 *   the add-in's origin, where the CSP allows 'self' scripts: it becomes a 502 {message}. Hop-by-hop headers and
 *   Set-Cookie are dropped; every answer is `Cache-Control: no-store` (payroll data and the key's answers).
 * - Limits: upstream sockets are pooled and capped, each upstream request times out, and a per-address rate limit
 *   answers 429 before anything is forwarded.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import httpProxy from "@fastify/http-proxy";
import rateLimit from "@fastify/rate-limit";
import type { IncomingHttpHeaders } from "http";

export interface ProxyOptions {
  upstream: string;
  rewritePrefix: string;
  /** Upstream timeout per request, ms. */
  timeoutMs: number;
  /** Upstream sockets at most (keep-alive pool). */
  maxSockets: number;
  /** Requests per address per window; false turns the limit off. */
  rateLimit: { max: number; windowMs: number } | false;
}

/** Request headers never forwarded: hop-by-hop, cookies, proxy credentials, and forwarding claims made by the caller. */
const DROPPED_REQUEST = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "cookie",
  "forwarded",
  "x-real-ip",
]);
/** Answer headers never passed to the pane. */
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
]);
/** What the pane reads from the service: JSON everywhere, a PDF for GET …/payslips/:id/pdf. */
const ALLOWED_TYPES = ["application/json", "application/pdf"];

export function forwardedRequestHeaders(
  request: { raw: { socket: { remoteAddress?: string } } },
  headers: IncomingHttpHeaders,
): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (DROPPED_REQUEST.has(lower) || lower.startsWith("x-forwarded-")) continue;
    out[lower] = value;
  }
  out["x-forwarded-for"] = request.raw.socket.remoteAddress ?? "";
  return out;
}

export function passedAnswerHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!DROPPED_ANSWER.has(name.toLowerCase())) out[name] = value;
  out["cache-control"] = "no-store";
  return out;
}

export const isAllowedAnswerType = (contentType: string | undefined) =>
  ALLOWED_TYPES.includes((contentType ?? "").split(";")[0].trim().toLowerCase());

const gatewayError = (reply: FastifyReply, code: number, message: string) =>
  reply.code(code).header("cache-control", "no-store").type("application/json").send({ message });

export async function registerServiceProxy(app: FastifyInstance, options: ProxyOptions): Promise<void> {
  if (options.rateLimit) {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_req, context) => ({
        statusCode: 429,
        message: `Too many requests from this address; try again in ${Math.ceil(context.ttl / 1000)} s.`,
      }),
    });
  }
  await app.register(httpProxy, {
    upstream: options.upstream,
    prefix: "/v1",
    rewritePrefix: options.rewritePrefix,
    // Bodies go through fastify's own parsers (JSON, under bodyLimit), not streamed through unchecked.
    proxyPayloads: false,
    config: options.rateLimit ? { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.windowMs } } : {},
    http: {
      requestOptions: { timeout: options.timeoutMs },
      agentOptions: { keepAlive: true, maxSockets: options.maxSockets, maxFreeSockets: 16 },
    },
    replyOptions: {
      rewriteRequestHeaders: forwardedRequestHeaders,
      rewriteHeaders: passedAnswerHeaders,
      onResponse: (_request, reply, res) => {
        // The answer's headers are already on the reply (rewriteHeaders); its body is res.stream.
        // 204 and 304 carry no body (a report job still running answers 204), so there is nothing to check.
        const bodiless = reply.statusCode === 204 || reply.statusCode === 304;
        if (bodiless || isAllowedAnswerType(String(reply.getHeader("content-type") ?? ""))) return void reply.send(res.stream);
        res.stream.destroy();
        void gatewayError(
          reply as unknown as FastifyReply,
          502,
          "The payroll service answered with something other than JSON; nothing was passed on.",
        );
      },
      // The service unreachable or too slow: a gateway error in the service's own error shape ({message}).
      onError: (reply, { error }) => {
        const timedOut = (error as { statusCode?: number }).statusCode === 504;
        void gatewayError(
          reply as FastifyReply,
          timedOut ? 504 : 502,
          timedOut ? "The payroll service did not answer in time." : "The payroll service could not be reached.",
        );
      },
    },
  });
}
