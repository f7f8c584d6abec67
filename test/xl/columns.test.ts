import {
  column,
  field,
  headerIndex,
  parseBoolean,
  parseCell,
  parseDate,
  parseInteger,
  parseNumber,
  parseText,
  specsOf,
  toRows,
  typeOfValue,
} from "../../src/xl/columns";
import { isoDateToSerial, serialToIsoDate } from "../../src/xl/excelConventions";

const value = <T>(p: { ok: boolean; value?: T; message?: string }) => (p.ok ? p.value : `ERR ${p.message}`);

describe("parseNumber", () => {
  it.each([
    [12.5, 12.5],
    ["12.5", 12.5],
    [" 1,234.50 ", 1234.5],
    ["€1,234.50", 1234.5],
    ["-€5", -5],
    ["(12.00)", -12],
    ["12%", 0.12],
    [".5", 0.5],
    ["1e3", 1000],
    ["", null],
    ["   ", null],
  ])("%p -> %p", (cell, expected) => {
    expect(value(parseNumber(cell))).toBe(expected);
  });

  it.each(["abc", "12,34", "1.2.3", "1,2345", "12 EUR", "--5"])("rejects %p with the cell in the message", (cell) => {
    const p = parseNumber(cell);
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.message).toContain(`"${cell}"`);
  });

  it("rejects booleans and non-finite numbers", () => {
    expect(parseNumber(true).ok).toBe(false);
    expect(parseNumber(Number.NaN).ok).toBe(false);
    expect(parseNumber(Infinity).ok).toBe(false);
  });

  it("integers must be whole", () => {
    expect(value(parseInteger("42"))).toBe(42);
    expect(parseInteger(4.5).ok).toBe(false);
  });
});

describe("parseDate", () => {
  it("reads Excel serials (1900 system) as calendar dates", () => {
    expect(value(parseDate(45688))).toBe("2025-01-31");
    expect(value(parseDate(45688.75))).toBe("2025-01-31");
    expect(value(parseDate(61))).toBe("1900-03-01");
    expect(serialToIsoDate(isoDateToSerial("2024-02-29")!)).toBe("2024-02-29");
    expect(isoDateToSerial("2025-01-31")).toBe(45688);
  });

  it.each([
    ["2025-01-31", "2025-01-31"],
    ["2025-1-5", "2025-01-05"],
    ["2025-01-31T10:00:00+00:00", "2025-01-31"],
    ["31/01/2025", "2025-01-31"],
    ["5.2.2025", "2025-02-05"],
    ["", null],
  ])("%p -> %p", (cell, expected) => {
    expect(value(parseDate(cell))).toBe(expected);
  });

  it("takes a Date's local calendar day", () => {
    expect(value(parseDate(new Date(2025, 0, 31, 23, 30)))).toBe("2025-01-31");
  });

  it.each(["2025-02-30", "31/02/2025", "next friday", 5, 3_000_000, true])("rejects %p", (cell) => {
    expect(parseDate(cell).ok).toBe(false);
  });
});

describe("parseBoolean and parseText", () => {
  it.each([
    [true, true],
    [false, false],
    ["TRUE", true],
    ["no", false],
    ["Y", true],
    [1, true],
    [0, false],
    ["", null],
  ])("%p -> %p", (cell, expected) => {
    expect(value(parseBoolean(cell))).toBe(expected);
  });
  it("rejects other words", () => {
    expect(parseBoolean("maybe").ok).toBe(false);
    expect(parseBoolean(2).ok).toBe(false);
  });
  it("keeps text as written, numbers typed into text columns become text", () => {
    expect(value(parseText("  =HYPERLINK(x) "))).toBe("  =HYPERLINK(x) ");
    expect(value(parseText(12))).toBe("12");
    expect(value(parseText(""))).toBeNull();
  });
  it("parseCell dispatches by type", () => {
    expect(value(parseCell("currency", "€10"))).toBe(10);
    expect(value(parseCell("date", 45688))).toBe("2025-01-31");
    expect(value(parseCell("boolean", "yes"))).toBe(true);
    expect(parseCell("integer", "1.5").ok).toBe(false);
  });
  it("typeOfValue picks a column type from a sample value", () => {
    expect(typeOfValue(3)).toBe("number");
    expect(typeOfValue(false)).toBe("boolean");
    expect(typeOfValue("2025-01-31")).toBe("date");
    expect(typeOfValue("2025-02-31")).toBe("text");
    expect(typeOfValue(null)).toBe("text");
  });
});

describe("column specs", () => {
  type R = { id: number; name?: string };
  const cols = [column<R>("id", "ID", "integer", (r) => r.id), column<R>("name", "Name", "text", (r) => r.name, { width: 120 })];

  it("turns records into a grid, missing values as null", () => {
    expect(toRows(cols, [{ id: 1, name: "A" }, { id: 2 }])).toEqual([
      [1, "A"],
      [2, null],
    ]);
  });
  it("fills a field column from the record's field named by the key; only fields that fit a cell are accepted", () => {
    type Rec = { id: number; tags: string[]; [extra: string]: unknown };
    const f = field<Rec>("id", "ID", "integer", { width: 50 });
    expect(f).toMatchObject({ key: "id", header: "ID", type: "integer", width: 50 });
    expect(f.value({ id: 4, tags: [] })).toBe(4);
    // @ts-expect-error a list is not a cell value
    field<Rec>("tags", "Tags", "text");
  });
  it("strips accessors for the Excel layer", () => {
    expect(specsOf(cols)).toEqual([
      { key: "id", header: "ID", type: "integer" },
      { key: "name", header: "Name", type: "text", width: 120 },
    ]);
  });
  it("indexes headers by trimmed text, first occurrence wins", () => {
    const idx = headerIndex(["ID", " Name ", "ID"]);
    expect(idx.get("ID")).toBe(0);
    expect(idx.get("Name")).toBe(1);
  });
});
