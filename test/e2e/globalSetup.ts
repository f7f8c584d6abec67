/**
 * Once for the whole e2e run, before the workers start: picks the browser (test/e2e/browser.ts) and hands its path to
 * the workers in PAYROLL_E2E_CHROMIUM; builds the development bundle (webpack, mode development, no source maps, with
 * React's and Fluent's production code: --env productionReact in webpack.config.js; TypeScript stripped by esbuild:
 * --env esbuild) into a temporary folder and hands its path in PAYROLL_E2E_DIST. Set PAYROLL_E2E_DIST yourself to reuse a build.
 */
import { existsSync, mkdtempSync } from "fs";
import os from "os";
import path from "path";
import webpack from "webpack";
import { CHROMIUM_ENV, resolveChromium } from "./browser";

async function buildBundle(): Promise<void> {
  const given = process.env.PAYROLL_E2E_DIST;
  if (given && existsSync(path.join(given, "preview.html"))) return;
  const outDir = mkdtempSync(path.join(os.tmpdir(), "payroll-e2e-dist-"));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const makeConfig = require("../../webpack.config.js") as (env: object, argv: object) => Promise<webpack.Configuration>;
  const config = await makeConfig({ outDir, noSourceMaps: true, productionReact: true, esbuild: true }, { mode: "development" });
  const started = Date.now();
  await new Promise<void>((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (!stats || stats.hasErrors())
        return reject(new Error(`The e2e bundle did not build:\n${stats?.toString("errors-only")}`));
      resolve();
    })?.close?.(() => undefined);
  });
  process.env.PAYROLL_E2E_DIST = outDir;
  process.env.PAYROLL_E2E_OWN_DIST = "1";
  console.log(`e2e: built the development bundle into ${outDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function pickBrowser(): Promise<void> {
  const started = Date.now();
  const chromium = await resolveChromium();
  process.env[CHROMIUM_ENV] = chromium.path;
  console.log(`e2e: browser ${chromium.path} (from ${chromium.source}; ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

export default async function globalSetup(): Promise<void> {
  console.log("");
  await Promise.all([pickBrowser(), buildBundle()]);
}
