/**
 * The preview's Worksheet.onChanged, with Excel's semantics: registered at sync, fired after the edit (not during
 * it), once per edit with the edited range and source Local, for people's edits and API writes of contents alike,
 * not for formats; removed through Excel.run(result.context, ...) after the adding run ended.
 */
import type { PreviewExcelNamespace } from "../../src/emulator";
import type { WorkbookModel } from "../../src/emulator";
import { previewExcel, removeHandler, tick } from "../support/previewExcel";

let wb: WorkbookModel;
let X: PreviewExcelNamespace;
let run: ReturnType<typeof previewExcel>["run"];

beforeEach(() => {
  ({ wb, X, run } = previewExcel());
});

async function watch() {
  const events: { address: string; changeType: string; source: string; type: string }[] = [];
  const result = await run(async (ctx) => {
    const r = ctx.workbook.worksheets.getItem("Sheet1").onChanged.add(async (e) => void events.push(e as never));
    await ctx.sync();
    return r;
  });
  return { events, result };
}

test("fires after typed, pasted, filled and cleared edits, with the edited range", async () => {
  const { events } = await watch();
  const sheet = wb.getSheet("Sheet1");
  wb.editCell(sheet, 1, 1, "5");
  expect(events).toHaveLength(0); // after the edit, not during it
  await tick();
  wb.pasteCells(sheet, 2, 0, [
    ["1", "2"],
    ["3", "4"],
  ]);
  wb.fillDown(sheet, { r: 2, c: 0, rows: 4, cols: 2 });
  wb.clearContents(sheet, { r: 5, c: 0, rows: 1, cols: 2 });
  await tick();
  expect(events.map((e) => [e.address, e.changeType, e.source, e.type])).toEqual([
    ["B2", "RangeEdited", "Local", "WorksheetChanged"],
    ["A3:B4", "RangeEdited", "Local", "WorksheetChanged"],
    ["A4:B6", "RangeEdited", "Local", "WorksheetChanged"],
    ["A6:B6", "RangeEdited", "Local", "WorksheetChanged"],
  ]);
  expect(sheet.valueAt(4, 1)).toBe(2); // filled down from row 3
});

test("fires for the API's writes of contents, not for formats, and stops once removed", async () => {
  const { events, result } = await watch();
  await run(async (ctx) => {
    const ws = ctx.workbook.worksheets.getItem("Sheet1");
    ws.getRange("C1:D1").values = [[1, 2]];
    ws.getRange("A1").format.fill.color = "#FFF2CC";
    ws.getRange("C1").clear("Formats");
    await ctx.sync();
    ws.getRange("D1").clear("Contents");
    await ctx.sync();
  });
  await tick();
  expect(events.map((e) => e.address)).toEqual(["C1:D1", "D1"]);

  await removeHandler(X, result);
  wb.editCell(wb.getSheet("Sheet1"), 0, 0, "x");
  await tick();
  expect(events).toHaveLength(2);
});

test("another sheet's edits do not reach the handler", async () => {
  const { events } = await watch();
  const other = wb.addSheet("Other");
  wb.editCell(other, 0, 0, "1");
  await tick();
  expect(events).toHaveLength(0);
});
