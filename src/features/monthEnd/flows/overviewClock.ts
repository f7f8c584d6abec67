/**
 * The clock the Month end panel hands the overview: the system's, so the pay calendar's today is the accountant's
 * date. Only the browser preview may fix it, through its test handle (`__payrollPreview.fixOverviewToday`): the e2e
 * test checks "Due today" and "Overdue by 3 days" on chosen days against the sandbox's fixed periods. The add-in in
 * Office never calls it.
 */
import { type Clock, SYSTEM_CLOCK } from "../../../ui/flows/common";

let fixed: Date | null = null;

export const overviewClock = (): Clock => (fixed ? { ...SYSTEM_CLOCK, now: () => new Date(fixed!) } : SYSTEM_CLOCK);

/** Preview only (see above): today as `YYYY-MM-DD` (noon, local), or null for the system's date again. */
export function fixOverviewToday(date: string | null): void {
  fixed =
    date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10), 12) : null;
}
