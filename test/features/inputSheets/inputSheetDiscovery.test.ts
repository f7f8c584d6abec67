/**
 * Finding the workbook's input sheets (flows/inputs: listInputSheets, the one rule the panel and Push all use) and
 * which of them the panel shows first.
 */
import type { WorkbookPort } from "../../../src/excel";
import { listInputSheets, readInputSheets } from "../../../src/features/inputSheets/flows/inputs";
import { INPUT_SHEETS_SETTING } from "../../../src/features/inputSheets/flows/sheetIdentity";
import { chooseInputSheet } from "../../../src/features/inputSheets/panel/useInputSheetList";
import { settingsOnlyWorkbook } from "../../support/fakes";

function workbookWith(recorded: string[], present: string[], active: string | Error): WorkbookPort {
  const { workbook } = settingsOnlyWorkbook({ [INPUT_SHEETS_SETTING]: recorded });
  return {
    ...workbook,
    listSheets: async () => present.map((name) => ({ id: `{${name}}`, name })) as Awaited<ReturnType<WorkbookPort["listSheets"]>>,
    activeSheetName: async () => {
      if (active instanceof Error) throw active;
      return active;
    },
  };
}

describe("listInputSheets", () => {
  it("is the sheets the build recorded that are still in the workbook, in the order they were built", async () => {
    const workbook = workbookWith(["Inputs B", "Gone", "Inputs A"], ["Inputs A", "Timesheet", "Inputs B"], "Timesheet");
    expect(await listInputSheets(workbook)).toEqual(["Inputs B", "Inputs A"]);
  });

  it("is empty when the build recorded nothing", async () => {
    expect(await listInputSheets(workbookWith([], ["Sheet1"], "Sheet1"))).toEqual([]);
  });

  it("comes with the active sheet; an active sheet Excel cannot name counts as none", async () => {
    const workbook = workbookWith(["Inputs A"], ["Inputs A"], new Error("busy"));
    expect(await readInputSheets(workbook)).toMatchObject({ sheets: ["Inputs A"], active: "", deleted: [] });
  });
});

describe("chooseInputSheet", () => {
  const sheets = ["Inputs A", "Inputs B", "Inputs C"];
  it("prefers the sheet just built, then the active sheet, then the one shown before, then the first", () => {
    expect(chooseInputSheet(sheets, "Inputs B", "Inputs C", "Inputs A")).toBe("Inputs A");
    expect(chooseInputSheet(sheets, "Inputs B", "Inputs C")).toBe("Inputs B");
    expect(chooseInputSheet(sheets, "Timesheet", "Inputs C")).toBe("Inputs C");
    expect(chooseInputSheet(sheets, "Timesheet", "Gone")).toBe("Inputs A");
    expect(chooseInputSheet([], "Timesheet", null)).toBeNull();
  });
});
