import { cellsInTheWay } from "../../../src/features/reports/model";

describe("cellsInTheWay", () => {
  // A report sheet: title A1, stamp A2, a 3-column table with header on row 3 and 2 data rows (rows 4-5).
  const used = (values: unknown[][], address = "Report!A1:E8") => ({ address, values });
  const sheet = [
    ["Title", "", "", "", ""],
    ["Report run", "", "", "", ""],
    ["H1", "H2", "H3", "", "note beside"],
    [1, 2, 3, "", ""],
    [4, 5, 6, "", ""],
    ["", "", "", "", ""],
    ["", "", "", "", ""],
    ["", "below", "", "", ""],
  ];

  it("the add-in's own title, stamp and table are not a person's; a note beside the report's columns is not in the way", () => {
    expect(cellsInTheWay({ used: used(sheet), table: { rows: 2, cols: 3 } }, 3, 2)).toEqual([]);
  });

  it("a report that comes back longer would replace a note below the old table", () => {
    expect(cellsInTheWay({ used: used(sheet), table: { rows: 2, cols: 3 } }, 3, 5)).toEqual(["B8"]);
    expect(cellsInTheWay({ used: used(sheet), table: { rows: 2, cols: 3 } }, 3, 4)).toEqual([]);
  });

  it("on a sheet that is not the add-in's, every filled cell in the block is a person's; the used range's offset counts", () => {
    expect(
      cellsInTheWay(
        {
          used: used(
            [
              ["x", ""],
              ["", "y"],
            ],
            "'My sheet'!$B$2:$C$3",
          ),
          table: null,
        },
        3,
        1,
      ),
    ).toEqual(["B2", "C3"]);
    expect(cellsInTheWay({ used: used([["x"]], "Z1"), table: null }, 3, 1)).toEqual([]);
    expect(cellsInTheWay({ used: null, table: null }, 3, 1)).toEqual([]);
  });
});
