/** Unit, component and contract tests. End-to-end browser tests have their own config (jest.e2e.config.js). */
const os = require("os");

module.exports = {
  // Jest's default is one worker less than the cores: one worker on a 2-core CI machine. Most of these tests wait on
  // a sandbox over loopback, so two workers there halve the run (measured: 234 s with one, 123 s with two).
  maxWorkers: Math.max(2, os.cpus().length - 1),
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  testPathIgnorePatterns: ["/node_modules/", "/test/e2e/"],
  // TypeScript is only stripped, by esbuild (types are tsc's job): ts-jest took about 19 s of CPU to compile the 561
  // files once on a cold cache, esbuild 1 s (test/shims/esbuildTransform.js).
  transform: {
    "^.+\\.tsx?$": "<rootDir>/test/shims/esbuildTransform.js",
  },
  // content-disposition@3 (used by @fastify/static) is ESM-only; see test/shims/content-disposition.js.
  // cookie@2 (used by fastify's inject() through light-my-request) is ESM-only too; see test/shims/cookie.js.
  moduleNameMapper: {
    "^content-disposition$": "<rootDir>/test/shims/content-disposition.js",
    "^cookie$": "<rootDir>/test/shims/cookie.js",
    // Fluent UI from one pre-bundled file and lazily created icons, built once per version: test/shims/fluent.js.
    "^@fluentui/react-components$": "<rootDir>/test/shims/fluentComponents.js",
    "^@fluentui/react-icons$": "<rootDir>/test/shims/fluentIcons.js",
  },
  globalSetup: "<rootDir>/test/shims/globalSetup.js",
  // jsdom without two costs that grow with the page: labels found by walking the document (jsdomLabels.js), and
  // getComputedStyle matching all of Fluent's CSS when only display and visibility are read (jsdomStyles.js).
  setupFiles: ["<rootDir>/test/shims/jsdomLabels.js", "<rootDir>/test/shims/jsdomStyles.js"],
  testTimeout: 20000,
};
