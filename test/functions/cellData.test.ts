/**
 * Data-type and range arguments (functions.json allows custom data for `any` parameters): formatted numbers,
 * Double/String/Boolean values and entities are read as their basic value, one-cell ranges as their cell, and
 * anything else is #VALUE! naming the argument, never "[object Object]".
 */
import {
  parseAccountsArg,
  parseClientIdArg,
  parseDateArg,
  parseEmployeeArg,
  parseLeaveTypeArg,
  parseNameArg,
} from "../../src/functions/args";
import { formulaErrorOf } from "../support/formulaErrors";

const formatted = (basicValue: number, numberFormat: string) => ({ type: "FormattedNumber", basicValue, numberFormat });
/** Excel.EntityCellValue as Excel documents it: basicType "Error", basicValue "#VALUE!" (what Range.values shows). */
const entity = (text: string, properties: Record<string, unknown> = {}) => ({
  type: "Entity",
  text,
  properties,
  basicType: "Error",
  basicValue: "#VALUE!",
});
/** Excel.LinkedEntityCellValue (e.g. a Stocks or Geography value) as documented. */
const linked = (text: string, properties: Record<string, unknown> = {}) => ({
  type: "LinkedEntity",
  id: { entityId: "e-1", domainId: "d-1", serviceId: 268, culture: "en-IE" },
  text,
  properties,
  basicType: "Error",
  basicValue: "#VALUE!",
});

describe("data types are read as their basic value", () => {
  it("formatted numbers, Double, String and Boolean values", () => {
    expect(parseDateArg(formatted(46023, "yyyy-mm-dd"), "start_date")).toBe("2026-01-01");
    expect(parseEmployeeArg(formatted(1001, "0"), { required: true })).toBe("1001");
    expect(parseEmployeeArg({ type: "Double", basicValue: 1001 }, { required: true })).toBe("1001");
    expect(parseNameArg({ type: "String", basicValue: "paye" }, "account", "x")).toBe("paye");
    expect(parseClientIdArg({ type: "Double", basicValue: 3 })).toBe(3);
    expect(parseLeaveTypeArg({ type: "Double", basicValue: 2 })).toEqual({ id: 2 });
    expect(formulaErrorOf(() => parseNameArg({ type: "Boolean", basicValue: true }, "account", "x")).message).toMatch(
      /^account must be text/,
    );
  });

  it("entities: the property that names what the argument wants, or (for text) their text, never basicValue #VALUE!", () => {
    expect(parseEmployeeArg(entity("Ann Byrne", { Number: { type: "String", basicValue: "0042" } }), { required: true })).toBe(
      "0042",
    );
    expect(parseEmployeeArg(entity("Ann Byrne", { "Employee number": "1001" }), { required: true })).toBe("1001");
    expect(
      parseEmployeeArg(linked("Ann Byrne", { "Employee number": { type: "Double", basicValue: 1001 } }), { required: true }),
    ).toBe("1001");
    expect(parseNameArg(linked("nett_pay"), "account", "x")).toBe("nett_pay");
    expect(parseNameArg(entity("Leave card", { Name: "Sick Leave" }), "leave_type", "x")).toBe("Sick Leave");
    expect(parseNameArg(entity("basic_salary"), "account", "x")).toBe("basic_salary");
    expect(parseLeaveTypeArg(entity("Annual Leave"))).toEqual({ name: "Annual Leave" });
    expect(parseClientIdArg(entity("Acme", { ID: 5 }))).toBe(5);
    expect(parseDateArg(entity("Payday", { Date: formatted(46023, "d mmm yyyy") }), "date")).toBe("2026-01-01");
  });

  it("refuses what has no such value with #VALUE! naming the argument", () => {
    const cases: [() => unknown, string][] = [
      [
        () => parseEmployeeArg(entity("Ann Byrne", { Department: "Sales" }), { required: true }),
        "employee: an entity without a number",
      ],
      [() => parseDateArg(entity("Payday"), "start_date"), "start_date: an entity without a date"],
      [() => parseEmployeeArg(linked("Ann Byrne"), { required: true }), "employee: an entity without a number"],
      [() => parseClientIdArg(entity("Acme")), "client_id: an entity without a client ID"],
      [
        () => parseNameArg({ type: "WebImage", address: "https://example.com/a.png" }, "account", "x"),
        "account: a WebImage value is not a text",
      ],
      [() => parseNameArg({ some: "object" }, "field", "x"), "field: this value is not a text"],
      [() => parseDateArg({ type: "Error", errorType: "NotAvailable" }, "end_date"), "end_date: the cell holds an error value"],
      [() => parseEmployeeArg(formatted(46023, "yyyy-mm-dd"), { required: true }), "employee: a date is not a number"],
    ];
    for (const [f, message] of cases) {
      const e = formulaErrorOf(f);
      expect([e.code, e.message]).toEqual(["#VALUE!", message]);
      expect(e.message).not.toContain("[object Object]");
    }
  });

  it("a time or duration is never read as a date", () => {
    for (const format of ["h:mm", "[h]:mm", "mm:ss"]) {
      const e = formulaErrorOf(() => parseDateArg(formatted(1.5, format), "start_date"));
      expect(e.message).toBe(`start_date: 1.5 is a time or duration (${format}), not a date`);
    }
    expect(formulaErrorOf(() => parseDateArg(0.375, "date")).message).toBe("date: 0.375 is a time of day, not a date");
    expect(formulaErrorOf(() => parseDateArg(0.375, "date", "1904")).message).toBe("date: 0.375 is a time of day, not a date");
    expect(parseDateArg(formatted(46023.5, "yyyy-mm-dd h:mm"), "start_date")).toBe("2026-01-01");
  });
});

describe("ranges", () => {
  it("a reference to one cell is its value; a larger range is refused naming the argument", () => {
    expect(parseDateArg([[46023]], "start_date")).toBe("2026-01-01");
    expect(parseEmployeeArg([[1001]], { required: true })).toBe("1001");
    expect(parseNameArg([["paye"]], "account", "x")).toBe("paye");
    expect(parseEmployeeArg([[null]], { required: false })).toBeNull();
    expect(parseNameArg([[{ type: "String", basicValue: "usc" }]], "account", "x")).toBe("usc");
    // Excel spreads a range given to a scalar parameter over one call per cell: an array reaching it is defensive.
    const e = formulaErrorOf(() => parseEmployeeArg([[1001], [1002]], { required: true }));
    expect([e.code, e.message]).toEqual(["#VALUE!", "employee: 2 × 1 values where one is wanted"]);
    expect(e.message).not.toMatch(/give one cell/);
  });

  it("TRANSACTIONS' accounts range may hold data types", () => {
    expect(parseAccountsArg([[entity("paye")], [{ type: "String", basicValue: "usc" }]])).toEqual(["paye", "usc"]);
  });
});
