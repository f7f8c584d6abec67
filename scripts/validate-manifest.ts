/**
 * npm run validate: offline checks of manifest.xml (structure, resources, URLs, icon sizes), then Office's online
 * validator (office-addin-manifest). When the online service cannot be reached, says so and relies on the offline checks;
 * `--strict` makes that a failure.
 */
import { readFileSync } from "fs";
import path from "path";
import { OfficeAddinManifest, validateManifest } from "office-addin-manifest";
import { checkManifest } from "./lib/manifestChecks";

async function main() {
  const strict = process.argv.includes("--strict");
  const manifestPath = path.resolve(process.argv.slice(2).find((a) => !a.startsWith("--")) ?? "manifest.xml");
  const rootDir = path.dirname(manifestPath);

  await OfficeAddinManifest.readManifestFile(manifestPath); // throws on malformed XML or a missing <OfficeApp>
  const local = checkManifest(readFileSync(manifestPath, "utf8"), rootDir);
  if (local.errors.length > 0) {
    console.error(`manifest.xml: ${local.errors.length} problem(s):\n  - ${local.errors.join("\n  - ")}`);
    process.exit(1);
  }
  const sets = Object.entries(local.requirementSets)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
  console.log(`Offline checks passed (origin ${local.origin}; requirement sets: ${sets}).`);

  try {
    const result = await validateManifest(manifestPath);
    const report = result.report;
    for (const issue of report?.warnings ?? []) console.warn(`warning: ${issue.title}: ${issue.content}`);
    if (!result.isValid) {
      for (const issue of report?.errors ?? []) console.error(`error: ${issue.title}: ${issue.content} (line ${issue.line})`);
      console.error(`The Office manifest validator rejected manifest.xml${result.status ? ` (HTTP ${result.status})` : ""}.`);
      process.exit(1);
    }
    console.log("The Office manifest validator accepted manifest.xml.");
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
