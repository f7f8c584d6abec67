/**
 * Colour ownership in the Excel layer (fills.ts) over the emulator: the add-in's colours are none of Excel's own,
 * it clears only cells still showing them and never paints over a person's colour, on hosts with ExcelApi 1.9
 * (getCellProperties) and without (RangeFill.color per row, then per cell), in a bounded number of requests.
 */
import { createOfficeWorkbook, type ColumnSpec, type WorkbookPort } from "../../src/excel";
import { ADDIN_FILLS, isFreeFill, isOwnFill, plannedRuns } from "../../src/excel/fills";
import { installPreviewExcel, WorkbookModel } from "../../src/emulator";

/** Excel's built-in cell-style fills and the Office theme's 80% tints and standard colours a person picks by hand. */
const EXCEL_FILLS = [
  "#C6EFCE", // Good
  "#FFC7CE", // Bad
  "#FFEB9C", // Neutral
  "#FFFFCC", // Note
  "#FFCC99", // Input
  "#F2F2F2", // Output, Calculation
  "#DDEBF7", // Blue, Accent 1, Lighter 80%
  "#FCE4D6",
  "#EDEDED",
  "#FFF2CC", // Gold, Accent 4, Lighter 80%
  "#D9E1F2",
  "#E2EFDA",
  "#C00000",
  "#FF0000",
  "#FFC000",
  "#FFFF00",
  "#92D050",
  "#00B050",
  "#00B0F0",
  "#0070C0",
];
const HAND = "#C6EFCE"; // Excel's Good, which the add-in used for Saved until issue M

let wb: WorkbookModel;
let port: WorkbookPort;

function setup(host = "1.17") {
  wb = installPreviewExcel(globalThis, new WorkbookModel({ requirements: { host } }));
  port = createOfficeWorkbook({ now: () => new Date(2025, 0, 15) });
}

const columns: ColumnSpec[] = ["Employee ID", "Name", "Amount", "Status", "Message"].map((header, i) => ({
  key: `k${i}`,
  header,
  type: header === "Employee ID" || header === "Amount" ? "integer" : "text",
}));
const rows = (n: number) => Array.from({ length: n }, (_, i) => [i + 1, `E${i + 1}`, 100 + i, "", ""]);

/** The fill of a body cell (row 0-based, column by header). */
function fill(rowIndex: number, header: string): string | undefined {
  const sheet = wb.getSheet("Inputs");
  const t = sheet.tables()[0];
  const k = columns.findIndex((c) => c.header === header);
  return sheet.cell(t.r + 1 + rowIndex, t.c + k)?.fill;
}
function colour(rowIndex: number, header: string, color: string) {
  const sheet = wb.getSheet("Inputs");
  const t = sheet.tables()[0];
  const k = columns.findIndex((c) => c.header === header);
  wb.colourCells(sheet, { r: t.r + 1 + rowIndex, c: t.c + k, rows: 1, cols: 1 }, color);
}

describe("the add-in's colours", () => {
  test("are none of Excel's cell-style fills, theme tints or standard colours", () => {
    for (const c of EXCEL_FILLS) expect(isOwnFill(c)).toBe(false);
    for (const c of Object.values(ADDIN_FILLS)) expect(isOwnFill(c.toLowerCase())).toBe(true);
    expect([isFreeFill("#FFFFFF"), isFreeFill(null), isFreeFill(ADDIN_FILLS.pending), isFreeFill(HAND)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  test("plannedRuns: paints free cells, clears only own colours, never touches a person's", () => {
    const current = new Map([
      ["0,0", "#FFFFFF"],
      ["1,0", ADDIN_FILLS.error],
      ["2,0", HAND],
      ["3,0", ADDIN_FILLS.success],
      ["4,0", HAND],
    ]);
    const want = (r: number) => (r === 0 || r === 2 ? ADDIN_FILLS.success : r === 3 ? ADDIN_FILLS.success : null);
    expect(plannedRuns([{ row: 0, col: 0, rows: 5, cols: 1 }], current, want)).toEqual([
      { row: 0, col: 0, rows: 1, color: ADDIN_FILLS.success },
      { row: 1, col: 0, rows: 1, color: null },
    ]);
  });
});

describe.each([
  ["with ExcelApi 1.9 (getCellProperties)", "1.17"],
  ["without ExcelApi 1.9 (RangeFill.color per row, then per cell)", "1.8"],
])("%s", (_, host) => {
  beforeEach(async () => {
    setup(host);
    await port.writeTable({ sheetName: "Inputs", tableName: "Inputs", columns, rows: rows(6) });
  });

  test("annotateRows clears its own highlights and leaves a person's colour, wherever it is", async () => {
    await port.annotateRows("Inputs", [
      { rowIndex: 0, status: "Failed", message: "x", errorColumns: ["Amount"] },
      { rowIndex: 1, status: "Saved", message: "" },
    ]);
    expect([fill(0, "Status"), fill(0, "Amount"), fill(1, "Status")]).toEqual([
      ADDIN_FILLS.error,
      ADDIN_FILLS.error,
      ADDIN_FILLS.success,
    ]);
    colour(1, "Status", HAND);
    colour(2, "Amount", HAND);
    colour(3, "Name", "#FFC7CE");
    // A later push: row 2 fails on the Amount a person coloured, the others are cleared.
    await port.annotateRows("Inputs", [{ rowIndex: 2, status: "Failed", message: "y", errorColumns: ["Amount"] }]);
    expect([
      fill(0, "Status"),
      fill(0, "Amount"),
      fill(1, "Status"),
      fill(2, "Amount"),
      fill(2, "Status"),
      fill(3, "Name"),
    ]).toEqual([undefined, undefined, HAND, HAND, ADDIN_FILLS.error, "#FFC7CE"]);
  });

  test("fillCells paints only cells without a person's colour and clears only its own", async () => {
    colour(0, "Amount", HAND);
    const cells = [0, 1, 2].map((rowIndex) => ({ rowIndex, column: "Amount" }));
    await port.fillCells("Inputs", cells, ADDIN_FILLS.pending);
    expect([0, 1, 2].map((r) => fill(r, "Amount"))).toEqual([HAND, ADDIN_FILLS.pending, ADDIN_FILLS.pending]);
    colour(2, "Amount", "#00B0F0"); // recoloured by hand since
    await port.fillCells("Inputs", cells, null);
    expect([0, 1, 2].map((r) => fill(r, "Amount"))).toEqual([HAND, undefined, "#00B0F0"]);
  });

  test("a re-import puts a person's colours back on their cells and drops the add-in's", async () => {
    await port.annotateRows("Inputs", [{ rowIndex: 0, status: "Saved", message: "" }]);
    colour(1, "Name", HAND);
    colour(4, "Message", "#FFEB9C");
    const sheet = wb.getSheet("Inputs");
    wb.colourCells(sheet, { r: 0, c: 8, rows: 1, cols: 1 }, "#FFFF00"); // beside the title, outside the table
    await port.writeTable({ sheetName: "Inputs", tableName: "Inputs", columns, rows: rows(6) });
    expect([fill(0, "Status"), fill(1, "Name"), fill(4, "Message"), sheet.cell(0, 8)?.fill]).toEqual([
      undefined,
      HAND,
      "#FFEB9C",
      "#FFFF00",
    ]);
  });
});

describe("requests", () => {
  test("annotating 200 rows reads the fills once and writes them once", async () => {
    setup();
    await port.writeTable({ sheetName: "Inputs", tableName: "Inputs", columns, rows: rows(200) });
    const before = wb.syncLog.length;
    await port.annotateRows(
      "Inputs",
      Array.from({ length: 200 }, (_, rowIndex) => ({ rowIndex, status: rowIndex % 2 ? "Saved" : "Failed", message: "" })),
    );
    // find the table (2), the texts, one read of the fills, one write of them
    expect(wb.syncLog.length - before).toBe(5);
  });

  test("10,000 rows x 20 columns: the fills are read in answers under Excel's 5 MB", async () => {
    setup();
    const wide: ColumnSpec[] = [
      ...Array.from({ length: 18 }, (_, i) => ({ key: `c${i}`, header: `C${i}`, type: "integer" as const })),
      { key: "s", header: "Status", type: "text" },
      { key: "m", header: "Message", type: "text" },
    ];
    const data = Array.from({ length: 10_000 }, (_, r) => [...Array.from({ length: 18 }, (_, c) => r + c), "", ""]);
    await port.writeTable({ sheetName: "Wide", tableName: "Wide", columns: wide, rows: data });
    const before = wb.syncLog.length;
    await port.annotateRows("Wide", [{ rowIndex: 5, status: "Failed", message: "x", errorColumns: ["C3"] }]);
    const log = wb.syncLog.slice(before);
    expect(log.every((s) => s.ok && s.responseBytes < 5_000_000)).toBe(true);
    expect(log.length).toBeLessThanOrEqual(12);
  });
});
