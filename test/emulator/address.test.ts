import { splitSheetAddress } from "../../src/emulator/model";
import { quoteSheetName } from "../../src/xl/excelConventions";

describe("splitSheetAddress", () => {
  it.each(["Employees", "Pay run payslips", "O'Brien's", "Q1!data"])(
    "reads back the sheet name %j as quoteSheetName writes it",
    (name) => {
      expect(splitSheetAddress(`${quoteSheetName(name)}!B2:C9`)).toEqual({ sheetName: name, local: "B2:C9" });
    },
  );

  it("gives no sheet name for an address without one", () => {
    expect(splitSheetAddress("A1")).toEqual({ sheetName: undefined, local: "A1" });
  });
});
