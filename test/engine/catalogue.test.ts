import { ItemsAndOutputs } from "../../src/contract";
import {
  accountNames,
  checkInput,
  findItem,
  itemsAndOutputs,
  regularHoursPerWeek,
  SYSTEM_ITEMS,
  validateItemInputs,
} from "../../src/sandbox/engine";

const CUSTOM = [
  { id: 1001, label: "Meal allowance", category: "income" as const },
  { id: 1002, label: "Union subscription", category: "deduction" as const },
];

describe("items_and_outputs", () => {
  const body = ItemsAndOutputs.parse(itemsAndOutputs(CUSTOM));

  test("system items carry inputs, category and the multi-instance flag", () => {
    const byId = Object.fromEntries(body.system_items.map((i) => [i.id, i]));
    expect(byId.basic_salary).toMatchObject({
      name: "basic_salary",
      category: "income",
      inputs: ["amount"],
      multi_instance: false,
    });
    expect(byId.overtime.inputs).toEqual(["hours", "rate", "multiplier"]);
    expect(byId.employer_loan).toMatchObject({ category: "deduction", inputs: ["amount", "balance"], multi_instance: true });
    expect(byId.savings.multi_instance).toBe(true);
    expect(body.system_items.filter((i) => i.multi_instance).map((i) => i.id)).toEqual(["employer_loan", "savings"]);
  });

  test("custom items keep numeric IDs; accounts list items, custom IDs and outputs", () => {
    expect(body.custom_items).toEqual([
      { id: 1001, name: "1001", label: "Meal allowance", category: "income", inputs: ["amount"], multi_instance: false },
      { id: 1002, name: "1002", label: "Union subscription", category: "deduction", inputs: ["amount"], multi_instance: false },
    ]);
    expect(accountNames(CUSTOM)).toEqual(
      expect.arrayContaining(["basic_salary", "paye", "usc", "prsi_employer", "nett_pay", "1001"]),
    );
    expect(new Set(accountNames(CUSTOM)).size).toBe(accountNames(CUSTOM).length);
  });

  test("findItem accepts a custom ID as number or text, and nothing else", () => {
    expect(findItem("1001", CUSTOM)?.label).toBe("Meal allowance");
    expect(findItem(1002, CUSTOM)?.category).toBe("deduction");
    expect(findItem(1003, CUSTOM)).toBeUndefined();
    expect(findItem("1001")).toBeUndefined();
    expect(findItem("toString")).toBeUndefined();
  });
});

describe("input validation", () => {
  const amount = SYSTEM_ITEMS[0].inputs[0];

  test.each([
    [1234.5, 1234.5],
    ["1234.50", 1234.5],
    [" 12 ", 12],
    [0, 0],
    [null, null],
    ["", null],
  ])("accepts %p", (raw, value) => {
    expect(checkInput(amount, raw)).toEqual({ ok: true, value });
  });

  test.each([
    ["abc", /must be a number \(got "abc"\)/],
    [true, /must be a number/],
    [-1, /at least 0/],
    [1_000_000.01, /at most 1000000/],
    [1.005, /at most 2 decimal places/],
    [Number.NaN, /finite/],
    ["1,234", /must be a number/],
    [{}, /got an object/],
  ])("rejects %p", (raw, message) => {
    const check = checkInput(amount, raw);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.error).toMatch(message);
  });

  test("errors are per input and name the item and the valid inputs", () => {
    const check = validateItemInputs("overtime", { hours: 10, rate: "x", multiplier: 9, minutes: 5 });
    expect(check.inputs).toEqual({ hours: 10 });
    expect(check.errors).toEqual({
      rate: 'Overtime: Rate per hour must be a number (got "x")',
      multiplier: "Overtime: Multiplier must be at most 5 (got 9)",
      minutes: 'Overtime has no input "minutes" (inputs: hours, rate, multiplier)',
    });
  });
});

describe("Regular Hours per week", () => {
  test("full days × day hours plus partial hours; the override replaces the count of full days", () => {
    const attrs = {
      schedule: "fixed",
      full_day_hours_input: 8,
      works_mon: true,
      works_tue: true,
      works_wed: true,
      works_thu: true,
      works_fri: true,
      day_type_fri: "partial",
      partial_hours_fri: 4,
      works_sat: false,
    };
    expect(regularHoursPerWeek(attrs)).toBe(36);
    expect(regularHoursPerWeek({ ...attrs, full_days_per_week: 3 })).toBe(28);
    expect(regularHoursPerWeek({ ...attrs, full_days_per_week: "" })).toBe(36);
    expect(regularHoursPerWeek({ ...attrs, schedule: "casual" })).toBeNull();
  });
});
