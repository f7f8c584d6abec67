/**
 * End-to-end tests: a real headless Chromium (test/e2e/browser.ts picks which) driving the preview against the sandbox.
 * Two workers: each file starts its own sandbox, server (port 0) and browser profile, so files share nothing, and
 * much of each test is waiting on the sandbox's timers, which another file's browser can use.
 */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test/e2e"],
  testMatch: ["**/*.e2e.test.ts"],
  transform: {
    "^.+\\.tsx?$": ["ts-jest", { isolatedModules: true, diagnostics: false }],
  },
  // content-disposition@3 (used by @fastify/static) is ESM-only; see test/shims/content-disposition.js.
  moduleNameMapper: { "^content-disposition$": "<rootDir>/test/shims/content-disposition.js" },
  globalSetup: "<rootDir>/test/e2e/globalSetup.ts",
  globalTeardown: "<rootDir>/test/e2e/globalTeardown.ts",
  testTimeout: 120000,
  maxWorkers: 2,
};
