/**
 * officeWorkbook.ts (the only Excel.* code) run against the preview workbook, which has Excel's
 * semantics: formula reading of strings, shape checks, PropertyNotLoaded, the 5 MB request limit.
 */
import { createOfficeWorkbook, WorkbookError, type ColumnSpec, type WorkbookPort } from "../../src/excel";
import { parseDate } from "../../src/xl/columns";
import { isoDateToSerial, serialToIsoDate } from "../../src/xl/excelConventions";
import type { OfficeWorkbookOptions } from "../../src/excel/officeWorkbook";
import { installPreviewExcel, WorkbookModel } from "../../src/emulator";

const NOW = new Date(2025, 0, 15, 9, 5);
let wb: WorkbookModel;
let port: WorkbookPort;

function setup(
  limits: { request?: number; response?: number; oversize?: "GeneralException" } = {},
  portOpts: OfficeWorkbookOptions = {},
) {
  wb = installPreviewExcel(
    globalThis,
    new WorkbookModel({
      requestLimitBytes: limits.request,
      responseLimitBytes: limits.response,
      oversizeErrorCode: limits.oversize,
    }),
  );
  port = createOfficeWorkbook({ now: () => NOW, ...portOpts });
}

beforeEach(() => setup());

const NASTY = [
  '=HYPERLINK("http://x","y")',
  "+353 1 234",
  "-5 days",
  "@home",
  "=cmd|' /C calc'!A0",
  "-",
  "=",
  "007",
  "TRUE",
  "2024-01-31",
  "1e5",
];

const employeeColumns: ColumnSpec[] = [
  { key: "id", header: "Employee ID", type: "integer" },
  { key: "first_name", header: "First name", type: "text" },
  { key: "birthdate", header: "Birthdate", type: "date" },
  { key: "director", header: "Director", type: "boolean" },
  { key: "salary", header: "Salary", type: "currency" },
  { key: "updated_at", header: "Updated", type: "datetime" },
  { key: "rate", header: "Rate", type: "percent" },
];

/** Cells of the sheet's table body as the model holds them. */
function body(sheetName: string) {
  const sheet = wb.getSheet(sheetName);
  const t = sheet.tables()[0];
  const rows = [];
  for (let r = t.r + 1; r < t.r + t.rows; r++) {
    const row = [];
    for (let c = t.c; c < t.c + t.cols; c++)
      row.push({ value: sheet.valueAt(r, c), cell: sheet.cell(r, c), text: sheet.textAt(r, c) });
    rows.push(row);
  }
  return rows;
}

describe("formula safety", () => {
  test("text from the service stays text in every kind of column, on every write path", async () => {
    await port.writeTable({
      sheetName: "Employees",
      tableName: "Employees",
      columns: [
        ...employeeColumns,
        { key: "status", header: "Status", type: "text" },
        { key: "msg", header: "Message", type: "text" },
      ],
      // Nasty text in text, integer, date, boolean and currency columns alike.
      rows: NASTY.map((s, i) => [s, s, s, s, s, null, null, null, i % 2 ? s : null]),
    });
    const rows = body("Employees");
    NASTY.forEach((s, i) => {
      for (let k = 0; k < 5; k++) {
        expect(rows[i][k].cell?.f).toBeUndefined();
        // Formula look-alikes stay verbatim text everywhere; the text column keeps every string as is
        // (typed columns convert "007", "TRUE", dates, as they should).
        if (/^[=+\-@]/.test(s) || k === 1) expect(rows[i][k].value).toBe(s);
      }
    });
    // Annotations, column writes, appended rows and hidden tables are formula-safe too.
    await port.annotateRows("Employees", [{ rowIndex: 0, status: "=1+1", message: '=HYPERLINK("http://evil","click")' }]);
    await port.writeColumnValues("Employees", "Message", [{ rowIndex: 1, value: "+44 20 7946 0000" }]);
    await port.appendRows({
      sheetName: "Push log",
      tableName: "PushLog",
      columns: [{ key: "m", header: "Client", type: "text" }],
      rows: [["@SUM(1)"]],
    });
    await port.writeHiddenTable("_snapshot", ["a"], [["-2+3"]]);
    const all = JSON.stringify(wb.toJSON());
    expect(all).not.toContain('"f":');
    const table = await port.readTable("Employees");
    expect(table!.rows[0].slice(-2)).toEqual(["=1+1", '=HYPERLINK("http://evil","click")']);
    expect(table!.rows[1].at(-1)).toBe("+44 20 7946 0000");
    expect((await port.readTable("Push log"))!.rows).toEqual([["@SUM(1)"]]);
    expect((await port.readHiddenTable("_snapshot"))!.rows).toEqual([["-2+3"]]);
  });

  test("control: the same strings written without the text format become formulas in the preview", async () => {
    await Excel.run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange("A1:A4").values = NASTY.slice(0, 4).map((s) => [s]);
      await ctx.sync();
    });
    const sheet = wb.getSheet("Sheet1");
    expect([0, 1, 2, 3].map((r) => sheet.cell(r, 0)?.f)).toEqual([
      '=HYPERLINK("http://x","y")',
      "=+353 1 234",
      "=-5 days",
      "=@home",
    ]);
  });
});

describe("writeTable", () => {
  const rows = [
    [101, "Aoife", "1990-04-01", true, 52000.5, "2025-01-10T08:30:00Z", 0.125],
    [102, "Seán", new Date(1985, 11, 24), false, "1,234.56", null, 0],
    ["103", null, "", "false", null, "2025-01-11", null],
  ];

  test("typed cells: numbers, dates with a date format, booleans, currency, percent", async () => {
    await port.writeTable({ sheetName: "Employees", tableName: "Employees", columns: employeeColumns, rows });
    const [a, b, c] = body("Employees");
    expect(a.map((x) => x.value)).toEqual([
      101,
      "Aoife",
      isoDateToSerial("1990-04-01"),
      true,
      52000.5,
      expect.any(Number),
      0.125,
    ]);
    expect(a.map((x) => x.text)).toEqual([
      "101",
      "Aoife",
      "01/04/1990", // dates as Office's display language shows them (en-IE where Office gives none)
      "TRUE",
      "€52,000.50",
      expect.stringMatching(/^10\/01\/2025 \d\d:30$/),
      "12.50%",
    ]);
    expect(a[2].cell?.nf).toBe("dd/mm/yyyy");
    expect(b[1].value).toBe("Seán");
    expect(b[2].text).toBe("24/12/1985");
    expect(b[4].value).toBe(1234.56);
    expect(c[0].value).toBe(103);
    expect(c[1].value).toBe("");
    expect(c[3].value).toBe(false);
    expect(c[5].text).toBe("11/01/2025 00:00");
    expect(serialToIsoDate(a[2].value as number)).toBe("1990-04-01");
  });

  test("layout: title, last-refreshed stamp, header row frozen, widths, table name and address", async () => {
    const result = await port.writeTable({
      sheetName: "Employees",
      tableName: "Employees",
      columns: employeeColumns,
      rows,
      title: "Employees of Liffey Engineering",
    });
    const sheet = wb.getSheet("Employees");
    expect(sheet.valueAt(0, 0)).toBe("Employees of Liffey Engineering");
    expect(sheet.cell(0, 0)?.bold).toBe(true);
    expect(sheet.valueAt(1, 0)).toBe("Last refreshed 15/01/2025 09:05"); // day first under en-IE
    expect(sheet.frozenRows).toBe(3);
    expect(result).toEqual({ sheetName: "Employees", tableName: "Employees", rowCount: 3, address: "Employees!A3:G6" });
    expect(sheet.columnWidth(1)).toBeGreaterThan(40);
    expect(sheet.columnWidth(5)).toBeGreaterThan(sheet.columnWidth(3)); // datetime wider than boolean
    expect(wb.activeSheet.name).toBe("Employees");
  });

  test("re-import replaces the data in place: same sheet, same table, no leftovers", async () => {
    await port.writeTable({
      sheetName: "Pay points",
      tableName: "PayPoints",
      columns: employeeColumns.slice(0, 2),
      rows: [
        [1, "a"],
        [2, "b"],
        [3, "c"],
        [4, "d"],
      ],
    });
    const sheetsBefore = wb.sheets.length;
    const sheetId = wb.getSheet("Pay points").id;
    await port.writeTable({
      sheetName: "Pay points",
      tableName: "PayPoints",
      columns: employeeColumns.slice(0, 2),
      rows: [[9, "z"]],
    });
    expect(wb.sheets.length).toBe(sheetsBefore);
    expect(wb.getSheet("Pay points").id).toBe(sheetId);
    expect(wb.tablesList.map((t) => t.name)).toEqual(["PayPoints"]);
    const read = await port.readTable("Pay points");
    expect(read).toMatchObject({ tableName: "PayPoints", columns: ["Employee ID", "First name"], rows: [[9, "z"]], rowCount: 1 });
    const sheet = wb.getSheet("Pay points");
    expect(sheet.valueAt(4, 0)).toBe(""); // old row 2 is gone
    expect(sheet.usedRect(true)).toEqual({ r: 0, c: 0, rows: 4, cols: 2 });
  });

  test("zero rows make a table with one blank row that reads back as no rows", async () => {
    await port.writeTable({ sheetName: "Waves", tableName: "Waves", columns: employeeColumns, rows: [] });
    const read = await port.readTable("Waves");
    expect(read).toMatchObject({ rows: [], rowCount: 0 });
    expect(wb.getSheet("Waves").cell(3, 2)?.nf).toBe("dd/mm/yyyy"); // the blank row is typed for the user
  });

  test("bad names and headers give a clear WorkbookError and change nothing", async () => {
    await expect(port.writeTable({ sheetName: "History", tableName: "T", columns: employeeColumns, rows: [] })).rejects.toThrow(
      WorkbookError,
    );
    await expect(port.writeTable({ sheetName: "a/b", tableName: "T", columns: employeeColumns, rows: [] })).rejects.toThrow(
      /cannot be a sheet name/,
    );
    const dupe = [employeeColumns[0], { ...employeeColumns[1], header: "employee id" }];
    await expect(port.writeTable({ sheetName: "X", tableName: "T", columns: dupe, rows: [] })).rejects.toThrow(/unique/);
    expect(wb.sheets.map((s) => s.name)).toEqual(["Sheet1"]);
  });

  test("ragged rows never cause a shape mismatch: short rows are padded, extra cells ignored", async () => {
    await port.writeTable({
      sheetName: "Ragged",
      tableName: "Ragged",
      columns: employeeColumns.slice(0, 3),
      rows: [[1], [2, "b", "2025-01-01", "extra"], []],
    });
    expect((await port.readTable("Ragged"))!.rows).toEqual([
      [1, "", ""],
      [2, "b", isoDateToSerial("2025-01-01")],
    ]);
  });

  test("errors Excel raises come back as WorkbookError with Excel's code", async () => {
    const err = await port.deleteSheet("Sheet1").catch((e) => e); // the last visible sheet
    expect(err).toBeInstanceOf(WorkbookError);
    expect(err.code).toBe("InvalidOperation");
    expect(err.message).toMatch(/^Could not delete sheet "Sheet1": /);
  });

  test("a hidden sheet is not activated: checked before Excel is asked (its error code there is undocumented)", async () => {
    await port.writeHiddenTable("_hidden", ["a"], []);
    const err = await port.activateSheet("_hidden").catch((e) => e);
    expect(err).toBeInstanceOf(WorkbookError);
    expect(err).toMatchObject({ code: "InvalidOperation", message: 'Sheet "_hidden" is hidden and cannot be shown.' });
    expect(wb.syncLog.every((s) => s.ok)).toBe(true); // no request failed: the layer did not rely on Excel refusing
  });

  test("a table name used on another sheet is refused", async () => {
    await port.writeTable({ sheetName: "One", tableName: "Data", columns: employeeColumns, rows: [] });
    await expect(
      port.writeTable({ sheetName: "Two", tableName: "data", columns: employeeColumns, rows: [] }),
    ).rejects.toMatchObject({
      code: "ItemAlreadyExists",
    });
  });

  test("few syncs: 2,000 rows are written in a handful of requests", async () => {
    const many = Array.from({ length: 2000 }, (_, i) => [i, `Name ${i}`, "1990-01-01", i % 2 === 0, i * 10, null, 0.1]);
    const before = wb.syncLog.length;
    const progress: number[] = [];
    await port.writeTable({
      sheetName: "Big",
      tableName: "Big",
      columns: employeeColumns,
      rows: many,
      onProgress: (n) => progress.push(n),
    });
    expect(wb.syncLog.length - before).toBeLessThanOrEqual(5);
    expect(progress).toEqual([2000]);
    expect((await port.readTable("Big"))!.rowCount).toBe(2000);
  });
});

describe("the 5 MB request limit", () => {
  // ~1 KB of text per row: 8,000 rows is about 8 MB of values, more than one Excel on the web request.
  const wide: ColumnSpec[] = [
    { key: "id", header: "ID", type: "integer" },
    { key: "note", header: "Note", type: "text" },
  ];
  const bigRows = Array.from({ length: 8000 }, (_, i) => [i, `${i}:`.padEnd(1000, "é")]);

  test("blocks sized from the estimate stay under the limit: several requests, none refused, data complete", async () => {
    await port.writeTable({ sheetName: "Big", tableName: "Big", columns: wide, rows: bigRows });
    const writes = wb.syncLog.filter((s) => s.requestBytes > 100_000);
    expect(writes.length).toBeGreaterThan(3);
    expect(wb.syncLog.every((s) => s.ok)).toBe(true);
    expect(Math.max(...writes.map((s) => s.requestBytes))).toBeLessThan(5 * 1024 * 1024);
    const read = await port.readTable("Big");
    expect(read!.rowCount).toBe(8000);
    expect(read!.rows[7999]).toEqual(bigRows[7999]);
  });

  test("a block refused with RequestPayloadSizeLimitExceeded is split in half and retried until the data is complete", async () => {
    setup({}, { maxRequestBytes: 100_000_000 }); // estimate disabled: the first block is ~16 MB
    const progress: number[] = [];
    await port.writeTable({
      sheetName: "Big",
      tableName: "Big",
      columns: wide,
      rows: bigRows,
      onProgress: (n) => progress.push(n),
    });
    const refused = wb.syncLog.filter((s) => s.code === "RequestPayloadSizeLimitExceeded");
    expect(refused.length).toBeGreaterThanOrEqual(2); // 8000 rows refused, then 4000 refused, ...
    expect(wb.syncLog.filter((s) => s.ok).every((s) => s.requestBytes <= 5 * 1024 * 1024)).toBe(true);
    const read = await port.readTable("Big");
    expect(read!.rows).toEqual(bigRows);
    expect(progress).toEqual([8000]);
  });

  test("a single row over the limit fails with a clear message", async () => {
    setup({ request: 50_000 }, { maxRequestBytes: 1_000_000 });
    const three: ColumnSpec[] = [...wide, { key: "a", header: "A", type: "text" }, { key: "b", header: "B", type: "text" }];
    const row = [1, "x".repeat(20_000), "y".repeat(20_000), "z".repeat(20_000)]; // each cell fits; the row does not
    const err = await port.writeTable({ sheetName: "Huge", tableName: "Huge", columns: three, rows: [row] }).catch((e) => e);
    expect(err).toBeInstanceOf(WorkbookError);
    expect(err.code).toBe("RequestPayloadSizeLimitExceeded");
    expect(err.message).toMatch(/One row is larger/);
  });

  test("reads are chunked and a chunk refused for its response size is halved", async () => {
    await port.writeTable({ sheetName: "Big", tableName: "Big", columns: wide, rows: bigRows.slice(0, 600) });
    setupKeep({ response: 200_000 }, { maxReadCells: 1_000_000 });
    const before = wb.syncLog.length;
    const read = await port.readTable("Big");
    expect(read!.rows).toEqual(bigRows.slice(0, 600));
    // ~1.2 MB in one chunk: refused at 600, 300 and 150 rows; the smaller size then holds for the rest.
    const refused = wb.syncLog.slice(before).filter((s) => s.code === "ResponsePayloadSizeLimitExceeded");
    expect(refused.length).toBe(3);
  });

  test("after a refusal the lower budget holds: later blocks are not refused too", async () => {
    setup({}, { maxRequestBytes: 6_000_000 }); // an estimate above the real limit: ~16 MB in blocks of ~6 MB
    await port.writeTable({ sheetName: "Big", tableName: "Big", columns: wide, rows: bigRows });
    expect(wb.syncLog.filter((s) => s.code === "RequestPayloadSizeLimitExceeded")).toHaveLength(1);
    expect((await port.readTable("Big"))!.rows).toEqual(bigRows);
  });

  test("a big request answered with a bare GeneralException (older Excel on the web) is split too; a one-row one is reported", async () => {
    setup({ request: 300_000, oversize: "GeneralException" }, { maxRequestBytes: 100_000_000 });
    const rows = bigRows.slice(0, 600); // ~1.2 MB
    await port.writeTable({ sheetName: "Big", tableName: "Big", columns: wide, rows });
    expect(wb.syncLog.some((s) => s.code === "GeneralException")).toBe(true);
    expect((await port.readTable("Big"))!.rows).toEqual(rows);
    const huge = [1, ...Array.from({ length: 12 }, () => "q".repeat(30_000))];
    const cols = [wide[0], ...huge.slice(1).map((_, k) => ({ key: `c${k}`, header: `C${k}`, type: "text" as const }))];
    const err = await port.writeTable({ sheetName: "Huge", tableName: "Huge", columns: cols, rows: [huge] }).catch((e) => e);
    expect(err).toMatchObject({ code: "GeneralException", message: expect.stringMatching(/internal error/) });
  });
});

/** Re-install Excel over a copy of the current workbook's content with other limits. */
function setupKeep(limits: { request?: number; response?: number }, portOpts: OfficeWorkbookOptions = {}) {
  Object.assign(wb, {
    requestLimitBytes: limits.request ?? wb.requestLimitBytes,
    responseLimitBytes: limits.response ?? wb.responseLimitBytes,
  });
  port = createOfficeWorkbook({ now: () => NOW, ...portOpts });
}

/** An input sheet's table: salary and payslip date, then Status, Message and Nett pay; four employees, no states. */
const inputColumns: ColumnSpec[] = [
  { key: "id", header: "Employee ID", type: "integer" },
  { key: "calc.basic_salary.amount", header: "Basic salary", type: "currency" },
  { key: "payslip_date", header: "Payslip date", type: "date" },
  { key: "status", header: "Status", type: "text" },
  { key: "message", header: "Message", type: "text" },
  { key: "nett", header: "Nett pay", type: "currency" },
];
const inputRows = [1, 2, 3, 4].map((i) => [i, 1000 * i, "2025-01-31", "", "", null]);

describe("annotations and column writes", () => {
  beforeEach(async () => {
    await port.writeTable({ sheetName: "Inputs", tableName: "Inputs", columns: inputColumns, rows: inputRows });
  });

  test("Status and Message are written, failing cells and statuses are coloured", async () => {
    await port.annotateRows("Inputs", [
      { rowIndex: 0, status: "Saved", message: "" },
      { rowIndex: 1, status: "Failed", message: "Payslip is finalised", errorColumns: ["Basic salary", "nope"] },
      { rowIndex: 2, status: "Invalid", message: "Not a date", errorColumns: ["payslip date"] },
    ]);
    const b = body("Inputs");
    expect(b.map((r) => [r[3].value, r[4].value])).toEqual([
      ["Saved", ""],
      ["Failed", "Payslip is finalised"],
      ["Invalid", "Not a date"],
      ["", ""],
    ]);
    expect(b[0][3].cell?.fill).toBe("#CFEFD7");
    expect(b[1][3].cell?.fill).toBe("#FFCCD1");
    expect(b[1][1].cell?.fill).toBe("#FFCCD1");
    expect(b[2][2].cell?.fill).toBe("#FFCCD1");
    expect(b[0][1].cell?.fill).toBeUndefined();
    expect(b[3][3].cell?.fill).toBeUndefined();
  });

  test("a later push clears earlier highlights and statuses (clearOthers default)", async () => {
    await port.annotateRows("Inputs", [{ rowIndex: 1, status: "Failed", message: "x", errorColumns: ["Basic salary"] }]);
    await port.annotateRows("Inputs", [{ rowIndex: 3, status: "Saved", message: "" }]);
    const b = body("Inputs");
    expect(b[1][3].value).toBe("");
    expect(b[1][1].cell?.fill).toBeUndefined();
    expect(b[3][3].value).toBe("Saved");
  });

  test("highlightColumns: a later push clears its own highlights only there; a user's colour elsewhere stays", async () => {
    const USER = "#00B0F0";
    await port.annotateRows("Inputs", [{ rowIndex: 1, status: "Failed", message: "x", errorColumns: ["Basic salary"] }]);
    // The accountant colours a Message and a Nett pay cell of the same row, and the Nett pay of another.
    await port.fillCells(
      "Inputs",
      [
        { rowIndex: 1, column: "Message" },
        { rowIndex: 1, column: "Nett pay" },
        { rowIndex: 3, column: "Nett pay" },
      ],
      USER,
    );
    const managed = { highlightColumns: ["Employee ID", "Payslip date", "Basic salary"] };
    await port.annotateRows("Inputs", [{ rowIndex: 1, status: "Saved", message: "" }], { clearOthers: false, ...managed });
    let b = body("Inputs");
    expect([b[1][1].cell?.fill, b[1][3].cell?.fill]).toEqual([undefined, "#CFEFD7"]);
    expect([b[1][4].cell?.fill, b[1][5].cell?.fill]).toEqual([USER, USER]);
    await port.annotateRows("Inputs", [{ rowIndex: 0, status: "Saved", message: "" }], managed); // clearOthers
    b = body("Inputs");
    expect([b[1][3].cell?.fill, b[1][4].cell?.fill, b[1][5].cell?.fill, b[3][5].cell?.fill]).toEqual([
      undefined,
      USER,
      USER,
      USER,
    ]);
    // Without the option every column is looked at, and still only the add-in's own colours come off (issue M).
    await port.annotateRows("Inputs", [{ rowIndex: 0, status: "Saved", message: "" }]);
    expect(body("Inputs")[3][5].cell?.fill).toBe(USER);
  });

  test("clearOthers: false keeps the other rows' annotations (Retry failed)", async () => {
    await port.annotateRows("Inputs", [
      { rowIndex: 0, status: "Saved", message: "" },
      { rowIndex: 1, status: "Not sent", message: "Network error", errorColumns: [] },
    ]);
    await port.annotateRows("Inputs", [{ rowIndex: 1, status: "Saved", message: "" }], { clearOthers: false });
    const b = body("Inputs");
    expect(b.slice(0, 2).map((r) => r[3].value)).toEqual(["Saved", "Saved"]);
    expect(b[0][3].cell?.fill).toBe("#CFEFD7");
  });

  test("chunked annotation (clearOthers: false) rewrites only the span of its rows, in few small requests", async () => {
    const many = Array.from({ length: 2000 }, (_, i) => [i, i, "2025-01-31", "", "", null]);
    await port.writeTable({ sheetName: "Inputs", tableName: "Inputs", columns: inputColumns, rows: many });
    await port.annotateRows(
      "Inputs",
      many.map((_, i) => ({ rowIndex: i, status: "Not sent", message: "Waiting" })),
    );
    const before = wb.syncLog.length;
    const chunk = Array.from({ length: 10 }, (_, k) => ({ rowIndex: 500 + k, status: "Saved", message: "" }));
    await port.annotateRows("Inputs", chunk, { clearOthers: false });
    const syncs = wb.syncLog.slice(before);
    expect(syncs.length).toBeLessThanOrEqual(5);
    expect(Math.max(...syncs.map((x) => x.requestBytes))).toBeLessThan(5_000);
    const b = body("Inputs");
    expect([b[499][3].value, b[500][3].value, b[509][3].value, b[510][3].value]).toEqual([
      "Not sent",
      "Saved",
      "Saved",
      "Not sent",
    ]);
    expect([b[499][3].cell?.fill, b[500][3].cell?.fill]).toEqual(["#FFE8A3", "#CFEFD7"]);
  });

  test("annotating a sheet without Status/Message or a row outside the table is a clear error", async () => {
    await port.writeTable({ sheetName: "Plain", tableName: "Plain", columns: inputColumns.slice(0, 2), rows: [[1, 2]] });
    await expect(port.annotateRows("Plain", [{ rowIndex: 0, status: "Saved", message: "" }])).rejects.toThrow(
      /needs "Status" and "Message"/,
    );
    await expect(port.annotateRows("Inputs", [{ rowIndex: 9, status: "Saved", message: "" }])).rejects.toThrow(
      /outside the table/,
    );
    await expect(port.annotateRows("Missing", [])).rejects.toThrow(/has no table/);
  });

  test("writeColumnValues sets some rows of one column and leaves the rest", async () => {
    await port.writeColumnValues(
      "Inputs",
      "Nett pay",
      [
        { rowIndex: 1, value: 812.4 },
        { rowIndex: 3, value: 1650 },
      ],
      "currency",
    );
    const b = body("Inputs");
    expect(b.map((r) => r[5].value)).toEqual(["", 812.4, "", 1650]);
    expect(b[1][5].text).toBe("€812.40");
    expect(b.map((r) => r[1].value)).toEqual([1000, 2000, 3000, 4000]);
    await expect(port.writeColumnValues("Inputs", "Gross", [{ rowIndex: 0, value: 1 }])).rejects.toThrow(/no column "Gross"/);
  });
});

describe("selection, sheets, log, hidden storage, settings", () => {
  const cols: ColumnSpec[] = [
    { key: "id", header: "ID", type: "integer" },
    { key: "name", header: "Name", type: "text" },
  ];

  test("selectedRowIndexes: data rows that intersect the selection, nothing for the header or other sheets", async () => {
    await port.writeTable({
      sheetName: "Inputs",
      tableName: "Inputs",
      columns: cols,
      rows: [1, 2, 3, 4, 5].map((i) => [i, `n${i}`]),
    });
    const sheet = wb.getSheet("Inputs");
    wb.select(sheet, { r: 4, c: 1, rows: 2, cols: 1 }); // rows 5-6 = data rows 1-2
    expect(await port.selectedRowIndexes("Inputs")).toEqual([1, 2]);
    expect(await port.selectedRowIndexes()).toEqual([1, 2]);
    expect(await port.selectedRowIndexes("Other")).toEqual([]);
    wb.select(sheet, { r: 0, c: 0, rows: 3, cols: 16384 }); // title, stamp and header rows
    expect(await port.selectedRowIndexes()).toEqual([]);
    wb.select(sheet, { r: 2, c: 0, rows: 100, cols: 1 });
    expect(await port.selectedRowIndexes()).toEqual([0, 1, 2, 3, 4]);
  });

  test("active sheet, activate, list and delete", async () => {
    await port.writeTable({ sheetName: "A", tableName: "TA", columns: cols, rows: [] });
    await port.writeTable({ sheetName: "B", tableName: "TB", columns: cols, rows: [], activate: false });
    await port.writeHiddenTable("_snap", ["x"], []);
    expect(await port.activeSheetName()).toBe("A");
    await port.activateSheet("b");
    expect(await port.activeSheetName()).toBe("B");
    const listed = await port.listSheets();
    expect(listed.map(({ id: _, ...s }) => s)).toEqual([
      { name: "Sheet1", visible: true, tableName: null },
      { name: "A", visible: true, tableName: "TA" },
      { name: "B", visible: true, tableName: "TB" },
    ]);
    // Worksheet.id: one per sheet, and with hidden ones asked for, the hidden storage sheet too.
    expect(new Set(listed.map((s) => s.id)).size).toBe(3);
    expect((await port.listSheets({ hidden: true })).find((s) => s.name === "_snap")).toMatchObject({ visible: false });
    await expect(port.activateSheet("Nope")).rejects.toThrow(/no sheet named "Nope"/);
    expect(await port.deleteSheet("A")).toBe(true);
    expect(await port.deleteSheet("A")).toBe(false);
  });

  test("a sheet's ID stays through a rename and a new sheet gets a new one; renames and deletions are heard", async () => {
    await port.writeTable({ sheetName: "A", tableName: "TA", columns: cols, rows: [] });
    const id = (await port.listSheets()).find((s) => s.name === "A")!.id;
    const heard: unknown[] = [];
    const stop = await port.onSheetRenamedOrDeleted([id], (e) => heard.push(e));
    wb.renameSheet(wb.getSheet("A"), "A renamed");
    expect((await port.listSheets()).find((s) => s.name === "A renamed")?.id).toBe(id);
    wb.deleteSheet(wb.getSheet("A renamed"));
    await port.writeTable({ sheetName: "A", tableName: "TA2", columns: cols, rows: [] });
    expect((await port.listSheets()).find((s) => s.name === "A")?.id).not.toBe(id);
    await new Promise((r) => setTimeout(r, 0));
    expect(heard).toEqual([
      { kind: "renamed", sheetId: id, nameBefore: "A", nameAfter: "A renamed" },
      { kind: "deleted", sheetId: id },
    ]);
    await stop();
  });

  test("appendRows creates the log table once, fills its blank row, then appends", async () => {
    const logCols: ColumnSpec[] = [
      { key: "time", header: "Time", type: "datetime" },
      { key: "client", header: "Client", type: "text" },
      { key: "saved", header: "Saved", type: "integer" },
    ];
    const opts = { sheetName: "Push log", tableName: "PushLog", columns: logCols };
    await port.appendRows({ ...opts, rows: [[new Date(2025, 0, 15, 10, 0), "Liffey", 3]] });
    await port.appendRows({
      ...opts,
      rows: [
        [new Date(2025, 0, 15, 11, 0), "Bureau", 5],
        [new Date(2025, 0, 15, 12, 0), "=x", 0],
      ],
    });
    const read = await port.readTable("Push log");
    expect(read!.rows.map((r) => r.slice(1))).toEqual([
      ["Liffey", 3],
      ["Bureau", 5],
      ["=x", 0],
    ]);
    expect(wb.getSheet("Push log").textAt(4, 0)).toBe("15/01/2025 11:00");
    expect(wb.activeSheet.name).toBe("Sheet1"); // the log does not steal focus
  });

  test("hidden tables: veryHidden sheet, types and blank rows kept, replaced on rewrite", async () => {
    await port.writeHiddenTable(
      "_snap_Inputs",
      ["id", "amount", "flag", "note"],
      [
        [1, 10.5, true, "007"],
        [null, null, null, null],
        [3, 0, false, ""],
      ],
    );
    expect(wb.getSheet("_snap_Inputs").visibility).toBe("VeryHidden");
    expect(await port.readHiddenTable("_snap_Inputs")).toEqual({
      columns: ["id", "amount", "flag", "note"],
      rows: [
        [1, 10.5, true, "007"],
        ["", "", "", ""],
        [3, 0, false, ""],
      ],
    });
    await port.writeHiddenTable("_snap_Inputs", ["id"], [[9]]);
    expect(await port.readHiddenTable("_snap_Inputs")).toEqual({ columns: ["id"], rows: [[9]] });
    expect(await port.readHiddenTable("_nothing")).toBeNull();
  });

  test("document settings: get, set, remove", async () => {
    expect(await port.getSetting("payroll.clientId")).toBeUndefined();
    await port.setSetting("payroll.clientId", 2);
    await port.setSetting("payroll.sheets", { Inputs: { wave_id: 4, period: "2025-01-31" } });
    expect(await port.getSetting("payroll.clientId")).toBe(2);
    expect(await port.getSetting("payroll.sheets")).toEqual({ Inputs: { wave_id: 4, period: "2025-01-31" } });
    await port.removeSetting("payroll.clientId");
    await port.removeSetting("payroll.clientId");
    expect(await port.getSetting("payroll.clientId")).toBeUndefined();
  });

  test("readTable of a sheet without a table is null", async () => {
    expect(await port.readTable("Sheet1")).toBeNull();
    expect(await port.readTable("Missing")).toBeNull();
  });
});

describe("Excel semantics found in review", () => {
  // Data row i is sheet row 4 + i (0-based r = 3 + i); columns A-F.
  const at = (i: number) => 3 + i;

  test("writeColumnValues writes only the updated cells: a user's formula or apostrophe text between them survives", async () => {
    await port.writeTable({ sheetName: "Inputs", tableName: "Inputs", columns: inputColumns, rows: inputRows });
    const sheet = wb.getSheet("Inputs");
    wb.editCell(sheet, at(1), 5, "=B5*2");
    wb.editCell(sheet, at(2), 5, "'-5 days"); // text in a currency cell, kept text by the apostrophe
    const before = wb.syncLog.length;
    await port.writeColumnValues(
      "Inputs",
      "Nett pay",
      [
        { rowIndex: 0, value: 812.4 },
        { rowIndex: 3, value: 1650 },
      ],
      "currency",
    );
    expect([0, 1, 2, 3].map((i) => sheet.valueAt(at(i), 5))).toEqual([812.4, 4000, "-5 days", 1650]);
    expect(sheet.cell(at(1), 5)?.f).toBe("=B5*2");
    expect(sheet.cell(at(2), 5)?.f).toBeUndefined();
    expect(wb.syncLog.length - before).toBeLessThanOrEqual(3); // find the table (2), write (1): nothing read back
  });

  test("annotateRows with clearOthers: false leaves the rows between annotated rows alone", async () => {
    await port.writeTable({ sheetName: "Inputs", tableName: "Inputs", columns: inputColumns, rows: inputRows });
    const sheet = wb.getSheet("Inputs");
    // A cell pasted into Message brings its General format, so the user's formula there is a formula.
    await Excel.run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Inputs").getRange("E5").numberFormat = [["General"]];
      await ctx.sync();
    });
    wb.editCell(sheet, at(1), 4, "=A5*10");
    await port.annotateRows(
      "Inputs",
      [
        { rowIndex: 0, status: "Saved", message: "" },
        { rowIndex: 2, status: "Failed", message: "Payslip is finalised" },
      ],
      { clearOthers: false },
    );
    expect(sheet.cell(at(1), 4)?.f).toBe("=A5*10");
    expect(sheet.valueAt(at(1), 4)).toBe(20);
    expect([0, 2].map((i) => sheet.valueAt(at(i), 3))).toEqual(["Saved", "Failed"]);
  });

  test("dates before March 1900: Excel's own serials for Jan-Feb 1900 (leap-year bug), text before 1900", async () => {
    const cols: ColumnSpec[] = [
      { key: "id", header: "ID", type: "integer" },
      { key: "d", header: "Birthdate", type: "date" },
    ];
    await port.writeTable({
      sheetName: "Dates",
      tableName: "Dates",
      columns: cols,
      rows: [
        [1, "1900-01-15"],
        [2, "1900-02-28"],
        [3, "1900-03-01"],
        [4, "1899-12-31"],
        [5, "1850-06-01"],
        [6, new Date(1890, 0, 1)],
      ],
    });
    const b = body("Dates");
    expect(b.map((r) => r[1].value).slice(0, 5)).toEqual([15, 59, 61, "1899-12-31", "1850-06-01"]);
    expect(b.map((r) => r[1].text).slice(0, 3)).toEqual(["15/01/1900", "28/02/1900", "01/03/1900"]);
    expect(typeof b[5][1].value).toBe("string"); // a pre-1900 Date is written as text, never as a negative serial
    expect(b[4][1].cell?.nf).toBe("@");
    expect(parseDate(b[4][1].value)).toEqual({ ok: true, value: "1850-06-01" }); // text reads back as the date
  });

  test("number columns are General: whole numbers show no trailing decimal point", async () => {
    await port.writeTable({
      sheetName: "N",
      tableName: "N",
      columns: [{ key: "n", header: "Hours", type: "number" }],
      rows: [[1234], [1234.5], ["2,000"]],
    });
    expect(body("N").map((r) => r[0].text)).toEqual(["1234", "1234.5", "2000"]);
  });

  test("a selection of several blocks (Ctrl+click) gives the rows of every block", async () => {
    const cols: ColumnSpec[] = [
      { key: "id", header: "ID", type: "integer" },
      { key: "name", header: "Name", type: "text" },
    ];
    await port.writeTable({
      sheetName: "Inputs",
      tableName: "Inputs",
      columns: cols,
      rows: [1, 2, 3, 4, 5].map((i) => [i, `n${i}`]),
    });
    const sheet = wb.getSheet("Inputs");
    wb.selectAreas(sheet, [
      { r: 4, c: 0, rows: 2, cols: 1 },
      { r: 7, c: 1, rows: 1, cols: 1 },
    ]);
    expect(await port.selectedRowIndexes("Inputs")).toEqual([1, 2, 4]);
    // Hosts without ExcelApi 1.9 only have getSelectedRange, which refuses several blocks: a clear message.
    const old = createOfficeWorkbook({ supportsExcelApi: (v) => Number(v.split(".")[1]) <= 7 });
    await expect(old.selectedRowIndexes("Inputs")).rejects.toMatchObject({
      code: "InvalidSelection",
      message: expect.stringMatching(/one block/),
    });
    wb.select(sheet, { r: 4, c: 0, rows: 2, cols: 1 });
    expect(await old.selectedRowIndexes("Inputs")).toEqual([1, 2]);
  });

  test("while the user edits a cell, a write waits (delayForCellEdit) instead of failing halfway", async () => {
    await port.writeTable({ sheetName: "Inputs", tableName: "Inputs", columns: inputColumns, rows: inputRows });
    wb.beginCellEdit();
    let settled = false;
    const pending = port.writeColumnValues("Inputs", "Nett pay", [{ rowIndex: 0, value: 5 }], "currency");
    pending.then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((r) => setTimeout(r, 30));
    expect(settled).toBe(false);
    expect(wb.getSheet("Inputs").valueAt(at(0), 5)).toBe("");
    wb.endCellEdit();
    await pending;
    expect(wb.getSheet("Inputs").valueAt(at(0), 5)).toBe(5);
  });

  test("a text longer than a cell holds is refused before anything changes (a re-import keeps the old data)", async () => {
    const cols = employeeColumns.slice(0, 2);
    await port.writeTable({ sheetName: "Employees", tableName: "Employees", columns: cols, rows: [[1, "Aoife"]] });
    const err = await port
      .writeTable({
        sheetName: "Employees",
        tableName: "Employees",
        columns: cols,
        rows: [
          [1, "Aoife"],
          [2, "x".repeat(40_000)],
        ],
      })
      .catch((e) => e);
    expect(err).toBeInstanceOf(WorkbookError);
    expect(err).toMatchObject({
      code: "InvalidArgument",
      message: expect.stringMatching(/row 2, column "First name" has 40,000 characters.*32,767/),
    });
    expect((await port.readTable("Employees"))!.rows).toEqual([[1, "Aoife"]]);
    await expect(
      port.annotateRows("Employees", [{ rowIndex: 0, status: "Failed", message: "m".repeat(33_000) }]),
    ).rejects.toThrow(/32,767/);
  });

  test("hidden tables read only rows holding values, however far the sheet's used range reaches", async () => {
    await port.writeHiddenTable(
      "_snap",
      ["id", "note"],
      [
        [1, "a"],
        [null, null],
        [3, ""],
      ],
    );
    await Excel.run(async (ctx) => {
      // Formatting below the data widens the used range (as Excel's sticky used range can).
      ctx.workbook.worksheets.getItem("_snap").getRange("A10:B12").numberFormat = [
        ["0", "0"],
        ["0", "0"],
        ["0", "0"],
      ];
      await ctx.sync();
    });
    expect(await port.readHiddenTable("_snap")).toEqual({
      columns: ["id", "note"],
      rows: [
        [1, "a"],
        ["", ""],
        [3, ""],
      ],
    });
  });

  test("document settings: one value over the budget is refused with a clear message and nothing is saved", async () => {
    const err = await port.setSetting("payroll.big", { rows: "x".repeat(70_000) }).catch((e) => e);
    expect(err).toMatchObject({ code: "InvalidArgument", message: expect.stringMatching(/payroll\.big.*at most 65,536/) });
    expect(await port.getSetting("payroll.big")).toBeUndefined();
  });
});
