/**
 * An unknown account fails transaction_history as a whole. When the service does not say which account (no
 * account_names.N errors), halves are asked until each unknown account stands alone; the other figures still come.
 */
import { ValidationError } from "../../src/api";
import { setFunctionsConnection, type FormulaSource } from "../../src/functions/connection";
import { FormulaError } from "../../src/functions/errors";
import { flushFigures } from "../../src/functions/figures";
import { amountFormula } from "../../src/functions/formulas";

const KNOWN = new Set(["a", "b", "c"]);

it("finds the unknown accounts by asking for halves, and answers the rest", async () => {
  const asked: string[][] = [];
  const source = {
    async runReport(_client: number, _report: string, body: { account_names: string[] }) {
      asked.push(body.account_names);
      if (body.account_names.some((n) => !KNOWN.has(n)))
        throw new ValidationError(
          { method: "POST", path: "/clients/1/reports/transaction_history" },
          422,
          "Invalid report request",
        );
      return [{ employee: "1", Date: "2026-01-31", ...Object.fromEntries(body.account_names.map((n) => [n, "€1,000.50"])) }];
    },
  } as unknown as FormulaSource;
  setFunctionsConnection({ source, clientId: 1 });
  const calls = ["a", "x", "b", "c", "y"].map((n) => amountFormula(n, "2026-01-01", "2026-01-31"));
  const settled = Promise.allSettled(calls);
  await flushFigures();
  const results = await settled;
  expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as FormulaError).code))).toEqual([
    1000.5,
    "#N/A",
    1000.5,
    1000.5,
    "#N/A",
  ]);
  expect(((results[1] as PromiseRejectedResult).reason as FormulaError).message).toBe(
    'Unknown account "x" (the service said: Invalid report request)',
  );
  expect(asked[0]).toEqual(["a", "x", "b", "c", "y"]);
  expect(asked.length).toBeLessThanOrEqual(9);
  setFunctionsConnection(null);
});
