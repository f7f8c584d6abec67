/**
 * npm start: serves the add-in with the webpack dev server (https://localhost:<port> with office-addin-dev-certs,
 * else http with a notice; the port is package.json's config.dev_server_port, as in Office's templates), starts the
 * sandbox as the default service (unless --service-url / PAYROLL_SERVICE_URL names another), sideloads into Excel
 * with office-addin-debugging where it works (Windows, Mac), and prints the preview URL.
 * Everything runs in the background, recorded in .run/; `npm stop` ends it.
 */
import { spawnSync } from "child_process";
import { readFileSync, writeFileSync } from "fs";
import path from "path";
import { Command, InvalidArgumentError } from "commander";
import { devServerPort, manifestForOrigin } from "./lib/addinOrigin";
import { RUN_DIR, isAlive, logTail, portIsFree, probe, readPid, startBackground, stopRecorded, waitFor } from "./lib/processes";

const ROOT = path.resolve(__dirname, "..");
const SANDBOX_KEY = "sandbox-demo-key";

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new InvalidArgumentError("must be a whole number from 1 to 65535.");
  return n;
}

async function main() {
  const program: Command = new Command()
    .name("npm start --")
    .description("Serve the add-in (dev server), start the sandbox service, try to sideload into Excel.")
    .option("--port <port>", "dev server port (package.json config.dev_server_port)", port, devServerPort())
    .option("--sandbox-port <port>", "sandbox port", port, 4010)
    .option("--service-url <url>", "use this payroll service instead of starting the sandbox", process.env.PAYROLL_SERVICE_URL)
    .option("--http", "serve over plain http (no dev certificates)")
    .option("--no-sideload", "do not try to sideload into Excel")
    .showHelpAfterError();
  program.parse();
  const o = program.opts<{ port: number; sandboxPort: number; serviceUrl?: string; http?: boolean; sideload: boolean }>();

  const running = ["sandbox", "dev-server"].filter((name) => {
    const pid = readPid(name);
    return pid !== null && isAlive(pid);
  });
  if (running.length > 0) program.error(`Already running (${running.join(", ")}). Run "npm stop" first.`);

  if (!(await portIsFree(o.port, "localhost")) || !(await portIsFree(o.port)))
    program.error(`Port ${o.port} is in use. Stop what uses it, or pass --port (or set package.json config.dev_server_port).`);

  let serviceUrl = o.serviceUrl?.replace(/\/+$/, "");
  if (!serviceUrl) {
    if (!(await portIsFree(o.sandboxPort))) program.error(`Port ${o.sandboxPort} is in use. Pass --sandbox-port to use another.`);
    serviceUrl = `http://127.0.0.1:${o.sandboxPort}`;
    console.log(`Starting the sandbox payroll service on ${serviceUrl} …`);
    const pid = startBackground("sandbox", "npm", [
      "run",
      "--silent",
      "sandbox",
      "--",
      "--port",
      String(o.sandboxPort),
      "--host",
      "127.0.0.1",
    ]);
    // Any HTTP answer (401 without a key) means it is up.
    const up = await waitFor(() => probe(`${serviceUrl}/v1/clients/`), pid, 120_000);
    if (up === null) {
      console.error(`The sandbox did not start. Last lines of .run/sandbox.log:\n${logTail("sandbox")}`);
      await stopRecorded("sandbox");
      process.exit(1);
    }
    console.log(`Sandbox: ${serviceUrl} (API key: ${SANDBOX_KEY})`);
  } else console.log(`Using the payroll service at ${serviceUrl}`);

  console.log(`Building and serving the add-in on port ${o.port} (the first build takes a minute) …`);
  const webpackCli = require.resolve("webpack-cli/bin/cli.js", { paths: [ROOT] });
  const args = [webpackCli, "serve", "--mode", "development", ...(o.http ? ["--env", "http"] : [])];
  const devPid = startBackground("dev-server", process.execPath, args, {
    PAYROLL_SERVICE_URL: serviceUrl,
    PAYROLL_DEV_PORT: String(o.port),
  });
  const origin = await waitFor(
    async () => {
      for (const scheme of ["https", "http"]) {
        if ((await probe(`${scheme}://localhost:${o.port}/taskpane.html`)) === 200) return `${scheme}://localhost:${o.port}`;
      }
      return null;
    },
    devPid,
    300_000,
  );
  if (origin === null) {
    console.error(`The dev server did not start. Last lines of .run/dev-server.log:\n${logTail("dev-server")}`);
    await stopRecorded("dev-server");
    await stopRecorded("sandbox");
    process.exit(1);
  }
  if (origin.startsWith("http:"))
    console.warn(
      "NOTICE: serving over plain HTTP (no trusted dev certificate). Excel needs HTTPS; see .run/dev-server.log and the README.",
    );
  writeFileSync(path.join(RUN_DIR, "urls.json"), JSON.stringify({ origin, serviceUrl }, null, 2));

  // The manifest for this port (manifest.xml is written for 3000); the one to sideload by hand too.
  const manifest = path.join(RUN_DIR, "manifest.xml");
  writeFileSync(
    manifest,
    manifestForOrigin(readFileSync(path.join(ROOT, "manifest.xml"), "utf8"), `https://localhost:${o.port}`),
  );
  if (o.sideload) sideload(o.port, manifest);

  console.log(`Task pane: ${origin}/taskpane.html`);
  console.log(`Manifest: ${manifest}`);
  console.log(`Preview: ${origin}/preview.html`);
  console.log('Logs are in .run/. Stop everything with "npm stop".');
}

/** Sideloads into Excel desktop with office-addin-debugging when both exist; otherwise says why not. */
function sideload(devPort: number, manifest: string) {
  let cli: string;
  try {
    cli = require.resolve("office-addin-debugging/cli.js", { paths: [ROOT] });
  } catch {
    console.log(
      "Sideloading skipped: office-addin-debugging is not installed here. Sideload manifest.xml by hand (README) or use the preview.",
    );
    return;
  }
  if (process.platform !== "win32" && process.platform !== "darwin") {
    console.log(
      `Sideloading skipped: Excel desktop does not run on ${process.platform}. Use Excel on the web (README) or the preview.`,
    );
    return;
  }
  const result = spawnSync(
    process.execPath,
    [cli, "start", manifest, "desktop", "--app", "excel", "--dev-server-port", String(devPort), "--no-debug"],
    { cwd: ROOT, stdio: "inherit", timeout: 180_000 },
  );
  if (result.status !== 0) console.log("Sideloading did not succeed (is Excel installed?). The add-in is still being served.");
  else writeFileSync(path.join(RUN_DIR, "sideloaded"), manifest);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
