/**
 * The fastify server: body parsing, the validator and error handler, the unknown-route 404, authentication, rate
 * limit, latency and fault hooks, shutdown and --data durability around the service's routes under /v1.
 * buildSandboxApp() gives an app for inject() tests; startSandbox() listens on a port.
 */
import { createHash } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { fixedClock } from "../service/clock";
import type { Ctx } from "../service/context";
import { generateDemo } from "../demo/generate";
import { HttpError, handleError, loseReplies } from "./errors";
import { Payroll } from "../service/payroll";
import { Persistence } from "../store/persistence";
import { ReportQueue } from "../service/reportQueue";
import { Shutdown } from "./shutdown";
import { resolveOptions, type SandboxOptions } from "./options";
import { registerBulkInput } from "../service/routes/bulkInput";
import { registerCalculations } from "../service/routes/calculations";
import { registerCore } from "../service/routes/core";
import { registerPayslips } from "../service/routes/payslips";
import { registerLeave } from "../service/routes/leave";
import { registerProfileMappings } from "../service/routes/profileMappings";
import { registerServicePeriods } from "../service/routes/servicePeriods";
import { registerReports } from "../service/routes/reports";
import { registerOperator } from "./operator";
import { Store } from "../store/store";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function buildSandboxApp(opts: SandboxOptions = {}): Promise<FastifyInstance> {
  const o = resolveOptions(opts);
  const clock = fixedClock(o.today);
  const persistence = o.dataFile ? new Persistence(o.dataFile) : null;
  const loaded = persistence ? await persistence.load() : null;
  const store: Store = loaded ?? generateDemo({ seed: o.seed, employees: o.employees, today: o.today });
  if (persistence) await persistence.open(store, loaded !== null);

  const app = Fastify({
    logger: o.logger
      ? {
          level: "info",
          // Only method and URL of requests are logged; the Authorization header never is.
          serializers: { req: (req) => ({ method: req.method, url: req.url }) },
          redact: { paths: ["req.headers.authorization", "headers.authorization", "authorization"], censor: "[redacted]" },
        }
      : false,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 20 * 1024 * 1024,
    // Requests that come while closing are refused by shutdown.ts, with the service's {message} body.
    return503OnClosing: false,
  });

  const ctx: Ctx = {
    store,
    clock,
    opts: o,
    payroll: null as unknown as Payroll,
    reports: new ReportQueue(o.reportQueue, o.reportJobMs),
    changed: () => persistence?.scheduleSave(),
  };
  ctx.payroll = new Payroll(store, clock, o.recalcMs, () => ctx.changed());
  // Shutdown: refuse new requests before anything runs, answer the ones in flight, then save (shutdown.ts).
  const shutdown = new Shutdown();
  shutdown.install(app);
  // --data: no reply leaves until every change made so far is on disk (group commit; see store/persistence.ts).
  if (persistence)
    app.addHook("onSend", async (_req, _reply, payload) => {
      await persistence.durable();
      return payload;
    });

  // JSON bodies: an empty body (DELETE with a Content-Type header) is no body; anything unparsable is a 400.
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === "") return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, "Malformed JSON in the request body"), undefined);
    }
  });
  // The document suggests GETting the PDF with Content-Type application/pdf: accept (and ignore) such bodies.
  app.addContentTypeParser("application/pdf", (_req, _payload, done) => done(null, undefined));

  app.setErrorHandler(handleError);
  // Route schemas (params, querystring, body) are zod schemas from the contract. Replies are not: they go out as
  // the routes build them, with fastify's plain JSON serialisation.
  app.setValidatorCompiler(validatorCompiler);
  app.setNotFoundHandler((req, reply) => reply.code(404).send({ message: `No route ${req.method} ${req.url.split("?")[0]}` }));

  await app.register(
    async (v1) => {
      if (o.rateLimit > 0) {
        await v1.register(rateLimit, {
          max: o.rateLimit,
          timeWindow: 60_000,
          // Per key; the key itself is hashed so it is not kept as-is even in memory.
          keyGenerator: (req) => {
            const auth = req.headers.authorization;
            return auth ? createHash("sha256").update(auth).digest("hex") : `ip:${req.ip}`;
          },
          errorResponseBuilder: (_req, c) => ({
            statusCode: 429,
            message: `Rate limit of ${c.max} requests per minute exceeded; retry in ${Math.ceil(c.ttl / 1000)} s`,
          }),
        });
      }
      v1.addHook("onRequest", async (req, reply) => {
        if (o.latencyMs > 0) await sleep(o.latencyMs);
        const auth = req.headers.authorization;
        if (auth === undefined || auth === "")
          return reply.code(401).send({ message: "Missing API key: send it as the Authorization header" });
        if (auth !== o.apiKey) {
          const scheme = /^\s*(bearer|basic|token)\s/i.test(auth);
          return reply.code(401).send({
            message: scheme
              ? "Invalid API key: send the raw key as the Authorization header, with no scheme word"
              : "Invalid API key",
          });
        }
        if (o.failRate > 0 && Math.random() < o.failRate)
          return reply.code(500).send({ message: "Simulated failure (--fail-rate)" });
      });
      if (o.loseReplyRate > 0) v1.addHook("onSend", loseReplies(o.loseReplyRate));
      const api = v1.withTypeProvider<ZodTypeProvider>();
      registerCore(api, ctx);
      registerPayslips(api, ctx);
      registerCalculations(api, ctx);
      registerBulkInput(api, ctx);
      registerServicePeriods(api, ctx);
      registerLeave(api, ctx);
      registerProfileMappings(api, ctx);
      registerReports(api, ctx);
    },
    { prefix: "/v1" },
  );
  registerOperator(app, ctx);

  app.addHook("onClose", async () => {
    shutdown.stop();
    ctx.payroll.close();
    ctx.reports.close();
    if (persistence) await persistence.flush();
  });
  return app;
}

export interface RunningSandbox {
  /** Service root, e.g. http://127.0.0.1:54321; endpoints are at url + "/v1/...". */
  url: string;
  apiKey: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const o = resolveOptions(opts);
  const app = await buildSandboxApp(opts);
  await app.listen({ port: o.port, host: o.host });
  const addr = app.server.address();
  const port = typeof addr === "object" && addr ? addr.port : o.port;
  const host = o.host.includes(":") ? `[${o.host}]` : o.host;
  return { url: `http://${host}:${port}`, apiKey: o.apiKey, app, close: () => closeWithGrace(app) };
}

/** How long in-flight requests get to finish when the sandbox closes. */
const CLOSE_GRACE_MS = 5_000;

/**
 * Closes the sandbox: in-flight requests get a short grace, then every connection is cut. A client that gave up
 * mid-response (an aborted PDF download) can leave its connection open, unread, until Node's own timeouts, about a
 * minute later; close() would wait that long (a flow test's afterAll hit its 20 s limit 1 run in 4 under load).
 */
async function closeWithGrace(app: FastifyInstance): Promise<void> {
  const closing = app.close();
  const grace = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
  try {
    await closing;
  } finally {
    clearTimeout(grace);
  }
}
