/**
 * The production server: serves the built add-in (dist/) and proxies /v1 to the payroll service, so the task pane
 * calls its own origin and the browser never needs the service to allow cross-origin calls.
 * Logs hold method, URL and status only: never request headers (the Authorization header carries the API key).
 */
import path from "path";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import fastifyStatic from "@fastify/static";
import httpProxy from "@fastify/http-proxy";
import helmet from "@fastify/helmet";
import { productionDirectives } from "./csp";

export interface ServerOptions {
  /** The webpack output folder (taskpane.html, preview.html, assets/...). */
  distDir: string;
  /** The payroll service root; requests to /v1/... go to `${serviceUrl}/v1/...`. */
  serviceUrl: string;
  /** Log requests (method, URL, status). Default false. */
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
}

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
        // Only these request fields are ever logged; headers (Authorization) never are. Redaction is a second guard.
        serializers: {
          req: (req) => ({ method: req.method, url: req.url }),
          res: (res) => ({ statusCode: res.statusCode }),
        },
        redact: ["req.headers", "headers.authorization", "*.headers.authorization"],
        ...(options.logStream ? { stream: options.logStream } : {}),
      }
    : false;
  const app = options.https ? Fastify({ logger, https: options.https } as FastifyServerOptions) : Fastify({ logger });

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
    // Office's own pages load the manifest's icons from here.
    crossOriginResourcePolicy: { policy: "cross-origin" },
    hsts: Boolean(options.https) && options.hsts !== false,
  });

  await app.register(httpProxy, {
    upstream,
    prefix: "/v1",
    rewritePrefix,
    http: { requestOptions: { timeout: options.proxyTimeoutMs ?? 60_000 } },
    // The service unreachable or too slow: a gateway error in the service's own error shape ({message}).
    replyOptions: {
      onError: (reply, { error }) => {
        const timedOut = (error as { statusCode?: number }).statusCode === 504;
        void reply.code(timedOut ? 504 : 502).send({
          message: timedOut ? "The payroll service did not answer in time." : "The payroll service could not be reached.",
        });
      },
    },
  });

  await app.register(fastifyStatic, {
    root: path.resolve(options.distDir),
    index: false,
    // Hashed bundles can be cached for long; pages must be revalidated so a new build is picked up.
    setHeaders: (res, filePath) => {
      res.header("Cache-Control", filePath.endsWith(".html") || filePath.endsWith(".xml") ? "no-cache" : "public, max-age=3600");
    },
  });
  app.get("/", async (_req, reply) => reply.redirect("/help.html"));
  return app;
}
