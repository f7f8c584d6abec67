/** End-to-end tests: real Chromium (Debian's /usr/bin/chromium) driving the preview against the sandbox. Run in band. */
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
  maxWorkers: 1,
};
