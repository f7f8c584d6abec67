/** Once per unit run, before the workers start: Fluent UI's files for the jsdom tests (test/shims/fluent.js). */
const { prepare } = require("./fluent");

module.exports = async (_globalConfig, projectConfig) => {
  await prepare(projectConfig.cacheDirectory);
};
