/** WorkbookPort over the Excel JavaScript API (Excel.run). Implementation in progress. */
import type { WorkbookPort } from "./port";
import { WorkbookError } from "./port";

export function createOfficeWorkbook(): WorkbookPort {
  throw new WorkbookError("officeWorkbook is not implemented yet", "NotImplemented");
}
