/** Offline manifest checks; `npm run validate` also parses the XML with office-addin-manifest (ESM-only deps keep it out of jest). */
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, copyFileSync } from "fs";
import os from "os";
import path from "path";
import { checkManifest, pngSize } from "../scripts/lib/manifestChecks";
import { addinOrigin, devServerPort, manifestForOrigin, targetOrigin } from "../scripts/lib/addinOrigin";

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
      .replace('<SupportUrl DefaultValue="https://localhost:3000/help.html"/>', '<SupportUrl DefaultValue="https://example.com/help.html"/>')
      .replace("https://localhost:3000/functions.json", "https://localhost:3000/missing.html");
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

/** A folder laid out like dist/: the manifest and the icons it names. */
function distLike(manifest: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "manifest-dist-"));
  mkdirSync(path.join(dir, "assets"));
  for (const size of [16, 32, 64, 80])
    copyFileSync(path.join(root, "assets", `icon-${size}.png`), path.join(dir, "assets", `icon-${size}.png`));
  writeFileSync(path.join(dir, "manifest.xml"), manifest);
  return dir;
}

/** Every URL a manifest points Office at (xmlns namespace names are identifiers, and comments are not read). */
function manifestUrls(manifest: string): string[] {
  const withoutNamespaces = manifest.replace(/<!--[\s\S]*?-->/g, "").replace(/\sxmlns(:\w+)?="[^"]*"/g, "");
  return [...withoutNamespaces.matchAll(/https?:\/\/[^"<\s]+/g)].map((m) => m[0]);
}

describe("the manifest for an origin (ADDIN_ORIGIN)", () => {
  const origin = "https://payroll.example.org";

  it("moves every URL (SourceLocation, icons, SupportUrl, bt:Url and bt:Image) to the origin", () => {
    const moved = manifestForOrigin(xml, origin);
    const urls = manifestUrls(moved);
    expect(urls.length).toBe(manifestUrls(xml).length);
    expect(urls.length).toBeGreaterThanOrEqual(10);
    for (const url of urls) expect(new URL(url).origin).toBe(origin);
    expect(moved).toContain(`<SourceLocation DefaultValue="${origin}/taskpane.html"/>`);
    expect(moved).toContain(`<bt:Url id="Functions.Script.Url" DefaultValue="${origin}/functions.js"/>`);
    expect(moved).toContain(`<bt:Image id="Icon.80x80" DefaultValue="${origin}/assets/icon-80.png"/>`);
    expect(moved).not.toContain("localhost");
    const { errors, origin: checked } = checkManifest(moved, distLike(moved));
    expect(errors).toEqual([]);
    expect(checked).toBe(origin);
  });

  it("accepts an origin with a port or a trailing slash, refuses http, paths, queries and junk with a clear message", () => {
    expect(addinOrigin("https://payroll.example.org/")).toBe(origin);
    expect(addinOrigin(" https://Payroll.Example.org:8443 ")).toBe("https://payroll.example.org:8443");
    expect(() => addinOrigin("http://payroll.example.org")).toThrow(/must use https/);
    expect(() => addinOrigin("https://payroll.example.org/addin")).toThrow(/origin only/);
    expect(() => addinOrigin("https://payroll.example.org/?x=1")).toThrow(/origin only/);
    expect(() => addinOrigin("payroll.example.org")).toThrow(/https address such as/);
  });

  it("stays on the dev server without ADDIN_ORIGIN, on the port from package.json's config", () => {
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    expect(pkg.config.dev_server_port).toBe(3000);
    expect(devServerPort({})).toBe(3000);
    expect(devServerPort({ npm_package_config_dev_server_port: "3100" })).toBe(3100);
    expect(devServerPort({ PAYROLL_DEV_PORT: "3200", npm_package_config_dev_server_port: "3100" })).toBe(3200);
    expect(() => devServerPort({ npm_package_config_dev_server_port: "abc" })).toThrow(/whole number/);
    expect(targetOrigin({})).toBe("https://localhost:3000");
    expect(manifestForOrigin(xml, targetOrigin({}))).toBe(xml);
    expect(targetOrigin({ ADDIN_ORIGIN: "https://payroll.example.org" })).toBe(origin);
  });

  it("refuses a manifest that is not written for the dev server (nothing would move)", () => {
    expect(() => manifestForOrigin(manifestForOrigin(xml, origin), "https://other.example.org")).toThrow(
      /no https:\/\/localhost:3000/,
    );
  });

  it("is what the webpack build copies to dist/manifest.xml", async () => {
    const saved = process.env.ADDIN_ORIGIN;
    process.env.ADDIN_ORIGIN = origin;
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const makeConfig = require("../webpack.config.js");
      const config = await makeConfig({}, { mode: "production" });
      const copy = config.plugins.find((p: any) => Array.isArray(p.patterns));
      const pattern = copy.patterns.find((p: any) => p.to === "manifest.xml");
      const built = String(await pattern.transform(Buffer.from(xml), path.join(root, "manifest.xml")));
      expect(built).toBe(manifestForOrigin(xml, origin));
    } finally {
      if (saved === undefined) delete process.env.ADDIN_ORIGIN;
      else process.env.ADDIN_ORIGIN = saved;
    }
  });
});
