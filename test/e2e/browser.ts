/**
 * Which Chromium the e2e tests drive, chosen once per run by globalSetup and handed to the workers in
 * PAYROLL_E2E_CHROMIUM: CHROMIUM_PATH when set; else a system Chromium when one is installed; else the Chromium the
 * npm package @sparticuz/chromium ships in its tarball (a devDependency, so `npm install` is enough: no apt step,
 * no download at test time). That one is unpacked into the OS temp folder on first use and reused after.
 */
import { existsSync } from "fs";

/** Where Debian, Ubuntu and Google install a browser. */
const SYSTEM_CHROMIUMS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

/** Set by globalSetup for the workers: the browser's path. */
export const CHROMIUM_ENV = "PAYROLL_E2E_CHROMIUM";

interface ResolvedChromium {
  path: string;
  /** Where it came from, for the run's log. */
  source: "CHROMIUM_PATH" | "system" | "@sparticuz/chromium";
}

export async function resolveChromium(env: NodeJS.ProcessEnv = process.env): Promise<ResolvedChromium> {
  if (env.CHROMIUM_PATH) return { path: env.CHROMIUM_PATH, source: "CHROMIUM_PATH" };
  const system = SYSTEM_CHROMIUMS.find((candidate) => existsSync(candidate));
  if (system) return { path: system, source: "system" };
  const packaged = (await import("@sparticuz/chromium")).default;
  return { path: await packaged.executablePath(), source: "@sparticuz/chromium" };
}

/** The browser globalSetup chose (CHROMIUM_PATH when a test runs without it, e.g. from another config). */
export function chosenChromium(env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env[CHROMIUM_ENV] ?? env.CHROMIUM_PATH;
  if (!chosen)
    throw new Error(
      `${CHROMIUM_ENV} is not set: run the e2e tests with jest -c jest.e2e.config.js (its globalSetup picks the browser).`,
    );
  return chosen;
}
