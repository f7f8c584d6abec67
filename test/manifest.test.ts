/** Offline manifest checks; `npm run validate` also parses the XML with office-addin-manifest (ESM-only deps keep it out of jest). */
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, copyFileSync } from "fs";
import os from "os";
import path from "path";
import { checkManifest, pngSize } from "../scripts/lib/manifestChecks";

const root = path.resolve(__dirname, "..");
const xml = readFileSync(path.join(root, "manifest.xml"), "utf8");

describe("manifest.xml", () => {
  it("is an Excel task-pane add-in opening taskpane.html", () => {
    expect(xml).toMatch(/xsi:type="TaskPaneApp"/);
    expect(xml).toMatch(/<SourceLocation DefaultValue="https:\/\/localhost:3000\/taskpane.html"\/>/);
  });

  it("passes the offline checks: resources, one origin, built pages, icon sizes, ExcelApi set", () => {
    const result = checkManifest(xml, root);
    expect(result.errors).toEqual([]);
    expect(result.origin).toBe("https://localhost:3000");
    expect(Number(result.requirementSets.ExcelApi.split(".")[1])).toBeGreaterThanOrEqual(1);
  });

  it("has a Payroll button on the Home tab that shows the task pane", () => {
    expect(xml).toMatch(/<OfficeTab id="TabHome">[\s\S]*<Control xsi:type="Button"[\s\S]*<Action xsi:type="ShowTaskpane">/);
    expect(xml).toMatch(/<bt:String id="Payroll.Button.Label" DefaultValue="Payroll"\/>/);
  });

  it("ships icons at 16, 32, 64, 80 and 128 pixels", () => {
    for (const size of [16, 32, 64, 80, 128])
      expect(pngSize(path.join(root, "assets", `icon-${size}.png`))).toEqual({ width: size, height: size });
  });

  it("catches a wrong icon size, an unknown resid, a second origin and a page the build does not make", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "manifest-"));
    mkdirSync(path.join(dir, "assets"));
    for (const size of [16, 32, 64, 80])
      copyFileSync(path.join(root, "assets", `icon-${size}.png`), path.join(dir, "assets", `icon-${size}.png`));
    copyFileSync(path.join(root, "assets", "icon-16.png"), path.join(dir, "assets", "icon-80.png")); // a 16px file named 80
    const broken = xml
      .replace('<Label resid="Payroll.Group.Label"/>', '<Label resid="Nope.Label"/>')
      .replace('https://localhost:3000/help.html"/>\n  <AppDomains>', 'https://example.com/help.html"/>\n  <AppDomains>')
      .replace("https://localhost:3000/commands.html", "https://localhost:3000/missing.html");
    writeFileSync(path.join(dir, "manifest.xml"), broken);
    const { errors } = checkManifest(broken, dir);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringContaining('resid "Nope.Label" has no resource'),
        expect.stringContaining("one origin"),
        expect.stringContaining("missing.html is not a page the build produces"),
        expect.stringContaining("is 16x16, expected 80x80"),
      ]),
    );
  });
});
