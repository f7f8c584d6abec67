import { faker } from "@faker-js/faker";
import { amountString, humanizeCents, toCents } from "../../src/sandbox/engine";

describe("humanize", () => {
  test("formats cents as euros the Irish way", () => {
    expect(humanizeCents(123456789)).toBe("€1,234,567.89");
    expect(humanizeCents(0)).toBe("€0.00");
    expect(humanizeCents(-1250)).toBe("-€12.50");
  });

  test("amount strings round-trip random cents, negative and large ones included", () => {
    faker.seed(42);
    for (let i = 0; i < 2000; i++) {
      const cents = faker.number.int({ min: -1_000_000_000, max: 1_000_000_000 });
      expect(toCents(Number(amountString(cents)))).toBe(cents);
      expect(humanizeCents(cents).replace(/[€,]/g, "")).toBe(amountString(cents));
    }
  });
});
