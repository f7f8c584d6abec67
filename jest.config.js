/** Unit, component and contract tests. End-to-end browser tests have their own config (jest.e2e.config.js). */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  testPathIgnorePatterns: ["/node_modules/", "/test/e2e/"],
  transform: {
    "^.+\\.tsx?$": ["ts-jest", { isolatedModules: true, diagnostics: false }],
  },
  // content-disposition@3 (used by @fastify/static) is ESM-only; see test/shims/content-disposition.js.
  // cookie@2 (used by fastify's inject() through light-my-request) is ESM-only too; see test/shims/cookie.js.
  moduleNameMapper: {
    "^content-disposition$": "<rootDir>/test/shims/content-disposition.js",
    "^cookie$": "<rootDir>/test/shims/cookie.js",
  },
  testTimeout: 20000,
};
