/**
 * npm run validate [-- <manifest path>]: offline checks of a manifest (structure, resources, URLs, icon sizes), then
 * Office's online validator (office-addin-manifest). The path defaults to manifest.xml; `npm run validate --
 * dist/manifest.xml` checks the built one against the pages and icons in dist/. When the online service cannot be
 * reached, says so and relies on the offline checks; `--strict` makes that a failure, `--offline` skips it.
 */
import { existsSync, readFileSync } from "fs";
import path from "path";
import { checkManifest } from "./lib/manifestChecks";

type OfficeManifestModule = typeof import("office-addin-manifest");

/** office-addin-manifest, or why it cannot be loaded (loaded lazily so the offline checks run without it). */
function loadOfficeManifest(): OfficeManifestModule | string {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require("office-addin-manifest") as OfficeManifestModule;
  } catch (error) {
    return String(error instanceof Error ? error.message : error).split("\n")[0];
  }
}

async function main() {
  const strict = process.argv.includes("--strict");
  const offline = process.argv.includes("--offline");
  const manifestPath = path.resolve(process.argv.slice(2).find((a) => !a.startsWith("--")) ?? "manifest.xml");
  const rootDir = path.dirname(manifestPath);
  const name = path.relative(process.cwd(), manifestPath) || manifestPath;
  if (!existsSync(manifestPath)) throw new Error(`${name}: no such file (run "npm run build" first for dist/manifest.xml).`);

  const office = loadOfficeManifest();
  if (typeof office === "string") {
    console.warn(`NOTICE: office-addin-manifest cannot be loaded here (${office}); its XML parse and online check are skipped.`);
    if (strict) process.exit(1);
  } else await office.OfficeAddinManifest.readManifestFile(manifestPath); // throws on malformed XML or a missing <OfficeApp>

  const local = checkManifest(readFileSync(manifestPath, "utf8"), rootDir);
  if (local.errors.length > 0) {
    console.error(`${name}: ${local.errors.length} problem(s):\n  - ${local.errors.join("\n  - ")}`);
    process.exit(1);
  }
  const sets = Object.entries(local.requirementSets)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
  console.log(`${name}: offline checks passed (origin ${local.origin}; requirement sets: ${sets}).`);
  if (offline || typeof office === "string") return;

  try {
    const result = await office.validateManifest(manifestPath);
    const report = result.report;
    for (const issue of report?.warnings ?? []) console.warn(`warning: ${issue.title}: ${issue.content}`);
    if (!result.isValid) {
      for (const issue of report?.errors ?? []) console.error(`error: ${issue.title}: ${issue.content} (line ${issue.line})`);
      console.error(`The Office manifest validator rejected ${name}${result.status ? ` (HTTP ${result.status})` : ""}.`);
      process.exit(1);
    }
    console.log(`The Office manifest validator accepted ${name}.`);
  } catch (error) {
    const reason = String(error instanceof Error ? error.message : error).split("\n")[0];
    console.warn(`NOTICE: the online Office manifest validator could not be reached (${reason}).`);
    if (strict) process.exit(1);
    console.warn("NOTICE: relying on the offline checks above. Run again with network access for the full validation.");
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
