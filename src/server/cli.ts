/**
 * npm run serve -- [options]: serve the production build and proxy /v1 to the payroll service.
 *   --service-url URL   the payroll service root (or PAYROLL_SERVICE_URL)
 *   --port, --host      where to listen (default 127.0.0.1:3000)
 *   --dist DIR          the build folder (default dist)
 *   --cert FILE --key FILE   serve https with this certificate; --dev-certs uses office-addin-dev-certs
 */
import { existsSync, readFileSync } from "fs";
import path from "path";
import { Command, InvalidArgumentError } from "commander";
import { buildServer, proxyTarget } from "./app";

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError("must be a whole number from 0 to 65535.");
  return n;
}

async function main() {
  const program: Command = new Command()
    .name("npm run serve --")
    .description("Serve the built add-in and proxy /v1 to the payroll service.")
    .option("--service-url <url>", "payroll service root (default: $PAYROLL_SERVICE_URL)", process.env.PAYROLL_SERVICE_URL)
    .option("--port <port>", "port to listen on", port, Number(process.env.PORT ?? 3000))
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--dist <dir>", "folder of the production build", "dist")
    .option("--cert <file>", "TLS certificate (PEM)")
    .option("--key <file>", "TLS private key (PEM)")
    .option("--dev-certs", "serve https with the office-addin-dev-certs localhost certificate")
    .option("--log", "log requests (method, URL, status; never headers)", false)
    .showHelpAfterError();
  program.parse();
  const o = program.opts<{
    serviceUrl?: string;
    port: number;
    host: string;
    dist: string;
    cert?: string;
    key?: string;
    devCerts?: boolean;
    log: boolean;
  }>();

  if (!o.serviceUrl) program.error("error: set the payroll service address with --service-url <url> or PAYROLL_SERVICE_URL.");
  try {
    proxyTarget(o.serviceUrl);
  } catch (e) {
    program.error(`error: ${(e as Error).message}`);
  }
  const distDir = path.resolve(o.dist);
  if (!existsSync(path.join(distDir, "taskpane.html")))
    program.error(`error: ${distDir} has no taskpane.html. Build first with "npm run build".`);
  if (Boolean(o.cert) !== Boolean(o.key)) program.error("error: --cert and --key go together.");

  let https: { key: Buffer; cert: Buffer; ca?: Buffer } | undefined;
  if (o.cert && o.key) https = { cert: readFileSync(o.cert), key: readFileSync(o.key) };
  else if (o.devCerts) {
    const devCerts = await import("office-addin-dev-certs");
    const opts = await devCerts.getHttpsServerOptions();
    https = { cert: opts.cert as Buffer, key: opts.key as Buffer, ca: opts.ca as Buffer };
  }

  const app = await buildServer({ distDir, serviceUrl: o.serviceUrl, logger: o.log, https });
  const address = await app.listen({ port: o.port, host: o.host });
  console.log(`Serving ${distDir} on ${address}; /v1 is proxied to ${o.serviceUrl}`);
  console.log(`Task pane: ${address}/taskpane.html`);
  console.log(`Preview: ${address}/preview.html`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
