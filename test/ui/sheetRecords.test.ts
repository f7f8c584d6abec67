/** Sheets recorded by worksheet ID (ui/flows/sheetRecords): matched by ID, an earlier version's names matched once. */
import { matchRecords, parseRecords } from "../../src/ui/flows/sheetRecords";

const sheet = (id: string, name: string) => ({ id, name });

describe("matchRecords", () => {
  it("finds a renamed sheet by its ID under its new name, keeping the name it had", () => {
    const records = parseRecords([
      { id: "{1}", name: "Liffey Nov", former: [] },
      { id: "{2}", name: "Shannon Nov", former: [] },
    ]);
    const found = matchRecords(records, [sheet("{2}", "Shannon Nov"), sheet("{1}", "Liffey renamed")]);
    expect(found.present).toEqual([
      { id: "{1}", name: "Liffey renamed", former: ["Liffey Nov"] },
      { id: "{2}", name: "Shannon Nov", former: [] },
    ]);
    expect(found.renamed).toEqual([{ id: "{1}", from: "Liffey Nov", to: "Liffey renamed" }]);
    expect(found.deleted).toEqual([]);
    expect(found.changed).toBe(true);
  });

  it("a recorded ID that is gone is a deleted sheet, even when a new sheet has taken its name", () => {
    const records = parseRecords([{ id: "{1}", name: "Liffey Nov", former: [] }]);
    const found = matchRecords(records, [sheet("{9}", "Liffey Nov")]);
    expect(found.present).toEqual([]);
    expect(found.deleted.map((d) => d.name)).toEqual(["Liffey Nov"]);
  });

  it("an earlier version's record (a name alone) gets its ID; nothing moved writes nothing", () => {
    const legacy = matchRecords(parseRecords(["Inputs A", "Gone"]), [sheet("{3}", "inputs a")]);
    expect(legacy.present).toEqual([{ id: "{3}", name: "inputs a", former: ["Inputs A"] }]);
    expect(legacy.deleted.map((d) => d.name)).toEqual(["Gone"]);
    const same = matchRecords(parseRecords([{ id: "{3}", name: "A", former: [] }]), [sheet("{3}", "A")]);
    expect(same.changed).toBe(false);
  });

  it("one sheet recorded twice is listed once", () => {
    const found = matchRecords(parseRecords(["A", { id: "{3}", name: "A", former: [] }]), [sheet("{3}", "A")]);
    expect(found.present.map((p) => p.name)).toEqual(["A"]);
  });
});
