/**
 * "From this period on" in a push (./changeKind): one bulk_input request carries, for a chunk's rows, each row's
 * payslip entity (every change, on the period's payslip: this payslip shows it even where the payslip has its own
 * value of the item) and then, for the rows with standing changes, an entity without a payslip: the employee's own
 * inputs, which the period's payslip and every later one are computed from (docs/api-choices.md). The request count
 * stays one per chunk. A row is Saved only when both of its entities are; retrying it sends both again (absolute
 * values, so it is safe). Pure: the push (../flows/push.ts) and Undo push (../flows/undoPush.ts) send what it plans.
 */
import type { BulkInputEntity, BulkInputResult } from "../../../contract";
import { matchBulkResults, serviceErrors } from "../../../ui/sheets/rowOutcomes";
import { changeKindOf, changeNote } from "./changeKind";
import type { InputSheetMeta } from "./inputSheetModel";
import { type PlannedRow, type RowOutcome, chunkOutcomes, headerForErrorKey, toEntity } from "./pushPlan";

type Meta = Pick<InputSheetMeta, "inputs">;

/** The row's standing changes: the attributes of its From-this-period-on inputs. */
function standingAttributes(row: PlannedRow, meta: Meta): PlannedRow["attributes"] {
  const standing = new Set(meta.inputs.filter((i) => changeKindOf(i) === "standing").map((i) => i.key));
  return Object.fromEntries(Object.entries(row.attributes).filter(([k]) => standing.has(k)));
}

/** The request's entities: every row's payslip entity, then the employee's own inputs of rows with standing changes. */
export function chunkEntities(rows: readonly PlannedRow[], meta: Meta): BulkInputEntity[] {
  const own = rows.flatMap((row) => {
    const attributes = standingAttributes(row, meta);
    return Object.keys(attributes).length > 0 ? [{ id: String(row.employeeId), attributes }] : [];
  });
  return [...rows.map(toEntity), ...own];
}

/** "Basic salary: amount from 25/11/2026 on; Bonus: amount this payslip only": what each sent input of the row changed. */
function kindsSaid(row: PlannedRow, meta: Meta, shownDate: string): string {
  const byKey = new Map(meta.inputs.map((i) => [i.key, i]));
  return Object.keys(row.attributes)
    .map((k) => {
      const input = byKey.get(k);
      return `${input?.header ?? k} ${changeNote(input ? changeKindOf(input) : "payslip", shownDate)}`;
    })
    .join("; ");
}

/**
 * The results of the payslip entities and of the employees' own: by whether a result names a payslip (the document
 * says a result echoes payslip_id or payslip_date when used), else by position when the answer lines up.
 */
function splitResults(
  rows: readonly PlannedRow[],
  standingRows: readonly PlannedRow[],
  results: readonly BulkInputResult[],
): { onPayslip: readonly BulkInputResult[]; own: readonly BulkInputResult[] } {
  if (standingRows.length === 0) return { onPayslip: results, own: [] };
  const named = (r: BulkInputResult) => r.payslip_date !== undefined || r.payslip_id !== undefined;
  if (results.some(named)) return { onPayslip: results.filter(named), own: results.filter((r) => !named(r)) };
  const ids = [...rows, ...standingRows].map((r) => String(r.employeeId));
  if (results.length === ids.length && results.every((r, i) => r.id === ids[i]))
    return { onPayslip: results.slice(0, rows.length), own: results.slice(rows.length) };
  return { onPayslip: results, own: [] };
}

/**
 * Each row's outcome from one request's results, and the rows the answer left out (sent again by the caller). The
 * payslip results (those naming a payslip) go to ./pushPlan's chunkOutcomes; a row with standing changes then also
 * needs its own result: missing, it is left out (sent again); refused, the row is Failed with the service's reasons.
 * On a sheet that has a From-this-period-on input, a saved row's Message says each change's kind; a row refused on
 * its payslip whose standing value was saved says that too (nothing saved is left unsaid).
 */
export function standingOutcomes(
  rows: readonly PlannedRow[],
  results: readonly BulkInputResult[],
  meta: Meta,
  showDate: (iso: string) => string,
): { outcomes: RowOutcome[]; unanswered: PlannedRow[] } {
  const standingRows = rows.filter((r) => Object.keys(standingAttributes(r, meta)).length > 0);
  const { onPayslip, own } = splitResults(rows, standingRows, results);
  const ownMatched = new Map(
    matchBulkResults(
      standingRows.map((r) => ({ employeeId: r.employeeId })),
      own,
    ).map((res, i) => [standingRows[i].rowIndex, res]),
  );
  const matched = matchBulkResults(rows, onPayslip);
  const sayKinds = meta.inputs.some((i) => changeKindOf(i) === "standing");
  const outcomes: RowOutcome[] = [];
  const unanswered: PlannedRow[] = [];
  const answered = rows.filter((row, i) => {
    const left = matched[i] === undefined || (ownMatched.has(row.rowIndex) && ownMatched.get(row.rowIndex) === undefined);
    // Not confirmed (Failed, retryable) unless a later round of the same chunk answers it.
    if (left) unanswered.push(row);
    return !left;
  });
  outcomes.push(...chunkOutcomes(unanswered, [], meta, showDate));
  const payslipResults = answered.map((row) => matched[rows.indexOf(row)]!);
  for (const [k, o] of chunkOutcomes(answered, payslipResults, meta, showDate).entries()) {
    const row = answered[k];
    const ownResult = ownMatched.get(row.rowIndex);
    if (o.status === "Saved" && ownResult && ownResult.success !== "true") {
      const { errorColumns, details } = serviceErrors(ownResult.errors, (key) => headerForErrorKey(key, meta));
      const date = showDate(row.payslipDate);
      outcomes.push({
        rowIndex: row.rowIndex,
        status: "Failed",
        message: `Saved on the payslip of ${date} only; not saved as the standing value from ${date} on: ${details || ownResult.message}`,
        errorColumns,
      });
    } else if (o.status === "Saved" && sayKinds) {
      outcomes.push({ ...o, message: `${o.message}: ${kindsSaid(row, meta, showDate(row.payslipDate))}` });
    } else if (o.status === "Failed" && ownResult?.success === "true") {
      const date = showDate(row.payslipDate);
      outcomes.push({ ...o, message: `${o.message}. Its standing value from ${date} on was saved.` });
    } else outcomes.push(o);
  }
  return { outcomes, unanswered };
}
