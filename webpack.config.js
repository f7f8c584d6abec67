/* Webpack build of the add-in (yo office layout).
 * Entries: taskpane (runs inside Office), functions (the PAYROLL custom functions, in the pane's shared runtime),
 * preview (browser: in-browser workbook + pane).
 * `webpack serve` (npm start) serves them on https://localhost:3000 with office-addin-dev-certs and proxies /v1 to the
 * payroll service (PAYROLL_SERVICE_URL, default the sandbox on http://127.0.0.1:4010).
 * --env outDir=<dir>   build into another folder (the e2e harness)
 * --env http           serve over plain http (no dev certificates)
 * --env noSourceMaps   faster builds without source maps
 * --env esbuild        the e2e bundle, built on every e2e run with a cold cache in CI (scripts/lib/esbuildLoader.js):
 *                      TypeScript stripped by esbuild instead of ts-loader (about 6 s less CPU), and a development build
 *                      tree-shaken and minified by esbuild as a production one is (the preview's script 6.1 -> 1.2 MB)
 * --env productionReact  a development build with React's and Fluent's production code (process.env.NODE_ENV is
 *                      "production"): the e2e bundle (test/e2e/globalSetup.ts), whose pages then render about twice as
 *                      fast; React's development warnings are the unit tests' job (jsdom runs its development build)
 * --env preview        keep the preview in a production build (left out by default: `npm run serve` must not offer an
 *                      in-browser workbook any page could frame; development builds always have it)
 * ADDIN_ORIGIN=https://host  dist/manifest.xml with every URL on that origin (default the dev server's); the dev
 *                      server's port is package.json's config.dev_server_port (scripts/lib/addinOrigin.js)
 */
const fs = require("fs");
const path = require("path");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");
const { EsbuildMinify } = require("./scripts/lib/esbuildLoader");
const { devServerPort, targetOrigin, manifestForOrigin } = require("./scripts/lib/addinOrigin");

/**
 * A page without script (help.html, privacy.html): one shell, src/app/page.html (head, stylesheet, title), around the
 * page's own text, src/app/<name>.main.html (read at each compilation, and watched by the dev server).
 */
function staticPage(name) {
  const main = path.resolve(__dirname, `src/app/${name}.main.html`);
  return new HtmlWebpackPlugin({
    filename: `${name}.html`,
    template: "./src/app/page.html",
    title: name,
    chunks: [],
    templateParameters: (compilation, _assets, _tags, options) => {
      compilation.fileDependencies.add(main);
      return { htmlWebpackPlugin: { options }, main: fs.readFileSync(main, "utf8") };
    },
  });
}

// The pages' Content-Security-Policy is shared with `npm run serve`: src/server/csp.ts, loaded through tsx (registered
// only for this require, as a plain path so that webpack's build cache can track the file).
const csp = (() => {
  const unregister = require("tsx/cjs/api").register();
  try {
    return require("./src/server/csp.ts");
  } finally {
    unregister();
  }
})();

const DEV_PORT = devServerPort();
const DEFAULT_SERVICE_URL = "http://127.0.0.1:4010";

/** Dev certificates for https://localhost, or null (with a notice) when they cannot be made or trusted here. */
async function devHttpsOptions() {
  try {
    const devCerts = require("office-addin-dev-certs");
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("timed out after 60 s")), 60_000).unref());
    const options = await Promise.race([devCerts.getHttpsServerOptions(), timeout]);
    return { ca: options.ca, key: options.key, cert: options.cert };
  } catch (error) {
    const reason = String((error && error.message) || error).split("\n")[0];
    console.warn(
      `\nNOTICE: could not create or install the development certificates (${reason}).\n` +
        `NOTICE: serving over plain HTTP on http://localhost:${DEV_PORT}. The browser preview works; ` +
        `Excel needs HTTPS, so run "npx office-addin-dev-certs install" (with admin rights) before sideloading.\n`,
    );
    return null;
  }
}

module.exports = async (env = {}, argv = {}) => {
  const mode = argv.mode === "production" ? "production" : "development";
  const dev = mode === "development";
  const outDir = env.outDir ? path.resolve(env.outDir) : path.resolve(__dirname, "dist");
  const serviceUrl = (process.env.PAYROLL_SERVICE_URL || DEFAULT_SERVICE_URL).replace(/\/+$/, "");
  const serving = Boolean(env.WEBPACK_SERVE);
  const withPreview = dev || Boolean(env.preview);
  const https = serving && !env.http && !process.env.PAYROLL_DEV_HTTP ? await devHttpsOptions() : null;
  const manifestOrigin = targetOrigin(); // throws with a clear message on a bad ADDIN_ORIGIN
  if (!dev && !process.env.ADDIN_ORIGIN)
    console.warn(`NOTICE: ADDIN_ORIGIN is not set; dist/manifest.xml points at ${manifestOrigin} (the dev server).`);

  return {
    mode,
    context: __dirname,
    // Production maps are written but not referenced from the bundles (and `npm run serve` never serves *.map): the
    // whole commented source stays off the web, while a stack trace can still be mapped from dist/ by hand.
    devtool: env.noSourceMaps ? false : dev ? "source-map" : "hidden-source-map",
    entry: {
      taskpane: "./src/app/index.tsx",
      ...(withPreview ? { preview: "./src/preview/preview.tsx" } : {}),
      // The PAYROLL custom functions, loaded by taskpane.html after the pane (one shared runtime): dependOn shares the
      // pane's modules, so the connection the pane sets is the one the functions read. The preview imports them itself.
      functions: { import: "./src/functions/functions.ts", dependOn: "taskpane" },
    },
    output: {
      path: outDir,
      // functions.js keeps its name: the manifest's custom-functions Script points at it.
      filename: ({ chunk }) => (dev || chunk?.name === "functions" ? "[name].js" : "[name].[contenthash:8].js"),
      // Chunks loaded with import(): the pane's connected part, Office's workbook port, each feature panel
      // (docs/architecture.md, "Entries and pages"); hashed in production like the entries.
      chunkFilename: dev ? "[name].js" : "[name].[contenthash:8].js",
      clean: true,
    },
    resolve: { extensions: [".ts", ".tsx", ".js"] },
    module: {
      rules: [
        // These layers run nothing at load (definitions only), so a module none of whose exports is used is left out of
        // the bundle, barrels included: the pane's first chunk and functions.js then carry only what they call.
        { test: /[\\/]src[\\/](api|contract|xl|excel)[\\/]/, sideEffects: false },
        // So are the kit's sheet helpers, the features' models and their index.ts (names handed on, nothing run): the
        // shell's import of one name from a feature's index.ts brings that module alone, not the feature's panel.
        { test: /[\\/]src[\\/](ui[\\/]sheets[\\/]|features[\\/]\w+[\\/](model[\\/]|index\.ts$))/, sideEffects: false },
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          // Type errors are caught by `tsc --noEmit` (npm test / lint); the bundle build only transpiles.
          // ES module output (tsconfig says CommonJS for node and jest) lets webpack pick packages' ESM builds and
          // drop unused exports: with require() the whole icon set (about 18 MB) would be bundled.
          use: env.esbuild
            ? { loader: path.resolve(__dirname, "scripts/lib/esbuildLoader.js") }
            : {
                loader: "ts-loader",
                options: { transpileOnly: true, compilerOptions: { module: "es2020", sourceMap: !env.noSourceMaps } },
              },
        },
      ],
    },
    // Not for the e2e bundle: CI builds it once from a cold cache (writing one costs time), and a cached module graph
    // left its tree shaking undone (the preview's script 3.4 MB instead of 1.2 MB).
    cache:
      dev && !env.esbuild
        ? {
            type: "filesystem",
            cacheDirectory: path.resolve(__dirname, "node_modules/.cache/webpack"),
            // a changed config (or loader of ours) invalidates the cache
            buildDependencies: { config: [__filename, path.resolve(__dirname, "scripts/lib/esbuildLoader.js")] },
          }
        : false,
    performance: { hints: false },
    optimization: {
      ...(env.productionReact ? { nodeEnv: "production" } : {}),
      // What a production build does to drop unused code (webpack's defaults there), without its slower minifier.
      ...(env.esbuild ? { usedExports: true, sideEffects: true, innerGraph: true, concatenateModules: true } : {}),
    },
    plugins: [
      ...(env.esbuild ? [new EsbuildMinify()] : []),
      new HtmlWebpackPlugin({
        filename: "taskpane.html",
        template: "./src/app/taskpane.html",
        chunks: ["taskpane", "functions"],
      }),
      ...(withPreview
        ? [new HtmlWebpackPlugin({ filename: "preview.html", template: "./src/preview/preview.html", chunks: ["preview"] })]
        : []),
      staticPage("help"),
      staticPage("privacy"),
      // functions.json (the manifest's custom-functions Metadata) from functions.ts's JSDoc; the plugin also appends the
      // CustomFunctions.associate calls to that file (see src/functions/functions.ts).
      new CustomFunctionsMetadataPlugin({ output: "functions.json", input: "./src/functions/functions.ts" }),
      new CopyWebpackPlugin({
        patterns: [
          { from: "assets/*.png", to: "assets/[name][ext]" },
          // ES5 old-Office check, loaded by taskpane.html and preview.html before the bundle (not compiled: it must
          // parse in Internet Explorer 11).
          { from: "src/app/compat.js", to: "compat.js" },
          { from: "src/app/pages.css", to: "pages.css" },
          {
            from: "manifest.xml",
            to: "manifest.xml",
            transform: (content) => manifestForOrigin(content.toString(), manifestOrigin),
          },
        ],
      }),
    ],
    devServer: {
      port: DEV_PORT,
      host: "localhost",
      server: https ? { type: "https", options: https } : "http",
      hot: false,
      liveReload: dev,
      client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
      static: false,
      // The production policy plus the live-reload socket; no 'unsafe-eval' (devtool is never an eval one).
      headers: {
        "Content-Security-Policy": csp.cspHeaderValue(
          csp.developmentDirectives({
            connectSrc: csp.parseOriginList(process.env.PAYROLL_CSP_CONNECT_SRC, "PAYROLL_CSP_CONNECT_SRC"),
            devSocketOrigins: [`ws://localhost:${DEV_PORT}`, `wss://localhost:${DEV_PORT}`],
          }),
        ),
      },
      proxy: [
        {
          context: ["/v1"],
          target: serviceUrl,
          changeOrigin: true,
          // http-proxy-middleware logs the method and path of failures only; never headers (the key).
          logLevel: "warn",
        },
      ],
    },
  };
};
