/**
 * "Every endpoint in the API document can be reached from the task pane": the client has one method per
 * endpoint, so every method must be called somewhere in the task pane's code (flows and panels).
 */
import { readdirSync, readFileSync, statSync } from "fs";
import path from "path";
import { PayrollApi } from "../../src/api";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("endpoint coverage of the task pane", () => {
  it("calls every PayrollApi method (one per endpoint) from the pane (src/app, src/features, src/ui)", () => {
    const methods = Object.getOwnPropertyNames(PayrollApi.prototype).filter((m) => m !== "constructor");
    expect(methods.length).toBeGreaterThanOrEqual(45);
    const code = ["app", "features", "ui"]
      .flatMap((part) => sources(path.join(__dirname, "..", "..", "src", part)))
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    const unreached = methods.filter((m) => !new RegExp(`\\.${m}\\(`).test(code));
    expect(unreached).toEqual([]);
  });
});
