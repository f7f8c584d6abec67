/**
 * Fluent UI v9 for the jsdom tests, loaded in a fraction of the time (README "Tests"). Every test file has its own module
 * registry, so each of the 29 component test files required @fluentui/react-components afresh: about 900 modules,
 * resolved and compiled one by one (about 0.8 s of CPU), plus the whole icon set, 26,703 icons in 62 chunk files
 * created eagerly (about 0.7 s), though the pane shows a handful.
 *
 * prepare(), from the unit config's globalSetup, writes two files once per installed version into jest's cache folder:
 * - components.cjs: @fluentui/react-components and everything it imports (griffel, tabster, …) bundled by esbuild
 *   into one CommonJS file. React, react-dom and scheduler stay outside (by absolute path, so the test's React and
 *   Fluent's are one module), and so does @fluentui/react-icons (one copy of its direction context for all).
 * - icons.cjs: @fluentui/react-icons' own index with each icon chunk made lazy: an icon's chunk is required when the
 *   icon is first read (its getter), so a test file creates only the chunks it shows.
 * jest.config.js maps both package names to fluentComponents.js and fluentIcons.js, which load these files (or the
 * packages themselves when prepare() did not run, e.g. under another config). Nothing of Fluent's code changes:
 * the same modules run, from fewer files.
 */
const { createHash } = require("crypto");
const fs = require("fs");
const path = require("path");

/** Where prepare() put the files, for the workers (they inherit the environment globalSetup leaves). */
const DIR_ENV = "PAYROLL_JEST_FLUENT_DIR";
const root = path.resolve(__dirname, "../..");
const resolveFrom = (request) => require.resolve(request, { paths: [root] });

function packageVersion(name) {
  // Found from the package's main file, since react-icons' exports map hides its package.json.
  let dir = path.dirname(resolveFrom(name));
  while (
    !fs.existsSync(path.join(dir, "package.json")) ||
    JSON.parse(fs.readFileSync(path.join(dir, "package.json"))).name !== name
  )
    dir = path.dirname(dir);
  return JSON.parse(fs.readFileSync(path.join(dir, "package.json"))).version;
}

/** Writes `text` to `file` whole or not at all (two runs may prepare at once). */
function writeAtomic(file, text) {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
}

/** @fluentui/react-icons' index, each `__exportStar(require("./icons/chunk-N.cjs"))` turned into lazy getters. */
function lazyIconsIndex() {
  const index = resolveFrom("@fluentui/react-icons");
  const dir = path.dirname(index);
  let chunks = 0;
  const source = fs
    .readFileSync(index, "utf8")
    .replace(/tslib_1\.__exportStar\(require\("(\.[^"]+)"\), exports\);/g, (_, relative) => {
      const file = path.join(dir, relative);
      const names = [...new Set([...fs.readFileSync(file, "utf8").matchAll(/exports\.(\w+) = /g)].map((m) => m[1]))];
      chunks++;
      return `lazy(${JSON.stringify(file)}, ${JSON.stringify(names.filter((n) => n !== "__esModule"))});`;
    })
    // Every other require by absolute path: the file lives in jest's cache folder, outside node_modules.
    .replace(/require\("([^"]+)"\)/g, (_, request) => `require(${JSON.stringify(require.resolve(request, { paths: [dir] }))})`);
  if (chunks < 10)
    throw new Error(`@fluentui/react-icons' index has changed shape (${chunks} chunks found): update ${__filename}`);
  const lazy = `function lazy(file, names) {
  let chunk;
  for (const name of names)
    Object.defineProperty(exports, name, { enumerable: true, configurable: true, get: () => (chunk ??= require(file))[name] });
}
`;
  return source.replace('"use strict";', `"use strict";\n${lazy}`);
}

async function bundleComponents(outfile) {
  const esbuild = require("esbuild");
  const external = /^(react|react-dom|scheduler)(\/.*)?$/;
  await esbuild.build({
    entryPoints: [resolveFrom("@fluentui/react-components")],
    outfile,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    logLevel: "warning",
    plugins: [
      {
        name: "shared-modules",
        setup(build) {
          // The test's own React (one module instance), and the icons through their own mapping (icons.cjs).
          build.onResolve({ filter: external }, (args) => ({ path: resolveFrom(args.path), external: true }));
          build.onResolve({ filter: /^@fluentui\/react-icons$/ }, (args) => ({ path: args.path, external: true }));
        },
      },
    ],
  });
}

/** Builds the two files into `cacheDirectory` unless this version's are there; returns their folder. */
async function prepare(cacheDirectory) {
  const key = createHash("sha1")
    .update(fs.readFileSync(__filename))
    .update(["@fluentui/react-components", "@fluentui/react-icons", "esbuild", "react"].map(packageVersion).join())
    // The files name React and the icons by absolute path: another checkout sharing the cache folder builds its own.
    .update(["react", "@fluentui/react-icons"].map(resolveFrom).join())
    .digest("hex")
    .slice(0, 12);
  const dir = path.join(cacheDirectory, `fluent-${key}`);
  if (!fs.existsSync(path.join(dir, "icons.cjs"))) {
    fs.mkdirSync(dir, { recursive: true });
    const temporary = path.join(dir, `components.${process.pid}.tmp.cjs`);
    await bundleComponents(temporary);
    fs.renameSync(temporary, path.join(dir, "components.cjs"));
    writeAtomic(path.join(dir, "icons.cjs"), lazyIconsIndex()); // last: its presence means both are ready
  }
  process.env[DIR_ENV] = dir;
  return dir;
}

/** The file prepare() wrote, or the package itself (by path: a package name here would map back to this shim). */
function load(file, packageName) {
  const dir = process.env[DIR_ENV];
  return dir ? path.join(dir, file) : resolveFrom(packageName);
}

module.exports = { prepare, load, DIR_ENV };
