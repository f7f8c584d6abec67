/**
 * The walls of docs/architecture.md ("Walls"), as one ESLint rule: every static import, `export … from`, dynamic
 * `import()` and `require()` with a relative path is resolved to a file, both ends are placed in the house (a lower
 * layer, the bottom layer xl, the kit, the shell, or a feature's model, flows, panel or index.ts), and the pair is
 * looked up in WALLS. A path that goes back on itself (`../../a/../b`) is refused wherever it is written.
 */
const path = require("path");

const ROOT = path.resolve(__dirname, "..");
const SRC = path.join(ROOT, "src");
const LAYERS = ["contract", "api", "xl", "excel", "emulator", "functions", "preview", "sandbox", "server", "app"];

/**
 * Where a file of src stands: `{ place, feature }`. Places: the layers above; "kit" (src/ui), "kit sheets"
 * (src/ui/sheets, pure) and "kit views" (src/ui/parts, src/ui/components); a feature's "model", "flows", "panel"
 * and "index" (src/features/<feature>/index.ts, or the folder itself). Null outside src or in an unknown folder.
 */
function placeOf(file) {
  const rel = path.relative(SRC, file).split(path.sep).join("/");
  if (rel.startsWith("..") || path.isAbsolute(rel)) return null;
  const [top, second, third] = rel.split("/");
  if (top === "ui") {
    if (second === "sheets") return { place: "kit sheets" };
    if (second === "parts" || second === "components") return { place: "kit views" };
    return { place: "kit" };
  }
  if (top === "features" && second) {
    const part = (third ?? "index").replace(/\.(tsx?|jsx?)$/, "");
    if (part === "index") return { place: "index", feature: second };
    if (["model", "flows", "panel"].includes(part)) return { place: part, feature: second };
    return { place: "stray", feature: second };
  }
  const layer = top.replace(/\.(tsx?|jsx?)$/, "");
  return LAYERS.includes(layer) ? { place: layer } : null;
}

/**
 * The table: what code in each place may import. `may`: values and types; `types`: types only (`import type`).
 * "own model", "own flows", "own panel": the same feature's; "index": another feature's index.ts (a feature's inside
 * is never imported from outside it). A place always imports its own folder (a layer itself; the kit's part itself).
 */
const WALLS = [
  { from: "contract", may: [], instead: "keep it to zod schemas of the wire; app code lives with its users" },
  { from: "api", may: ["contract"], instead: "take anything else as an argument" },
  { from: "xl", may: ["contract"], instead: "keep Excel's cell conventions free of the layers above; take data as arguments" },
  {
    from: "excel",
    may: ["contract", "xl"],
    instead: "take data as arguments; flows call the excel layer, not the reverse",
  },
  {
    from: "emulator",
    may: ["xl"],
    types: ["excel"],
    instead: "use `import type` for the excel layer's types; Excel's conventions come from src/xl",
  },
  {
    from: "functions",
    may: ["contract", "api", "xl", "excel"],
    instead: "get the pane's connection through setFunctionsConnection (src/functions/connection), not by importing the pane",
  },
  { from: "sandbox", may: ["contract"], instead: "share only the contract with the add-in; move the rest into src/sandbox" },
  { from: "server", may: [], instead: "move what the server needs into src/server" },
  {
    from: "preview",
    may: ["emulator", "excel", "xl", "functions", "app", "kit", "index"],
    instead: "the page reaches the service over HTTP, through the pane, and a feature through its index.ts",
  },
  {
    from: "app",
    may: ["contract", "api", "xl", "excel", "functions", "kit", "kit sheets", "kit views", "index"],
    instead:
      "import a feature through its index.ts (add the name there); keep the preview, emulator, sandbox and server out of the pane",
  },
  {
    from: "kit",
    may: ["contract", "api", "xl", "excel", "functions", "kit sheets", "kit views"],
    instead: "the kit serves every feature, so it imports none, nor the shell: take what a feature knows as an argument",
  },
  {
    from: "kit views",
    may: ["contract", "xl", "kit", "kit sheets"],
    types: ["api", "excel"],
    instead: "the kit imports no feature nor the shell, and its views only types from api and excel: take the rest as props",
  },
  {
    from: "kit sheets",
    may: ["contract", "xl"],
    instead: "keep the kit's sheet helpers pure (no Office.js, no fetch, no pane): take data as arguments",
  },
  {
    from: "model",
    may: ["contract", "xl", "kit sheets", "own model"],
    instead:
      "a model is pure: take data as arguments; a flow brings api and excel in, and what two features' models share goes down into src/ui/sheets",
  },
  {
    from: "flows",
    may: ["contract", "api", "xl", "excel", "functions", "kit", "kit sheets", "own model", "own flows", "index"],
    instead: "a flow uses its own model, the layers below and the kit, and another feature only through its index.ts",
  },
  {
    from: "panel",
    may: ["contract", "xl", "kit", "kit sheets", "kit views", "own model", "own flows", "own panel"],
    types: ["api", "excel"],
    instead: "call a flow of the feature (or a hook) that does the work with api or excel; `import type` is fine",
  },
  {
    from: "index",
    may: ["own model", "own flows", "own panel"],
    instead: "a feature's index.ts only hands on names of its own feature",
  },
];

const ROWS = new Map(WALLS.map((row) => [row.from, row]));

/**
 * Imports the table does not allow but that stand for now, each with why (docs/architecture.md lists them). Paths
 * from the project's root, without extension.
 */
const EXCEPTIONS = [];

const withoutExtension = (file) =>
  path
    .relative(ROOT, file)
    .split(path.sep)
    .join("/")
    .replace(/\.(tsx?|jsx?)$/, "");
const excepted = (file, target) =>
  EXCEPTIONS.some((e) => e.file === withoutExtension(file) && e.to.includes(withoutExtension(target)));

/** The name of `target` as the table lists it, seen from `source`; null for the source's own place. */
function targetName(source, target) {
  if (target.feature !== undefined) {
    if (target.feature === source.feature) return target.place === source.place ? null : `own ${target.place}`;
    return target.place === "index" ? "index" : `inside of ${target.feature}`;
  }
  return target.place === source.place ? null : target.place;
}

/** Words for a place in messages. */
function describe(place) {
  if (place.feature) return `src/features/${place.feature}'s ${place.place === "index" ? "index.ts" : place.place}`;
  return (
    {
      kit: "the kit (src/ui)",
      "kit sheets": "the kit's sheets (src/ui/sheets)",
      "kit views": "the kit's views (src/ui/parts, src/ui/components)",
      app: "the shell (src/app)",
    }[place.place] ?? `src/${place.place}`
  );
}

/** A relative path that is not its own normal form: "./a/../b", "../x/../y", "./././a". */
function goesBack(spec) {
  const normal = path.posix.normalize(spec);
  return !(normal === spec || `./${normal}` === spec || `${normal}/` === spec);
}

const rule = {
  meta: {
    type: "problem",
    docs: { description: "The walls between layers, the kit, the shell and features (docs/architecture.md)" },
    schema: [],
    messages: {
      wall: "Walls (docs/architecture.md): {{from}} may not import {{what}}{{how}}. Instead, {{instead}}.",
      inside:
        "Walls (docs/architecture.md): {{from}} may not import the inside of src/features/{{feature}}. Instead, import it from that feature's index.ts (add the name there).",
      back: "Path '{{spec}}' goes back on itself. Instead, write it as '{{normal}}'.",
      stray:
        "Walls (docs/architecture.md): a feature holds only model/, flows/, panel/ and index.ts. Instead, put this file in one of them.",
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const source = placeOf(file);
    function check(node, spec, typeOnly) {
      if (typeof spec !== "string" || !spec.startsWith(".")) return;
      if (goesBack(spec)) {
        const normal = path.posix.normalize(spec);
        context.report({ node, messageId: "back", data: { spec, normal: normal.startsWith(".") ? normal : `./${normal}` } });
        return;
      }
      if (!source) return;
      const resolved = path.resolve(path.dirname(file), spec);
      const target = placeOf(resolved);
      if (!target || excepted(file, resolved)) return;
      const name = targetName(source, target);
      if (name === null) return;
      const row = ROWS.get(source.place);
      if (!row) return;
      if (row.may.includes(name)) return;
      if (typeOnly && (row.types ?? []).includes(name)) return;
      if (name.startsWith("inside of") && row.may.includes("index")) {
        context.report({ node, messageId: "inside", data: { from: describe(source), feature: target.feature } });
        return;
      }
      const how = (row.types ?? []).includes(name) ? " (only its types, with `import type`)" : "";
      context.report({
        node,
        messageId: "wall",
        data: { from: describe(source), what: describe(target), how, instead: row.instead },
      });
    }
    const typeOnlyImport = (node) =>
      node.importKind === "type" || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === "type"));
    const typeOnlyExport = (node) =>
      node.exportKind === "type" || (node.specifiers?.length > 0 && node.specifiers.every((s) => s.exportKind === "type"));
    return {
      Program() {
        if (source?.place === "stray") context.report({ loc: { line: 1, column: 0 }, messageId: "stray" });
      },
      ImportDeclaration: (node) => check(node.source, node.source.value, typeOnlyImport(node)),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value, typeOnlyExport(node)),
      ExportAllDeclaration: (node) => check(node.source, node.source.value, node.exportKind === "type"),
      ImportExpression: (node) => node.source.type === "Literal" && check(node.source, node.source.value, false),
      TSImportType: (node) => {
        const arg = node.argument?.literal ?? node.argument;
        if (arg && arg.type === "Literal") check(arg, arg.value, true);
      },
      CallExpression(node) {
        const [arg] = node.arguments;
        if (node.callee.type === "Identifier" && node.callee.name === "require" && arg && arg.type === "Literal")
          check(arg, arg.value, false);
      },
    };
  },
};

/** The table as docs/architecture.md shows it (test/lint/wallsTable.test.ts keeps the two equal). */
function wallsTable() {
  const list = (names) => (names.length ? names.join(", ") : "nothing outside itself");
  const lines = ["| code in | may import | only types from |", "| --- | --- | --- |"];
  for (const row of WALLS) lines.push(`| ${row.from} | ${list(row.may)} | ${(row.types ?? []).join(", ") || "—"} |`);
  if (EXCEPTIONS.length === 0) lines.push("", "No exceptions stand.");
  else lines.push("", "Exceptions that stand for now:", "");
  for (const e of EXCEPTIONS) lines.push(`- \`${e.file}\` imports ${e.to.map((t) => `\`${t}\``).join(" and ")}: ${e.why}.`);
  return lines.join("\n");
}

module.exports = { rule, WALLS, EXCEPTIONS, placeOf, wallsTable, plugin: { rules: { walls: rule } } };
