/** Sheet names in the accountant's words: the client's short name, the wave and an unbroken period, in 31 characters. */
import { sheetNameProblem } from "../../src/xl/excelConventions";
import { chooseShortName, clientSheetName, clientShortNames, inputSheetName, sheetDate } from "../../src/ui/sheets/sheetNames";

describe("client short names", () => {
  it("takes the name's telling word: no bureau prefix, no 'The', no legal suffix", () => {
    expect(clientShortNames("Bureau demo: Shannon Foods Ltd", 2)[0]).toBe("Shannon");
    expect(clientShortNames("The Corrib Care Services Limited", 3)[0]).toBe("Corrib");
    expect(clientShortNames("AB Engineering DAC", 4)[0]).toBe("AB");
    expect(clientShortNames("Ltd", 5)[0]).toBe("Ltd");
  });

  it("offers longer names, then the name with the client ID", () => {
    expect(clientShortNames("Shannon Foods Ltd", 2)).toEqual(["Shannon", "Shannon Foo.", "Shannon 2"]);
    expect(clientShortNames("Shannon Logistics Ltd", 7)).toEqual(["Shannon", "Shannon Log.", "Shannon 7"]);
  });

  it("keeps a client's recorded short name, and gives a second client with the same first word a longer one", () => {
    expect(chooseShortName("Shannon Foods Ltd", 2, { "2": "Shannon" })).toBe("Shannon");
    expect(chooseShortName("Shannon Logistics Ltd", 7, { "2": "Shannon" })).toBe("Shannon Log.");
    expect(chooseShortName("SHANNON FOODS", 9, { "2": "Shannon", "7": "Shannon Foo." })).toBe("SHANNON 9");
  });

  it("never leaves a character Excel refuses in a sheet name", () => {
    const [short] = clientShortNames("[Kerry]/Dairy*Co?op", 8);
    expect(sheetNameProblem(clientSheetName(short, "Employees"))).toBeNull();
  });
});

describe("input sheet names", () => {
  it("carry the client, the wave and the whole period end, shortening the wave first", () => {
    expect(inputSheetName("Liffey", "Weekly", "2026-11-27")).toBe("Liffey · Weekly · 27-11-26");
    expect(inputSheetName("Shannon", "Production fortnightly", "2026-11-27")).toBe("Shannon · Prod fortn · 27-11-26");
    // 33 characters with both separators: the date is then set off by a space alone.
    expect(inputSheetName("Shannon", "Office monthly", "2026-11-25")).toBe("Shannon · Office mthly 25-11-26");
  });

  it("cut a long client and wave name, never the date, and stay within Excel's 31 characters", () => {
    const cases: [string, string][] = [
      ["Shannon Logistics", "Production fortnightly"],
      ["Kilkenny Veterinary Partnership", "Management monthly (salaried staff)"],
      ["A", "Monthly"],
      ["Verylongclientnamewithoutbreaks", "Weekly"],
      ["Liffey", "Casual staff paid every second Friday"],
    ];
    for (const [client, wave] of cases) {
      const short = chooseShortName(client, 1, {});
      const name = inputSheetName(short, wave, "2026-11-25");
      expect(name.length).toBeLessThanOrEqual(31);
      expect(name).toMatch(/ 25-11-26$/);
      expect(sheetNameProblem(name)).toBeNull();
      expect(name.startsWith(`${short} · `)).toBe(true); // the client's short name is never cut
      expect(short.length).toBeLessThanOrEqual(12);
    }
    const short = chooseShortName("Kilkenny Veterinary Partnership", 4, {});
    expect(inputSheetName(short, "Management monthly (salaried staff)", "2026-11-25")).toBe("Kilkenny · Mgmt mthly 25-11-26");
    expect(inputSheetName("Liffey", "Casual staff paid every second Friday", "2026-11-25")).toBe(
      "Liffey · Casual staff 25-11-26",
    );
  });

  it("differ for two clients of the same wave and period", () => {
    const a = inputSheetName(chooseShortName("Shannon Foods", 2, {}), "Monthly", "2026-11-30");
    const b = inputSheetName(chooseShortName("Shannon Logistics", 7, { "2": "Shannon" }), "Monthly", "2026-11-30");
    expect(a).toBe("Shannon · Monthly · 30-11-26");
    expect(b).toBe("Shannon Log. · Mthly · 30-11-26");
    expect(a.toLowerCase()).not.toBe(b.toLowerCase());
  });

  it("write the period day first, with no slash", () => {
    expect(sheetDate("2026-01-05")).toBe("05-01-26");
  });
});

describe("client sheet names", () => {
  it("put the short name before what the sheet holds, cutting the short name when both do not fit", () => {
    expect(clientSheetName("Shannon", "Employees")).toBe("Shannon · Employees");
    const long = clientSheetName("Kilkenny Veterinary", "Inherited calculations");
    expect(long.length).toBeLessThanOrEqual(31);
    expect(long.endsWith(" · Inherited calculations")).toBe(true);
  });
});
