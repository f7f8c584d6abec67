/** The manifest's custom-functions parts: a shared runtime (taskpane.html, long lifetime) hosting the PAYROLL functions. */
import { readFileSync } from "fs";
import path from "path";
import { checkManifest } from "../../scripts/lib/manifestChecks";
import { NAMESPACE } from "../../src/functions/registry";

const root = path.resolve(__dirname, "../..");
const xml = readFileSync(path.join(root, "manifest.xml"), "utf8");
const resource = (id: string) =>
  new RegExp(`<bt:(?:Url|String) id="${id.replace(".", "\\.")}" DefaultValue="([^"]+)"`).exec(xml)?.[1];

it("runs the pane, the ribbon and the functions in one long-lived runtime on taskpane.html", () => {
  expect(xml).toMatch(/<Runtimes>\s*<Runtime resid="Taskpane.Url" lifetime="long"\/>\s*<\/Runtimes>/);
  expect(xml).toMatch(/<FunctionFile resid="Taskpane.Url"\/>/);
  expect(checkManifest(xml, root).requirementSets).toMatchObject({ SharedRuntime: "1.1" });
});

it("asks for SharedRuntime only where the overrides apply, so hosts without it still get the pane (and compat.js)", () => {
  const base = xml.slice(0, xml.indexOf("<VersionOverrides"));
  const overrides = xml.slice(xml.indexOf("<VersionOverrides"));
  expect(base).not.toMatch(/SharedRuntime/);
  expect(base).toMatch(/<Set Name="ExcelApi" MinVersion="1.7"\/>/);
  expect(overrides).toMatch(
    /^<VersionOverrides[^>]*>\s*(<!--[\s\S]*?-->\s*)?<Requirements>\s*<bt:Sets DefaultMinVersion="1.1">\s*<bt:Set Name="SharedRuntime" MinVersion="1.1"\/>/,
  );
});

it("declares CustomFunctionsRuntime 1.1 with SharedRuntime (Microsoft's template declares it), not in the base", () => {
  const base = xml.slice(0, xml.indexOf("<VersionOverrides"));
  const overrides = xml.slice(xml.indexOf("<VersionOverrides"));
  expect(base).not.toMatch(/CustomFunctionsRuntime/);
  expect(/<Requirements>([\s\S]*?)<\/Requirements>/.exec(overrides)?.[1]).toMatch(
    /<bt:Set Name="CustomFunctionsRuntime" MinVersion="1.1"\/>/,
  );
  expect(checkManifest(xml, root).requirementSets).toMatchObject({ CustomFunctionsRuntime: "1.1", SharedRuntime: "1.1" });
});

it("declares only the namespaces it uses (no unused xmlns:ov)", () => {
  const prefixes = [...xml.matchAll(/\sxmlns:(\w+)="/g)].map((m) => m[1]);
  expect(prefixes).not.toContain("ov");
  for (const p of prefixes) expect(xml).toMatch(new RegExp(`<\\/?${p}:|\\s${p}:\\w+=`));
});

it("declares the CustomFunctions extension point: functions.js, the pane's page, functions.json, the PAYROLL namespace", () => {
  const point = /<ExtensionPoint xsi:type="CustomFunctions">([\s\S]*?)<\/ExtensionPoint>/.exec(xml)?.[1] ?? "";
  expect(point).toMatch(/<Script>\s*<SourceLocation resid="Functions.Script.Url"\/>/);
  expect(point).toMatch(/<Page>\s*<SourceLocation resid="Taskpane.Url"\/>/);
  expect(point).toMatch(/<Metadata>\s*<SourceLocation resid="Functions.Metadata.Url"\/>/);
  expect(point).toMatch(/<Namespace resid="Functions.Namespace"\/>/);
  expect(resource("Functions.Script.Url")).toBe("https://localhost:3000/functions.js");
  expect(resource("Functions.Metadata.Url")).toBe("https://localhost:3000/functions.json");
  expect(resource("Functions.Namespace")).toBe(NAMESPACE);
  expect(checkManifest(xml, root).errors).toEqual([]);
});
