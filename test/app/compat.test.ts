/**
 * @jest-environment jsdom
 */
/** The old-Office check (src/app/compat.js): ES5 only, and a message instead of a blank pane when the host lacks what the bundle needs. */
import { readFileSync } from "fs";
import path from "path";
import { Linter } from "eslint";

const source = readFileSync(path.resolve(__dirname, "../../src/app/compat.js"), "utf8");

/** Runs compat.js on a task-pane body, optionally without one built-in, and returns what it decided. */
function runCheck(remove?: { owner: object; name: string }): { ok: boolean; missing: string[] } {
  document.body.innerHTML = '<div id="root">Loading…</div>';
  const saved = remove && Object.getOwnPropertyDescriptor(remove.owner, remove.name);
  if (remove) delete (remove.owner as Record<string, unknown>)[remove.name];
  try {
    // The page loads it with <script src>; here the same text runs in jsdom's window.
    new Function(source)();
  } finally {
    if (remove && saved) Object.defineProperty(remove.owner, remove.name, saved);
  }
  return (window as unknown as { __payrollCompat: { ok: boolean; missing: string[] } }).__payrollCompat;
}

describe("compat.js (old-Office check)", () => {
  it("parses as ES5 (Internet Explorer 11 must be able to run it)", () => {
    const messages = new Linter({ configType: "flat" }).verify(source, [
      { languageOptions: { ecmaVersion: 5, sourceType: "script" } },
    ]);
    expect(messages.filter((m) => m.fatal)).toEqual([]);
    expect(
      new Linter({ configType: "flat" }).verify("var f = () => 1;", [{ languageOptions: { ecmaVersion: 5 } }])[0].fatal,
    ).toBe(true);
  });

  beforeAll(() => {
    // jsdom may lack fetch and the ES modules flag that Chromium has; give it both, so each test removes one gap.
    if (!("noModule" in HTMLScriptElement.prototype))
      Object.defineProperty(HTMLScriptElement.prototype, "noModule", { configurable: true, get: () => false });
    if (!("fetch" in window)) (window as unknown as { fetch: unknown }).fetch = () => undefined;
  });

  it("leaves the page alone when the host has what the bundle needs", () => {
    const result = runCheck();
    expect(result).toEqual({ ok: true, missing: [] });
    expect(document.getElementById("root")?.textContent).toBe("Loading…");
    expect(document.getElementById("compat-message")).toBeNull();
  });

  it("replaces the page with a message naming the supported Office versions when a built-in is missing", () => {
    const result = runCheck({ owner: Array.prototype, name: "at" });
    expect(result).toEqual({ ok: false, missing: ["Array.prototype.at"] });
    expect(document.getElementById("root")).toBeNull(); // the bundle finds nothing to mount into
    const message = document.getElementById("compat-message");
    expect(message?.getAttribute("role")).toBe("alert");
    expect(message?.textContent).toContain("This version of Office cannot run Payroll");
    expect(message?.textContent).toContain("Microsoft 365, or Office 2021 or later, on Windows");
    expect(message?.textContent).toContain("on Mac");
    expect(message?.textContent).toContain("Excel on the web");
    expect(message?.textContent).toContain("Missing here: Array.prototype.at.");
  });

  it("treats a host without ES modules (IE11, EdgeHTML before 16) as unable", () => {
    const result = runCheck({ owner: HTMLScriptElement.prototype, name: "noModule" });
    expect(result.missing).toEqual(["ES modules"]);
    expect(document.getElementById("compat-message")).not.toBeNull();
  });
});
