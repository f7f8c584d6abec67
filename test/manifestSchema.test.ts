/**
 * The offline manifest validator refuses what Office's own validator refuses. Each case injects one error into a copy
 * of the real manifest; `npm run validate` must exit non-zero on it (the three the issue names run the real script).
 */
import { execFileSync } from "child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "fs";
import os from "os";
import path from "path";
import { checkManifest } from "../scripts/lib/manifestChecks";
import { parseXml } from "../scripts/lib/xmlTree";

const root = path.resolve(__dirname, "..");
const xml = readFileSync(path.join(root, "manifest.xml"), "utf8");

/** Applies `edit` and insists it changed something, so a stale pattern cannot make a case pass vacuously. */
function broken(edit: (s: string) => string): string {
  const out = edit(xml);
  expect(out).not.toBe(xml);
  return out;
}

const moveRequirementsAfterDefaultSettings = (s: string) => {
  const requirements = / {2}<Requirements>\n[\s\S]*?<\/Requirements>\n/.exec(s)![0];
  return s.replace(requirements, "").replace("  <Permissions>", `${requirements}  <Permissions>`);
};
const longResid = (s: string) => s.split("Payroll.Button.Tooltip").join("Payroll.Button.Tooltip.ThatIsFarTooLongForOfficeToTake");
const readWriteEverything = (s: string) =>
  s.replace("<Permissions>ReadWriteDocument</Permissions>", "<Permissions>ReadWriteEverything</Permissions>");

describe("the manifest schema checks", () => {
  it("pass on the real manifest", () => {
    expect(checkManifest(xml, root).errors).toEqual([]);
  });

  it.each([
    [
      "<Requirements> moved after <DefaultSettings>",
      moveRequirementsAfterDefaultSettings,
      /<Requirements> is out of order in <OfficeApp>/,
    ],
    ["a 54-character resid", longResid, /is 54 characters; Office allows at most 32/],
    [
      "<Permissions>ReadWriteEverything</Permissions>",
      readWriteEverything,
      /ReadWriteEverything<\/Permissions> is not one of Restricted/,
    ],
    [
      "a missing required <ProviderName>",
      (s: string) => s.replace(/ {2}<ProviderName>.*<\/ProviderName>\n/, ""),
      /lacks the required <ProviderName>/,
    ],
    [
      "a resid used but never defined",
      (s: string) => s.replace('resid="GetStarted.Title"', 'resid="GetStarted.Titel"'),
      /resid "GetStarted.Titel" has no resource/,
    ],
    [
      "an unknown host name",
      (s: string) => s.replace('<Host Name="Workbook"/>', '<Host Name="Spreadsheet"/>'),
      /<Host Name="Spreadsheet"> is not one of/,
    ],
    [
      "an unknown requirement set",
      (s: string) => s.replace('<Set Name="ExcelApi"', '<Set Name="ExcelAPI"'),
      /requirement set "ExcelAPI" is not one Office knows/,
    ],
    [
      "<FunctionFile> before <GetStarted>",
      (s: string) => s.replace(/(\s*<GetStarted>[\s\S]*?<\/GetStarted>)(\s*<FunctionFile resid="Taskpane.Url"\/>)/, "$2$1"),
      /<GetStarted> is out of order in <DesktopFormFactor>/,
    ],
    [
      "<DesktopFormFactor> before <AllFormFactors>",
      (s: string) =>
        s.replace(/(\s*<AllFormFactors>[\s\S]*?<\/AllFormFactors>)(\s*<DesktopFormFactor>[\s\S]*?<\/DesktopFormFactor>)/, "$2$1"),
      /<AllFormFactors> is out of order in <Host>/,
    ],
    [
      "<bt:Urls> before <bt:Images>",
      (s: string) => s.replace(/(\s*<bt:Images>[\s\S]*?<\/bt:Images>)(\s*<bt:Urls>[\s\S]*?<\/bt:Urls>)/, "$2$1"),
      /<bt:Images> is out of order in <Resources>/,
    ],
    [
      "an element unknown there",
      (s: string) => s.replace("<DefaultLocale>", "<Locale>en-US</Locale>\n  <DefaultLocale>"),
      /<Locale> is not a valid child of <OfficeApp>/,
    ],
    ["malformed XML", (s: string) => s.replace("</Hosts>\n  <Requirements>", "<Requirements>"), /not well-formed XML/],
  ])("refuses %s", (_what, edit, message) => {
    const { errors } = checkManifest(broken(edit), root);
    expect(errors).toEqual(expect.arrayContaining([expect.stringMatching(message)]));
  });

  it("the icon files must exist with the sizes the manifest claims", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "manifest-icons-"));
    mkdirSync(path.join(dir, "assets"));
    for (const size of [16, 32, 64])
      copyFileSync(path.join(root, "assets", `icon-${size}.png`), path.join(dir, "assets", `icon-${size}.png`));
    const { errors } = checkManifest(xml, dir); // no icon-80.png there
    expect(errors).toEqual(expect.arrayContaining([expect.stringContaining("missing file assets/icon-80.png")]));
  });

  it("reads elements, attributes, text and lines", () => {
    const tree = parseXml('<?xml version="1.0"?>\n<!-- c -->\n<a x="1 &amp; 2">\n  <b:c>t&lt;</b:c><d/>\n</a>');
    expect(tree).toMatchObject({ name: "a", attributes: { x: "1 & 2" }, line: 3 });
    expect(tree.children.map((c) => [c.name, c.local, c.text, c.line])).toEqual([
      ["b:c", "c", "t<", 4],
      ["d", "d", "", 4],
    ]);
    expect(() => parseXml("<a><b></a>")).toThrow("</a> does not close <b>");
  });
});

describe("npm run validate", () => {
  const validate = (manifest: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "manifest-validate-"));
    mkdirSync(path.join(dir, "assets"));
    for (const size of [16, 32, 64, 80])
      copyFileSync(path.join(root, "assets", `icon-${size}.png`), path.join(dir, "assets", `icon-${size}.png`));
    writeFileSync(path.join(dir, "manifest.xml"), manifest);
    try {
      const out = execFileSync(
        process.execPath,
        [require.resolve("tsx/cli"), "scripts/validate-manifest.ts", "--offline", path.join(dir, "manifest.xml")],
        { cwd: root, encoding: "utf8", stdio: "pipe" },
      );
      return { code: 0, out };
    } catch (e) {
      const err = e as { status: number; stdout: string; stderr: string };
      return { code: err.status, out: err.stdout + err.stderr };
    }
  };

  it("exits 0 on the real manifest, offline", () => {
    const { code, out } = validate(xml);
    expect(out).toContain("offline checks passed");
    expect(code).toBe(0);
  }, 60_000);

  it.each([
    ["<Requirements> after <DefaultSettings>", moveRequirementsAfterDefaultSettings],
    ["a 54-character resid", longResid],
    ["ReadWriteEverything", readWriteEverything],
  ])(
    "exits non-zero on %s",
    (_what, edit) => {
      const { code, out } = validate(broken(edit));
      expect(code).not.toBe(0);
      expect(out).toMatch(/problem\(s\)/);
    },
    60_000,
  );
});
