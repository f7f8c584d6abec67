/**
 * Sheets the add-in made (input sheets, reports), recorded in a document setting by worksheet ID (Worksheet.id,
 * ExcelApi 1.1): the ID is what finds a sheet again, the name only where it was last seen. Each list
 * (`followSheets`) matches the workbook's sheets by ID, so a sheet renamed from the tab menu, by code or while the pane
 * was closed is found under its new name, and a recorded ID that is gone is a deleted sheet. A record of an earlier
 * version (a name alone) gets its ID at the first list. One sheet list and one setting read per list; the setting is
 * written only when something moved.
 */
import type { SettingValue, SheetInfo, WorkbookPort } from "../../excel";

export interface RecordedSheet {
  /** Worksheet.id; null only for a record of an earlier version not yet matched. */
  id: string | null;
  /** The sheet's name when last seen. */
  name: string;
  /** Names it had before, oldest first (older Push log lines name the sheet by them). */
  former: string[];
}

export interface FollowedSheets {
  /** Recorded sheets still in the workbook, under their names now, in the order recorded. */
  present: RecordedSheet[];
  /** Sheets renamed since the last list. */
  renamed: { id: string; from: string; to: string }[];
  /** Recorded sheets no longer in the workbook (deleted): their records are dropped from the setting. */
  deleted: RecordedSheet[];
}

/** The records as stored: objects, or names alone (an earlier version's). */
export function parseRecords(value: unknown): RecordedSheet[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v): RecordedSheet[] => {
    if (typeof v === "string") return [{ id: null, name: v, former: [] }];
    if (!v || typeof v !== "object") return [];
    const r = v as Record<string, unknown>;
    if (typeof r.name !== "string") return [];
    const former = Array.isArray(r.former) ? r.former.filter((f): f is string => typeof f === "string") : [];
    return [{ id: typeof r.id === "string" ? r.id : null, name: r.name, former }];
  });
}

const toSetting = (records: readonly RecordedSheet[]): SettingValue =>
  records.map((r) => ({ id: r.id, name: r.name, former: r.former }));

/**
 * The records matched with the workbook's sheets (pure): by ID, else (an earlier version's record) by name, which
 * then gives it its ID. `changed` says whether the setting must be written again.
 */
export function matchRecords(
  records: readonly RecordedSheet[],
  sheets: readonly Pick<SheetInfo, "id" | "name">[],
): FollowedSheets & { changed: boolean } {
  const byId = new Map(sheets.map((s) => [s.id, s]));
  const byName = new Map(sheets.map((s) => [s.name.toLowerCase(), s]));
  const out: FollowedSheets & { changed: boolean } = { present: [], renamed: [], deleted: [], changed: false };
  const seen = new Set<string>();
  for (const record of records) {
    const sheet = record.id !== null ? byId.get(record.id) : byName.get(record.name.toLowerCase());
    if (!sheet) {
      out.deleted.push(record);
      out.changed = true;
      continue;
    }
    if (seen.has(sheet.id)) {
      out.changed = true; // the same sheet recorded twice (an earlier version's name and a new record): once
      continue;
    }
    seen.add(sheet.id);
    if (record.id === null) out.changed = true;
    if (sheet.name !== record.name) {
      out.renamed.push({ id: sheet.id, from: record.name, to: sheet.name });
      out.present.push({ id: sheet.id, name: sheet.name, former: [...record.former, record.name] });
      out.changed = true;
    } else out.present.push({ ...record, id: sheet.id });
  }
  return out;
}

export async function readRecords(workbook: WorkbookPort, key: string): Promise<RecordedSheet[]> {
  return parseRecords(await workbook.getSetting(key));
}

/**
 * The recorded sheets as the workbook holds them now; renames and deletions are written back to the setting (the
 * caller moves what it keeps under a sheet's name, and deals with the deleted ones). Hidden sheets count as present.
 */
export async function followSheets(workbook: WorkbookPort, key: string): Promise<FollowedSheets> {
  const [records, sheets] = await Promise.all([readRecords(workbook, key), workbook.listSheets({ hidden: true })]);
  const { changed, ...followed } = matchRecords(records, sheets);
  if (changed) await workbook.setSetting(key, toSetting(followed.present));
  return followed;
}

/** Adds a sheet to the record in `key` by its ID (once; a record of the same sheet is brought up to date). */
export async function recordSheet(workbook: WorkbookPort, key: string, sheetName: string): Promise<void> {
  const [records, sheets] = await Promise.all([readRecords(workbook, key), workbook.listSheets({ hidden: true })]);
  const sheet = sheets.find((s) => s.name.toLowerCase() === sheetName.toLowerCase());
  const id = sheet?.id ?? null;
  const index = records.findIndex((r) => (id !== null && r.id === id) || (r.id === null && r.name === sheetName));
  if (index >= 0 && records[index].id === id && records[index].name === sheetName) return;
  const next = [...records];
  if (index >= 0) next[index] = { ...records[index], id, name: sheetName };
  else next.push({ id, name: sheetName, former: [] });
  await workbook.setSetting(key, toSetting(next));
}

/**
 * The sheets recorded under these keys, as `sheets` (the workbook's, with their IDs) names them now. Read only: a
 * rename found here is left for the record's own list to move (with what it keeps under the sheet's name).
 */
export async function recordedSheets(
  workbook: WorkbookPort,
  keys: readonly string[],
  sheets: readonly Pick<SheetInfo, "id" | "name">[],
): Promise<string[]> {
  const records = await Promise.all(keys.map((key) => readRecords(workbook, key)));
  return records.flatMap((r) => matchRecords(r, sheets).present.map((p) => p.name));
}
