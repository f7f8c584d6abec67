/**
 * The production server: serves the built add-in (dist/) and proxies /v1 to the payroll service, so the task pane
 * calls its own origin and the browser never needs the service to allow cross-origin calls.
 * Logs hold method, URL, status and time only: never headers (the Authorization header carries the API key), bodies,
 * error stacks or upstream addresses. What the proxy lets through is in ./proxy.ts, what files it serves in ./files.ts.
 */
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from "fastify";
import helmet from "@fastify/helmet";
import { productionDirectives } from "./csp";
import { registerFiles } from "./files";
import { capConnectionsPerAddress } from "./limits";
import { registerServiceProxy } from "./proxy";

export interface ServerOptions {
  /** The webpack output folder (taskpane.html, assets/...). */
  distDir: string;
  /** The payroll service root; requests to /v1/... go to `${serviceUrl}/v1/...`. */
  serviceUrl: string;
  /** Log requests (method, URL, status, time). Default false. */
  logger?: boolean;
  /** Where log lines go (default stdout); tests pass a stream to inspect them. */
  logStream?: NodeJS.WritableStream;
  /** TLS key and certificate (PEM) to serve https; Office requires https outside localhost development. */
  https?: { key: Buffer | string; cert: Buffer | string; ca?: Buffer | string };
  /**
   * Time the service has to answer (its headers, then each gap in its body) before the pane gets 504 {message}, ms.
   * Default 25 000: under the pane's own 30 s per request (src/api/transport.ts), so the pane hears why.
   */
  proxyTimeoutMs?: number;
  /** Origins the pane may call directly besides its own (a custom service address that is not proxied). */
  connectSrc?: string[];
  /** Further pages allowed to frame the pane, beyond Office's (src/server/csp.ts). */
  frameAncestors?: string[];
  /** Send Strict-Transport-Security when serving https. Default true; off for localhost dev certificates. */
  hsts?: boolean;
  /** Serve preview.html (the e2e harness, a demo). Default false: in production any page could frame it. */
  servePreview?: boolean;
  /** Largest request body, bytes (/v1 bodies are JSON). Default 10 MB: the pane's bulk_input chunks stay far below. */
  bodyLimit?: number;
  /** Time a caller has to send a request's headers, ms (slow headers are cut off). Default 10 000. */
  headersTimeoutMs?: number;
  /** Time a caller has to send a whole request, ms (slow uploads are cut off). Default 30 000. */
  requestTimeoutMs?: number;
  /** How often the two timeouts above are checked, ms: a slow caller is cut at most this late. Default 1 000. */
  timeoutCheckMs?: number;
  /** Open connections at most; further ones are closed. Default 1 000. */
  maxConnections?: number;
  /** Open connections per caller address at most; further ones are closed. Default 100. */
  maxConnectionsPerAddress?: number;
  /** Upstream sockets at most. Default 64. */
  maxUpstreamSockets?: number;
  /** Upstream requests one caller address may have waiting at once (further ones get 429). Default 16. */
  maxUpstreamPerAddress?: number;
  /** /v1 requests per caller address per window (default 300 per 60 s; the pane sends at most 5 a second); false: none. */
  rateLimit?: { max: number; windowMs: number } | false;
}

/** The fields a log line may carry besides level, time and message. */
const LOG_FIELDS = ["reqId", "method", "url", "statusCode", "ms"];
const pickLogFields = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([key]) => LOG_FIELDS.includes(key)));

/** Splits a service root into the proxy's upstream origin and the path that /v1 maps to. */
export function proxyTarget(serviceUrl: string): { upstream: string; rewritePrefix: string } {
  let url: URL;
  try {
    url = new URL(serviceUrl);
  } catch {
    throw new Error(`The service URL "${serviceUrl}" is not a valid URL (expected e.g. https://payroll.example.com).`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error("The service URL must start with http:// or https://.");
  if (url.username || url.password) throw new Error("The service URL must not contain a user name or password.");
  return { upstream: url.origin, rewritePrefix: `${url.pathname.replace(/\/+$/, "")}/v1` };
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { upstream, rewritePrefix } = proxyTarget(options.serviceUrl);
  const logger: FastifyServerOptions["logger"] = options.logger
    ? {
        level: "info",
        // An allowlist, whatever a plugin passes to the logger: never headers (Authorization), bodies, error objects
        // (stacks, upstream addresses). The message text stays; the line per request is written below.
        formatters: { log: (fields: Record<string, unknown>) => pickLogFields(fields) },
        ...(options.logStream ? { stream: options.logStream } : {}),
      }
    : false;
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const headersTimeout = Math.min(options.headersTimeoutMs ?? 10_000, requestTimeout);
  const proxyTimeout = options.proxyTimeoutMs ?? 25_000;
  // Node checks both timeouts every connectionsCheckingInterval (30 s by default, which let a slow caller stay up to
  // 30 s past them); headersTimeout must also be set here, or Node keeps its own 60 s.
  const nodeTimeouts = {
    headersTimeout,
    requestTimeout,
    connectionsCheckingInterval: options.timeoutCheckMs ?? Math.min(1_000, Math.ceil(headersTimeout / 4)),
  };
  const fastifyOptions: FastifyServerOptions = {
    logger,
    // One line per request, written below, instead of fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimit ?? 10 * 1024 * 1024,
    requestTimeout,
    // The idle-socket timeout outlasts the wait for the service, so a slow service gives 504 and not a reset.
    connectionTimeout: Math.max(requestTimeout, proxyTimeout) + 10_000,
    keepAliveTimeout: 5_000,
  };
  const app = options.https
    ? Fastify({ ...fastifyOptions, https: { ...options.https, ...nodeTimeouts } } as FastifyServerOptions)
    : Fastify({ ...fastifyOptions, http: nodeTimeouts } as FastifyServerOptions);
  // The service takes JSON bodies only (payroll-api.md, "Endpoints"): no text/plain body is parsed, let alone forwarded.
  app.removeContentTypeParser("text/plain");
  app.server.maxConnections = options.maxConnections ?? 1_000;
  capConnectionsPerAddress(app.server, options.maxConnectionsPerAddress ?? 100);
  if (options.logger)
    app.addHook("onResponse", async (request, reply) => {
      request.log.info({
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      });
    });

  // Security headers on every response; the policy itself is src/server/csp.ts (shared with the dev server).
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: productionDirectives({
        connectSrc: options.connectSrc,
        frameAncestors: options.frameAncestors,
        upgradeInsecureRequests: Boolean(options.https),
      }),
    },
    // Office on the web frames the pane: frame-ancestors governs, and X-Frame-Options (SAMEORIGIN) would refuse it.
    frameguard: false,
    // Only the icons are for other origins (Office's pages): files.ts opens them alone.
    crossOriginResourcePolicy: { policy: "same-origin" },
    hsts: Boolean(options.https) && options.hsts !== false,
  });

  await registerServiceProxy(app, {
    upstream,
    rewritePrefix,
    timeoutMs: proxyTimeout,
    maxSockets: options.maxUpstreamSockets ?? 64,
    maxSocketsPerAddress: options.maxUpstreamPerAddress ?? 16,
    rateLimit: options.rateLimit ?? { max: 300, windowMs: 60_000 },
  });
  await registerFiles(app, options.distDir, { preview: options.servePreview ?? false });
  app.get("/", async (_req, reply) => reply.redirect("/help.html"));
  return app;
}
