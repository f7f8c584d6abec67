/**
 * The Content-Security-Policy of the add-in's pages, in one place for both servers: `npm run serve`
 * (src/server/app.ts, through @fastify/helmet) and the webpack dev server (webpack.config.js). The pane holds an API
 * key in memory, so script injection must find nothing it may run. Why each source is allowed:
 * docs/content-security-policy.md.
 */

/** Office.js and the host-specific files it loads next (excel-web-16.00.js, locale strings, telemetry/oteljs_agave.js). */
export const OFFICE_SCRIPT_ORIGIN = "https://appsforoffice.microsoft.com";

/**
 * Pages that may frame the pane. frame-ancestors checks every ancestor, so all the pages Excel on the web runs
 * inside must match: the Excel frame (*.officeapps.live.com) and the page around it (SharePoint / OneDrive for
 * business, office.com, microsoft365.com, cloud.microsoft, Teams, onedrive.live.com). Desktop Excel and Excel on Mac
 * show the pane top-level in a web view, where frame-ancestors does not apply.
 */
export const OFFICE_FRAME_ANCESTORS: readonly string[] = [
  "https://*.officeapps.live.com",
  "https://*.sharepoint.com",
  "https://onedrive.live.com",
  "https://*.office.com",
  "https://*.office365.com",
  "https://*.microsoft365.com",
  "https://*.cloud.microsoft",
  "https://teams.microsoft.com",
];

export type CspDirectives = Record<string, string[]>;

export interface CspOptions {
  /**
   * Origins the pane calls directly: a custom service address (set in the Connection section) that is not the
   * page's own origin. The default service root is the page's origin, proxied, so it needs nothing here.
   */
  connectSrc?: readonly string[];
  /** Further pages allowed to frame the pane (e.g. a sovereign-cloud Office host). */
  frameAncestors?: readonly string[];
  /** Served over https: any http: sub-request is upgraded instead of failing as mixed content. */
  upgradeInsecureRequests?: boolean;
}

export interface DevCspOptions extends CspOptions {
  /** The dev server's live-reload socket origins (ws://localhost:3000, wss://localhost:3000). */
  devSocketOrigins?: readonly string[];
}

/** The production policy: no 'unsafe-eval', no inline script. */
export function productionDirectives(options: CspOptions = {}): CspDirectives {
  const directives: CspDirectives = {
    "default-src": ["'self'"],
    "script-src": ["'self'", OFFICE_SCRIPT_ORIGIN],
    // Fluent UI v9 (Griffel) adds <style> elements at run time, the pages have a <style> block, and Excel on the
    // web's excel-web-16.00.js applies inline styles: a nonce would cover only our own. Styles cannot run script.
    "style-src": ["'self'", "'unsafe-inline'"],
    "connect-src": ["'self'", ...unique(options.connectSrc ?? [])],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'self'", ...unique([...OFFICE_FRAME_ANCESTORS, ...(options.frameAncestors ?? [])])],
  };
  if (options.upgradeInsecureRequests) directives["upgrade-insecure-requests"] = [];
  return directives;
}

/**
 * The dev server's policy: the production one plus the live-reload socket. The development build's devtool is
 * "source-map" (or none), never an eval devtool, so development needs no 'unsafe-eval' either.
 * @internal The dev server's header (webpack.config.js requires this file; knip does not follow that).
 */
export function developmentDirectives(options: DevCspOptions = {}): CspDirectives {
  return productionDirectives({ ...options, connectSrc: [...(options.connectSrc ?? []), ...(options.devSocketOrigins ?? [])] });
}

/**
 * The header value: `name source source; name; …`.
 * @internal The dev server's header (webpack.config.js requires this file; knip does not follow that).
 */
export function cspHeaderValue(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");
}

/**
 * Origins from a list such as PAYROLL_CSP_CONNECT_SRC ("https://payroll.example.com https://b.example.com", spaces
 * or commas). Each entry must be an http(s) address; a path is dropped (CSP matches the origin). Throws a message
 * naming the bad entry.
 */
export function parseOriginList(text: string | undefined, what: string): string[] {
  const entries = (text ?? "").split(/[\s,]+/).filter(Boolean);
  return unique(
    entries.map((entry) => {
      let url: URL;
      try {
        url = new URL(entry);
      } catch {
        throw new Error(`${what}: "${entry}" is not an address (expected e.g. https://payroll.example.com).`);
      }
      if (url.protocol !== "https:" && url.protocol !== "http:")
        throw new Error(`${what}: "${entry}" must start with https:// or http://.`);
      if (url.username || url.password) throw new Error(`${what}: "${entry}" must not contain a user name or password.`);
      // URL accepts ; and other characters in a host, which in the header would end the directive or add a source.
      if (!/^(\*\.)?[a-z0-9.-]+(:\d+)?$|^\[[0-9a-f:.]+\](:\d+)?$/.test(url.host))
        throw new Error(`${what}: "${entry}" has a host that is not a domain name or IP address.`);
      // URL keeps a "*." host as given; origin drops only the path, query and hash.
      return `${url.protocol}//${url.host}`;
    }),
  );
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
