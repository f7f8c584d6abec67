/**
 * Document settings (workbook.settings): small metadata stored in the file per add-in, visible to anyone with it.
 * No secrets; bulk data (snapshots) belongs on a hidden sheet (hiddenTables.ts).
 */
import type { SettingValue } from "./port";
import { WorkbookError } from "./port";
import { type ExcelSession, guard, guardRead } from "./session";

/**
 * Our ceiling on one document setting's JSON. Excel documents no limit, but settings are stored in the file
 * with the add-in's other settings and read whole; bulk data (snapshots) belongs on a hidden sheet.
 */
const MAX_SETTING_CHARS = 64 * 1024;

export async function getSetting(session: ExcelSession, key: string): Promise<SettingValue | undefined> {
  return guardRead("read the document settings", () =>
    session.run(async (ctx) => {
      const s = ctx.workbook.settings.getItemOrNullObject(key).load("value");
      await ctx.sync();
      return s.isNullObject ? undefined : (s.value as SettingValue);
    }),
  );
}

export async function setSetting(session: ExcelSession, key: string, value: SettingValue): Promise<void> {
  const json = JSON.stringify(value);
  if (json === undefined) throw new WorkbookError(`The setting "${key}" has no value that can be stored.`, "InvalidArgument");
  if (json.length > MAX_SETTING_CHARS)
    throw new WorkbookError(
      `The setting "${key}" is ${json.length.toLocaleString("en-US")} characters of JSON; document settings take at most ${MAX_SETTING_CHARS.toLocaleString("en-US")}. Nothing was saved.`,
      "InvalidArgument",
    );
  return guard("save the document settings", () =>
    session.run(async (ctx) => {
      ctx.workbook.settings.add(key, value);
      await ctx.sync();
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
    }),
  );
}
