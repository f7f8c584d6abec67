/** Removes the bundle globalSetup built (not one passed in by PAYROLL_E2E_DIST). */
import { rmSync } from "fs";

export default async function globalTeardown(): Promise<void> {
  const dir = process.env.PAYROLL_E2E_DIST;
  if (dir && process.env.PAYROLL_E2E_OWN_DIST === "1") rmSync(dir, { recursive: true, force: true });
}
