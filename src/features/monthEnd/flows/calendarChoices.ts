/**
 * The overview's calendar choices, kept in this workbook beside the nett pay limit (document setting
 * `payroll.monthEnd`): the rows' order and what the chart shows.
 */
import type { SettingValue, WorkbookPort } from "../../../excel";
import { OVERVIEW_ORDERS, type OverviewOrder } from "../model/calendar";
import { MONTH_END_SETTING } from "./monthEndSheets";

export interface CalendarChoices {
  /** "client": clients by name, each client's waves in the service's order; "deadline": nearest deadline first. */
  order: OverviewOrder;
  /** The chart shows only the nett pay of the rows due this week. */
  chartDueThisWeek: boolean;
}

export const DEFAULT_CALENDAR_CHOICES: CalendarChoices = { order: "client", chartDueThisWeek: false };

export async function readCalendarChoices(workbook: WorkbookPort): Promise<CalendarChoices> {
  const value = (await workbook.getSetting(MONTH_END_SETTING)) as { order?: unknown; chartDueThisWeek?: unknown } | undefined;
  return {
    order: OVERVIEW_ORDERS.find((o) => o === value?.order) ?? DEFAULT_CALENDAR_CHOICES.order,
    chartDueThisWeek: value?.chartDueThisWeek === true,
  };
}

export async function saveCalendarChoices(workbook: WorkbookPort, choices: CalendarChoices): Promise<void> {
  const value = ((await workbook.getSetting(MONTH_END_SETTING)) ?? {}) as Record<string, SettingValue>;
  await workbook.setSetting(MONTH_END_SETTING, { ...value, order: choices.order, chartDueThisWeek: choices.chartDueThisWeek });
}
