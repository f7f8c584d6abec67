/** Opening a sheet the add-in wrote for a client, over the real Excel layer and the preview workbook. */
import { createOfficeWorkbook, type WorkbookPort } from "../../src/excel";
import { createPreviewWorkbook, installPreviewExcel } from "../../src/emulator";
import { type ClientSheet, openClientSheet, parseSheetRows } from "../../src/ui/flows/clientSheet";

class SheetError extends Error {}

const SHEET: ClientSheet = {
  spec: { sheetName: "Things", tableName: "Things" },
  metaKey: "payroll.things",
  name: "things",
  first: "Load things first.",
  again: "load things again",
  error: SheetError,
};
const CLIENT = { id: 1, name: "Liffey" };
/** The metadata key of client 1's own sheet ("Liffey · Things"). */
const OWN_KEY = "payroll.things.1";

let workbook: WorkbookPort;
beforeEach(() => {
  installPreviewExcel(globalThis, createPreviewWorkbook());
  workbook = createOfficeWorkbook();
});

const refusal = (sheet: ClientSheet = SHEET) =>
  openClientSheet(workbook, CLIENT, sheet).then(
    () => null,
    (error: unknown) => error,
  );

const writeThings = (sheetName: string, tableName: string, value: number) =>
  workbook.writeTable({ sheetName, tableName, columns: [{ key: "a", header: "A", type: "integer" }], rows: [[value]] });

it("refuses a sheet the add-in did not make, with the flow's error and words", async () => {
  const error = await refusal();
  expect(error).toBeInstanceOf(SheetError);
  expect((error as Error).message).toBe("Load things first.");
  expect(((await refusal({ ...SHEET, notMade: (name) => `"${name}" is not ours.` })) as Error).message).toBe(
    '"Liffey · Things" is not ours.',
  );
  await workbook.setSetting(OWN_KEY, { clientId: "1", clientName: "Liffey" });
  expect(((await refusal()) as Error).message).toBe("Load things first.");
  // The metadata of the plain key belongs to an older workbook's plain-named sheet, not to the client's own.
  await workbook.setSetting(SHEET.metaKey, { clientId: 1, clientName: "Liffey" });
  expect(((await refusal()) as Error).message).toBe("Load things first.");
});

it("refuses an older workbook's plain-named sheet made for another client, naming that client", async () => {
  await writeThings("Things", "Things", 1);
  await workbook.setSetting(SHEET.metaKey, { clientId: 2, clientName: "Shannon" });
  expect(((await refusal()) as Error).message).toBe(
    "The things sheet belongs to Shannon (ID 2). Choose that client, or load things again.",
  );
});

it("refuses when the table is gone, and otherwise gives the client's own sheet, its metadata and table", async () => {
  await workbook.setSetting(OWN_KEY, { clientId: 1, clientName: "Liffey", extra: "kept" });
  expect(((await refusal()) as Error).message).toBe('There is no "Liffey · Things" table. Load things first.');
  await writeThings("Liffey · Things", "Things_1", 7);
  // Another client's plain-named sheet of an older workbook does not hide the client's own.
  await writeThings("Things", "Things", 9);
  await workbook.setSetting(SHEET.metaKey, { clientId: 2, clientName: "Shannon" });
  const opened = await openClientSheet<{ clientId: number; clientName: string; extra: string }>(workbook, CLIENT, SHEET);
  expect(opened.sheetName).toBe("Liffey · Things");
  expect(opened.meta.extra).toBe("kept");
  expect(opened.table.columns).toEqual(["A"]);
  expect(opened.table.rows).toEqual([[7]]);
});

it("still opens an older workbook's plain-named sheet made for the client", async () => {
  await writeThings("Things", "Things", 5);
  await workbook.setSetting(SHEET.metaKey, { clientId: 1, clientName: "Liffey" });
  const opened = await openClientSheet(workbook, CLIENT, SHEET);
  expect(opened.sheetName).toBe("Things");
  expect(opened.table.rows).toEqual([[5]]);
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
