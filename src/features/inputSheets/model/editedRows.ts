/**
 * A row the push marked Failed or Invalid that the accountant then edits is no longer what the push saw: its old
 * message and the red on the edited cell would say something untrue. The pane's watch compares each look at the
 * table with the one before and marks such rows "Changed" (their edited cells cleared); Push changes and Retry
 * failed both send them.
 */
import { INPUT_SHEET_HEADERS as H } from "./inputSheet";

/** Statuses whose rows an edit turns into Changed. */
const EDITABLE_MARKS: ReadonlySet<string> = new Set(["Failed", "Invalid"]);

/** The Status of a marked row edited since the push (Retry failed sends it too: ./pushPlan retryRowIndexes). */
export const CHANGED_STATUS = "Changed";
export const CHANGED_MESSAGE = "Edited after the push, not sent yet: Push changes or Retry failed sends it.";

interface TableView {
  columns: readonly unknown[];
  rows: readonly (readonly unknown[])[];
}

const same = (a: unknown, b: unknown) => (a ?? "") === (b ?? "") || String(a ?? "").trim() === String(b ?? "").trim();

/**
 * Per row marked Failed or Invalid now (or one of `marks`; `statuses`: each row's, by its state: ./rowState), the headers of the cells
 * the push reads (Employee ID, Payslip date and `inputHeaders`) that differ from the earlier look. Rows are matched
 * by their Employee ID cell (a sort moves rows), else by position (the Employee ID itself was edited).
 */
export function editedMarkedCells(
  before: TableView,
  now: TableView,
  statuses: readonly string[],
  inputHeaders: readonly string[],
  marks: ReadonlySet<string> = EDITABLE_MARKS,
): Map<number, string[]> {
  const col = (t: TableView) => {
    const headers = t.columns.map((c) => String(c).trim());
    return (h: string) => headers.indexOf(h);
  };
  const was = col(before);
  const is = col(now);
  const id = is(H.employeeId);
  const wasId = was(H.employeeId);
  const edited = new Map<number, string[]>();
  if (id < 0) return edited;
  const byId = new Map<string, readonly unknown[]>();
  for (const r of before.rows) if (wasId >= 0 && !byId.has(String(r[wasId] ?? ""))) byId.set(String(r[wasId] ?? ""), r);
  const watched = [H.employeeId, H.payslipDate, ...inputHeaders];
  now.rows.forEach((cells, rowIndex) => {
    if (!marks.has(statuses[rowIndex] ?? "")) return;
    const earlier = byId.get(String(cells[id] ?? "")) ?? before.rows[rowIndex];
    if (!earlier) return;
    const headers = watched.filter((h) => is(h) >= 0 && was(h) >= 0 && !same(cells[is(h)], earlier[was(h)]));
    if (headers.length > 0) edited.set(rowIndex, headers);
  });
  return edited;
}
