/** Reading PAYROLL arguments: dates as text and as Excel serials, employees, client IDs, leave types. */
import {
  parseAccountsArg,
  parseClientIdArg,
  parseDateArg,
  parseEmployeeArg,
  parseLeaveTypeArg,
  parseNameArg,
  parsePeriodArgs,
} from "../../src/functions/args";
import { formulaErrorOf } from "../support/formulaErrors";

describe("dates", () => {
  it("reads YYYY-MM-DD text and Excel serials to the same date", () => {
    expect(parseDateArg("2026-01-01", "start_date")).toBe("2026-01-01");
    expect(parseDateArg(" 2026-06-30 ", "end_date")).toBe("2026-06-30");
    expect(parseDateArg(46023, "start_date")).toBe("2026-01-01");
    expect(parseDateArg(46203, "end_date")).toBe("2026-06-30");
    expect(parseDateArg(46023.75, "start_date")).toBe("2026-01-01"); // a time of day is dropped
    expect(parseDateArg(59, "d")).toBe("1900-02-28");
    expect(parseDateArg(61, "d")).toBe("1900-03-01");
  });

  it("refuses what is not a date with #VALUE! naming the argument", () => {
    for (const bad of ["31/01/2026", "2026-02-30", "soon", true, 60, -1]) {
      const e = formulaErrorOf(() => parseDateArg(bad, "start_date"));
      expect(e.code).toBe("#VALUE!");
      expect(e.message).toContain("start_date");
    }
    expect(formulaErrorOf(() => parseDateArg(null, "end_date")).message).toMatch(/end_date is required/);
    expect(formulaErrorOf(() => parseDateArg("", "end_date")).code).toBe("#VALUE!");
  });

  it("wants the period in order", () => {
    expect(parsePeriodArgs("2026-01-01", 46203)).toEqual({ start: "2026-01-01", end: "2026-06-30" });
    expect(formulaErrorOf(() => parsePeriodArgs("2026-06-30", "2026-01-01")).message).toMatch(/before start_date/);
  });
});

describe("other arguments", () => {
  it("reads an employee number as text or number, blank as all employees", () => {
    expect(parseEmployeeArg(1001, { required: false })).toBe("1001");
    expect(parseEmployeeArg(" 0042 ", { required: false })).toBe("0042");
    expect(parseEmployeeArg(null, { required: false })).toBeNull();
    expect(parseEmployeeArg("", { required: false })).toBeNull();
    expect(formulaErrorOf(() => parseEmployeeArg(null, { required: true })).code).toBe("#VALUE!");
    expect(formulaErrorOf(() => parseEmployeeArg(10.5, { required: false })).code).toBe("#VALUE!");
    expect(formulaErrorOf(() => parseEmployeeArg(false, { required: false })).code).toBe("#VALUE!");
  });

  it("reads client IDs and leave types", () => {
    expect(parseClientIdArg(undefined)).toBeNull();
    expect(parseClientIdArg(7)).toBe(7);
    expect(parseClientIdArg("7")).toBe(7);
    expect(formulaErrorOf(() => parseClientIdArg("seven")).code).toBe("#VALUE!");
    expect(formulaErrorOf(() => parseClientIdArg(0)).code).toBe("#VALUE!");
    expect(parseLeaveTypeArg("Annual Leave")).toEqual({ name: "Annual Leave" });
    expect(parseLeaveTypeArg(3)).toEqual({ id: 3 });
    expect(parseLeaveTypeArg("3")).toEqual({ id: 3 });
    expect(formulaErrorOf(() => parseLeaveTypeArg(null)).code).toBe("#VALUE!");
  });

  it("wants names as non-blank text", () => {
    expect(parseNameArg(" basic_salary ", "account", "basic_salary")).toBe("basic_salary");
    expect(formulaErrorOf(() => parseNameArg("", "account", "basic_salary")).message).toMatch(/account is required/);
    expect(formulaErrorOf(() => parseNameArg(true, "account", "basic_salary")).code).toBe("#VALUE!");
  });
});

it("reads accounts from comma-separated text or a range, without repeats", () => {
  expect(parseAccountsArg("basic_salary, nett_pay")).toEqual(["basic_salary", "nett_pay"]);
  expect(parseAccountsArg([["paye"], ["usc"], [null], ["paye"]])).toEqual(["paye", "usc"]);
  expect(formulaErrorOf(() => parseAccountsArg([[null, ""]])).code).toBe("#VALUE!");
});
