/**
 * The parameters a report sheet keeps for "Refresh", stored in the workbook's document settings under
 * `reports.<sheet name>`. They hold the report, the mode and the request bodies exactly as sent, never the API key
 * or anything about the connection: the schema is strict, so a stray field (a key included) is refused on save
 * and on load.
 */
import { z } from "zod";
import { REPORT_IDS } from "../../../contract";

export const SAVED_REPORT_VERSION = 1;
const SETTINGS_PREFIX = "reports.";

const Json: z.ZodType<unknown> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(Json), z.record(z.string(), Json)]),
);

/** Request bodies carry only report fields; these names are never allowed anywhere in them. */
const FORBIDDEN_KEYS = /^(api[_-]?key|key|authorization|token|secret|password)$/i;

export const SavedReport = z
  .strictObject({
    version: z.literal(SAVED_REPORT_VERSION),
    reportId: z.enum(REPORT_IDS),
    mode: z.enum(["sync", "async"]),
    sheetName: z.string().min(1),
    tableName: z.string().min(1),
    title: z.string(),
    requests: z
      .array(z.strictObject({ clientId: z.number().int(), clientName: z.string(), body: z.record(z.string(), Json) }))
      .min(1),
    columnLabels: z.record(z.string(), z.string()),
    customFields: z.array(z.string()),
    /** Several clients combined: the sheet has a Client column even if only one client returns rows. */
    clientColumn: z.boolean(),
    /** Variance: list the employees and accounts with no change too (absent in sheets saved before it existed). */
    showUnchanged: z.boolean().optional(),
  })
  .superRefine((saved, ctx) => {
    for (const [i, r] of saved.requests.entries()) {
      const bad = Object.keys(r.body).find((k) => FORBIDDEN_KEYS.test(k));
      if (bad) ctx.addIssue({ code: "custom", path: ["requests", i, "body", bad], message: "credentials are never saved" });
    }
  });
export type SavedReport = z.infer<typeof SavedReport>;

/** Setting that records the workbook's report sheets by worksheet ID (ui/flows/sheetRecords), so the pane can offer Refresh. */
export const REPORT_SHEETS_SETTING = "reports.sheets";

export function savedReportSettingKey(sheetName: string): string {
  return `${SETTINGS_PREFIX}${sheetName}`;
}

/**
 * Report sheets' parameters as a kind of per-sheet setting (excel layer's SheetSettingKind, handed in by the shell in
 * src/app/sheetSettings.ts): the settings budget drops them once their sheet is deleted. The value must name its
 * sheet, so a list kept under the same prefix (`reports.sheets`) is never taken for a sheet's.
 */
export const reportSheetSettings = {
  prefix: SETTINGS_PREFIX,
  holds: (sheet: string, value: unknown) => {
    const saved = SavedReport.safeParse(value);
    return saved.success && saved.data.sheetName === sheet;
  },
};

/** Checks parameters before they go into the workbook (throws on anything but report parameters). */
export function toSetting(saved: SavedReport): SavedReport {
  return SavedReport.parse(saved);
}

/** Reads stored parameters; a clear message instead of a crash when they are missing or damaged. */
export function fromSetting(
  value: unknown,
  sheetName: string,
): { ok: true; saved: SavedReport } | { ok: false; message: string } {
  if (value === undefined || value === null) {
    return {
      ok: false,
      message: `The sheet “${sheetName}” has no saved report parameters. Run the report from the Reports panel first.`,
    };
  }
  const parsed = SavedReport.safeParse(value);
  if (!parsed.success) {
    return {
      ok: false,
      message: `The saved report parameters of “${sheetName}” are not readable (${parsed.error.issues[0]?.message ?? "unknown problem"}). Run the report again from the Reports panel.`,
    };
  }
  return { ok: true, saved: parsed.data };
}
