/**
 * Regular Hours (inherited `week_hours`) for many employees from one sheet.
 * Build: 2 requests (employees with recent payslips, the client's calculations, where inherited ones appear
 * with id null). Save: the same 2 requests again (to compare with what the service holds now and to know who
 * has finalised payslips), then one PATCH /employees/:id/inherited_calculations per changed employee — the API
 * has no bulk form for inherited calculations — with bounded concurrency.
 */
import type { PayrollApi } from "../../../api";
import type { Client } from "../../../contract";
import {
  currentWeekHours,
  latestFinalised,
  parseRegularHoursRows,
  regularHoursAttributeColumns,
  regularHoursGrid,
  type RegularHoursRowPlan,
  RH_FIXED,
  WEEK_HOURS,
} from "../model/regularHours";
import { markClientSheet, openClientSheet, parseSheetRows, sheetForClient } from "../../../ui/flows/clientSheet";
import { type FlowContext, type SheetResult, writeSheet, clientLabel } from "../../../ui/flows/common";
import { type RowRequest, type RowsResult, rowsWith, saveSheetEdits, runProgress } from "../../../ui/flows/rowWrites";

export const RH_SHEET = { sheetName: "Regular Hours", tableName: "RegularHours" } as const;
/** Document setting of a client's Regular Hours sheet ("payroll.regularHours.<client ID>"; see clientMetaKey). */
const RH_META_KEY = "payroll.regularHours";

export class RegularHoursError extends Error {
  override readonly name = "RegularHoursError";
}

type ClientInfo = Pick<Client, "regular_hours_version" | "features">;

/** Why Regular Hours cannot be set for this client, or null. */
export function regularHoursProblem(info: ClientInfo | undefined): string | null {
  if (info?.regular_hours_version === 2) return null;
  return (
    "This client is not migrated to Regular Hours v2 (the provider's support team does that). Regular Hours v1 is an " +
    "ordinary calculation: set it with an input sheet (hours and rate of the Regular hours item)."
  );
}

const leaveAnyDay = (info: ClientInfo | undefined) => (info?.features ?? []).includes("leave_any_day");

/** What the sheet and a save start from: the employees (with finalised payslips) and the client's calculations. */
async function readRegularHours(api: PayrollApi, clientId: number, signal?: AbortSignal) {
  const [employees, calculations] = await Promise.all([
    api.listEmployees(clientId, ["recent_payslips"], { signal }),
    api.listClientCalculations(clientId, { signal }),
  ]);
  return { employees, calculations };
}

/** The client's record as far as Regular Hours cares (its version and features), from the client list. */
interface RegularHoursOptions {
  info?: ClientInfo;
}

export async function buildRegularHoursSheet(
  ctx: FlowContext,
  { info }: RegularHoursOptions = {},
): Promise<SheetResult & { withFinalised: number }> {
  const { api, workbook, client, progress } = ctx;
  const problem = regularHoursProblem(info);
  if (problem) throw new RegularHoursError(problem);
  progress.update?.(0, undefined, "Reading employees and their Regular Hours");
  const { employees, calculations } = await readRegularHours(api, client.id, ctx.signal);
  const grid = regularHoursGrid(employees, currentWeekHours(calculations), { leaveAnyDay: leaveAnyDay(info) });
  const title = `Regular Hours (${WEEK_HOURS}): ${clientLabel(client)}`;
  const sheet = await sheetForClient(workbook, client, RH_SHEET);
  const written = await writeSheet(workbook, { ...sheet, title, columns: grid.columns, rows: grid.rows }, progress, 2);
  await markClientSheet(workbook, RH_META_KEY, client);
  return { ...written, withFinalised: latestFinalised(employees).size };
}

export async function saveRegularHours(
  ctx: FlowContext,
  options: RegularHoursOptions & { defaultEffectiveDate: string | null; concurrency?: number },
): Promise<RowsResult> {
  const { api, workbook, client, progress } = ctx;
  const { info } = options;
  const problem = regularHoursProblem(info);
  if (problem) throw new RegularHoursError(problem);
  const { table, sheetName } = await openClientSheet(workbook, client, {
    spec: RH_SHEET,
    metaKey: RH_META_KEY,
    name: "Regular Hours",
    first: "Build the Regular Hours sheet first.",
    again: "build it again",
    error: RegularHoursError,
  });

  progress.update?.(0, undefined, "Reading what the service holds now");
  const { employees, calculations } = await readRegularHours(api, client.id, ctx.signal);
  const plans = parseSheetRows(RegularHoursError, () =>
    parseRegularHoursRows(table.columns, table.rows, {
      current: currentWeekHours(calculations),
      finalised: latestFinalised(employees),
      employeeIds: new Set(employees.map((e) => e.id)),
      defaultEffectiveDate: options.defaultEffectiveDate,
      leaveAnyDay: leaveAnyDay(info),
    }),
  );
  const headerOf = new Map(regularHoursAttributeColumns({ leaveAnyDay: true }).map((c) => [c.key, c.header]));
  const requests: RowRequest<{ message: string }>[] = plans
    .filter((p): p is Extract<RegularHoursRowPlan, { kind: "send" }> => p.kind === "send")
    .map((p) => ({
      kind: "patch",
      rowIndexes: [p.rowIndex],
      send: () =>
        api.updateInheritedCalculations(p.employeeId, {
          calc_type: WEEK_HOURS,
          calculation_details: p.details,
          ...(p.effectiveDate ? { effective_date: p.effectiveDate } : {}),
        }),
      succeeded: (r) =>
        rowsWith(
          [p.rowIndex],
          "Saved",
          `${r.message || "Saved"}${p.effectiveDate ? ` from ${p.effectiveDate}` : " (base set, no effective date)"}: ${Object.keys(p.details).join(", ")}`,
        ),
    }));
  return saveSheetEdits(requests, plans, {
    title: "Regular Hours",
    reads: 2,
    workbook,
    sheetName,
    ...runProgress(progress, options.concurrency),
    errorHeader: (key) =>
      key === "effective_date"
        ? RH_FIXED.effective_date.header
        : (headerOf.get(key.replace(/^calculation_details\./, "")) ?? null),
    label: "Saving Regular Hours",
  });
}
