/**
 * Attacks on the production server over loopback, shared by test/server/attack.test.ts (short timeouts) and
 * scripts/bench-server-attack.ts (the production defaults): a recording payroll service, raw-socket clients, and one
 * function per attack that returns what it measured.
 */
import http from "http";
import net from "net";

export const KEY = "attack-test-key";
/** The operator route a smuggled request aims at (the sandbox's; never a /v1 route). */
export const SMUGGLED_PATH = "/sandbox/finalise";
/** Documented paths the recording service treats specially. */
export const PATHS = {
  ok: "/v1/clients/",
  stalled: "/v1/clients/1/pay_points", // never answered
  unavailable: "/v1/clients/1/leave_types", // 503
  loudHeaders: "/v1/clients/1/waves", // its own security headers and a Connection-named header
  post: "/v1/clients/1/bulk_input",
};

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  /** The body of a POST or PATCH once received whole (other methods' bodies are left unread, as the sandbox leaves them). */
  body?: string;
}

/**
 * A payroll service that records every request it parses and every byte it receives (a TCP relay in front of a plain
 * Node HTTP server, which answers a GET without reading a body, as the sandbox does). Requests to PATHS.stalled are
 * never answered; `stalledOpen` counts those whose socket the proxy still holds.
 */
export interface RecordingService {
  url: string;
  requests: RecordedRequest[];
  bytes: () => string;
  stalledOpen: () => number;
  close: () => Promise<void>;
}

export async function startRecordingService(): Promise<RecordingService> {
  const requests: RecordedRequest[] = [];
  const chunks: Buffer[] = [];
  const stalled = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const recorded: RecordedRequest = { method: req.method ?? "", url: req.url ?? "", headers: req.headers };
    requests.push(recorded);
    if (req.method === "POST" || req.method === "PATCH") {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => (recorded.body = body));
    }
    const path = (req.url ?? "").split("?")[0];
    if (path === PATHS.stalled) {
      stalled.add(res);
      res.on("close", () => stalled.delete(res));
      return;
    }
    const json = (status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
      res.end(text);
    };
    if (path === PATHS.unavailable) return json(503, { message: "busy" });
    if (path === PATHS.loudHeaders)
      return json(200, [], {
        "content-security-policy": "default-src *",
        "x-content-type-options": "off",
        "cross-origin-resource-policy": "cross-origin",
        "x-internal": "service secret",
        connection: "x-internal",
      });
    json(200, path === PATHS.ok ? [{ client: { id: 1, name: "Acme" } }] : { message: "ok" });
  });
  server.keepAliveTimeout = 60_000;
  const relaySockets = new Set<net.Socket>();
  const relay = net.createServer((inbound) => {
    const outbound = net.connect(inner.port, "127.0.0.1");
    relaySockets.add(inbound).add(outbound);
    inbound.on("data", (c: Buffer) => chunks.push(c));
    inbound.pipe(outbound).pipe(inbound);
    const end = () => {
      inbound.destroy();
      outbound.destroy();
      relaySockets.delete(inbound);
      relaySockets.delete(outbound);
    };
    inbound.on("close", end).on("error", end);
    outbound.on("close", end).on("error", end);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const inner = server.address() as net.AddressInfo;
  await new Promise<void>((r) => relay.listen(0, "127.0.0.1", r));
  const { port } = relay.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    bytes: () => Buffer.concat(chunks).toString("latin1"),
    stalledOpen: () => stalled.size,
    close: async () => {
      for (const s of relaySockets) s.destroy();
      server.closeAllConnections();
      await Promise.all([new Promise((r) => relay.close(r)), new Promise((r) => server.close(r))]);
    },
  };
}

/** What came back on a raw socket: the first status (0 if none) and when the socket closed, ms after it opened. */
export interface RawOutcome {
  status: number;
  text: string;
  closedAfterMs: number;
}

/**
 * Opens a socket, writes `first`, then writes each of `drip` every `everyMs` until the server closes the socket (or
 * the caller leaves, once `giveUpMs` pass or `leave` settles: then closedAfterMs is Infinity). `localAddress` chooses
 * the caller's address (127.0.0.x).
 */
export function rawExchange(
  base: string,
  first: string,
  options: {
    drip?: string;
    everyMs?: number;
    giveUpMs: number;
    localAddress?: string;
    closeOnAnswer?: boolean;
    leave?: Promise<unknown>;
  },
): Promise<RawOutcome> {
  const { port } = new URL(base);
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect({ port: Number(port), host: "127.0.0.1", localAddress: options.localAddress });
    let text = "";
    let timer: NodeJS.Timeout | undefined;
    const finish = (closedAfterMs: number) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, text, closedAfterMs });
    };
    const giveUp = setTimeout(() => finish(Infinity), options.giveUpMs);
    void options.leave?.then(() => finish(Infinity));
    socket.on("data", (c) => {
      text += c;
      if (options.closeOnAnswer && /\r\n\r\n/.test(text)) setTimeout(() => finish(performance.now() - started), 50);
    });
    socket.on("error", () => undefined);
    socket.on("close", () => finish(performance.now() - started));
    socket.write(first);
    if (options.drip)
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write(options.drip!);
      }, options.everyMs ?? 100);
  });
}

/** One ordinary request (http.request: fetch cannot choose its local address), with its time in ms. */
export function ordinaryGet(
  base: string,
  path: string,
  localAddress = "127.0.0.1",
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(`${base}${path}`, { headers: { authorization: KEY }, localAddress, agent: false }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers, ms: performance.now() - started }));
    });
    req.on("error", (e) => resolve({ status: 0, body: String(e), headers: {}, ms: performance.now() - started }));
    req.end();
  });
}

const request = (method: string, path: string, headers: string[], body = "") =>
  `${method} ${path} HTTP/1.1\r\nHost: payroll.example\r\nAuthorization: ${KEY}\r\n${headers.map((h) => `${h}\r\n`).join("")}\r\n${body}`;

/** The smuggled operator request, complete with its own forwarding claims. */
const SMUGGLED = `POST ${SMUGGLED_PATH} HTTP/1.1\r\nHost: payroll.example\r\nX-Forwarded-For: 10.0.0.1\r\nCookie: operator=1\r\nContent-Length: 0\r\n\r\n`;

/**
 * The issue's two smuggling sequences, each from separate callers sharing the proxy's upstream pool:
 * 1. a GET announcing 5 body bytes, then another caller's ordinary GET;
 * 2. a GET announcing as many body bytes as the next request's forwarded head, then a POST whose text/plain body is a
 *    whole operator request (the length is measured by sending that POST once first, as an attacker would).
 * Returns each caller's status and the ordinary GET's; the recording service shows what reached it.
 */
export async function smuggle(base: string, service: RecordingService) {
  const answer = (text: string) => rawExchange(base, text, { giveUpMs: 5_000, closeOnAnswer: true });
  const announced = await answer(request("GET", PATHS.ok, ["Content-Length: 5"], "hello"));
  const after = await ordinaryGet(base, PATHS.ok);

  const post = request("POST", PATHS.post, ["Content-Type: text/plain", `Content-Length: ${SMUGGLED.length}`], SMUGGLED);
  const before = service.bytes().length;
  const probe = await answer(post);
  const seen = service.bytes().slice(before);
  const head = seen.indexOf(SMUGGLED) > 0 ? seen.indexOf(SMUGGLED) - seen.lastIndexOf("POST /v1/", seen.indexOf(SMUGGLED)) : 400;
  const long = await answer(request("GET", PATHS.ok, [`Content-Length: ${head}`], "x".repeat(head)));
  const carrier = await answer(post);
  const last = await ordinaryGet(base, PATHS.ok);
  return {
    statuses: { announced: announced.status, probe: probe.status, long: long.status, carrier: carrier.status },
    ordinary: [after.status, last.status],
  };
}

/** Requests with conflicting or doubled framing, each pipelined with a second request on the same socket. */
export const CONFLICTS: string[] = [
  request("POST", PATHS.post, ["Content-Type: application/json", "Content-Length: 6", "Transfer-Encoding: chunked"], `0\r\n\r\n${SMUGGLED}`),
  request("POST", PATHS.post, ["Content-Type: application/json", "Transfer-Encoding: chunked", "Content-Length: 60"], `0\r\n\r\n${SMUGGLED}`),
  request("POST", PATHS.post, ["Content-Type: application/json", "Content-Length: 2", "Transfer-Encoding:  chunked"], `{}${SMUGGLED}`),
  request("POST", PATHS.post, ["Content-Type: application/json", "Content-Length: 2", "Transfer-Encoding: chunked, identity"], `{}${SMUGGLED}`),
  request("POST", PATHS.post, ["Content-Type: application/json", "Content-Length: 2", "Content-Length: 90"], `{}${SMUGGLED}`),
  request("POST", PATHS.post, ["Content-Type: application/json", "Transfer-Encoding: xchunked", "Content-Length: 2"], `{}${SMUGGLED}`),
  request("GET", PATHS.ok, ["Transfer-Encoding: chunked"], `${SMUGGLED.length.toString(16)}\r\n${SMUGGLED}\r\n0\r\n\r\n`) +
    request("GET", PATHS.ok, []),
  request("GET", PATHS.ok, ["Content-Length: 0"]) + SMUGGLED,
];

/** Paths that try to leave /v1 or reach an undocumented route. */
export const ESCAPES = [
  `/v1/..${SMUGGLED_PATH}`,
  `/v1/%2e%2e${SMUGGLED_PATH}`,
  `/v1/clients/%2F..%2F..${SMUGGLED_PATH}`,
  `/v1/clients/1/employees/..%2f..%2f..${SMUGGLED_PATH}`,
  `/v1/employees/..`,
  SMUGGLED_PATH,
  `/v1/sandbox/finalise`,
  `/v1/clients/1/unknown`,
];

/** A caller that sends header lines for ever (one every `everyMs`): when the server cuts it, ms. */
export const slowHeaders = (base: string, everyMs: number, giveUpMs: number, localAddress?: string) =>
  rawExchange(base, `GET ${PATHS.ok} HTTP/1.1\r\nHost: payroll.example\r\n`, {
    drip: "X-Slow: 1\r\n",
    everyMs,
    giveUpMs,
    localAddress,
  });

/** A caller that sends a large JSON body one byte every `everyMs`: when the server cuts it, ms. */
export const slowBody = (base: string, everyMs: number, giveUpMs: number, localAddress?: string) =>
  rawExchange(base, request("POST", PATHS.post, ["Content-Type: application/json", "Content-Length: 1000000"], '{"entities":['), {
    drip: " ",
    everyMs,
    giveUpMs,
    localAddress,
  });

/**
 * 64 GETs the service never answers, from 127.0.0.1, their callers leaving once an ordinary GET from 127.0.0.2 is
 * answered, or after `leaveAfterMs` at the latest. Returns that GET's status and time, whether it was answered while
 * the service still held stalled GETs (a state, where a time would depend on the machine's load), how many of the 64
 * the service received, and whether their upstream sockets were freed once the callers left.
 */
export async function stalledGets(base: string, service: RecordingService, leaveAfterMs: number) {
  let answered!: () => void;
  const leave = new Promise<void>((resolve) => (answered = resolve));
  const callers = Array.from({ length: 64 }, () =>
    rawExchange(base, request("GET", PATHS.stalled, []), { giveUpMs: leaveAfterMs, leave }),
  );
  await waitFor(() => service.requests.filter((r) => r.url === PATHS.stalled).length > 0, 15_000);
  const other = await ordinaryGet(base, PATHS.ok, "127.0.0.2");
  const answeredWhileStalled = service.stalledOpen() > 0;
  answered();
  const reached = service.requests.filter((r) => r.url === PATHS.stalled).length;
  const outcomes = await Promise.all(callers);
  const left = performance.now();
  // A state, not a time: load can slow the closes down, so this waits well past what a quiet machine needs (~0.1 s).
  const freed = await waitFor(() => service.stalledOpen() === 0, 15_000);
  return {
    other,
    answeredWhileStalled,
    reached,
    refused: outcomes.filter((o) => o.status === 429).length,
    freedAfterMs: freed ? performance.now() - left : Infinity,
  };
}

/**
 * `count` connections from 127.0.0.1 that each send half a request head and wait; meanwhile an ordinary GET from
 * 127.0.0.2. Returns that GET's status and time and how many of the slow connections were closed at once (waiting up
 * to 15 s for all but `expectOpen` of them to be closed).
 */
export async function slowCrowd(base: string, count: number, expectOpen: number) {
  const { port } = new URL(base);
  const sockets: net.Socket[] = [];
  let closedEarly = 0;
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve) => {
          const s = net.connect({ port: Number(port), host: "127.0.0.1", localAddress: "127.0.0.1" }, () => {
            s.write(`GET ${PATHS.ok} HTTP/1.1\r\nHost: payroll.example\r\n`);
            resolve();
          });
          s.on("error", () => resolve());
          s.on("close", () => {
            closedEarly++;
            resolve();
          });
          sockets.push(s);
        }),
    ),
  );
  const other = await ordinaryGet(base, PATHS.ok, "127.0.0.2");
  // Whether the other address was answered while the crowd was still there: the connections the server keeps (up to
  // its per-address cap) are cut only at its headers timeout, so they are all still open unless that answer came late.
  const openWhenAnswered = sockets.filter((s) => !s.destroyed).length;
  // The server closes the connections over its per-address cap at once; wait for the last of those closes to arrive.
  await waitFor(() => closedEarly >= count - expectOpen, 15_000);
  const closedAtOnce = closedEarly;
  for (const s of sockets) s.destroy();
  return { other, openWhenAnswered, closedAtOnce };
}

/** Polls `condition` until it holds (true) or `ms` pass (false). */
export async function waitFor(condition: () => boolean, ms: number): Promise<boolean> {
  const end = performance.now() + ms;
  while (!condition()) {
    if (performance.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}
