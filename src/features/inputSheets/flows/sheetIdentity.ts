/**
 * Input sheets known by identity (../../../ui/flows/sheetRecords): each list matches the recorded worksheet IDs with
 * the workbook's sheets. A renamed sheet's metadata moves to its new name (its snapshot, row states and kept changes
 * are named after the snapshot, not the sheet, so they stay as they are); a deleted sheet's metadata moves into the
 * record of deleted sheets, which keeps it until the accountant restores its unsent changes or lets them go.
 */
import type { SettingValue, WorkbookPort } from "../../../excel";
import { type InputSheetMeta, metaSettingKey, parseMeta } from "../model/inputSheetModel";
import { followSheets } from "../../../ui/flows/sheetRecords";
import { keptIsCurrent } from "./unsentKeep";

/** The workbook's input sheets by worksheet ID (document setting; see sheetRecords). */
export const INPUT_SHEETS_SETTING = "payroll.inputSheets";
/** Input sheets deleted with what they were built for, until handled (document setting). */
export const DELETED_SHEETS_SETTING = "payroll.deletedInputSheets";

export interface DeletedInputSheet {
  /** Worksheet.id it had. */
  id: string;
  /** Its name when it was deleted (the name the pane last saw: a rename made while the pane was closed is not known). */
  name: string;
  meta: InputSheetMeta;
  /**
   * The pane was watching it when it was found deleted, so its kept changes are those of its last edit (./unsentKeep);
   * false: deleted while the pane was closed (edits made since its last look were not seen). Older records: true.
   */
  seen: boolean;
  /** Push all has named it once ("… was deleted, so it was not pushed"): it does not say so again. */
  named: boolean;
}

export async function readDeletedSheets(workbook: WorkbookPort): Promise<DeletedInputSheet[]> {
  const value = await workbook.getSetting(DELETED_SHEETS_SETTING);
  if (!Array.isArray(value)) return [];
  return value.flatMap((v): DeletedInputSheet[] => {
    const r = (v ?? {}) as Record<string, unknown>;
    const meta = parseMeta(r.meta);
    if (!meta || typeof r.id !== "string" || typeof r.name !== "string") return [];
    return [{ id: r.id, name: r.name, meta, seen: r.seen !== false, named: r.named === true }];
  });
}

export async function saveDeletedSheets(workbook: WorkbookPort, sheets: readonly DeletedInputSheet[]): Promise<void> {
  if (sheets.length === 0) await workbook.removeSetting(DELETED_SHEETS_SETTING);
  else await workbook.setSetting(DELETED_SHEETS_SETTING, sheets.map((s) => ({ ...s })) as unknown as SettingValue);
}

/**
 * Moves settings to new keys (renamed sheets' metadata): all read before any is written, so names passed on between
 * sheets (A renamed to B's old name while B was renamed) move whole. A key already moved by another list is skipped.
 */
async function moveSettings(workbook: WorkbookPort, moves: readonly { from: string; to: string }[]): Promise<void> {
  const values = await Promise.all(moves.map((m) => workbook.getSetting(m.from)));
  const moving = moves.flatMap((m, i) => (values[i] === undefined ? [] : [{ ...m, value: values[i] }]));
  const arriving = new Set(moving.map((m) => m.to));
  for (const m of moving) if (!arriving.has(m.from)) await workbook.removeSetting(m.from);
  for (const m of moving) await workbook.setSetting(m.to, m.value!);
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
  // The deleted sheets' record is read when asked for, or when this list found one deleted (one setting read).
  let deleted = withDeleted || followed.deleted.length > 0 ? await readDeletedSheets(workbook) : [];
  // A deleted sheet's metadata is read before any rename moves: a sheet renamed since to the deleted one's name
  // (while the pane was closed) takes that key over only after the deleted sheet's metadata is recorded.
  const found: DeletedInputSheet[] = [];
  for (const gone of followed.deleted) {
    if (gone.id === null || deleted.some((d) => d.id === gone.id)) continue;
    const meta = parseMeta(await workbook.getSetting(metaSettingKey(gone.name)));
    if (meta) found.push({ id: gone.id, name: gone.name, meta, seen: keptIsCurrent(meta), named: false });
  }
  if (found.length > 0) {
    // Read again: another list may have recorded some meanwhile.
    deleted = await readDeletedSheets(workbook);
    const fresh = found.filter((f) => !deleted.some((d) => d.id === f.id));
    deleted = [...deleted, ...fresh];
    await saveDeletedSheets(workbook, deleted);
    // Its key goes, unless a renamed sheet is about to take that name (the move below overwrites it).
    const taken = new Set(followed.renamed.map((r) => metaSettingKey(r.to)));
    for (const f of fresh) if (!taken.has(metaSettingKey(f.name))) await workbook.removeSetting(metaSettingKey(f.name));
  }
  await moveSettings(
    workbook,
    followed.renamed.map(({ from, to }) => ({ from: metaSettingKey(from), to: metaSettingKey(to) })),
  );
  return {
    sheets: followed.present.map((r) => r.name),
    deleted,
    renamed: followed.renamed.map(({ from, to }) => ({ from, to })),
    former: new Map(followed.present.filter((r) => r.former.length > 0).map((r) => [r.name, r.former])),
  };
}

/**
 * The deleted sheets Push all has not named yet, by name; they are recorded as named (one setting write, only when
 * there are some), so each deletion is named once by Push all. The Input sheets tab keeps naming them until handled.
 */
export async function deletionsToName(workbook: WorkbookPort, deleted: readonly DeletedInputSheet[]): Promise<string[]> {
  const toName = deleted.filter((d) => !d.named);
  if (toName.length === 0) return [];
  const ids = new Set(toName.map((d) => d.id));
  const now = await readDeletedSheets(workbook);
  await saveDeletedSheets(
    workbook,
    now.map((d) => (ids.has(d.id) ? { ...d, named: true } : d)),
  );
  return toName.map((d) => d.name);
}

/**
 * The name an input sheet has now, given a name it had (a Push log or Change history line names the sheet as it was
 * at the push): itself when a sheet has it, else the recorded sheet that had it before, else unchanged.
 */
export async function currentSheetName(workbook: WorkbookPort, name: string): Promise<string> {
  const { sheets, former } = await followInputSheets(workbook, { withDeleted: false });
  if (sheets.includes(name)) return name;
  return [...former].find(([, names]) => names.includes(name))?.[0] ?? name;
}
