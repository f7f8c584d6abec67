/**
 * The preview's own rule for worksheet names, written from Excel's documentation ("Rename a worksheet",
 * support.microsoft.com), not from the add-in's rule (src/xl/excelConventions.ts sheetNameProblem): the two are
 * kept apart so a wrong production rule shows up as a difference (test/emulator/sheetNames.test.ts) instead of being
 * agreed with. A name must not:
 * - be blank (empty, or only spaces: nothing shows on the tab);
 * - contain more than 31 characters;
 * - contain / \ ? * : [ or ];
 * - begin or end with an apostrophe (one in between is fine);
 * - be "History" (Excel keeps it for its own use; any case).
 * Uniqueness is the workbook's check (model.ts): names compare ignoring case.
 */

const EXCEL_MAX_SHEET_NAME = 31;
const FORBIDDEN = ["/", "\\", "?", "*", ":", "[", "]"];

/** Why Excel refuses `name` as a worksheet name, or null. */
export function excelSheetNameProblem(name: string): string | null {
  if (name.replace(/ /g, "") === "") return "The sheet name is blank.";
  if (name.length > EXCEL_MAX_SHEET_NAME) return `The sheet name is longer than ${EXCEL_MAX_SHEET_NAME} characters.`;
  const bad = FORBIDDEN.find((ch) => name.includes(ch));
  if (bad !== undefined) return `The sheet name contains "${bad}", which a sheet name cannot have.`;
  if (name.startsWith("'") || name.endsWith("'")) return "The sheet name begins or ends with an apostrophe.";
  if (name.toLowerCase() === "history") return 'The name "History" is reserved by Excel.';
  return null;
}

/** Excel compares sheet names without regard to case ("Sheet1" and "SHEET1" clash). */
export const sameSheetName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
