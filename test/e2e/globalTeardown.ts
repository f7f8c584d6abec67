/**
 * Removes the bundle globalSetup built (not one passed in by PAYROLL_E2E_DIST), and closes the browser the files ran
 * in when jest ran them in this process (test/e2e/environment.js; a worker's own browser goes with the worker).
 */
import { rmSync } from "fs";
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { closeWorkerBrowser } = require("./environment") as { closeWorkerBrowser(): Promise<void> };

export default async function globalTeardown(): Promise<void> {
  await closeWorkerBrowser();
  const dir = process.env.PAYROLL_E2E_DIST;
  if (dir && process.env.PAYROLL_E2E_OWN_DIST === "1") rmSync(dir, { recursive: true, force: true });
}
