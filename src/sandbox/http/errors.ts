/** Errors: HttpError for the routes to throw, and the one handler that turns every error into `{message}` (+ `errors`). */
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { z } from "zod";
import { EMPLOYEE_INCLUDES } from "../../contract";

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const unprocessable = (message: string, errors?: Record<string, string>) => new HttpError(422, message, errors);

/**
 * `--lose-reply-rate`: an onSend hook that, for a share of successful bulk_input answers, loses the answer after
 * the write was applied: half are replaced by a 500, half by a dropped connection. The caller cannot tell whether
 * the entities were saved, which is what a retry of an idempotent write must cope with.
 */
export function loseReplies(rate: number, random: () => number = Math.random) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    if (rate <= 0 || req.method !== "POST" || !req.url.split("?")[0].endsWith("/bulk_input")) return payload;
    if (reply.statusCode >= 300 || random() >= rate) return payload;
    if (random() < 0.5) {
      req.raw.socket?.destroy();
      return payload;
    }
    reply.code(500);
    return JSON.stringify({ message: "Simulated lost answer (--lose-reply-rate): the write was applied" });
  };
}

/** What a zod issue and fastify's record of one have in common: where, which check, what it says. */
interface Issue {
  path: readonly PropertyKey[];
  code: string;
  message: string;
  keys?: readonly string[];
}

/** Issues as `{ "path.to.attr": "message" }` (first message per path; the body root is `base`). */
function errorsByPath(issues: readonly Issue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "base";
    if (issue.code === "unrecognized_keys") {
      for (const k of issue.keys ?? []) errors[key === "base" ? k : `${key}.${k}`] ??= "is not an accepted attribute";
      continue;
    }
    errors[key] ??= issue.message;
  }
  return errors;
}

export const issuesToErrors = (error: z.ZodError): Record<string, string> => errorsByPath(error.issues);

/** Parses a body whose schema depends on the request (a report's), or throws 422 with errors keyed by attribute path. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body ?? {});
  if (!r.success) throw unprocessable("Validation failed", issuesToErrors(r.error));
  return r.data;
}

function sendError(reply: FastifyReply, err: HttpError): FastifyReply {
  if (err.headers) for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
  return reply.code(err.statusCode).send(err.errors ? { message: err.message, errors: err.errors } : { message: err.message });
}

/**
 * A route schema's verdict (fastify-type-provider-zod) as the service's error: a bad path parameter names no record
 * (404, its schema's message); a bad body or query is 422 with errors keyed by attribute path. A query's message
 * names each bad parameter and the value sent (`queryMessage`), read from the request's query as it arrived.
 */
function validationError(err: FastifyError & { validation: FastifySchemaValidationError[] }, req: FastifyRequest): HttpError {
  const issues: Issue[] = err.validation.map((v) => ({
    path: v.instancePath.split("/").filter(Boolean),
    code: v.keyword,
    message: v.message ?? "is invalid",
    keys: Array.isArray(v.params.keys) ? v.params.keys.map(String) : undefined,
  }));
  if (err.validationContext === "params") return new HttpError(404, issues[0].message);
  const errors = errorsByPath(issues);
  if (err.validationContext !== "querystring") return unprocessable("Validation failed", errors);
  const query = (req.query ?? {}) as Record<string, unknown>;
  const schema = req.routeOptions.schema?.querystring;
  const messages = Object.entries(errors).map(([name, detail]) =>
    queryMessage(name, query[name], detail, allowedValues(name, schema)),
  );
  return unprocessable(messages.join(". "), errors);
}

/** Query parameters that take a comma-separated list, and the values each list may hold. */
const QUERY_LISTS: Record<string, readonly string[]> = { include: EMPLOYEE_INCLUDES };

/**
 * The values a query parameter accepts, when they are a fixed set: a list parameter's (QUERY_LISTS), or the options
 * of an enum in the route's query schema (`format`: simplified).
 */
function allowedValues(name: string, querySchema: unknown): readonly string[] | undefined {
  if (QUERY_LISTS[name]) return QUERY_LISTS[name];
  if (!(querySchema instanceof z.ZodObject)) return undefined;
  let field: unknown = (querySchema.shape as Record<string, unknown>)[name];
  while (field instanceof z.ZodOptional || field instanceof z.ZodDefault) field = field.unwrap();
  return field instanceof z.ZodEnum ? (field.options as readonly string[]) : undefined;
}

/**
 * A bad query parameter named with the value sent, as the service said before the routes were typed:
 * `Unknown include "x"; allowed: service_periods, ...`, `Unknown format "short"; allowed: simplified`,
 * `Invalid date "2026-13-01": must be a YYYY-MM-DD date`, `date is required (YYYY-MM-DD)`.
 */
function queryMessage(name: string, value: unknown, detail: string, allowed?: readonly string[]): string {
  if (value === undefined) return `${name} ${detail}`;
  if (typeof value === "string" && allowed) {
    const sent = QUERY_LISTS[name]
      ? value
          .split(",")
          .map((p) => p.trim())
          .filter(Boolean)
      : [value];
    const unknown = sent.filter((p) => !allowed.includes(p));
    if (unknown.length)
      return `Unknown ${name} ${unknown.map((p) => JSON.stringify(p)).join(", ")}; allowed: ${allowed.join(", ")}`;
  }
  return `Invalid ${name} ${JSON.stringify(value)}: ${detail}`;
}

/**
 * The one error handler: every error body is `{message}` (+ `errors`). Only an unhandled error is logged, as the
 * error itself: never the request's headers, so never the Authorization header.
 */
export function handleError(err: FastifyError | HttpError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (err instanceof HttpError) return sendError(reply, err);
  if (hasZodFastifySchemaValidationErrors(err)) return sendError(reply, validationError(err, req));
  const status = err.statusCode ?? 500;
  if (status === 429) return reply.code(429).send({ message: err.message || "Too many requests" });
  if (status === 415)
    return reply.code(415).send({ message: "Unsupported Content-Type: send JSON with Content-Type application/json" });
  if (status === 413) return reply.code(413).send({ message: "Request body too large" });
  if (status >= 400 && status < 500)
    return reply.code(status).send({ message: status === 400 ? "Malformed request" : err.message });
  req.log.error({ err }, "unhandled error");
  return reply.code(500).send({ message: "Internal server error" });
}
