import type { AccountingJournal } from "../../../src/contract";
import { categoryWords, journalGrid, lineItemLabel } from "../../../src/features/payRuns/model/journal";

const line = (label: string, amount: Record<string, number>) => ({
  category: "wages",
  line_item: label.toLowerCase(),
  label,
  amount,
});

describe("journalGrid", () => {
  it("lays out debits and credits with a total and a check row that shows balance", () => {
    const journal: AccountingJournal = {
      posted_to_accounting_system: false,
      accounting_splits: [],
      debit: [line("Gross wages", { "": 1000.1 }), line("Employer PRSI", { "": 0.2 })],
      credit: [line("Net wages", { "": 800.2 }), line("PAYE", { "": 200.1 })],
    };
    const g = journalGrid([journal]);
    expect(g.rows).toHaveLength(6);
    expect(g.rows[0].slice(1, 7)).toEqual(["Debit", "Wages", "Gross wages", "Gross wages", 1000.1, null]);
    expect(g.rows[2].slice(5, 7)).toEqual([null, 800.2]);
    const total = g.rows[4];
    expect(total.slice(1, 2)).toEqual(["Total"]);
    expect(total.slice(5, 7)).toEqual([1000.3, 1000.3]);
    expect(g.rows[5][1]).toBe("Check");
    expect(g.rows[5][5]).toBe(0);
    expect(g.balanced).toBe(true);
  });

  it("reports the difference per split when a journal does not balance", () => {
    const journal: AccountingJournal = {
      posted_to_accounting_system: true,
      accounting_splits: [
        { id: "1", name: "Dublin" },
        { id: "2", name: "Cork" },
      ],
      debit: [line("Gross wages", { "1": 500, "2": 300 })],
      credit: [line("Net wages", { "1": 500, "2": 290.5 })],
    };
    const g = journalGrid([journal]);
    expect(g.balances).toEqual([
      { id: "1", name: "Dublin", debit: 500, credit: 500, difference: 0, balanced: true },
      { id: "2", name: "Cork", debit: 300, credit: 290.5, difference: 9.5, balanced: false },
    ]);
    expect(g.balanced).toBe(false);
    expect(g.posted).toBe(true);
    const corkCheck = g.rows.find((r) => r[0] === "Cork" && r[1] === "Check")!;
    expect(corkCheck[4]).toBe("Out of balance: debits − credits = 9.50");
  });

  it("shows a split that a line uses but the journal did not declare", () => {
    const g = journalGrid([
      {
        posted_to_accounting_system: false,
        accounting_splits: [],
        debit: [line("A", { "9": 1 })],
        credit: [line("B", { "9": 1 })],
      },
    ]);
    expect(g.balances.map((b) => b.name)).toEqual(["Split 9"]);
  });
});

describe("journal lines in words (no raw codes)", () => {
  const coded: AccountingJournal = {
    posted_to_accounting_system: false,
    accounting_splits: [],
    debit: [
      { category: "expense", line_item: "102", label: "", amount: { "": 75 } },
      { category: "employer_liability", line_item: "basic_salary", label: "Salaries", amount: { "": 925 } },
    ],
    credit: [{ category: "liability", line_item: "nett_pay", label: "Wages payable", amount: { "": 1000 } }],
  };

  it("labels a custom item by its ID and an output by its name from items_and_outputs; categories are words", () => {
    const g = journalGrid([coded], { "102": "Commission", nett_pay: "Nett pay", basic_salary: "Basic salary" });
    expect(g.rows.slice(0, 3).map((r) => r.slice(2, 5))).toEqual([
      ["Expense", "Commission", ""],
      ["Employer liability", "Basic salary", "Salaries"],
      ["Liability", "Nett pay", "Wages payable"],
    ]);
  });

  it("without labels, a line shows its own label rather than the code; the code only when nothing else is given", () => {
    const g = journalGrid([coded]);
    expect(g.rows.slice(0, 3).map((r) => r[3])).toEqual(["102", "Salaries", "Wages payable"]);
    expect(categoryWords("")).toBe("");
    expect(lineItemLabel({ line_item: "nett_pay", label: "Wages payable" }, {})).toBe("Wages payable");
  });
});
