/**
 * Document settings (workbook.settings): small metadata stored in the file per add-in, visible to anyone with it.
 * No secrets; bulk data (snapshots) belongs on a hidden sheet (hiddenTables.ts).
 *
 * Excel keeps about 2 MB of one add-in's settings per document (Office.Settings reference) and has refused saves
 * near 1 MB (office-js #621, #3957, with a bare "argument is invalid"). Per-sheet keys (an input sheet's metadata, a
 * report sheet's parameters) would grow without end, so the layer holds a total budget under both figures and, to
 * stay within it, first drops the keys of sheets that no longer exist.
 */
import type { SettingValue } from "./port";
import { WorkbookError } from "./port";
import { type ExcelSession, guard, guardRead, type SheetSettingKind } from "./session";

/** Our ceiling on one document setting's JSON (characters): bulk data belongs on a hidden sheet. */
const MAX_SETTING_CHARS = 64 * 1024;

/** Our budget for all the add-in's settings together, in UTF-8 bytes of keys and JSON values: 1 MB. */
export const MAX_SETTINGS_BYTES = 1_000_000;

/** UTF-8 bytes of a text (a surrogate pair counts 2 + 2: 4, as its UTF-8). */
function utf8Bytes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xe000 ? 2 : 3;
  }
  return n;
}

/** UTF-8 bytes of a key and its value's JSON, as the settings are stored in the file. */
export function settingBytes(key: string, value: unknown): number {
  return utf8Bytes(key) + utf8Bytes(JSON.stringify(value) ?? "");
}

/**
 * The sheet a setting belongs to, or null: a key of one of the per-sheet kinds the features declare (an input
 * sheet's metadata, a report sheet's parameters) whose value is what that kind holds, so a list kept under the same
 * prefix (`reports.sheets`) is never taken for a sheet's.
 */
export function sheetOfSetting(kinds: readonly SheetSettingKind[], key: string, value: unknown): string | null {
  for (const kind of kinds) {
    if (!key.startsWith(kind.prefix)) continue;
    const sheet = key.slice(kind.prefix.length);
    if (sheet !== "" && kind.holds(sheet, value)) return sheet;
  }
  return null;
}

export async function getSetting(session: ExcelSession, key: string): Promise<SettingValue | undefined> {
  return guardRead("read the document settings", () =>
    session.run(async (ctx) => {
      const s = ctx.workbook.settings.getItemOrNullObject(key).load("value");
      await ctx.sync();
      return s.isNullObject ? undefined : (s.value as SettingValue);
    }),
  );
}

const kb = (bytes: number) => `${Math.ceil(bytes / 1000).toLocaleString("en-US")} KB`;

export async function setSetting(session: ExcelSession, key: string, value: SettingValue): Promise<void> {
  const json = JSON.stringify(value);
  if (json === undefined) throw new WorkbookError(`The setting "${key}" has no value that can be stored.`, "InvalidArgument");
  if (json.length > MAX_SETTING_CHARS)
    throw new WorkbookError(
      `The setting "${key}" is ${json.length.toLocaleString("en-US")} characters of JSON; document settings take at most ${MAX_SETTING_CHARS.toLocaleString("en-US")}. Nothing was saved.`,
      "InvalidArgument",
    );
  const bytes = settingBytes(key, value);
  const totalWith = (sizes: ReadonlyMap<string, number>) => {
    let n = bytes;
    for (const [k, b] of sizes) if (k !== key) n += b;
    return n;
  };
  return guard("save the document settings", () =>
    session.run(async (ctx) => {
      // The sizes known from this session's earlier saves spare a read of every setting; near the budget (or the
      // first time) they are read afresh, with the sheets' names to find keys of deleted sheets.
      let sizes = session.settings.sizes;
      if (!sizes || totalWith(sizes) > MAX_SETTINGS_BYTES) {
        const settings = ctx.workbook.settings.load("items/key, items/value");
        const sheets = ctx.workbook.worksheets.load("items/name");
        await ctx.sync();
        sizes = new Map(settings.items.map((s) => [s.key, settingBytes(s.key, s.value)]));
        if (totalWith(sizes) > MAX_SETTINGS_BYTES) {
          // Keys of deleted sheets go first; they are dropped in the same request as the save, or not at all.
          const names = new Set(sheets.items.map((s) => s.name.toLowerCase()));
          for (const s of settings.items) {
            const sheet = s.key === key ? null : sheetOfSetting(session.settings.kinds, s.key, s.value);
            if (sheet === null || names.has(sheet.toLowerCase())) continue;
            s.delete();
            sizes.delete(s.key);
          }
        }
        const total = totalWith(sizes);
        if (total > MAX_SETTINGS_BYTES)
          throw new WorkbookError(
            `The add-in's settings in this workbook would take ${kb(total)}, over the ${kb(MAX_SETTINGS_BYTES)} it ` +
              "allows itself (Excel keeps little more). Nothing was saved. Delete input or report sheets you no longer " +
              "need, then try again.",
            "InvalidArgument",
          );
      }
      ctx.workbook.settings.add(key, value);
      await ctx.sync();
      sizes.set(key, bytes);
      session.settings.sizes = sizes;
    }),
  );
}

export async function removeSetting(session: ExcelSession, key: string): Promise<void> {
  return guard("save the document settings", () =>
    session.run(async (ctx) => {
      const s = ctx.workbook.settings.getItemOrNullObject(key);
      await ctx.sync();
      if (s.isNullObject) return;
      s.delete();
      await ctx.sync();
      session.settings.sizes?.delete(key);
    }),
  );
}
