/** @fluentui/react-icons for the unit tests: each icon chunk loaded when first used (test/shims/fluent.js). */
module.exports = require(require("./fluent").load("icons.cjs", "@fluentui/react-icons"));
