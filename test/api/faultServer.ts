/**
 * A tiny misbehaving HTTP server for the PayrollApi's fault tests. Each request to `METHOD /v1/path` takes the next
 * scripted behaviour for that route (or the route's default), and every request is recorded.
 */
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";

export type Behaviour =
  | { status: number; body?: unknown; raw?: string | Buffer; headers?: Record<string, string>; delayMs?: number }
  /** Destroy the socket without answering (a dropped connection). */
  | { drop: true; delayMs?: number }
  /** Send headers and part of a body, then never finish. */
  | { stall: true };

export interface Recorded {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  at: number;
}

export interface FaultServer {
  url: string;
  requests: Recorded[];
  /** Queues behaviours for `METHOD /path` (path relative to /v1, without query). */
  script(route: string, ...behaviours: Behaviour[]): void;
  /** Behaviour used when the route's queue is empty. */
  setDefault(route: string, behaviour: Behaviour): void;
  hits(route: string): number;
  /** Highest number of requests the server was handling at the same time. */
  maxInFlight(): number;
  reset(): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startFaultServer(): Promise<FaultServer> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const queues = new Map<string, Behaviour[]>();
  const defaults = new Map<string, Behaviour>();
  let requests: Recorded[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  // Handlers of earlier tests may still be sleeping; only the current generation counts as in flight.
  let generation = 0;

  // Accept any body as text so malformed client input never stops the recording.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));

  app.all("/v1/*", async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split("?")[0].slice("/v1".length);
    const route = `${request.method} ${path}`;
    let body: unknown = request.body;
    if (typeof body === "string" && body !== "") {
      try {
        body = JSON.parse(body);
      } catch {
        /* keep the text */
      }
    }
    requests.push({ method: request.method, url: request.url, headers: request.headers, body, at: Date.now() });
    const behaviour = queues.get(route)?.shift() ?? defaults.get(route) ?? { status: 404, body: { message: "No route" } };
    const gen = generation;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      if ("delayMs" in behaviour && behaviour.delayMs) await sleep(behaviour.delayMs);
      if ("drop" in behaviour) {
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      if ("stall" in behaviour) {
        reply.hijack();
        reply.raw.writeHead(200, { "content-type": "application/json" });
        reply.raw.write("[");
        return;
      }
      reply.code(behaviour.status).headers(behaviour.headers ?? {});
      if (behaviour.raw !== undefined) return reply.send(behaviour.raw);
      if (behaviour.body === undefined) return reply.send();
      return reply.type("application/json").send(JSON.stringify(behaviour.body));
    } finally {
      if (gen === generation) inFlight--;
    }
  });

  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return {
    url: `http://127.0.0.1:${address.port}`,
    get requests() {
      return requests;
    },
    script(route, ...behaviours) {
      queues.set(route, [...(queues.get(route) ?? []), ...behaviours]);
    },
    setDefault(route, behaviour) {
      defaults.set(route, behaviour);
    },
    hits(route) {
      return requests.filter((r) => `${r.method} ${r.url.split("?")[0].slice(3)}` === route).length;
    },
    maxInFlight: () => maxInFlight,
    reset() {
      queues.clear();
      defaults.clear();
      requests = [];
      maxInFlight = 0;
      inFlight = 0;
      generation++;
    },
    close: () => app.close(),
  };
}
