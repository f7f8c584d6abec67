/** npm stop: ends what npm start launched (PIDs in .run/) and removes a sideloaded add-in when there is one. */
import { spawnSync } from "child_process";
import { existsSync, readFileSync, rmSync } from "fs";
import path from "path";
import { RUN_DIR, stopRecorded } from "./lib/processes";

const ROOT = path.resolve(__dirname, "..");

async function main() {
  const marker = path.join(RUN_DIR, "sideloaded");
  if (existsSync(marker)) {
    try {
      const cli = require.resolve("office-addin-debugging/cli.js", { paths: [ROOT] });
      const manifest = readFileSync(marker, "utf8").trim() || "manifest.xml"; // the one npm start sideloaded
      spawnSync(process.execPath, [cli, "stop", manifest], { cwd: ROOT, stdio: "inherit", timeout: 60_000 });
    } catch {
      console.log("office-addin-debugging is not installed; remove the sideloaded add-in from Excel by hand if needed.");
    }
    rmSync(marker, { force: true });
  }
  let stopped = 0;
  for (const name of ["dev-server", "sandbox"]) {
    if (await stopRecorded(name)) {
      console.log(`Stopped ${name}.`);
      stopped++;
    }
  }
  rmSync(path.join(RUN_DIR, "urls.json"), { force: true });
  if (stopped === 0) console.log("Nothing was running.");
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
