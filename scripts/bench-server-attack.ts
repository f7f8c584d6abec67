/**
 * The production server (src/server) attacked with its PRODUCTION defaults (headers within 10 s, a request within
 * 30 s, 25 s for the service to answer, 100 connections and 16 waiting upstream requests per address), in front of a
 * recording payroll service on loopback. The same attacks as test/server/attack.test.ts, which runs them with short
 * timeouts; this prints what it measured. Takes about 35 s.
 *   npx tsx scripts/bench-server-attack.ts
 */
import { mkdtempSync, readFileSync, writeFileSync } from "fs";
import os from "os";
import path from "path";
import { buildServer } from "../src/server/app";
import * as attack from "../test/server/attacks";

const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : "not cut");

async function main() {
  const dist = mkdtempSync(path.join(os.tmpdir(), "dist-bench-attack-"));
  writeFileSync(path.join(dist, "taskpane.html"), "<!doctype html><title>pane</title>");
  const service = await attack.startRecordingService();
  // The defaults, the rate limit included (300 a minute per address): nothing here is loosened for the attack.
  const app = await buildServer({ distDir: dist, serviceUrl: service.url });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  console.log(`load average at start: ${readFileSync("/proc/loadavg", "utf8").trim()}`);
  try {
    const smuggled = await attack.smuggle(base, service);
    console.log(
      `smuggling: the service received ${JSON.stringify(service.requests.map((r) => `${r.method} ${r.url}`))}; ` +
        `callers got ${JSON.stringify(smuggled.statuses)}, the others' GETs ${smuggled.ordinary.join(", ")}; ` +
        `"${attack.SMUGGLED_PATH}" in the service's bytes: ${service.bytes().includes(attack.SMUGGLED_PATH)}`,
    );
    service.requests.length = 0;
    for (const sequence of attack.CONFLICTS) await attack.rawExchange(base, sequence, { giveUpMs: 1_000 });
    const odd = service.requests.filter((r) => r.url !== attack.PATHS.ok || r.headers["content-length"] !== undefined);
    console.log(`${attack.CONFLICTS.length} pipelined framing conflicts: ${service.requests.length} GETs reached the service, ${odd.length} other or with a length`);

    service.requests.length = 0;
    const unavailable = await attack.ordinaryGet(base, attack.PATHS.unavailable);
    console.log(`a GET answered ${unavailable.status}: reached the service ${service.requests.length} time(s)`);

    const stalled = await attack.stalledGets(base, service, 1_000);
    console.log(
      `64 stalled GETs from one address: ${stalled.reached} reached the service, ${stalled.refused} got 429; ` +
        `another address answered ${stalled.other.status} in ${stalled.other.ms.toFixed(0)} ms; ` +
        `their upstream sockets freed ${stalled.freedAfterMs.toFixed(0)} ms after the callers left`,
    );
    const crowd = await attack.slowCrowd(base, 1_000, 100);
    console.log(
      `1,000 slow clients from one address: ${crowd.closedAtOnce} closed at once; ` +
        `another address answered ${crowd.other.status} in ${crowd.other.ms.toFixed(0)} ms`,
    );

    // The slow ones, side by side, each from an address of its own: each runs its full course.
    const [headers, body, silent] = await Promise.all([
      attack.slowHeaders(base, 500, 60_000, "127.0.0.4"),
      attack.slowBody(base, 500, 60_000, "127.0.0.5"),
      attack.ordinaryGet(base, attack.PATHS.stalled, "127.0.0.3"),
    ]);
    console.log(`slow headers (a line every 0.5 s) cut at ${s(headers.closedAfterMs)} (≤ 12 s required)`);
    console.log(`slow body (a byte every 0.5 s) cut at ${s(body.closedAfterMs)} (≤ 32 s required)`);
    console.log(`a service that never answers: ${silent.status} after ${s(silent.ms)}`);
  } finally {
    await app.close();
    await service.close();
  }
  console.log(`load average at end: ${readFileSync("/proc/loadavg", "utf8").trim()}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
