/** Opening a sheet the add-in wrote for a client, over the real Excel layer and the preview workbook. */
import { createOfficeWorkbook, type WorkbookPort } from "../../src/excel";
import { createPreviewWorkbook, installPreviewExcel } from "../../src/emulator";
import { type ClientSheet, openClientSheet, parseSheetRows } from "../../src/taskpane/flows/clientSheet";

class SheetError extends Error {}

const SHEET: ClientSheet = {
  sheetName: "Things",
  metaKey: "payroll.things",
  name: "things",
  first: "Load things first.",
  again: "load things again",
  error: SheetError,
};
const TARGET = { clientId: 1, clientName: "Liffey" };

let workbook: WorkbookPort;
beforeEach(() => {
  installPreviewExcel(globalThis, createPreviewWorkbook());
  workbook = createOfficeWorkbook();
});

const refusal = (sheet: ClientSheet = SHEET) =>
  openClientSheet(workbook, TARGET, sheet).then(
    () => null,
    (error: unknown) => error,
  );

it("refuses a sheet the add-in did not make, with the flow's error and words", async () => {
  const error = await refusal();
  expect(error).toBeInstanceOf(SheetError);
  expect((error as Error).message).toBe("Load things first.");
  expect(((await refusal({ ...SHEET, notMade: "Not ours." })) as Error).message).toBe("Not ours.");
  await workbook.setSetting(SHEET.metaKey, { clientId: "1", clientName: "Liffey" });
  expect(((await refusal()) as Error).message).toBe("Load things first.");
});

it("refuses a sheet made for another client, naming that client", async () => {
  await workbook.setSetting(SHEET.metaKey, { clientId: 2, clientName: "Shannon" });
  expect(((await refusal()) as Error).message).toBe(
    "The things sheet belongs to Shannon (ID 2). Choose that client, or load things again.",
  );
});

it("refuses when the table is gone, and otherwise gives the metadata and the table", async () => {
  await workbook.setSetting(SHEET.metaKey, { clientId: 1, clientName: "Liffey", extra: "kept" });
  expect(((await refusal()) as Error).message).toBe('There is no "Things" table. Load things first.');
  await workbook.writeTable({
    sheetName: "Things",
    tableName: "Things",
    columns: [{ key: "a", header: "A", type: "integer" }],
    rows: [[7]],
  });
  const { meta, table } = await openClientSheet<{ clientId: number; clientName: string; extra: string }>(workbook, TARGET, SHEET);
  expect(meta.extra).toBe("kept");
  expect(table.columns).toEqual(["A"]);
  expect(table.rows).toEqual([[7]]);
});

it("turns a problem with the sheet as a whole into the flow's error, keeping the message", () => {
  expect(parseSheetRows(SheetError, () => [1, 2])).toEqual([1, 2]);
  const thrown = (() => {
    try {
      parseSheetRows(SheetError, () => {
        throw new Error('The sheet has no "Employee ID" column.');
      });
    } catch (error) {
      return error;
    }
  })();
  expect(thrown).toBeInstanceOf(SheetError);
  expect((thrown as Error).message).toBe('The sheet has no "Employee ID" column.');
});
