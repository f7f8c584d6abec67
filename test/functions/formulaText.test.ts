/** Reading a cell's formula text as one PAYROLL call (for Explain this figure). */
import { FormulaTextError, parsePayrollCall } from "../../src/functions/formulaText";

const refused = (formula: string): string => {
  try {
    parsePayrollCall(formula);
  } catch (e) {
    if (e instanceof FormulaTextError) return e.message;
    throw e;
  }
  throw new Error("not refused");
};

it("reads literals, blanks and references to one cell", () => {
  expect(parsePayrollCall('=PAYROLL.AMOUNT("basic_salary", "2026-01-01", 46203, , 3)')).toEqual({
    name: "AMOUNT",
    args: [{ value: "basic_salary" }, { value: "2026-01-01" }, { value: 46203 }, { value: null }, { value: 3 }],
  });
  expect(parsePayrollCall("=payroll.amount($D$1,A1,'My sheet''s'!B$2,Data!AA10)")).toEqual({
    name: "AMOUNT",
    args: [
      { ref: { sheet: null, row: 0, col: 3, text: "$D$1" } },
      { ref: { sheet: null, row: 0, col: 0, text: "A1" } },
      { ref: { sheet: "My sheet's", row: 1, col: 1, text: "'My sheet''s'!B$2" } },
      { ref: { sheet: "Data", row: 9, col: 26, text: "Data!AA10" } },
    ],
  });
  expect(parsePayrollCall('=PAYROLL.EMPLOYEE("say ""hi"", then", TRUE)')).toEqual({
    name: "EMPLOYEE",
    args: [{ value: 'say "hi", then' }, { value: true }],
  });
});

it("reads unquoted sheet names in any alphabet, as Excel writes them (Éire!A1); other names come quoted", () => {
  expect(parsePayrollCall("=PAYROLL.EMPLOYEE(Éire!A1,Straße_2.x!$B$3,'2026'!C1)")).toEqual({
    name: "EMPLOYEE",
    args: [
      { ref: { sheet: "Éire", row: 0, col: 0, text: "Éire!A1" } },
      { ref: { sheet: "Straße_2.x", row: 2, col: 1, text: "Straße_2.x!$B$3" } },
      { ref: { sheet: "2026", row: 0, col: 2, text: "'2026'!C1" } },
    ],
  });
  expect(() => parsePayrollCall("=PAYROLL.EMPLOYEE(2026!C1)")).toThrow(/expression/); // Excel quotes it: '2026'!C1
});

it("is null for formulas without a PAYROLL function and for values", () => {
  expect(parsePayrollCall("=SUM(A1:A3)")).toBeNull();
  expect(parsePayrollCall(46023)).toBeNull();
  expect(parsePayrollCall("PAYROLL.AMOUNT")).toBeNull();
});

it("refuses what it cannot read, saying which argument", () => {
  expect(refused('=PAYROLL.AMOUNT("paye",DATE(2026,1,1),"2026-01-31")')).toMatch(
    /^Argument 2 \(DATE\(2026,1,1\)\) is an expression/,
  );
  expect(refused('=PAYROLL.AMOUNT("paye",A1:A2,"2026-01-31")')).toMatch(/^Argument 2 \(A1:A2\) is a range/);
  expect(refused('=PAYROLL.AMOUNT("paye","2026-01-01","2026-01-31")+1')).toMatch(/does more than one PAYROLL call/);
  expect(refused('=2*PAYROLL.AMOUNT("paye","2026-01-01","2026-01-31")')).toMatch(/inside a larger formula/);
  expect(refused('=PAYROLL.AMOUNT("paye","2026-01-01"')).toMatch(/is not complete/);
});
