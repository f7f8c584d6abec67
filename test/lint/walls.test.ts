/**
 * The walls of docs/architecture.md as eslint.config.js enforces them (eslint/walls.js): each import a wall forbids
 * fails `npm run lint` with a message that says what to do instead, and the imports the table allows pass.
 */
import path from "path";
import { ESLint } from "eslint";

const root = path.resolve(__dirname, "../..");
const RULE = "local/walls";

// One instance for every case. The project's config is passed in: eslint would import() the file, which jest's
// module system does not allow.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: require("../../eslint.config.js") });

/** The walls rule's messages for `code` linted as if it were the file `file`. */
async function wallErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === RULE && m.severity === 2).map((m) => m.message);
}

const valueImport = (from: string) => `import * as layer from "${from}";\nexport const used = layer;\n`;
const typeImport = (from: string) => `import type { Something } from "${from}";\nexport type Used = Something;\n`;
const dynamicImport = (from: string) => `export const load = () => import("${from}");\n`;

describe("walls (eslint/walls.js)", () => {
  it.each([
    [
      "a feature importing another feature's inside",
      "src/features/monthEnd/flows/probe.ts",
      valueImport("../../inputSheets/flows/inputs"),
      /src\/features\/monthEnd's flows may not import the inside of src\/features\/inputSheets\. Instead, import it from that feature's index\.ts/,
    ],
    [
      "the shell importing a feature's panel directly",
      "src/app/probe.ts",
      valueImport("../features/leave/panel/LeavePanel"),
      /the shell \(src\/app\) may not import the inside of src\/features\/leave/,
    ],
    [
      "a panel importing a value from api",
      "src/features/payRuns/panel/Probe.tsx",
      valueImport("../../../api"),
      /src\/features\/payRuns's panel may not import src\/api \(only its types, with `import type`\)\. Instead, call a flow/,
    ],
    [
      "a panel importing a value from excel",
      "src/features/leave/panel/Probe.tsx",
      valueImport("../../../excel/officeWorkbook"),
      /src\/features\/leave's panel may not import src\/excel \(only its types/,
    ],
    [
      "a model importing flows",
      "src/features/leave/model/probe.ts",
      valueImport("../flows/leave"),
      /src\/features\/leave's model may not import src\/features\/leave's flows\. Instead, a model is pure/,
    ],
    [
      "a model importing api",
      "src/features/reports/model/probe.ts",
      valueImport("../../../api"),
      /src\/features\/reports's model may not import src\/api/,
    ],
    [
      "a model importing another feature, even through its index",
      "src/features/monthEnd/model/probe.ts",
      valueImport("../../inputSheets"),
      /src\/features\/monthEnd's model may not import src\/features\/inputSheets's index\.ts/,
    ],
    [
      "the kit importing a feature",
      "src/ui/flows/probe.ts",
      valueImport("../../features/inputSheets"),
      /the kit \(src\/ui\) may not import src\/features\/inputSheets's index\.ts\. Instead, the kit serves every feature/,
    ],
    [
      "the kit importing the shell",
      "src/ui/probe.ts",
      valueImport("../app/tabs"),
      /the kit \(src\/ui\) may not import the shell/,
    ],
    [
      "the kit's views importing a feature",
      "src/ui/parts/Probe.tsx",
      valueImport("../../features/reports/model/defaults"),
      /the kit's views .* may not import src\/features\/reports's model\. Instead, the kit imports no feature/,
    ],
    [
      "a dynamic import() across a wall (a panel, api)",
      "src/features/reports/panel/Probe.tsx",
      dynamicImport("../../../api"),
      /src\/features\/reports's panel may not import src\/api/,
    ],
    [
      "a dynamic import() across a wall (a model, api)",
      "src/features/leave/model/probe.ts",
      dynamicImport("../../../api"),
      /src\/features\/leave's model may not import src\/api/,
    ],
    [
      "a require() across a wall (xl, excel)",
      "src/xl/probe.ts",
      'export const excel = require("../excel/officeWorkbook");\n',
      /src\/xl may not import src\/excel/,
    ],
    [
      "an export … from across a wall (the kit, a feature)",
      "src/ui/probe.ts",
      'export { LeavePanel } from "../features/leave";\n',
      /the kit \(src\/ui\) may not import src\/features\/leave's index\.ts/,
    ],
    [
      "a path that goes back on itself",
      "src/features/leave/flows/probe.ts",
      valueImport("../../../app/../excel/officeWorkbook"),
      /Path '\.\.\/\.\.\/\.\.\/app\/\.\.\/excel\/officeWorkbook' goes back on itself\. Instead, write it as '\.\.\/\.\.\/\.\.\/excel\/officeWorkbook'/,
    ],
    [
      "a path that goes back on itself, even inside one folder",
      "src/api/probe.ts",
      valueImport("./errors/../transport"),
      /Path '\.\/errors\/\.\.\/transport' goes back on itself\. Instead, write it as '\.\/transport'/,
    ],
    [
      "a path that goes back on itself in a test",
      "test/probe.test.ts",
      valueImport("../test/../src/api"),
      /goes back on itself\. Instead, write it as '\.\.\/src\/api'/,
    ],
    [
      "the emulator importing a value from excel",
      "src/emulator/probe.ts",
      valueImport("../excel/officeWorkbook"),
      /src\/emulator may not import src\/excel/,
    ],
    [
      "functions importing the pane's kit",
      "src/functions/probe.ts",
      valueImport("../ui/services"),
      /src\/functions may not import the kit/,
    ],
    [
      "the pane importing the sandbox",
      "src/app/probe.ts",
      valueImport("../sandbox/store"),
      /the shell \(src\/app\) may not import src\/sandbox/,
    ],
    [
      "a feature's index handing on another feature",
      "src/features/leave/index.ts",
      valueImport("../reports"),
      /index\.ts may not import src\/features\/reports's index\.ts/,
    ],
    [
      "a file beside a feature's parts",
      "src/features/leave/helpers.ts",
      "export const x = 1;\n",
      /a feature holds only model\/, flows\/, panel\/ and index\.ts/,
    ],
  ])("rejects %s", async (_what, file, code, message) => {
    const errors = await wallErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    [
      "a panel, types from excel and api",
      "src/features/leave/panel/Probe.tsx",
      typeImport("../../../excel/port") + typeImport("../../../api").replace(/Something|Used/g, "$&2"),
    ],
    [
      "a panel, inline type specifiers from api",
      "src/features/leave/panel/Probe.tsx",
      'import { type PayrollApi } from "../../../api";\nexport type A = PayrollApi;\n',
    ],
    [
      "a panel, its flows, its model and the kit",
      "src/features/leave/panel/Probe.tsx",
      valueImport("../flows/leave") +
        valueImport("../model/leave").replace(/layer|used/g, "$&2") +
        valueImport("../../../ui/parts/layout").replace(/layer|used/g, "$&3"),
    ],
    [
      "a flow, a value from excel, api and functions",
      "src/features/leave/flows/probe.ts",
      valueImport("../../../excel/officeWorkbook") +
        valueImport("../../../api").replace(/layer|used/g, "$&2") +
        valueImport("../../../functions/figuresRead").replace(/layer|used/g, "$&3"),
    ],
    ["a flow, another feature's index.ts", "src/features/monthEnd/flows/probe.ts", valueImport("../../inputSheets")],
    [
      "a flow, another feature's index.ts by import()",
      "src/features/monthEnd/flows/probe.ts",
      dynamicImport("../../inputSheets"),
    ],
    [
      "a model, contract, xl and the kit's sheets",
      "src/features/leave/model/probe.ts",
      valueImport("../../../contract") +
        valueImport("../../../xl/columns").replace(/layer|used/g, "$&2") +
        valueImport("../../../ui/sheets/grid").replace(/layer|used/g, "$&3"),
    ],
    ["the shell, a feature's index.ts by import()", "src/app/probe.ts", dynamicImport("../features/leave")],
    [
      "the preview, the emulator, the shell and a feature's index.ts",
      "src/preview/probe.ts",
      valueImport("../emulator") +
        valueImport("../app/mount").replace(/layer|used/g, "$&2") +
        valueImport("../features/reports").replace(/layer|used/g, "$&3"),
    ],
    [
      "the kit, api and excel",
      "src/ui/flows/probe.ts",
      valueImport("../../api") + valueImport("../../excel").replace(/layer|used/g, "$&2"),
    ],
    [
      "the emulator, its own modules and xl",
      "src/emulator/probe.ts",
      valueImport("./model") + valueImport("../xl/excelConventions").replace(/layer|used/g, "$&2"),
    ],
    ["the emulator, types from excel", "src/emulator/probe.ts", typeImport("../excel/port")],
    ["a feature's index.ts, its own parts", "src/features/leave/index.ts", 'export { LeavePanel } from "./panel/LeavePanel";\n'],
    ["the sandbox, the contract", "src/sandbox/routes/probe.ts", valueImport("../../contract")],
  ])("allows %s", async (_what, file, code) => {
    expect(await wallErrors(file, code)).toEqual([]);
  });
});
