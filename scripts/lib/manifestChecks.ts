/**
 * Offline checks of manifest.xml: what Office's validator refuses (element order and counts, required elements,
 * resource id length, allowed Permissions, Host and Set names: ./manifestSchema), and what it cannot know offline or
 * at all: every resource id resolves, every URL is on one origin and points at something the build produces, and
 * every icon file exists with the pixel size the manifest claims.
 */
import { existsSync, readFileSync } from "fs";
import path from "path";
import { checkSchema } from "./manifestSchema";
import { parseXml } from "./xmlTree";

/** Pages and files the webpack build emits under fixed names (see webpack.config.js): functions.js and the
 * functions.json metadata are the custom functions' Script and Metadata. */
export const BUILT_PAGES = ["taskpane.html", "preview.html", "help.html", "privacy.html", "functions.js", "functions.json"];

export interface ManifestCheckResult {
  errors: string[];
  /** Requirement sets asked for, e.g. { ExcelApi: "1.7" }. */
  requirementSets: Record<string, string>;
  origin: string | null;
}

/** Width and height of a PNG, from its IHDR chunk; null when the file is not a PNG. */
export function pngSize(file: string): { width: number; height: number } | null {
  const bytes = readFileSync(file);
  const signature = "89504e470d0a1a0a";
  if (bytes.length < 24 || bytes.subarray(0, 8).toString("hex") !== signature) return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

export function checkManifest(xml: string, rootDir: string): ManifestCheckResult {
  const errors: string[] = [];
  try {
    errors.push(...checkSchema(parseXml(xml)));
  } catch (e) {
    errors.push(`The manifest is not well-formed XML: ${e instanceof Error ? e.message : String(e)}`);
  }
  const attr = (tag: string, name: string) =>
    [...xml.matchAll(new RegExp(`<${tag}\\b[^>]*\\b${name}="([^"]*)"`, "g"))].map((m) => m[1]);

  const id = /<Id>([^<]*)<\/Id>/.exec(xml)?.[1] ?? "";
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) errors.push(`<Id> is not a GUID: "${id}"`);
  const version = /<Version>([^<]*)<\/Version>/.exec(xml)?.[1] ?? "";
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(version)) errors.push(`<Version> must have four numbers (n.n.n.n): "${version}"`);
  if (!/<Host Name="Workbook"\s*\/>/.test(xml)) errors.push('The manifest does not target Excel (<Host Name="Workbook"/>).');

  const requirementSets: Record<string, string> = {};
  for (const m of xml.matchAll(/<(?:bt:)?Set Name="([^"]+)" MinVersion="([^"]+)"\s*\/>/g)) requirementSets[m[1]] = m[2];
  if (!requirementSets.ExcelApi) errors.push("No ExcelApi requirement set is declared.");

  // Resource ids: each resid must be defined once.
  const defined = new Map<string, string>();
  for (const m of xml.matchAll(/<bt:(Image|Url|String)\s+id="([^"]+)"\s+DefaultValue="([^"]*)"/g)) {
    if (defined.has(m[2])) errors.push(`Resource id "${m[2]}" is defined twice.`);
    defined.set(m[2], m[3]);
  }
  for (const resid of new Set(attr("[A-Za-z:]+", "resid")))
    if (!defined.has(resid)) errors.push(`resid "${resid}" has no resource.`);
  for (const m of xml.matchAll(/<bt:String\s+id="([^"]+)"\s+DefaultValue="([^"]*)"/g)) {
    const long = xml.indexOf(m[0]) > xml.indexOf("<bt:LongStrings>") && xml.indexOf("<bt:LongStrings>") >= 0;
    const limit = long ? 250 : 125;
    if (m[2].length > limit) errors.push(`String "${m[1]}" is longer than ${limit} characters.`);
  }

  // URLs: one origin; each path is a built page or an asset that exists.
  const urls = [...xml.matchAll(/DefaultValue="(https?:\/\/[^"]+)"/g)].map((m) => m[1]);
  urls.push(...[...xml.matchAll(/<AppDomain>([^<]+)<\/AppDomain>/g)].map((m) => m[1]));
  const origins = new Set(urls.map((u) => new URL(u).origin));
  if (origins.size !== 1) errors.push(`All URLs should be on one origin; found ${[...origins].join(", ")}.`);
  const origin = origins.size === 1 ? [...origins][0] : null;
  for (const u of urls) {
    const p = new URL(u).pathname.replace(/^\//, "");
    if (p === "") continue;
    if (p.startsWith("assets/")) {
      if (!existsSync(path.join(rootDir, p))) errors.push(`${u} points at a missing file ${p}.`);
    } else if (!BUILT_PAGES.includes(p)) errors.push(`${u} is not a page the build produces (${BUILT_PAGES.join(", ")}).`);
  }

  // Icon sizes: what the manifest claims must be what the file holds.
  const expectSize = (url: string | undefined, size: number, where: string) => {
    if (!url) return;
    const p = new URL(url).pathname.replace(/^\//, "");
    const file = path.join(rootDir, p);
    if (!existsSync(file)) return; // reported above
    const dims = pngSize(file);
    if (!dims) errors.push(`${where}: ${p} is not a PNG.`);
    else if (dims.width !== size || dims.height !== size)
      errors.push(`${where}: ${p} is ${dims.width}x${dims.height}, expected ${size}x${size}.`);
  };
  expectSize(attr("IconUrl", "DefaultValue")[0], 32, "IconUrl");
  expectSize(attr("HighResolutionIconUrl", "DefaultValue")[0], 64, "HighResolutionIconUrl");
  for (const m of xml.matchAll(/<bt:Image\s+size="(\d+)"\s+resid="([^"]+)"/g))
    expectSize(defined.get(m[2]), Number(m[1]), `Icon ${m[2]}`);

  return { errors, requirementSets, origin };
}
