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
      'import { createOfficeWorkbook } from "../../../excel/officeWorkbook";\nexport const make = createOfficeWorkbook;\n';
    const errors = await zoneErrors("src/features/payRuns/panel/Forbidden.tsx", code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/'\.\.\/\.\.\/\.\.\/excel\/officeWorkbook'.*docs\/architecture\.md.*Instead, call a flow/);
  });

  it.each([
    ["a panel, a value from api", "src/features/inputSheets/panel/Probe.tsx", "../../../api"],
    ["a component, a value from excel", "src/ui/components/Probe.tsx", "../../excel"],
    ["xl, excel", "src/xl/probe.ts", "../excel/officeWorkbook"],
    ["xl (a sub-folder), api", "src/xl/reports/probe.ts", "../../api"],
    ["api, the task pane", "src/api/probe.ts", "../ui/services"],
    ["contract, xl", "src/contract/probe.ts", "../xl/columns"],
    ["excel, the task pane", "src/excel/probe.ts", "../ui/flows/common"],
    ["functions, the task pane", "src/functions/probe.ts", "../ui/services"],
    ["the task pane, the preview", "src/ui/flows/probe.ts", "../../preview/regions"],
    ["the task pane, the sandbox", "src/app/probe.ts", "../sandbox/store"],
    ["the sandbox, xl", "src/sandbox/engine/probe.ts", "../../xl/columns"],
    ["the server, the contract", "src/server/probe.ts", "../contract"],
    ["the emulator, a value from excel", "src/emulator/probe.ts", "../excel/officeWorkbook"],
    ["the emulator, the preview's grid", "src/emulator/probe.ts", "../preview/grid/cells"],
  ])("fails %s", async (_what, file, from) => {
    expect(await zoneErrors(file, valueImport(from))).toEqual([expect.stringContaining("docs/architecture.md")]);
  });

  it.each([
    ["a panel, types from excel", "src/features/leave/panel/Probe.tsx", typeImport("../../../excel/port")],
    [
      "a panel, inline type specifiers from api",
      "src/features/leave/panel/Probe.tsx",
      'import { type PayrollApi } from "../../../api";\nexport type A = PayrollApi;\n',
    ],
    ["a panel, a flow", "src/features/leave/panel/Probe.tsx", valueImport("../flows/leave")],
    ["a panel part, xl", "src/ui/parts/Probe.tsx", valueImport("../../xl/columns")],
    ["a flow, a value from excel", "src/features/leave/flows/probe.ts", valueImport("../../../excel/officeWorkbook")],
    ["functions, a value from excel", "src/functions/probe.ts", valueImport("../excel/dateSystem")],
    ["the emulator, types from excel", "src/emulator/probe.ts", typeImport("../excel/port")],
    [
      "the emulator, its own modules and xl",
      "src/emulator/probe.ts",
      valueImport("./model") + valueImport("../xl/excelConventions", "conventions"),
    ],
    [
      "the preview, the emulator and the task pane",
      "src/preview/probe.ts",
      valueImport("../emulator") + valueImport("../app/mount", "pane"),
    ],
    ["the sandbox, the contract", "src/sandbox/routes/probe.ts", valueImport("../../contract")],
  ])("allows %s", async (_what, file, code) => {
    expect(await zoneErrors(file, code)).toEqual([]);
  });
});
