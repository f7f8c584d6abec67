/**
 * The sandbox CLI as a child process with `--data` in a temporary folder, for tests that SIGKILL it and start it
 * again on the same port and data file (the flow and e2e durability tests). A real process, real files, a real
 * SIGKILL: what an in-process sandbox cannot show.
 *
 *   const sandbox = await startChildSandbox({ employees: 1000 });
 *   await sandbox.kill();     // SIGKILL, resolves once the process is gone
 *   await sandbox.restart();  // same --data, same port, so the same URL
 *   await sandbox.close();    // ends it, removes the folder
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(__dirname, "../..");
const STARTUP_TIMEOUT_MS = 60_000;

export interface ChildSandboxOptions {
  employees: number;
  seed?: number;
  /** How long payslips stay dirty after an input change (the CLI's --recalc-ms). */
  recalcMs?: number;
  apiKey?: string;
}

export interface ChildSandbox {
  /** Service root (endpoints under /v1); the same after a restart. */
  readonly url: string;
  readonly apiKey: string;
  readonly dataFile: string;
  /** Whether the process is up (started and not killed). */
  running(): boolean;
  /** SIGKILL: nothing is flushed or saved. Resolves once the process has exited. */
  kill(): Promise<void>;
  /** Starts the CLI again on the same data file and port. */
  restart(): Promise<void>;
  /** Ends the process (SIGKILL: its files are thrown away, so the final save would be wasted) and removes the folder. */
  close(): Promise<void>;
  /** Everything the processes printed, for failure messages. */
  output(): string;
}

interface Running {
  child: ChildProcess;
  exited: Promise<void>;
}

export async function startChildSandbox(options: ChildSandboxOptions): Promise<ChildSandbox> {
  const dir = mkdtempSync(join(tmpdir(), "sandbox-child-"));
  const dataFile = join(dir, "state.ndjson");
  const apiKey = options.apiKey ?? "child-sandbox-key";
  let out = "";
  /** Every process started, so that close() ends one still starting (a restart cut short by a failing test). */
  const spawned = new Set<ChildProcess>();

  const launch = async (port: number): Promise<{ running: Running; url: string }> => {
    const args = ["--import", "tsx", "src/sandbox/cli.ts", "--port", String(port), "--host", "127.0.0.1"];
    args.push("--employees", String(options.employees), "--seed", String(options.seed ?? 1), "--api-key", apiKey);
    args.push("--recalc-ms", String(options.recalcMs ?? 300), "--data", dataFile);
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    spawned.add(child);
    const from = out.length;
    child.stdout!.on("data", (d) => (out += d));
    child.stderr!.on("data", (d) => (out += d));
    const exited = new Promise<void>((resolve) =>
      child.on("exit", () => {
        spawned.delete(child);
        resolve();
      }),
    );
    const started = Date.now();
    let url: RegExpExecArray | null = null;
    while (!(url = /Base URL: (\S+)/.exec(out.slice(from)))) {
      if (child.exitCode !== null || child.signalCode !== null || Date.now() - started > STARTUP_TIMEOUT_MS) {
        child.kill("SIGKILL");
        throw new Error(`The sandbox did not start:\n${out.slice(from)}`);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    return { running: { child, exited }, url: url[1] };
  };

  const first = await launch(0);
  const url = first.url;
  let current = first.running;
  let live = true;
  const port = Number(new URL(url).port);

  const stop = async (signal: NodeJS.Signals) => {
    if (!live) return;
    live = false;
    current.child.kill(signal);
    await current.exited;
  };

  return {
    url,
    apiKey,
    dataFile,
    running: () => live,
    kill: () => stop("SIGKILL"),
    async restart() {
      if (live) throw new Error("restart() needs the sandbox stopped first (kill())");
      const again = await launch(port);
      if (again.url !== url) throw new Error(`The sandbox came back on ${again.url}, not ${url}`);
      current = again.running;
      live = true;
    },
    async close() {
      await stop("SIGKILL");
      for (const child of spawned) child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    },
    output: () => out,
  };
}
