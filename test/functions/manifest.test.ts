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
