/** The layer table of docs/architecture.md, as eslint.config.js enforces it: a forbidden import fails `npm run lint`. */
import path from "path";
import { ESLint } from "eslint";

const root = path.resolve(__dirname, "../..");
const ZONE_RULE = "@typescript-eslint/no-restricted-imports";

// One instance for every case. The project's config is passed in: eslint would import() the file, which jest's
// module system does not allow.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: require("../../eslint.config.js") });

/** The zone rule's messages for `code` linted as if it were the file `file`. */
async function zoneErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === ZONE_RULE && m.severity === 2).map((m) => m.message);
}

const valueImport = (from: string, name = "layer") =>
  `import * as ${name} from "${from}";\nexport const ${name}Used = ${name};\n`;
const typeImport = (from: string) => `import type { Something } from "${from}";\nexport type Used = Something;\n`;

describe("layer zones (eslint.config.js)", () => {
  it("fails a panel that imports the Excel layer's implementation, naming the table and what to do instead", async () => {
    const code =
      'import { createOfficeWorkbook } from "../../excel/officeWorkbook";\nexport const make = createOfficeWorkbook;\n';
    const errors = await zoneErrors("src/taskpane/panels/Forbidden.tsx", code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /'\.\.\/\.\.\/excel\/officeWorkbook'.*docs\/architecture\.md.*Instead, call a flow in src\/taskpane\/flows/,
    );
  });

  it.each([
    ["a panel part, a value from api", "src/taskpane/panels/inputSheets/Probe.tsx", "../../../api"],
    ["a component, a value from excel", "src/taskpane/components/Probe.tsx", "../../excel"],
    ["sheets, excel", "src/sheets/probe.ts", "../excel/officeWorkbook"],
    ["sheets (a sub-folder), api", "src/sheets/reports/probe.ts", "../../api"],
    ["api, the task pane", "src/api/probe.ts", "../taskpane/services"],
    ["contract, sheets", "src/contract/probe.ts", "../sheets/grid"],
    ["excel, the task pane", "src/excel/probe.ts", "../taskpane/flows/common"],
    ["functions, the task pane", "src/functions/probe.ts", "../taskpane/services"],
    ["the task pane, the preview", "src/taskpane/flows/probe.ts", "../../preview/regions"],
    ["the task pane, the sandbox", "src/taskpane/probe.ts", "../sandbox/store"],
    ["the sandbox, sheets", "src/sandbox/engine/probe.ts", "../../sheets/grid"],
    ["the server, the contract", "src/server/probe.ts", "../contract"],
    ["the emulator, a value from excel", "src/emulator/probe.ts", "../excel/officeWorkbook"],
    ["the emulator, the preview's grid", "src/emulator/probe.ts", "../preview/grid/cells"],
  ])("fails %s", async (_what, file, from) => {
    expect(await zoneErrors(file, valueImport(from))).toEqual([expect.stringContaining("docs/architecture.md")]);
  });

  it.each([
    ["a panel, types from excel", "src/taskpane/panels/Probe.tsx", typeImport("../../excel/port")],
    [
      "a panel, inline type specifiers from api",
      "src/taskpane/panels/Probe.tsx",
      'import { type PayrollApi } from "../../api";\nexport type A = PayrollApi;\n',
    ],
    ["a panel, a flow", "src/taskpane/panels/Probe.tsx", valueImport("../flows/common")],
    ["a panel part, sheets", "src/taskpane/panels/parts/Probe.tsx", valueImport("../../../sheets/grid")],
    ["a flow, a value from excel", "src/taskpane/flows/probe.ts", valueImport("../../excel/officeWorkbook")],
    ["functions, a value from excel", "src/functions/probe.ts", valueImport("../excel/dateSystem")],
    ["the emulator, types from excel", "src/emulator/probe.ts", typeImport("../excel/port")],
    [
      "the emulator, its own modules and sheets",
      "src/emulator/probe.ts",
      valueImport("./model") + valueImport("../sheets/excelConventions", "conventions"),
    ],
    [
      "the preview, the emulator and the task pane",
      "src/preview/probe.ts",
      valueImport("../emulator") + valueImport("../taskpane/mount", "pane"),
    ],
    ["the sandbox, the contract", "src/sandbox/routes/probe.ts", valueImport("../../contract")],
  ])("allows %s", async (_what, file, code) => {
    expect(await zoneErrors(file, code)).toEqual([]);
  });
});
