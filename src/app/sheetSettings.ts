/**
 * The kinds of per-sheet document settings, each declared by its feature, handed to the excel layer when the shell
 * creates the workbook: the settings budget (src/excel/settings.ts) drops a kind's keys once their sheet is deleted,
 * without the excel layer knowing any feature. Loaded with the workbook's chunk, never in the first paint.
 */
import type { SheetSettingKind } from "../excel";
import { inputSheetSettings } from "../features/inputSheets";
import { reportSheetSettings } from "../features/reports";

export const sheetSettings: readonly SheetSettingKind[] = [inputSheetSettings, reportSheetSettings];
