/**
 * WorkbookPort over the Excel JavaScript API: one Excel session (session.ts: the run, the cell-edit watch, the
 * guard, the request budgets) shared by a module per concern, which each receive the session. See
 * docs/excel-layer.md.
 *
 * Formula safety: Excel reads a string assigned to Range.values as if typed, so "=...", "+...", "-..." and
 * "@..." become formulas. Every string cell is given the text number format "@" in the same request, before
 * its value (cellValues.ts): Excel then stores the string as text, verbatim.
 */
import { annotateRows, fillCells } from "./annotations";
import { linkCells, writeColumnChart } from "./charts";
import { onSheetActivated, onSheetChanged, onSheetRenamedOrDeleted } from "./events";
import { readHiddenTable, writeHiddenTable } from "./hiddenTables";
import type { WorkbookPort } from "./port";
import { activateSheet, activeSheetName, readValues, selectCell, selectedCells, selectedRowIndexes } from "./selection";
import { formulaCells, selectedCell } from "./formulaCells";
import { createExcelSession, type OfficeWorkbookOptions } from "./session";
import { getSetting, removeSetting, setSetting } from "./settings";
import { deleteSheet, listSheets } from "./sheets";
import { appendRows, readTable, writeColumnValues, writeTable } from "./tables";

export { ERROR_CELL_FILL } from "./annotations";
export type { OfficeWorkbookOptions } from "./session";

export function createOfficeWorkbook(options: OfficeWorkbookOptions = {}): WorkbookPort {
  const session = createExcelSession(options);
  return {
    writeTable: (opts) => writeTable(session, opts),
    readTable: (sheetName) => readTable(session, sheetName),
    writeColumnValues: (sheetName, column, updates, type) => writeColumnValues(session, sheetName, column, updates, type),
    annotateRows: (sheetName, annotations, opts) => annotateRows(session, sheetName, annotations, opts),
    selectedRowIndexes: (sheetName) => selectedRowIndexes(session, sheetName),
    activeSheetName: () => activeSheetName(session),
    activateSheet: (sheetName) => activateSheet(session, sheetName),
    listSheets: (options) => listSheets(session, options),
    appendRows: (opts) => appendRows(session, opts),
    deleteSheet: (sheetName) => deleteSheet(session, sheetName),
    writeHiddenTable: (sheetName, columns, rows) => writeHiddenTable(session, sheetName, columns, rows),
    readHiddenTable: (sheetName) => readHiddenTable(session, sheetName),
    getSetting: (key) => getSetting(session, key),
    setSetting: (key, value) => setSetting(session, key, value),
    removeSetting: (key) => removeSetting(session, key),
    onSheetChanged: (sheetName, handler) => onSheetChanged(session, sheetName, handler),
    onSheetActivated: (handler) => onSheetActivated(session, handler),
    onSheetRenamedOrDeleted: (renamed, handler) => onSheetRenamedOrDeleted(session, renamed, handler),
    fillCells: (sheetName, cells, color) => fillCells(session, sheetName, cells, color),
    selectCell: (sheetName, cell) => selectCell(session, sheetName, cell),
    selectedCells: (sheetName) => selectedCells(session, sheetName),
    readValues: (sheetName) => readValues(session, sheetName),
    selectedCell: () => selectedCell(session),
    formulaCells: (prefix) => formulaCells(session, prefix),
    linkCells: (sheetName, links) => linkCells(session, sheetName, links),
    writeColumnChart: (opts) => writeColumnChart(session, opts),
  };
}
