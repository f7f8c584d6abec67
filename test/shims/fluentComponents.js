/** @fluentui/react-components for the unit tests: one pre-bundled file (test/shims/fluent.js). */
module.exports = require(require("./fluent").load("components.cjs", "@fluentui/react-components"));
