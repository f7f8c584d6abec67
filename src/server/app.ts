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
  /** Upstream timeout per proxied request, ms. Default 60 000. */
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
  /** Time a caller has to send a whole request, ms (slow uploads are cut off). Default 30 000. */
  requestTimeoutMs?: number;
  /** Open connections at most; further ones are refused. Default 1 000. */
  maxConnections?: number;
  /** Upstream sockets at most. Default 64. */
  maxUpstreamSockets?: number;
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
  const fastifyOptions: FastifyServerOptions = {
    logger,
    // One line per request, written below, instead of fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimit ?? 10 * 1024 * 1024,
    requestTimeout: options.requestTimeoutMs ?? 30_000,
    connectionTimeout: (options.requestTimeoutMs ?? 30_000) * 2,
    keepAliveTimeout: 5_000,
  };
  const app = options.https
    ? Fastify({ ...fastifyOptions, https: options.https } as FastifyServerOptions)
    : Fastify(fastifyOptions);
  app.server.maxConnections = options.maxConnections ?? 1_000;
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
    timeoutMs: options.proxyTimeoutMs ?? 60_000,
    maxSockets: options.maxUpstreamSockets ?? 64,
    rateLimit: options.rateLimit ?? { max: 300, windowMs: 60_000 },
  });
  await registerFiles(app, options.distDir, { preview: options.servePreview ?? false });
  app.get("/", async (_req, reply) => reply.redirect("/help.html"));
  return app;
}
