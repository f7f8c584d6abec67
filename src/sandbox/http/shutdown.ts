/**
 * Shutdown (close(), SIGINT/SIGTERM): a request the sandbox refuses with 503 has changed nothing, and a request it
 * was already handling is answered normally (with --data, durably) or, if it can no longer be, not applied.
 *
 * 1. Stopping (fastify's preClose, before it stops listening): every new request is refused at once with 503
 *    `{message}`, in the first onRequest hook, before authentication, latency, parsing or its handler. The requests
 *    admitted before are awaited (they may be sleeping out --latency-ms or waiting for their journal append): each
 *    is answered as usual. This covers inject() requests too, which no connection holds open.
 * 2. Stopped (the onClose hook, once fastify has stopped listening, before the last save): a handler that has not
 *    run yet refuses with 503 instead of running. That is a request whose caller went away while it waited (so it
 *    was not awaited in step 1): it must not change the state that the last snapshot is being written from. The
 *    check is in the same synchronous step as the handler's own changes (every handler changes the store
 *    synchronously), so nothing slips in between.
 *
 * Replies sent from step 1 on carry `Connection: close`, so a caller's keep-alive connection does not hold the
 * shutdown (and the last save) until its idle timeout.
 */
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from "fastify";
import { HttpError } from "./errors";

export const STOPPING_MESSAGE = "The sandbox is shutting down: the request was not applied; send it again once it is back";

export class Shutdown {
  private stopping = false;
  private stopped = false;
  /** Requests admitted before stopping began and not yet answered (or given up by their caller). */
  private readonly admitted = new Set<FastifyRequest["raw"]>();
  private drained: (() => void) | null = null;

  /** Installs the hooks; call before any route or plugin is registered, so they come first and wrap every handler. */
  install(app: FastifyInstance): void {
    const stopped = () => this.stopped;
    app.addHook("onRoute", (route) => {
      const handler = route.handler as (this: unknown, ...args: unknown[]) => unknown;
      route.handler = function (this: unknown, ...args: unknown[]) {
        if (stopped()) throw new HttpError(503, STOPPING_MESSAGE);
        return handler.apply(this, args);
      } as RouteHandlerMethod;
    });
    app.addHook("onRequest", async (req, reply) => {
      if (this.stopping) return reply.code(503).send({ message: STOPPING_MESSAGE });
      this.admitted.add(req.raw);
      // "close" comes when the reply is sent and when the connection is lost first.
      reply.raw.once("close", () => this.done(req.raw));
    });
    app.addHook("onResponse", async (req) => this.done(req.raw));
    app.addHook("onSend", async (_req, reply, payload) => {
      if (this.stopping) reply.header("connection", "close");
      return payload;
    });
    app.addHook("preClose", async () => {
      this.stopping = true;
      if (this.admitted.size) await new Promise<void>((resolve) => (this.drained = resolve));
    });
  }

  /** From now on no handler runs (call in onClose, before the last save). */
  stop(): void {
    this.stopping = true;
    this.stopped = true;
  }

  private done(raw: FastifyRequest["raw"]): void {
    if (this.admitted.delete(raw) && this.admitted.size === 0 && this.drained) {
      this.drained();
      this.drained = null;
    }
  }
}
