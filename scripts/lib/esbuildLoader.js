/**
 * esbuild for the e2e bundle (`--env esbuild` in webpack.config.js; test/e2e/globalSetup.ts), built on every e2e run
 * from a cold cache in CI:
 * - the loader (this module's export): TypeScript and TSX to ES modules, file by file. Like ts-loader with
 *   transpileOnly it only strips types (tsc --noEmit checks them): 9 s of CPU for the build instead of 15.
 * - EsbuildMinify: each emitted .js minified as a production build is, with names kept (errors take their class's
 *   name). With webpack's tree shaking on, the preview's script falls from 6.1 MB to 1.2 MB (mostly icon chunks of
 *   which the pane shows a handful), and every page load in Chromium parses and runs that much less.
 * The options are what tsconfig.json says that matters to a file-by-file transpile, as in test/shims/esbuildTransform.js.
 */
const { transform } = require("esbuild");

const tsconfigRaw = { compilerOptions: { useDefineForClassFields: true, jsx: "react-jsx", verbatimModuleSyntax: false } };
const TARGET = "es2022"; // tsconfig.json's

module.exports = function esbuildLoader(source) {
  const done = this.async();
  const file = this.resourcePath;
  transform(source, {
    loader: file.endsWith(".tsx") ? "tsx" : "ts",
    format: "esm", // webpack then picks packages' ESM builds and drops unused exports, as with ts-loader's es2020 modules
    target: TARGET,
    sourcefile: file,
    sourcemap: this.sourceMap ? "external" : false,
    sourcesContent: false,
    tsconfigRaw,
  }).then((result) => done(null, result.code, result.map || undefined), done);
};

/** Minifies every emitted .js but compat.js (copied as is: it must parse in Internet Explorer 11). */
module.exports.EsbuildMinify = class EsbuildMinify {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.compilation.tap("EsbuildMinify", (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: "EsbuildMinify", stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE },
        (assets) =>
          Promise.all(
            Object.keys(assets)
              .filter((name) => name.endsWith(".js") && name !== "compat.js")
              .map(async (name) => {
                const { code } = await transform(String(assets[name].source()), {
                  minify: true,
                  keepNames: true,
                  target: TARGET,
                  legalComments: "none",
                });
                compilation.updateAsset(name, new sources.RawSource(code));
              }),
          ),
      );
    });
  }
};
