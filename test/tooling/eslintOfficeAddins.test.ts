/** eslint-plugin-office-addins runs in the flat config (eslint.config.js) on the add-in's source. */
import path from "path";
import { ESLint } from "eslint";

const root = path.resolve(__dirname, "../..");

async function lint(code: string, file = "src/excel/lintProbe.ts"): Promise<string[]> {
  // The project's config, passed in (eslint would import() the file, which jest's module system does not allow).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: require("../../eslint.config.js") });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe("eslint.config.js with eslint-plugin-office-addins", () => {
  it("reports a null test on a *OrNullObject result (use isNullObject)", async () => {
    const code = [
      "export async function hasSheet(ctx: Excel.RequestContext, name: string): Promise<boolean> {",
      "  const ws = ctx.workbook.worksheets.getItemOrNullObject(name);",
      "  await ctx.sync();",
      "  return ws !== null;",
      "}",
    ].join("\n");
    expect(await lint(code)).toEqual([expect.stringMatching(/^office-addins\/test-for-null-using-isNullObject:/)]);
  });

  it("reports Office.initialize (use Office.onReady)", async () => {
    const messages = await lint("Office.initialize = () => undefined;\nexport {};\n", "src/app/lintProbe.ts");
    expect(messages).toEqual([expect.stringMatching(/^office-addins\/no-office-initialize:/)]);
  });

  it("accepts the same code written as Office expects", async () => {
    const code = [
      "export async function hasSheet(ctx: Excel.RequestContext, name: string): Promise<boolean> {",
      "  const ws = ctx.workbook.worksheets.getItemOrNullObject(name);",
      "  await ctx.sync();",
      "  return !ws.isNullObject;",
      "}",
    ].join("\n");
    expect(await lint(code)).toEqual([]);
  });
});
