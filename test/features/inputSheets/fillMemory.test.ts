import {
  applyRememberedMapping,
  fillMemorySettingKey,
  mappingToRemember,
  parseFillMemory,
  rememberMapping,
} from "../../../src/features/inputSheets/model/fillMemory";

const GROSS = "calc.basic_salary.amount";
const OT = "calc.overtime.hours";
const RATE = "calc.overtime.rate";
const INPUTS = [GROSS, OT, RATE];

const october = mappingToRemember(
  ["Staff ref", "Gross €", "OT hrs", "Notes"],
  { column: 0, kind: "number" },
  [null, GROSS, OT, null],
  "2026-10-31",
);

describe("remembered mappings", () => {
  it("remembers the key header and each other header's input (or none), never anything else", () => {
    expect(october).toEqual({
      keyHeader: "Staff ref",
      keyKind: "number",
      columns: [
        { header: "Gross €", input: GROSS },
        { header: "OT hrs", input: OT },
        { header: "Notes", input: null },
      ],
      usedOn: "2026-10-31",
    });
    expect(fillMemorySettingKey(7)).toBe("payroll.fillMappings.7");
  });

  it("gives the same mapping back for the same headers, in another order, with nothing new or missing", () => {
    const applied = applyRememberedMapping([october], ["OT hrs", "Notes", "Staff ref", "Gross €"], INPUTS, [
      null,
      null,
      null,
      null,
    ]);
    expect(applied).toEqual({
      key: { column: 2, kind: "number" },
      mapping: [OT, null, null, GROSS],
      usedOn: "2026-10-31",
      newHeaders: [],
      missingHeaders: [],
      inputsNotOnSheet: [],
    });
  });

  it("names the headers new and missing this month; a new header keeps the add-in's proposal; a remembered Not used stays", () => {
    const applied = applyRememberedMapping([october], ["Staff ref", "Gross €", "Rate", "Notes"], INPUTS, [null, null, RATE, OT])!;
    expect(applied.mapping).toEqual([null, GROSS, RATE, null]);
    expect(applied.newHeaders).toEqual(["Rate"]);
    expect(applied.missingHeaders).toEqual(["OT hrs"]);
  });

  it("leaves an input this sheet does not have unmapped and names its header", () => {
    const applied = applyRememberedMapping([october], ["Staff ref", "Gross €", "OT hrs"], [GROSS], [null, null, null])!;
    expect(applied.mapping).toEqual([null, GROSS, null]);
    expect(applied.inputsNotOnSheet).toEqual(["OT hrs"]);
  });

  it("applies nothing when the source has no remembered key header", () => {
    expect(applyRememberedMapping([october], ["Emp No", "Gross €"], INPUTS, [null, GROSS])).toBeNull();
    expect(applyRememberedMapping([], ["Staff ref"], INPUTS, [null])).toBeNull();
  });

  it("keeps one mapping per key header: a changed mapping takes the old one's place, newest first", () => {
    const commission = mappingToRemember(["PPSN", "Commission"], { column: 0, kind: "ppsn" }, [null, GROSS], "2026-10-15");
    const november = mappingToRemember(
      ["staff REF", "Gross €", "OT hrs"],
      { column: 0, kind: "number" },
      [null, GROSS, null],
      "2026-11-30",
    );
    const list = rememberMapping(rememberMapping([], october), commission);
    expect(list.map((m) => m.keyHeader)).toEqual(["PPSN", "Staff ref"]);
    const after = rememberMapping(list, november);
    expect(after.map((m) => [m.keyHeader, m.usedOn])).toEqual([
      ["staff REF", "2026-11-30"],
      ["PPSN", "2026-10-15"],
    ]);
    expect(applyRememberedMapping(after, ["Staff ref", "Gross €", "OT hrs"], INPUTS, [null, null, OT])!.mapping).toEqual([
      null,
      GROSS,
      null,
    ]);
  });

  it("chooses, among mappings whose key header the source has, the one sharing the most headers", () => {
    const commission = mappingToRemember(["PPSN", "Commission"], { column: 0, kind: "ppsn" }, [null, RATE], "2026-11-01");
    const list = rememberMapping([october], commission);
    const applied = applyRememberedMapping(list, ["PPSN", "Staff ref", "Gross €", "OT hrs"], INPUTS, [null, null, null, null])!;
    expect(applied.usedOn).toBe("2026-10-31");
    expect(applied.key).toEqual({ column: 1, kind: "number" });
    expect(applied.newHeaders).toEqual(["PPSN"]);
  });

  it("reads back only what it understands", () => {
    expect(parseFillMemory(undefined)).toEqual([]);
    expect(parseFillMemory([october, { keyHeader: 3 }, "x"])).toEqual([october]);
  });
});
