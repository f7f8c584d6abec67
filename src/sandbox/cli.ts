/**
 * `npm run sandbox -- [options]`: starts the payroll sandbox and prints its base URL and API key.
 * Bad options print a clear message and exit with status 2.
 */
import { Command, InvalidArgumentError, Option } from "commander";
import { DEFAULTS, startSandbox, type SandboxOptions } from "./index";
import { optionProblems, resolveOptions } from "./http/options";

function integer(min: number, max: number) {
  return (raw: string): number => {
    if (!/^\d+$/.test(raw.trim())) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}.`);
    const n = Number(raw);
    if (n < min || n > max) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}.`);
    return n;
  };
}

function fraction(raw: string): number {
  const n = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(n) || n < 0 || n > 1)
    throw new InvalidArgumentError("expected a number from 0 to 1 (e.g. 0.05).");
  return n;
}

export function buildCli(): Command {
  return new Command("sandbox")
    .description("Local payroll service implementing the payroll API document (endpoints under /v1)")
    .addOption(new Option("--port <n>", "port to listen on (0 = any free port)").default(4010).argParser(integer(0, 65535)))
    .addOption(new Option("--host <host>", "interface to listen on").default(DEFAULTS.host))
    .addOption(
      new Option("--api-key <key>", "the API key the sandbox accepts (raw Authorization header)").default(DEFAULTS.apiKey),
    )
    .addOption(new Option("--seed <n>", "demo data seed").default(DEFAULTS.seed).argParser(integer(0, 2 ** 31 - 1)))
    .addOption(
      new Option("--employees <n>", "employees per demo client").default(DEFAULTS.employees).argParser(integer(1, 100_000)),
    )
    .addOption(
      new Option("--latency-ms <n>", "delay added to every request").default(DEFAULTS.latencyMs).argParser(integer(0, 60_000)),
    )
    .addOption(
      new Option("--rate-limit <n>", "requests per minute per key (0 = off); 429 with Retry-After beyond")
        .default(DEFAULTS.rateLimit)
        .argParser(integer(0, 1_000_000)),
    )
    .addOption(
      new Option("--recalc-ms <n>", "how long payslips stay dirty after an input change")
        .default(DEFAULTS.recalcMs)
        .argParser(integer(0, 600_000)),
    )
    .addOption(
      new Option("--report-job-ms <n>", "how long an async report runs")
        .default(DEFAULTS.reportJobMs)
        .argParser(integer(0, 600_000)),
    )
    .addOption(
      new Option("--report-queue <n>", "async report queue capacity").default(DEFAULTS.reportQueue).argParser(integer(1, 1000)),
    )
    .addOption(
      new Option("--fail-rate <x>", "fraction of requests answered 500 (fault tests)")
        .default(DEFAULTS.failRate)
        .argParser(fraction),
    )
    .addOption(
      new Option(
        "--lose-reply-rate <x>",
        "fraction of bulk_input answers lost after the write is applied: half 500, half a dropped connection (fault tests)",
      )
        .default(DEFAULTS.loseReplyRate)
        .argParser(fraction),
    )
    .addOption(
      new Option(
        "--data <file>",
        "keep the state in FILE and FILE.journal.<n>: loaded at start, every write on disk before its reply",
      ),
    )
    .addOption(
      new Option("--today <date>", "the sandbox's today (YYYY-MM-DD); decides the open pay period").default(DEFAULTS.today),
    )
    .option("--log", "log requests (method and URL only)", false)
    .showHelpAfterError("(run with --help for the options)")
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    .exitOverride();
}

export async function main(argv: string[]): Promise<number> {
  const program = buildCli();
  try {
    program.parse(argv, { from: "user" });
  } catch (err) {
    const code = (err as { exitCode?: number; code?: string }).code;
    if (code === "commander.helpDisplayed" || code === "commander.version") return 0;
    return 2; // commander has printed the message
  }
  const o = program.opts();
  const options: SandboxOptions = {
    port: o.port,
    host: o.host,
    apiKey: o.apiKey,
    seed: o.seed,
    employees: o.employees,
    latencyMs: o.latencyMs,
    rateLimit: o.rateLimit,
    recalcMs: o.recalcMs,
    reportJobMs: o.reportJobMs,
    reportQueue: o.reportQueue,
    failRate: o.failRate,
    loseReplyRate: o.loseReplyRate,
    dataFile: o.data,
    today: o.today,
    logger: o.log,
  };
  try {
    resolveOptions(options);
  } catch {
    const problems = optionProblems({ ...DEFAULTS, ...options } as never);
    process.stderr.write(`error: ${problems.join("; ")}\n`);
    return 2;
  }
  const started = Date.now();
  let sandbox;
  try {
    sandbox = await startSandbox(options);
  } catch (err) {
    process.stderr.write(`error: could not start the sandbox: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  const s = sandbox;
  process.stdout.write(
    [
      `Payroll sandbox listening (started in ${Date.now() - started} ms)`,
      `  Base URL: ${s.url}   (endpoints under ${s.url}/v1)`,
      `  API key:  ${s.apiKey}   (send it as the raw Authorization header)`,
      options.dataFile
        ? `  State:    ${options.dataFile}`
        : `  State:    in memory (seed ${options.seed}, ${options.employees} employees per client)`,
      "",
    ].join("\n"),
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: saving and stopping\n`);
    await s.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  return -1; // keep running
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      if (code >= 0) process.exit(code);
    },
    (err) => {
      process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
