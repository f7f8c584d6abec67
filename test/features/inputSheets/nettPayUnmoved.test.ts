import { unmovedNettPayNote, withUnmovedNote } from "../../../src/features/inputSheets/model/nettPayUnmoved";

const meta = {
  inputs: [
    { key: "calc.overtime.hours", header: "Overtime: hours", type: "number" as const },
    { key: "calc.basic_salary.amount", header: "Basic salary: amount", type: "currency" as const },
    { key: "calc.overtime.multiplier", header: "Overtime: multiplier", type: "number" as const },
  ],
};

describe("a saved row whose nett pay did not move", () => {
  it("names the rate to check when hours were saved and the pay stayed the same", () => {
    expect(unmovedNettPayNote(["calc.overtime.hours"], 2150.4, 2150.4, meta)).toBe(
      "Nett pay did not change: check Overtime: rate",
    );
    expect(unmovedNettPayNote(["calc.basic_salary.amount"], 100, 100.001, meta)).toBe(
      "Nett pay did not change: check the other inputs of Basic salary",
    );
  });

  it("says nothing when the pay moved, no amount or hours was saved, or there was no figure before", () => {
    expect(unmovedNettPayNote(["calc.overtime.hours"], 2150.4, 2190.4, meta)).toBeNull();
    expect(unmovedNettPayNote(["calc.overtime.multiplier"], 2150.4, 2150.4, meta)).toBeNull();
    expect(unmovedNettPayNote(["calc.overtime.hours"], null, 2150.4, meta)).toBeNull();
    expect(unmovedNettPayNote(["calc.overtime.hours"], undefined, 2150.4, meta)).toBeNull();
  });

  it("adds the note after the service's message", () => {
    expect(withUnmovedNote("Updated 1 calculation", "Nett pay did not change: check Overtime: rate")).toBe(
      "Updated 1 calculation. Nett pay did not change: check Overtime: rate.",
    );
    expect(withUnmovedNote("", "X")).toBe("Saved. X.");
  });
});
