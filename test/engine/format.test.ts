import { faker } from "@faker-js/faker";
import { amountString, humanizeCents, humanizeMoney, parseMoney, toCents } from "../../src/sandbox/engine";

describe("humanize", () => {
  test("formats euros the Irish way", () => {
    expect(humanizeMoney(1234.56)).toBe("€1,234.56");
    expect(humanizeMoney(0)).toBe("€0.00");
    expect(humanizeMoney(-12.5)).toBe("-€12.50");
    expect(humanizeMoney(1.005)).toBe("€1.01");
    expect(humanizeCents(123456789)).toBe("€1,234,567.89");
  });

  test("parses currency text and refuses what is not money", () => {
    expect(parseMoney("€1,234.56")).toBe(1234.56);
    expect(parseMoney(" -€12.50 ")).toBe(-12.5);
    expect(parseMoney("€-12.50")).toBe(-12.5);
    expect(parseMoney("(€7.10)")).toBe(-7.1);
    expect(parseMoney("1234.5")).toBe(1234.5);
    expect(parseMoney("-0.00")).toBe(0);
    for (const bad of ["", "€", "1,23", "12.345", "abc", "€1,234.56x", "--1", "1e3", "€ 1,2345"])
      expect(parseMoney(bad)).toBeNull();
  });

  test("round-trips random amounts, negative and large ones included", () => {
    faker.seed(42);
    for (let i = 0; i < 2000; i++) {
      const cents = faker.number.int({ min: -1_000_000_000, max: 1_000_000_000 });
      expect(parseMoney(humanizeCents(cents))).toBe(cents / 100);
      expect(toCents(parseMoney(amountString(cents)) as number)).toBe(cents);
    }
  });
});
