/** Error replies and request parsing shared by the routes. Every error body is `{message}` (+ `errors`). */
import type { FastifyReply } from "fastify";
import { z } from "zod";

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

/** zod issues as `{ "path.to.attr": "message" }` (first message per path; the body root is `base`). */
export function issuesToErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "base";
    if (issue.code === "unrecognized_keys") {
      for (const k of issue.keys) errors[key === "base" ? k : `${key}.${k}`] ??= "is not an accepted attribute";
      continue;
    }
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Parses a request body with a contract schema, or throws 422 with errors keyed by attribute path. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body ?? {});
  if (!r.success) throw unprocessable("Validation failed", issuesToErrors(r.error));
  return r.data;
}

/** A path ID: a positive integer, else the record cannot exist (404). */
export function pathId(raw: string | undefined, what: string): number {
  if (!raw || !/^\d{1,15}$/.test(raw)) throw notFound(what);
  return Number(raw);
}

export function sendError(reply: FastifyReply, err: HttpError): FastifyReply {
  if (err.headers) for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
  return reply.code(err.statusCode).send(err.errors ? { message: err.message, errors: err.errors } : { message: err.message });
}
