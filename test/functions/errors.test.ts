/** Errors become Excel error values with a message; service failures are described by type, never by the request. */
import { NetworkError, UnauthorizedError } from "../../src/api";
import { FormulaError, notAvailable, toExcelError, toFormulaError } from "../../src/functions/errors";

class FakeExcelError extends Error {
  constructor(
    readonly code: string,
    message?: string,
  ) {
    super(message);
  }
}

it("maps failures to #N/A or #VALUE! with a message that names no request", () => {
  const network = toFormulaError(new NetworkError({ method: "POST", path: "/clients/1/reports/transaction_history" }));
  expect(network.code).toBe("#N/A");
  expect(network.message).toMatch(/could not be reached/);
  expect(network.message).not.toMatch(/clients/);
  expect(toFormulaError(new UnauthorizedError({ method: "GET", path: "/clients/" }, 401)).message).toMatch(/connect again/);
  expect(toFormulaError(new TypeError("x is undefined")).message).toBe("The payroll figure could not be read");
  const own = notAvailable("Unknown account");
  expect(toFormulaError(own)).toBe(own);
});

it("is CustomFunctions.Error inside Excel, the FormulaError elsewhere (the preview reads code and message of either)", () => {
  const g = globalThis as Record<string, unknown>;
  expect(toExcelError(notAvailable("Connect in the Payroll pane"))).toBeInstanceOf(FormulaError);
  g.CustomFunctions = {
    associate: () => undefined,
    Error: FakeExcelError,
    ErrorCode: { notAvailable: "#N/A", invalidValue: "#VALUE!" },
  };
  try {
    const e = toExcelError(new FormulaError("#VALUE!", "start_date is required"));
    expect(e).toBeInstanceOf(FakeExcelError);
    expect([(e as FakeExcelError).code, e.message]).toEqual(["#VALUE!", "start_date is required"]);
  } finally {
    delete g.CustomFunctions;
  }
});
