/**
 * Input sheets known by identity (../../../ui/flows/sheetRecords): each list matches the recorded worksheet IDs with
 * the workbook's sheets. A renamed sheet's metadata moves to its new name (its snapshot, row states and kept changes
 * are named after the snapshot, not the sheet, so they stay as they are); a deleted sheet's metadata moves into the
 * record of deleted sheets, which keeps it until the accountant restores its unsent changes or lets them go.
 */
import type { SettingValue, WorkbookPort } from "../../../excel";
import { type InputSheetMeta, metaSettingKey, parseMeta } from "../model/inputSheetModel";
import { followSheets } from "../../../ui/flows/sheetRecords";

/** The workbook's input sheets by worksheet ID (document setting; see sheetRecords). */
export const INPUT_SHEETS_SETTING = "payroll.inputSheets";
/** Input sheets deleted with what they were built for, until handled (document setting). */
export const DELETED_SHEETS_SETTING = "payroll.deletedInputSheets";

export interface DeletedInputSheet {
  /** Worksheet.id it had. */
  id: string;
  /** Its name when it was deleted. */
  name: string;
  meta: InputSheetMeta;
}

export async function readDeletedSheets(workbook: WorkbookPort): Promise<DeletedInputSheet[]> {
  const value = await workbook.getSetting(DELETED_SHEETS_SETTING);
  if (!Array.isArray(value)) return [];
  return value.flatMap((v): DeletedInputSheet[] => {
    const r = (v ?? {}) as Record<string, unknown>;
    const meta = parseMeta(r.meta);
    return meta && typeof r.id === "string" && typeof r.name === "string" ? [{ id: r.id, name: r.name, meta }] : [];
  });
}

export async function saveDeletedSheets(workbook: WorkbookPort, sheets: readonly DeletedInputSheet[]): Promise<void> {
  if (sheets.length === 0) await workbook.removeSetting(DELETED_SHEETS_SETTING);
  else await workbook.setSetting(DELETED_SHEETS_SETTING, sheets.map((s) => ({ ...s })) as unknown as SettingValue);
}

/** Moves a setting to a new key, once (a second list running meanwhile finds it moved). */
async function moveSetting(workbook: WorkbookPort, from: string, to: string): Promise<SettingValue | undefined> {
  const value = await workbook.getSetting(from);
  if (value === undefined) return undefined;
  await workbook.setSetting(to, value);
  await workbook.removeSetting(from);
  return value;
}

export interface FollowedInputSheets {
  /** The input sheets in the workbook, under their names now, in the order built (hidden ones too). */
  sheets: string[];
  /** Input sheets deleted and not yet handled, oldest first (those found by this list too); without `withDeleted`, only those. */
  deleted: DeletedInputSheet[];
  /** Sheets this list found renamed. */
  renamed: { from: string; to: string }[];
  /** Names each sheet had before (its older Push log lines name it so), by its name now. */
  former: Map<string, string[]>;
}

/**
 * The input sheets as the workbook holds them now, renames and deletions found by ID and recorded. One sheet list and
 * one setting read (two `withDeleted`); a rename or a deletion costs a few setting requests, once.
 */
export async function followInputSheets(
  workbook: WorkbookPort,
  { withDeleted = true }: { withDeleted?: boolean } = {},
): Promise<FollowedInputSheets> {
  const followed = await followSheets(workbook, INPUT_SHEETS_SETTING);
  for (const { from, to } of followed.renamed) await moveSetting(workbook, metaSettingKey(from), metaSettingKey(to));
  // The deleted sheets' record is read when asked for, or when this list found one deleted (one setting read).
  let deleted = withDeleted || followed.deleted.length > 0 ? await readDeletedSheets(workbook) : [];
  const found: DeletedInputSheet[] = [];
  for (const gone of followed.deleted) {
    const meta = parseMeta(await workbook.getSetting(metaSettingKey(gone.name)));
    // A sheet since renamed to the deleted one's name holds that key now: not the deleted sheet's to take.
    const reused = followed.present.some((p) => p.name.toLowerCase() === gone.name.toLowerCase());
    if (!meta || reused || gone.id === null || deleted.some((d) => d.id === gone.id)) continue;
    found.push({ id: gone.id, name: gone.name, meta });
  }
  if (found.length > 0) {
    // Read again: another list may have recorded some meanwhile.
    deleted = await readDeletedSheets(workbook);
    const fresh = found.filter((f) => !deleted.some((d) => d.id === f.id));
    deleted = [...deleted, ...fresh];
    await saveDeletedSheets(workbook, deleted);
    for (const f of fresh) await workbook.removeSetting(metaSettingKey(f.name));
  }
  return {
    sheets: followed.present.map((r) => r.name),
    deleted,
    renamed: followed.renamed.map(({ from, to }) => ({ from, to })),
    former: new Map(followed.present.filter((r) => r.former.length > 0).map((r) => [r.name, r.former])),
  };
}
