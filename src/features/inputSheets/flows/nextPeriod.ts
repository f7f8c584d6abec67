/**
 * Next period: from an input sheet whose period is finalised or past, build the next open period's input sheet for
 * the same client and wave with the same inputs. Its values come from the service, as for any new sheet: the four
 * lists (waves, employees with their payslips, calculations, items_and_outputs) to find the period, which the build
 * reuses: in the pane through its shared reads (the employees with payslips and the calculations always read again,
 * since the period was finalised in the service, not through the pane; waves and items_and_outputs only when not
 * fresh: 2 to 4 requests whatever the head count); without them the build reads employees and calculations again (6).
 * The new sheet starts from the service's values for the next payslips: the employees' standing values. "Copy these
 * values as pending changes" lists, before the build and from this sheet's rows only (readCarryChoices, no request),
 * the payslip-only inputs with values; the ticked ones are written into the new sheet for the employees on both,
 * where they are pending changes (shaded, counted, not sent); no request is made for them either.
 */
import { InputSheetError } from "../model/inputSheetModel";
import { type CarryChoices, carryChoices, carryValues, nextOpenPeriod } from "../model/nextPeriod";
import { changeKindOf } from "../model/changeKind";
import { formatDate } from "../../../ui/locale";
import type { WorkbookPort } from "../../../excel";
import { buildInputSheet, listInputSheets, loadInputChoices, openInputSheet, readInputSheetMeta } from "./inputs";
import { type FlowContext, clientLabel, clientOfMeta } from "../../../ui/flows/common";
import { leftBehindBy, periodFinalised, readUnsent } from "./unsentWork";
import { type LeftBehind, describeLeftBehind } from "../model/unsentWork";

export interface NextPeriodResult {
  sheetName: string;
  payslipDate: string;
  rowCount: number;
  /** The values copied as pending changes, and the keys of the inputs ticked (null: none ticked). */
  carried: { values: number; rows: number; keys: string[] } | null;
  /** Headers of this sheet's inputs the client's calculations no longer offer (left out of the new sheet). */
  dropped: string[];
  /** What the previous period holds that the new one does not: named, and offered as pending changes (./unsentWork). */
  left: LeftBehind;
  requests: number;
}

/** An input sheet of this client, wave and period already in the workbook (Next period never builds over one). */
async function existingSheetFor(ctx: FlowContext, waveId: number, payslipDate: string): Promise<string | null> {
  for (const name of await listInputSheets(ctx.workbook)) {
    const meta = await readInputSheetMeta(ctx.workbook, name);
    if (meta && meta.clientId === ctx.client.id && meta.waveId === waveId && meta.payslipDate === payslipDate) return name;
  }
  return null;
}

export async function buildNextPeriod(
  ctx: FlowContext,
  sheetName: string,
  /** `carry`: the keys of the inputs ticked under "Copy these values as pending changes" (none: nothing is copied). */
  options: { carry: readonly string[]; now?: () => Date },
): Promise<NextPeriodResult> {
  const { workbook, client } = ctx;
  // Read and checked first: a sheet of another client, or one without its snapshot, stops before any request.
  const own = await readInputSheetMeta(workbook, sheetName);
  if (own && own.clientId !== client.id)
    throw new InputSheetError(
      `"${sheetName}" is ${clientLabel(clientOfMeta(own))}'s: choose ${clientLabel(clientOfMeta(own))} as the client for its next period.`,
    );
  const current = await openInputSheet(workbook, sheetName, client.id);
  const { meta } = current;
  // Next period is pressed because the service has moved on (a period finalised there, the next one opened), which
  // the pane's shared lists have not seen: the two lists that carry periods and payslip values are read again, once,
  // and the pickers showing them take the new answers too.
  ctx.reads?.invalidate(client.id, "employeesWithPayslips", "calculations");
  const choices = await loadInputChoices(ctx);
  const periods = choices.periods.get(meta.waveId) ?? [];
  const next = nextOpenPeriod(periods, meta.payslipDate);
  if (!next && !periodFinalised(meta, choices.employees) && periods.some((p) => p.date === meta.payslipDate))
    throw new InputSheetError(
      `The pay run of ${formatDate(meta.payslipDate)} is still open: it must be finalised in the payroll service first, then Next period builds ${meta.waveName}'s next period.`,
    );
  if (!next)
    throw new InputSheetError(
      `${meta.waveName} has no open period after ${formatDate(meta.payslipDate)} yet: the next period's payslips do not exist in the service.`,
    );
  const existing = await existingSheetFor(ctx, meta.waveId, next.date);
  if (existing)
    throw new InputSheetError(
      `"${existing}" is already the input sheet of ${formatDate(next.date)}: choose it under Input sheet.`,
    );
  const offered = new Set(choices.offered.map((o) => o.key));
  const inputKeys = meta.inputs.filter((i) => offered.has(i.key)).map((i) => i.key);
  const dropped = meta.inputs.filter((i) => !offered.has(i.key)).map((i) => i.header);
  if (inputKeys.length === 0)
    throw new InputSheetError(`The client's calculations no longer offer this sheet's inputs (${dropped.join(", ")}).`);

  // Read before the build: the new sheet's values are the service's, this sheet's unsent ones are only here.
  const { values: unsent } = await readUnsent(workbook, sheetName);
  const built = await buildInputSheet(
    ctx,
    // Each input keeps the kind this sheet gave it (../model/changeKind); one without keeps its default.
    { waveId: meta.waveId, payslipDate: next.date, inputKeys, kinds: Object.fromEntries(meta.inputs.flatMap((i) => (i.kind ? [[i.key, i.kind]] : []))) },
    { choices, now: options.now },
  );
  const left = await leftBehindBy(workbook, {
    previous: meta,
    unsent,
    builtSheet: built.sheetName,
    employees: choices.employees,
    calculations: choices.calculations,
  });
  let carried: NextPeriodResult["carried"] = null;
  if (options.carry.length > 0) {
    const fresh = await openInputSheet(workbook, built.sheetName, client.id);
    const keys = new Set(options.carry);
    const values = carryValues(current.sheet.rows, { rows: fresh.sheet.rows, inputs: fresh.sheet.inputs }, keys);
    const byHeader = new Map<string, typeof values>();
    for (const v of values) byHeader.set(v.header, [...(byHeader.get(v.header) ?? []), v]);
    for (const [header, cells] of byHeader)
      await workbook.writeColumnValues(
        built.sheetName,
        header,
        cells.map(({ rowIndex, value }) => ({ rowIndex, value })),
        cells[0].type,
      );
    carried = { values: values.length, rows: new Set(values.map((v) => v.rowIndex)).size, keys: [...keys] };
  }
  return {
    sheetName: built.sheetName,
    payslipDate: next.date,
    rowCount: built.rowCount,
    carried,
    dropped,
    left,
    requests: choices.requests + built.requests,
  };
}

/** "“Inputs Monthly 2026-11-30” built for 30/11/2026: 12 employees; 20 values in 10 rows copied as pending changes (not sent)." */
export function describeNextPeriod(r: NextPeriodResult): string {
  const employees = `${r.rowCount} employee${r.rowCount === 1 ? "" : "s"}`;
  const carried =
    r.carried === null
      ? ""
      : `; ${r.carried.values} value${r.carried.values === 1 ? "" : "s"} in ${r.carried.rows} row${r.carried.rows === 1 ? "" : "s"} copied as pending changes (not sent)`;
  const dropped = r.dropped.length > 0 ? ` Left out, no longer offered: ${r.dropped.join(", ")}.` : "";
  const left = describeLeftBehind(r.left, r.payslipDate, { copied: new Set(r.carried?.keys), formatDate });
  return `"${r.sheetName}" built for ${formatDate(r.payslipDate)}: ${employees}${carried}.${dropped}${left ? ` ${left}` : ""}`;
}

/**
 * What Next period would copy from the sheet, by input (model/nextPeriod's carryChoices), with the sheet's period for
 * the words on standing values. Reads the workbook only (the sheet, its metadata and snapshot): no request.
 * `oneOff`: whether an input's item is a one-off (the push check's one-off items), unticked by default.
 */
export async function readCarryChoices(
  workbook: WorkbookPort,
  sheetName: string,
  clientId: number,
  oneOff: (key: string) => boolean,
): Promise<CarryChoices & { payslipDate: string }> {
  const { meta, sheet } = await openInputSheet(workbook, sheetName, clientId);
  // Each input's kind as the sheet keeps it (a sheet built before kinds: This payslip only).
  const inputs = sheet.inputs.map((i) => ({ ...i, kind: changeKindOf(i), oneOff: oneOff(i.key) }));
  return { ...carryChoices(sheet.rows, inputs), payslipDate: meta.payslipDate };
}
