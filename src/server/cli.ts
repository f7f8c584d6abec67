/**
 * npm run serve -- [options]: serve the production build and proxy /v1 to the payroll service.
 *   --service-url URL   the payroll service root (or PAYROLL_SERVICE_URL)
 *   --port, --host      where to listen (default 127.0.0.1:3000)
 *   --dist DIR          the build folder (default dist)
 *   --cert FILE --key FILE   serve https with this certificate; --dev-certs uses office-addin-dev-certs
 *   --connect-src ORIGINS    origins the pane may call directly, for a custom service address that is not proxied
 *                            (or PAYROLL_CSP_CONNECT_SRC; spaces or commas between origins)
 *   --frame-ancestors ORIGINS  further pages allowed to frame the pane (or PAYROLL_CSP_FRAME_ANCESTORS)
 *   --preview           also serve preview.html (not in production; a production build has it only with --env preview)
 *   --per-address-connections N, --per-address-upstream N   the per-address caps (default 100 and 16): behind a
 *                       reverse proxy every caller has its address, so raise them there and limit per client in it
 */
import { existsSync, readFileSync } from "fs";
import path from "path";
import { Command, InvalidArgumentError } from "commander";
import { buildServer, proxyTarget } from "./app";
import { parseOriginList } from "./csp";

function count(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError("must be a whole number of at least 1.");
  return n;
}

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
    .option("--log", "log requests (method, URL, status, time; never headers)", false)
    .option("--preview", "also serve preview.html (a demo; off in production, where any page could frame it)", false)
    .option("--per-address-connections <n>", "open connections one address may hold", count, 100)
    .option("--per-address-upstream <n>", "requests one address may have waiting for the service", count, 16)
    .option(
      "--connect-src <origins>",
      "origins the pane may call directly besides its own (default: $PAYROLL_CSP_CONNECT_SRC)",
      process.env.PAYROLL_CSP_CONNECT_SRC,
    )
    .option(
      "--frame-ancestors <origins>",
      "further pages allowed to frame the pane (default: $PAYROLL_CSP_FRAME_ANCESTORS)",
      process.env.PAYROLL_CSP_FRAME_ANCESTORS,
    )
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
    preview: boolean;
    perAddressConnections: number;
    perAddressUpstream: number;
    connectSrc?: string;
    frameAncestors?: string;
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
  if (o.preview && !existsSync(path.join(distDir, "preview.html")))
    console.warn(`${distDir} has no preview.html: a production build leaves it out unless built with "--env preview".`);
  if (Boolean(o.cert) !== Boolean(o.key)) program.error("error: --cert and --key go together.");
  let connectSrc: string[] = [];
  let frameAncestors: string[] = [];
  try {
    connectSrc = parseOriginList(o.connectSrc, "--connect-src");
    frameAncestors = parseOriginList(o.frameAncestors, "--frame-ancestors");
  } catch (e) {
    program.error(`error: ${(e as Error).message}`);
  }

  let https: { key: Buffer; cert: Buffer; ca?: Buffer } | undefined;
  if (o.cert && o.key) https = { cert: readFileSync(o.cert), key: readFileSync(o.key) };
  else if (o.devCerts) {
    const devCerts = await import("office-addin-dev-certs");
    const opts = await devCerts.getHttpsServerOptions();
    https = { cert: opts.cert as Buffer, key: opts.key as Buffer, ca: opts.ca as Buffer };
  }

  // No HSTS for the localhost dev certificate: it would pin every localhost port to https for a year.
  const hsts = !o.devCerts;
  const app = await buildServer({
    distDir,
    serviceUrl: o.serviceUrl,
    logger: o.log,
    https,
    connectSrc,
    frameAncestors,
    hsts,
    servePreview: o.preview,
    maxConnectionsPerAddress: o.perAddressConnections,
    maxUpstreamPerAddress: o.perAddressUpstream,
  });
  const address = await app.listen({ port: o.port, host: o.host });
  console.log(`Serving ${distDir} on ${address}; /v1 is proxied to ${o.serviceUrl}`);
  console.log(`Task pane: ${address}/taskpane.html`);
  if (o.preview) console.log(`Preview: ${address}/preview.html`);
  if (connectSrc.length) console.log(`The pane may also call: ${connectSrc.join(" ")}`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
