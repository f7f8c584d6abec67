/**
 * Workbook structure protection (Review > Protect Workbook, ExcelApi 1.7): while it is on, Excel refuses to add,
 * delete, hide, show or rename sheets, with the same AccessDenied a protected sheet gives. The layer loads the flag
 * before such a change and says which protection is in the way.
 */
import { WorkbookError } from "./port";
import type { Ctx, ExcelSession } from "./session";

/** Queue the load of Workbook.protection.protected; the returned function reads it after the next sync. */
export function queueStructureProtected(session: ExcelSession, ctx: Ctx): () => boolean {
  if (!session.supports("1.7")) return () => false;
  const protection = ctx.workbook.protection.load("protected");
  return () => protection.protected;
}

/** `what`: the change Excel refuses, e.g. `add sheet "Pay"`. */
export function structureProtectedError(what: string): WorkbookError {
  return new WorkbookError(
    `The workbook's structure is protected, so Excel refuses to ${what}. ` +
      "Unprotect it (Review > Protect Workbook) and try again.",
    "AccessDenied",
  );
}
