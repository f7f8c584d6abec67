/**
 * The preview's WorksheetCollection.onActivated, with Excel's semantics: registered at sync, fired after another
 * sheet became the active one (activate(), a selection on another sheet, the active sheet deleted), with the
 * sheet's ID, which WorksheetCollection.getItem accepts as it accepts a name; not fired when the active sheet stays.
 * And the Excel layer's onSheetActivated over it, which hands the pane the sheet's name.
 */
import { installPreviewExcel, type PreviewExcelNamespace } from "../../src/emulator";
import type { WorkbookModel } from "../../src/emulator";
import { createOfficeWorkbook } from "../../src/excel/officeWorkbook";
import { previewExcel, removeHandler, tick } from "../support/previewExcel";

let wb: WorkbookModel;
let X: PreviewExcelNamespace;
let run: ReturnType<typeof previewExcel>["run"];

beforeEach(() => {
  ({ wb, X, run } = previewExcel());
  wb.addSheet("Inputs A");
  wb.addSheet("Inputs B");
});

test("fires after another sheet becomes active, with its ID; getItem takes the ID; removed, it stops", async () => {
  const events: { type: string; worksheetId: string }[] = [];
  const result = await run(async (ctx) => {
    const r = ctx.workbook.worksheets.onActivated.add(async (e) => void events.push(e as never));
    await ctx.sync();
    return r;
  });
  wb.activate(wb.getSheet("Inputs A"));
  expect(events).toHaveLength(0); // after, not during
  await tick();
  wb.activate(wb.getSheet("Inputs A")); // already active: nothing
  wb.select(wb.getSheet("Inputs B"), { r: 0, c: 0, rows: 1, cols: 1 });
  await tick();
  expect(events).toEqual([
    { type: "WorksheetActivated", worksheetId: wb.getSheet("Inputs A").id },
    { type: "WorksheetActivated", worksheetId: wb.getSheet("Inputs B").id },
  ]);
  const name = await run(async (ctx) => {
    const ws = ctx.workbook.worksheets.getItem(events[1].worksheetId);
    ws.load("name");
    await ctx.sync();
    return ws.name;
  });
  expect(name).toBe("Inputs B");

  await removeHandler(X, result);
  await run(async (ctx) => {
    ctx.workbook.worksheets.getItem("Sheet1").activate();
    await ctx.sync();
  });
  await tick();
  expect(events).toHaveLength(2);
});

test("the Excel layer's onSheetActivated gives the sheet's name", async () => {
  installPreviewExcel(globalThis, wb);
  const port = createOfficeWorkbook();
  const names: string[] = [];
  const stop = await port.onSheetActivated((n) => names.push(n));
  await port.activateSheet("Inputs B");
  await tick();
  await tick();
  expect(names).toEqual(["Inputs B"]);
  await stop();
  await port.activateSheet("Inputs A");
  await tick();
  expect(names).toEqual(["Inputs B"]);
});
