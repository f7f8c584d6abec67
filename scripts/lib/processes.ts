/** Helpers for npm start / npm stop: background processes recorded in .run/, ports, readiness checks. */
import { spawn } from "child_process";
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "fs";
import http from "http";
import https from "https";
import net from "net";
import path from "path";

export const RUN_DIR = path.resolve(__dirname, "../../.run");

export function pidFile(name: string): string {
  return path.join(RUN_DIR, `${name}.pid`);
}

export function readPid(name: string): number | null {
  try {
    const pid = Number(readFileSync(pidFile(name), "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Starts a command in its own process group (so npm stop can end it with everything it started),
 * logging to .run/<name>.log, and records its PID in .run/<name>.pid.
 */
export function startBackground(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  mkdirSync(RUN_DIR, { recursive: true });
  const log = openSync(path.join(RUN_DIR, `${name}.log`), "w");
  const child = spawn(command, args, {
    cwd: path.resolve(__dirname, "../.."),
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", log, log],
  });
  if (child.pid === undefined) throw new Error(`Could not start ${name} (${command}).`);
  writeFileSync(pidFile(name), String(child.pid));
  child.unref();
  return child.pid;
}

/** Stops a recorded process group: SIGTERM, then SIGKILL after `graceMs`. Returns whether it was running. */
export async function stopRecorded(name: string, graceMs = 5000): Promise<boolean> {
  const pid = readPid(name);
  rmSync(pidFile(name), { force: true });
  if (pid === null || !isAlive(pid)) return false;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal); // the whole group: npm, node and their children
    } catch {
      try {
        process.kill(pid, signal);
      } catch {
        // already gone
      }
    }
  };
  signalGroup("SIGTERM");
  const deadline = Date.now() + graceMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(100);
  if (isAlive(pid)) signalGroup("SIGKILL");
  return true;
}

export function logTail(name: string, lines = 20): string {
  const file = path.join(RUN_DIR, `${name}.log`);
  if (!existsSync(file)) return "";
  return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** True when nothing listens on host:port yet. */
export function portIsFree(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** The HTTP status of a GET, or null when nothing answers. Dev certificates may be untrusted here: not verified. */
export function probe(url: string, timeoutMs = 3000): Promise<number | null> {
  return new Promise((resolve) => {
    const get = url.startsWith("https:") ? https.get : http.get;
    const req = get(url, { rejectUnauthorized: false, timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode ?? null);
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(null));
  });
}

/** Polls until `check` returns a value, the process dies, or the time runs out. */
export async function waitFor<T>(check: () => Promise<T | null>, pid: number, timeoutMs: number): Promise<T | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== null) return value;
    if (!isAlive(pid)) return null;
    await sleep(500);
  }
  return null;
}
