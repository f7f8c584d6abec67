/**
 * What the Month-end overview reads from this workbook, no request: each input sheet's pending changes and row
 * statuses, its latest Push log line (Prepared by from the Change history, which records who prepared each push),
 * and the nett pay limit.
 */
import type { SettingValue, WorkbookPort } from "../../../excel";
import { serialDayUtc } from "../../../xl/excelConventions";
import { DEFAULT_NETT_PAY_MOVE_PERCENT } from "../model/monthEnd";
import type { InputSheetState } from "../model/inputSheetState";
import { lastPushOf } from "../../inputSheets";
import { PUSH_LOG_SHEET, readLogTable } from "../../inputSheets";
import { readHistory } from "../../inputSheets";
import { followInputSheets } from "../../inputSheets";
import { readPending, readSheetBasis } from "../../inputSheets";

/** { nettPayMovePercent }: the workbook's limit of a nett pay move between periods (default ±25 %). */
export const MONTH_END_SETTING = "payroll.monthEnd";
export async function readMovePercent(workbook: WorkbookPort): Promise<number> {
  const value = (await workbook.getSetting(MONTH_END_SETTING)) as { nettPayMovePercent?: unknown } | undefined;
  const n = Number(value?.nettPayMovePercent);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_NETT_PAY_MOVE_PERCENT;
}

export async function saveMovePercent(workbook: WorkbookPort, percent: number): Promise<void> {
  const value = ((await workbook.getSetting(MONTH_END_SETTING)) ?? {}) as Record<string, SettingValue>;
  await workbook.setSetting(MONTH_END_SETTING, { ...value, nettPayMovePercent: percent });
}

/** A datetime cell as Excel holds it (a serial of local wall-clock time) back to a Date. */
function serialToLocalDate(serial: number): Date | null {
  if (!Number.isFinite(serial) || serial <= 60) return null;
  const utc = new Date(serialDayUtc(Math.floor(serial)) + Math.round((serial % 1) * 86_400_000));
  const d = new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate(), utc.getUTCHours(), utc.getUTCMinutes());
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Each sheet's latest Push log line: its time, and Prepared by where the log has that column (else blank). */
async function lastPushes(workbook: WorkbookPort): Promise<Map<string, { time: Date; preparedBy: string }>> {
  const log = await readLogTable(workbook, PUSH_LOG_SHEET).catch(() => null);
  const out = new Map<string, { time: Date; preparedBy: string }>();
  if (!log) return out;
  const col = (header: string) => log.columns.findIndex((c) => c.trim().toLowerCase() === header.toLowerCase());
  const [time, sheet, by] = [col("Time"), col("Sheet"), col("Prepared by")];
  if (time < 0 || sheet < 0) return out;
  for (const row of log.rows) {
    const at = typeof row[time] === "number" ? serialToLocalDate(row[time] as number) : null;
    const name = String(row[sheet] ?? "");
    if (!at || !name) continue;
    const seen = out.get(name);
    if (!seen || seen.time <= at) out.set(name, { time: at, preparedBy: by < 0 ? "" : String(row[by] ?? "").trim() });
  }
  return out;
}

/** The Push log's line, with Prepared by from the Change history's last push of that client and period when the log lacks it. */
function withPreparedBy(
  logged: { time: Date; preparedBy: string } | null,
  history: { time: Date | null; preparedBy: string } | null,
): { time: Date; preparedBy: string } | null {
  if (!logged) return history?.time ? { time: history.time, preparedBy: history.preparedBy } : null;
  return logged.preparedBy || !history ? logged : { ...logged, preparedBy: history.preparedBy };
}

/**
 * Every input sheet of the workbook as the overview counts it. A sheet that cannot be read (its table or snapshot
 * gone) is left out and named, so the overview says so rather than counting it as empty.
 */
export async function readInputSheetStates(workbook: WorkbookPort): Promise<{ sheets: InputSheetState[]; unreadable: string[] }> {
  // Found by worksheet ID: a renamed sheet keeps its row, and its Push log lines under the names it had count.
  const { sheets: names, former } = await followInputSheets(workbook, { withDeleted: false });
  const pushes = await lastPushes(workbook);
  const latest = (name: string) =>
    [name, ...(former.get(name) ?? [])]
      .map((n) => pushes.get(n) ?? null)
      .reduce((a, b) => (!a || (b && b.time > a.time) ? b : a), null);
  const history = await readHistory(workbook).catch(() => []);
  const sheets: InputSheetState[] = [];
  const unreadable: string[] = [];
  for (const sheetName of names) {
    try {
      const basis = await readSheetBasis(workbook, sheetName);
      const pending = await readPending(workbook, sheetName, basis);
      const count = (status: string) => pending.statuses.filter((s) => s === status).length;
      sheets.push({
        sheetName,
        clientId: basis.meta.clientId,
        waveId: basis.meta.waveId,
        payslipDate: basis.meta.payslipDate,
        pending: pending.changes.length,
        failed: count("Failed"),
        invalid: count("Invalid"),
        conflict: count("Conflict"),
        held: count("Held"),
        awaitingReview: count("Awaiting review"),
        lastPush: withPreparedBy(latest(sheetName), lastPushOf(history, basis.meta.clientId, basis.meta.payslipDate)),
      });
    } catch {
      unreadable.push(sheetName);
    }
  }
  return { sheets, unreadable };
}
