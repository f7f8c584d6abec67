/**
 * Conflicts: before sending, the push re-reads what the service holds now for the rows it will send, at a cost
 * that grows with those rows (as nett pay is read): for a few employees their payslip and calculation lists, a few
 * at a time; above CONFLICT_LIST_CROSSOVER employees two requests whatever the rows (the employees with their
 * recent payslips, and the client's calculations: the input-sheet build's own read, tens of MB on a large client).
 * The read is the push's shared one (./pushReads): the check before sending takes last period from it.
 * It compares that with the sheet's snapshot. A row whose service value differs
 * from the snapshot for an input it would send was changed by someone else since the build: it is not sent and
 * ends **Conflict**, its message naming the service's value and the sheet's original. Overwrite conflicts sends
 * those rows on purpose (without this check).
 */
import type { PayrollApi } from "../../../api";
import { parseCalcKey } from "../../../contract";
import type { InputValue } from "../../../contract";
import { employeeInputValues, type OfferedInput, inputSheetRows } from "../model/inputSheet";
import { InputSheetError, type InputSheetMeta, type Snapshot, normalise, rowKey, sameValue } from "../model/inputSheetModel";
import type { PlannedRow, RowOutcome } from "../model/pushPlan";
import { chunk } from "../../../ui/sheets/chunk";
import { type FlowContext, type Clock } from "../../../ui/flows/common";
import { type ConflictCheck, type PushResult, type PushSend, type PushSteps, pushInputSheet } from "./push";
import { PushReads } from "./pushReads";
import { openInputSheet } from "./inputs";
import { readRowRecords } from "./rowStates";

const show = (v: InputValue) => (v === null || v === "" ? "blank" : typeof v === "number" ? v.toLocaleString("en-IE") : `"${v}"`);

export const OVERWRITE_HINT = "use Overwrite conflicts to send the sheet's value";

/**
 * Pure: the planned rows whose service values (`current`, per row key) differ from the snapshot for an input
 * they send, as Conflict outcomes. Rows the service no longer lists are left to the push.
 */
export function conflictOutcomes(
  send: readonly PlannedRow[],
  current: ReadonlyMap<string, Record<string, InputValue>>,
  snapshot: Snapshot,
  meta: Pick<InputSheetMeta, "inputs">,
): RowOutcome[] {
  const byKey = new Map(meta.inputs.map((i) => [i.key, i]));
  const out: RowOutcome[] = [];
  for (const row of send) {
    const key = rowKey(row.employeeId, row.payslipDate);
    const now = current.get(key);
    const then = snapshot.get(key);
    if (!now || !then) continue;
    const clashes = Object.keys(row.attributes).flatMap((k) => {
      const input = byKey.get(k);
      if (!input) return [];
      const held = normalise(input.type, now[k]);
      const built = normalise(input.type, then[k]);
      // The service already holds what the row sends (e.g. an earlier push whose answer was lost): nothing to lose.
      const sending = normalise(input.type, row.attributes[k] as InputValue);
      return sameValue(held, built) || sameValue(held, sending) ? [] : [{ header: input.header, held, built }];
    });
    if (clashes.length === 0) continue;
    out.push({
      rowIndex: row.rowIndex,
      status: "Conflict",
      message:
        `Not sent: changed in the service since the sheet was built — ` +
        clashes
          .map((c) => `${c.header}: the service holds ${show(c.held)}, the sheet's original was ${show(c.built)}`)
          .join("; ") +
        `. Check with your colleague, then ${OVERWRITE_HINT}, or rebuild the sheet to take the service's values.`,
      errorColumns: clashes.map((c) => c.header),
    });
  }
  return out;
}

/**
 * The service's current values of the sheet's inputs per row key, for the sheet's wave and period, for the rows
 * of `employeeIds`, through `reads` (the push's shared read; a read of its own when none): 2 requests per employee
 * up to its crossover, else 2 client-wide lists. An employee the service no longer has is left out (the push
 * reports it).
 */
export async function readCurrentValues(
  api: PayrollApi,
  meta: InputSheetMeta,
  employeeIds: readonly number[],
  options: { signal?: AbortSignal; crossover?: number; reads?: PushReads } = {},
): Promise<Map<string, Record<string, InputValue>>> {
  const inputs: OfferedInput[] = meta.inputs.flatMap((i) => {
    const parsed = parseCalcKey(i.key);
    return parsed ? [{ key: i.key, label: i.header, itemLabel: "", type: i.type, ...parsed }] : [];
  });
  const reads = options.reads ?? new PushReads(api, meta.clientId, { signal: options.signal });
  if (options.crossover !== undefined) reads.crossover = options.crossover;
  const source = await reads.read(employeeIds);
  if (source.kind === "client") {
    const { employees, calculations } = source.lists;
    const rows = inputSheetRows({ employees, calculations, waveId: meta.waveId, payslipDate: meta.payslipDate, inputs });
    return new Map(rows.map((r) => [rowKey(r.employeeId, r.payslipDate), r.values]));
  }
  const current = new Map<string, Record<string, InputValue>>();
  for (const [id, { payslips, calculations }] of source.byEmployee) {
    const payslip = payslips.find((p) => !p.special && p.date === meta.payslipDate) ?? null;
    current.set(rowKey(id, meta.payslipDate), employeeInputValues(id, payslip?.id ?? null, inputs, calculations));
  }
  return current;
}

/**
 * The push's pre-step (PushSteps.conflictCheck): the plan without its conflicting rows, which join the rows
 * decided without sending, as Conflict. Nothing to send: no request. `reads`: the push's shared read.
 */
export function conflictCheck(api: PayrollApi, chunkSize?: number, crossover?: number): ConflictCheck {
  return async (plan, sheet, signal, reads) => {
    if (plan.send.length === 0) return plan;
    const employeeIds = plan.send.map((r) => r.employeeId);
    const current = await readCurrentValues(api, sheet.meta, employeeIds, { signal, crossover, reads });
    const conflicts = conflictOutcomes(plan.send, current, sheet.snapshot, sheet.meta);
    if (conflicts.length === 0) return plan;
    const held = new Set(conflicts.map((c) => c.rowIndex));
    const send = plan.send.filter((r) => !held.has(r.rowIndex));
    const size = chunkSize ?? Math.max(1, plan.chunks[0]?.length ?? 1);
    return {
      ...plan,
      send,
      chunks: chunk(send, size),
      local: [...plan.local, ...conflicts].sort((a, b) => a.rowIndex - b.rowIndex),
    };
  };
}

/** Rows Overwrite conflicts sends: those whose state (../../sheets/rowState) is Conflict. */
export function conflictRowIndexes(statuses: readonly string[]): Set<number> {
  return new Set(statuses.flatMap((s, i) => (s.trim() === "Conflict" ? [i] : [])));
}

/**
 * Overwrite conflicts: the rows whose state is Conflict are sent on purpose, without the conflict check. Only
 * the cells changed since the build are sent (mode "overwrite"): an input of the row that someone changed in the
 * service, and that the sheet still shows as built, keeps the service's value.
 */
export async function overwriteConflicts(
  ctx: FlowContext,
  sheetName: string,
  options: {
    send?: Omit<PushSend, "mode" | "rowIndexes">;
    steps?: Omit<PushSteps, "conflictCheck">;
    clock?: Clock;
  } = {},
): Promise<PushResult> {
  const { meta, table } = await openInputSheet(ctx.workbook, sheetName, ctx.client.id);
  const records = await readRowRecords(ctx.workbook, meta, table);
  const rows = conflictRowIndexes(table.rows.map((_, rowIndex) => records.get(rowIndex)?.status ?? ""));
  if (rows.size === 0) throw new InputSheetError(`"${sheetName}" has no Conflict rows to overwrite.`);
  return pushInputSheet(ctx, sheetName, { ...options, send: { ...options.send, mode: "overwrite", rowIndexes: rows } });
}
