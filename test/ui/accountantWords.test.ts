/** Messages in the accountant's words: a service error names its column once, in words. */
import { dateNumberFormat } from "../../src/xl/excelConventions";
import { errorInWords, serviceErrors } from "../../src/ui/sheets/rowOutcomes";

describe("errors in words", () => {
  it("turns a bound into a sentence that names the column once", () => {
    expect(errorInWords("Overtime: hours", "Overtime: Hours must be at least 0 (got -5)")).toBe(
      "Overtime hours must be 0 or more; 'Overtime: hours' was \u22125",
    );
    expect(errorInWords("Basic salary: amount", "Amount must be at most 1000000 (got 2000000)")).toBe(
      "Basic salary amount must be 1000000 or less; 'Basic salary: amount' was 2000000",
    );
  });

  it("does not repeat a label the service's message starts with", () => {
    expect(errorInWords("Overtime: hours", "Overtime: Hours must be a number")).toBe("'Overtime: hours' must be a number");
  });

  it("puts the column before any other message", () => {
    expect(errorInWords("Email", "is not a valid email")).toBe("Email: is not a valid email");
  });

  it("words every error of an answer, and never says 'Overtime: hours: Overtime: Hours'", () => {
    const { details, errorColumns } = serviceErrors(
      { "calc.overtime.hours": "Overtime: Hours must be at least 0 (got -5)" },
      () => "Overtime: hours",
    );
    expect(errorColumns).toEqual(["Overtime: hours"]);
    expect(details).not.toContain("Overtime: hours: Overtime");
    expect(details).toBe("Overtime hours must be 0 or more; 'Overtime: hours' was \u22125");
  });
});

describe("date columns in the display language", () => {
  it("give Excel a number format in the language's order, as the pane shows dates", () => {
    expect(dateNumberFormat("en-IE")).toBe("dd/mm/yyyy");
    expect(dateNumberFormat("en-US")).toBe("mm/dd/yyyy");
    expect(dateNumberFormat("de-DE")).toBe("dd.mm.yyyy");
    expect(dateNumberFormat("en-IE", true)).toBe("dd/mm/yyyy hh:mm");
    expect(dateNumberFormat("not a tag!")).toBe("dd/mm/yyyy");
  });
});
