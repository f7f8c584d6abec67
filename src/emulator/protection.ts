/**
 * Protection in the preview, as Excel has it: a sheet's protection with its options (Worksheet.protection), a
 * range's locked flag (Range.format.protection) and the workbook's structure protection (Workbook.protection,
 * Review > Protect Workbook). What a protected sheet refuses is decided in proxy.ts (checkEdit); what a protected
 * structure refuses in model.ts (checkStructure).
 */
import { sheetProtectionOptions, type SheetModel, type SheetProtectionOptions, type WorkbookModel } from "./model";
import { ClientObject, invalidArgument, type RangeTarget } from "./proxy";
import { PreviewExcelError } from "./values";

const wrongPassword = () => new PreviewExcelError("InvalidArgument", "The password you supplied is not correct.");

export class WorksheetProtection extends ClientObject<SheetModel> {
  get protected(): boolean {
    return this._get("protected");
  }
  get options(): SheetProtectionOptions {
    return this._get("options");
  }
  protect(options?: Partial<SheetProtectionOptions>, password?: string): void {
    this._view((s) => {
      if (password !== undefined) s.workbook.requirements.require("WorksheetProtection.protect(password)");
      if (s.protection.protected) throw new PreviewExcelError("InvalidOperation", "The worksheet is already protected.");
      if (options !== undefined && (typeof options !== "object" || options === null)) throw invalidArgument();
      s.protection = { protected: true, password, options: sheetProtectionOptions(options ?? {}) };
    });
  }
  unprotect(password?: string): void {
    this._view((s) => {
      if (s.protection.password !== undefined && s.protection.password !== password) throw wrongPassword();
      s.protection = { protected: false, options: s.protection.options };
    });
  }
  protected _scalars(): string[] {
    return ["protected", "options"];
  }
  protected _read(prop: string, s: SheetModel): unknown {
    s.workbook.requirements.require(prop === "options" ? "WorksheetProtection.options" : "Worksheet.protection");
    return prop === "options" ? { ...s.protection.options } : s.protection.protected;
  }
}

/** Range.format.protection (ExcelApi 1.2): `locked` is true, false, or null when the range's cells differ. */
export class FormatProtection extends ClientObject<RangeTarget> {
  get locked(): boolean | null {
    return this._get("locked");
  }
  set locked(v: boolean | null) {
    this._set("locked", v, ({ sheet, rect }) => {
      if (typeof v !== "boolean") throw invalidArgument();
      if (rect.rows * rect.cols > 2_000_000)
        throw new PreviewExcelError("RangeExceedsLimit", "The range is too large for this operation in the preview.");
      for (let r = rect.r; r < rect.r + rect.rows; r++)
        for (let c = rect.c; c < rect.c + rect.cols; c++) {
          if (v) {
            const cell = sheet.cell(r, c);
            if (cell) cell.unlocked = undefined;
          } else sheet.cellForWrite(r, c).unlocked = true;
        }
    });
  }
  protected _scalars(): string[] {
    return ["locked"];
  }
  protected _read(_prop: string, { sheet, rect }: RangeTarget): unknown {
    const first = !sheet.cell(rect.r, rect.c)?.unlocked;
    const rows = Math.min(rect.rows, 10_000);
    const cols = Math.min(rect.cols, 256);
    for (let i = 0; i < rows; i++)
      for (let k = 0; k < cols; k++) if (!sheet.cell(rect.r + i, rect.c + k)?.unlocked !== first) return null;
    return first;
  }
}

/** Workbook.protection (ExcelApi 1.7): the structure protection of Review > Protect Workbook. */
export class WorkbookProtection extends ClientObject<WorkbookModel> {
  get protected(): boolean {
    return this._get("protected");
  }
  protect(password?: string): void {
    this._view((w) => {
      if (w.structure.protected) throw new PreviewExcelError("InvalidOperation", "The workbook is already protected.");
      w.structure = { protected: true, password };
    });
  }
  unprotect(password?: string): void {
    this._view((w) => {
      if (w.structure.password !== undefined && w.structure.password !== password) throw wrongPassword();
      w.structure = { protected: false };
    });
  }
  protected _scalars(): string[] {
    return ["protected"];
  }
  protected _read(_prop: string, w: WorkbookModel): unknown {
    w.requirements.require("Workbook.protection");
    return w.structure.protected;
  }
}
