import type { Calculation, ItemsAndOutputs } from "../../../src/contract";
import {
  calculationsByKey,
  calculationsGrid,
  inheritedHistoryGrid,
  itemCatalogue,
  parseCalculationRows,
} from "../../../src/features/calculations/model/calculations";
import { BASIC_SALARY, EMPLOYER_LOAN } from "../../support/fixtures";

const items: ItemsAndOutputs = {
  system_items: [BASIC_SALARY, EMPLOYER_LOAN],
  custom_items: [{ id: 17, name: "17", label: "Car allowance", category: "income", inputs: ["amount"], multi_instance: false }],
  outputs: [],
  accounts: [],
};
const calc = (
  id: number | null,
  item: string | number,
  inputs: Calculation["inputs"],
  extra: Partial<Calculation> = {},
): Calculation => ({
  id,
  employee_id: 4,
  payslip_id: null,
  client_id: 1,
  inputs,
  calculation_id: item,
  deleted: false,
  created_at: null,
  updated_at: "2025-01-01T00:00:00Z",
  calculation_def_id: null,
  profile_id: null,
  skip: false,
  multiplier: null,
  outputs: { value: 12 },
  system_type: typeof item === "string" ? item : null,
  ...extra,
});

describe("calculations sheet", () => {
  const catalogue = itemCatalogue(items);
  const list = [
    calc(1, "basic_salary", { amount: 2500 }),
    calc(2, "employer_loan", { amount: 50, balance: 900 }),
    calc(3, 17, { amount: 40 }),
    calc(null, "week_hours", { full_day_hours_input: 8 }),
    calc(9, "bonus", { amount: 1 }, { deleted: true }),
  ];
  const grid = calculationsGrid(list, catalogue);
  const headers = grid.columns.map((c) => c.header);
  const at = (h: string) => headers.indexOf(h);
  const rows = () => grid.rows.map((r) => r.map((v) => (v === null || v === undefined ? "" : v)) as unknown[]);
  const current = calculationsByKey(list);

  it("lists live calculations with labels, one column per input and output", () => {
    expect(grid.rows).toHaveLength(4);
    expect(headers).toEqual(
      expect.arrayContaining(["Input: amount", "Input: balance", "Input: full_day_hours_input", "Output: value"]),
    );
    const car = grid.rows.find((r) => r[at("Item")] === "17")!;
    expect(car[at("Item label")]).toBe("Car allowance");
    expect(car[at("Input: balance")]).toBeNull();
  });

  it("plans a PATCH of the changed inputs only", () => {
    const r = rows();
    const loan = r.findIndex((x) => x[at("Item")] === "employer_loan");
    r[loan][at("Input: balance")] = 850;
    const plans = parseCalculationRows(headers, r, current, catalogue);
    expect(plans.filter((p) => p.kind === "patch")).toEqual([
      { kind: "patch", rowIndex: loan, id: 2, details: { balance: 850 } },
    ]);
    expect(plans.filter((p) => p.kind === "unchanged")).toHaveLength(3);
  });

  it("refuses inputs the item does not have, edits to inherited rows, and bad numbers", () => {
    const r = rows();
    const basic = r.findIndex((x) => x[at("Item")] === "basic_salary");
    const inherited = r.findIndex((x) => x[at("Item")] === "week_hours");
    const car = r.findIndex((x) => x[at("Item")] === "17");
    r[basic][at("Input: balance")] = 5;
    r[inherited][at("Input: full_day_hours_input")] = 6;
    r[car][at("Input: amount")] = "lots";
    const plans = parseCalculationRows(headers, r, current, catalogue);
    expect(plans[basic]).toEqual({
      kind: "invalid",
      rowIndex: basic,
      errors: { "Input: balance": 'Basic salary has no input "balance" (inputs: amount)' },
    });
    expect((plans[inherited] as { errors: Record<string, string> }).errors["Calculation ID"]).toMatch(/inherited/);
    expect((plans[car] as { errors: Record<string, string> }).errors["Input: amount"]).toMatch(/not a number/);
  });
});

describe("inheritedHistoryGrid", () => {
  it("lists the base set and each effective date", () => {
    const g = inheritedHistoryGrid([
      {
        id: 3,
        profile_id: null,
        employee_id: 4,
        short_name: "week_hours",
        calculation_def_id: 1,
        created_at: "2025-01-01T00:00:00Z",
        updated_at: "2025-01-01T00:00:00Z",
        inputs: { full_day_hours_input: 6 },
        inputs_history: { "": { full_day_hours_input: 8 }, "2025-03-01": { full_day_hours_input: 6 } },
      },
    ]);
    expect(g.rows).toEqual([
      [3, 4, "week_hours", null, "Base set", 8],
      [3, 4, "week_hours", "2025-03-01", "From effective date", 6],
    ]);
  });
});
