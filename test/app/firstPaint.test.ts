/**
 * The pane's first paint carries only the Connection section (docs/architecture.md, "Entries and pages"): every
 * feature panel is a lazy component whose module is imported with import(), and nothing the Office entry imports
 * statically reaches a panel or the HTTP API. The size budget itself is checked by
 * `npx tsx scripts/bench-pane-load.ts` (a production build takes a minute).
 */
import * as fs from "fs";
import * as path from "path";
import { TABS } from "../../src/app/tabs";

const SRC = path.resolve(__dirname, "../../src");

/** The file a relative specifier names (.ts, .tsx or a folder's index). */
function resolveModule(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  const found = candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
  if (!found) throw new Error(`cannot resolve ${specifier} from ${from}`);
  return found;
}

/** Relative modules a file imports or re-exports statically, type-only imports left out (TypeScript erases them). */
function staticImports(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const found: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?\bfrom\s+"(\.[^"]+)"/gms)) {
    if (!match[1]) found.push(resolveModule(file, match[2]));
  }
  for (const match of text.matchAll(/^import\s+"(\.[^"]+)"/gm)) found.push(resolveModule(file, match[1]));
  return found;
}

/** Every module reachable by static imports from `entry`, as paths relative to src. */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    staticImports(file).forEach(visit);
  };
  visit(entry);
  return new Set([...seen].map((file) => path.relative(SRC, file).split(path.sep).join("/")));
}

describe("the pane's first paint", () => {
  it("loads every feature panel lazily", () => {
    expect(TABS.length).toBeGreaterThan(0);
    for (const tab of TABS) expect((tab.Panel as unknown as { $$typeof: symbol }).$$typeof).toBe(Symbol.for("react.lazy"));
    const source = fs.readFileSync(path.join(SRC, "app/tabs.ts"), "utf8");
    expect(source).not.toMatch(/^import[^;]*from\s+"\.\.\/features\//m);
    // Each tab imports its feature's index.ts with import(): the feature's panel comes with that chunk.
    const dynamic = [...source.matchAll(/import\(\/\* webpackChunkName: "panel-[a-z-]+" \*\/ "\.\.\/features\/(\w+)"\)/g)];
    const features = fs
      .readdirSync(path.join(SRC, "features"))
      .filter((feature) => fs.readdirSync(path.join(SRC, "features", feature, "panel")).some((file) => /Panel\.tsx$/.test(file)));
    expect(dynamic.map((m) => m[1]).sort()).toEqual(features.sort());
    expect(dynamic.length).toBe(TABS.length);
  });

  // Office's workbook port (excel/officeWorkbook.ts) is re-exported by the src/excel barrel, which the entry imports for
  // onOfficeReady: webpack leaves it out all the same (src/excel is marked side-effect free), which this walk cannot
  // see; the bench's size budget covers it.
  // The flows' shared helpers (ui/flows/common.ts) come with the connected part: the shell names a client with
  // ui/clientRef.ts (the first paint was 0.5 KB gzipped heavier when clientChange took clientLabel from flows/common).
  it("imports no panel, HTTP API or flow helpers statically from the Office entry", () => {
    const graph = staticGraph(path.join(SRC, "app/index.tsx"));
    expect(graph.has("app/App.tsx")).toBe(true); // the walk does follow the shell
    expect(graph.has("ui/clientRef.ts")).toBe(true);
    const heavy = [...graph].filter(
      (file) =>
        /^features\/\w+\/panel\//.test(file) ||
        file === "app/connection.ts" ||
        file === "app/connected.ts" ||
        file === "api/PayrollApi.ts" ||
        file === "ui/flows/common.ts",
    );
    expect(heavy).toEqual([]);
  });
});
