/**
 * Jest transformer: TypeScript and TSX to CommonJS with esbuild's transformSync, file by file. Type checking is
 * `npm run typecheck`'s job (tsc --noEmit), so the tests only need the types stripped; ts-jest's compiler, even with
 * isolatedModules, made a cold-cache unit run spend most of its time compiling (see the README's "Tests").
 * Nothing here hoists jest.mock() calls: the suite uses none (jest.spyOn on objects only).
 */
const { transformSync } = require("esbuild");
const { createHash } = require("crypto");
const { version } = require("esbuild/package.json");

// What tsconfig.json says that matters to a file-by-file transpile: ES2022 class fields, React's automatic JSX.
const tsconfigRaw = { compilerOptions: { useDefineForClassFields: true, jsx: "react-jsx", verbatimModuleSyntax: false } };

module.exports = {
  process(source, filename) {
    const { code, map } = transformSync(source, {
      loader: filename.endsWith(".tsx") ? "tsx" : filename.endsWith(".ts") ? "ts" : "js",
      format: "cjs",
      target: "node20",
      // import() becomes a require() in a promise, as tsc's CommonJS output has it (jest's vm has no dynamic import).
      supported: { "dynamic-import": false },
      sourcemap: "external",
      sourcesContent: false,
      sourcefile: filename,
      tsconfigRaw,
    });
    return { code, map };
  },
  getCacheKey(source, filename) {
    return createHash("sha1").update(version).update(JSON.stringify(tsconfigRaw)).update(filename).update(source).digest("hex");
  },
};
