// ESLint flat config: typescript-eslint's recommended rules for all TypeScript; node globals for config files.
const js = require("@eslint/js");
const tseslint = require("typescript-eslint");
const globals = require("globals");

module.exports = tseslint.config(
  { ignores: ["dist/", "build/", "coverage/", "node_modules/", ".run/", "test-results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // The API key must never reach the console: logging is for servers' structured loggers only.
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    // Command-line scripts and servers print to the terminal by design.
    files: ["scripts/**", "src/server/**", "src/sandbox/**", "test/**"],
    rules: { "no-console": "off" },
  },
  {
    // Tests probe raw JSON replies; `any` there is a reading aid, not a typing hole in shipped code.
    files: ["test/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.js"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // The old-Office check runs in Internet Explorer 11 before the bundle: parsing it as ES5 keeps it ES5.
    files: ["src/taskpane/compat.js"],
    languageOptions: { ecmaVersion: 5, sourceType: "script", globals: { ...globals.browser, globalThis: "readonly" } },
  },
);
