/**
 * Sheet activation against the preview set to behave as Excel does (issue 26, risky 4): registering onActivated
 * refused with AccessDenied on some builds (office-js #1103, #421), and freezing or unfreezing the panes of a sheet
 * that is not the active one firing WorksheetActivated for it (#3148). Each test fails against the layer before.
 */
import type { ColumnSpec, WorkbookPort } from "../../src/excel";
import { guard, guardRead } from "../../src/excel/session";
import type { PreviewWorkbookOptions, WorkbookModel } from "../../src/emulator";
import { previewPort } from "../support/previewExcel";

let wb: WorkbookModel;
let port: WorkbookPort;
function setup(model: PreviewWorkbookOptions = {}) {
  ({ wb, port } = previewPort(model));
}
beforeEach(() => setup());

const columns: ColumnSpec[] = [
  { key: "id", header: "Employee ID", type: "integer" },
  { key: "name", header: "Name", type: "text" },
];
const write = (sheetName: string, activate?: boolean) =>
  port.writeTable({ sheetName, tableName: sheetName.replace(/\W/g, ""), columns, rows: [[1, "Aoife"]], activate });
/** Resolves once Excel's asynchronous events fired so far have been delivered (the name is read in a run of its own). */
const settle = () => new Promise((r) => setTimeout(r, 20));

test("the input-sheet picker does not jump: rewriting another input sheet without activating it fires no activation", async () => {
  await write("Inputs A");
  await write("Inputs B"); // the accountant works on B
  const activated: string[] = [];
  const stop = await port.onSheetActivated((name) => activated.push(name));
  // As the Employees flow rewrites a sheet with activate: false.
  await write("Inputs A", false);
  await settle();
  expect(activated).toEqual([]);
  expect(wb.activeSheet.name).toBe("Inputs B");
  // A sheet written to be shown is activated, and only it is announced.
  await write("Inputs A");
  await settle();
  expect(new Set(activated)).toEqual(new Set(["Inputs A"]));
  expect(wb.getSheet("Inputs A").frozenRows).toBe(3);
  await stop();
});

test("onActivated refused with AccessDenied: the pane carries on without following the sheet, with no error", async () => {
  setup({ refuseActivatedEvents: true });
  await write("Inputs A");
  const activated: string[] = [];
  const stop = await port.onSheetActivated((name) => activated.push(name));
  await write("Inputs B");
  await settle();
  expect(activated).toEqual([]);
  await expect(stop()).resolves.toBeUndefined();
  // Everything else still works.
  expect((await port.readTable("Inputs B"))?.rows).toEqual([[1, "Aoife"]]);
});

test("AccessDenied is called protection only for a write", async () => {
  const denied = () =>
    Promise.reject(Object.assign(new Error("You cannot perform the requested operation."), { code: "AccessDenied" }));
  const read = await guardRead("read the selection", denied).catch((e: Error & { code?: string }) => e);
  expect(read.code).toBe("AccessDenied");
  expect(read.message).toMatch(/^Could not read the selection: /);
  expect(read.message).not.toMatch(/protect/i);
  const written = await guard('write sheet "Pay"', denied).catch((e: Error) => e);
  expect(written.message).toMatch(/the sheet is protected/);
});
