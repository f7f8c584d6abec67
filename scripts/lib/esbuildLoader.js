/**
 * Webpack loader: TypeScript and TSX to ES modules with esbuild's transform, file by file (`--env esbuild` in
 * webpack.config.js; the e2e bundle, test/e2e/globalSetup.ts). Like ts-loader with transpileOnly it only strips types
 * (tsc --noEmit checks them), for about 6 s less CPU per build on a cold cache: 9 s in all instead of 15.
 * The options are what tsconfig.json says that matters to a file-by-file transpile, as in test/shims/esbuildTransform.js.
 */
const { transform } = require("esbuild");

const tsconfigRaw = { compilerOptions: { useDefineForClassFields: true, jsx: "react-jsx", verbatimModuleSyntax: false } };

module.exports = function esbuildLoader(source) {
  const done = this.async();
  const file = this.resourcePath;
  transform(source, {
    loader: file.endsWith(".tsx") ? "tsx" : "ts",
    format: "esm", // webpack then picks packages' ESM builds and drops unused exports, as with ts-loader's es2020 modules
    target: "es2022", // tsconfig.json's
    sourcefile: file,
    sourcemap: this.sourceMap ? "external" : false,
    sourcesContent: false,
    tsconfigRaw,
  }).then((result) => done(null, result.code, result.map || undefined), done);
};
