/**
 * End-to-end tests: a real headless Chromium (test/e2e/browser.ts picks which) driving the preview against the sandbox.
 * Two workers: each file starts its own sandbox, server (port 0) and browser context, so files share no state (the
 * Chromium they open their contexts in is one per worker: test/e2e/environment.js), and
 * much of each test waits on the sandbox and the page, time another file can use. Measured on a 2-core machine: four
 * files took 132 s in one worker and 85 s in two.
 */
module.exports = {
  testEnvironment: "<rootDir>/test/e2e/environment.js",
  roots: ["<rootDir>/test/e2e"],
  testMatch: ["**/*.e2e.test.ts"],
  // TypeScript is only stripped, by esbuild (types are tsc's job): ts-jest took about 19 s of CPU to compile the 561
  // files once on a cold cache, esbuild 1 s (test/shims/esbuildTransform.js).
  transform: {
    "^.+\\.tsx?$": "<rootDir>/test/shims/esbuildTransform.js",
  },
  // content-disposition@3 (used by @fastify/static) is ESM-only; see test/shims/content-disposition.js.
  moduleNameMapper: { "^content-disposition$": "<rootDir>/test/shims/content-disposition.js" },
  globalSetup: "<rootDir>/test/e2e/globalSetup.ts",
  globalTeardown: "<rootDir>/test/e2e/globalTeardown.ts",
  testTimeout: 120000,
  maxWorkers: 2,
};
