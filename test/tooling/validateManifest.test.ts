/** `npm run validate -- <path>`: the validator checks the manifest it is given, against the icons beside it. */
import { spawnSync } from "child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "fs";
import os from "os";
import path from "path";
import { manifestForOrigin } from "../../scripts/lib/addinOrigin";

const root = path.resolve(__dirname, "../..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");

function validate(...args: string[]) {
  const run = spawnSync(tsx, ["scripts/validate-manifest.ts", ...args, "--offline"], {
    cwd: root,
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

/** A dist-like folder with the manifest moved to `origin`; `icons` are the icon files copied beside it. */
function distFolder(origin: string, icons = [16, 32, 64, 80]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "validate-"));
  mkdirSync(path.join(dir, "assets"));
  for (const size of icons)
    copyFileSync(path.join(root, "assets", `icon-${size}.png`), path.join(dir, "assets", `icon-${size}.png`));
  writeFileSync(path.join(dir, "manifest.xml"), manifestForOrigin(readFileSync(path.join(root, "manifest.xml"), "utf8"), origin));
  return dir;
}

describe("npm run validate -- <manifest path>", () => {
  it("checks the manifest at the given path, with its own origin", () => {
    const dir = distFolder("https://payroll.example.org");
    const { status, out } = validate(path.join(dir, "manifest.xml"));
    expect(out).toContain("offline checks passed (origin https://payroll.example.org;");
    expect(status).toBe(0);
  });

  it("fails on that path's problems: an icon missing beside it", () => {
    const dir = distFolder("https://payroll.example.org", [16, 32, 64]);
    const { status, out } = validate(path.join(dir, "manifest.xml"));
    expect(out).toMatch(/icon-80\.png points at a missing file/);
    expect(status).toBe(1);
  });

  it("says so when the path does not exist", () => {
    const { status, out } = validate(path.join(os.tmpdir(), "no-such-dir", "manifest.xml"));
    expect(out).toMatch(/no such file/);
    expect(status).toBe(1);
  });
});
