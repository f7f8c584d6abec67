/* Where the add-in is served from, shared by webpack.config.js, scripts/start.ts and the tests (plain CommonJS so
 * the webpack config can require it without a TypeScript loader).
 *
 * manifest.xml in the repository is written for the dev server, https://localhost:3000. The build writes
 * dist/manifest.xml with every URL moved to one origin, as Office's templates do in their webpack config:
 *   ADDIN_ORIGIN=https://payroll.example.org npm run build
 * Without ADDIN_ORIGIN the origin is the dev server's, https://localhost:<dev_server_port>.
 */
const path = require("path");

/** The origin manifest.xml is written with in the repository. */
const MANIFEST_SOURCE_ORIGIN = "https://localhost:3000";
const DEFAULT_DEV_SERVER_PORT = 3000;

function parsePort(value, where) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535)
    throw new Error(`${where} must be a whole number from 1 to 65535, not "${value}".`);
  return n;
}

/**
 * The dev server's port: PAYROLL_DEV_PORT (set by npm start for --port), else package.json's
 * "config": { "dev_server_port" } (npm passes it as npm_package_config_dev_server_port; read from the file when the
 * config is loaded outside npm), else 3000.
 */
function devServerPort(env = process.env) {
  if (env.PAYROLL_DEV_PORT) return parsePort(env.PAYROLL_DEV_PORT, "PAYROLL_DEV_PORT");
  if (env.npm_package_config_dev_server_port)
    return parsePort(env.npm_package_config_dev_server_port, "package.json config.dev_server_port");
  const config = require(path.join(__dirname, "..", "..", "package.json")).config || {};
  if (config.dev_server_port !== undefined) return parsePort(config.dev_server_port, "package.json config.dev_server_port");
  return DEFAULT_DEV_SERVER_PORT;
}

/**
 * ADDIN_ORIGIN checked and reduced to its origin. Office loads add-in pages over HTTPS only, and every page sits at
 * the root of the site (the manifest checks expect /taskpane.html, /assets/…), so a path, query or user name is refused.
 */
function addinOrigin(value) {
  let url;
  try {
    url = new URL(String(value).trim());
  } catch {
    throw new Error(`ADDIN_ORIGIN must be an https address such as https://payroll.example.org, not "${value}".`);
  }
  if (url.protocol !== "https:")
    throw new Error(`ADDIN_ORIGIN must use https (Office loads add-ins over HTTPS only), not "${url.protocol}".`);
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash || url.username || url.password)
    throw new Error(
      `ADDIN_ORIGIN must be an origin only (scheme, host and optional port), such as https://payroll.example.org; "${value}" has more.`,
    );
  return url.origin;
}

/** The origin the built manifest points at: ADDIN_ORIGIN when set, else the dev server. */
function targetOrigin(env = process.env) {
  return env.ADDIN_ORIGIN ? addinOrigin(env.ADDIN_ORIGIN) : `https://localhost:${devServerPort(env)}`;
}

/** manifest.xml with every URL on `origin` (SourceLocation, icons, SupportUrl, AppDomains, bt:Url and bt:Image). */
function manifestForOrigin(xml, origin) {
  const text = String(xml);
  if (!text.includes(MANIFEST_SOURCE_ORIGIN))
    throw new Error(`manifest.xml has no ${MANIFEST_SOURCE_ORIGIN} URLs to move; it must be written for the dev server.`);
  return text.split(MANIFEST_SOURCE_ORIGIN).join(origin);
}

module.exports = { MANIFEST_SOURCE_ORIGIN, devServerPort, addinOrigin, targetOrigin, manifestForOrigin };
