/**
 * A second person's review (four eyes), as pure steps over a push's plan. With the document setting "Pushes with
 * flagged rows need a second person" on (PushCheckSettings.secondPerson), a row the check flags is not sent: it ends
 * Awaiting review, its state (./rowState, data beside the sheet) keeping who prepared it and why it was flagged. A
 * later push by another person (their Prepared by differs, compared trimmed and case-insensitive) shows those rows in
 * the check, and per row that person chooses Approve and send (the row goes, its Change history lines say who
 * prepared and who reviewed it) or Return with a note (Returned: the preparer edits and pushes again). A row left
 * undecided, or pushed again by its own preparer, stays Awaiting review. The flow is ../flows/review.ts.
 */
import type { PlannedRow, RowOutcome } from "./pushPlan";
import type { RowFlag } from "./pushCheck";
import type { RowRecord } from "./rowState";

/** What a row's state keeps of its review (RowRecord.review). */
export type ReviewState = NonNullable<RowRecord["review"]>;

/** Whether two Prepared by names are the same person: trimmed, case-insensitive. */
export const samePerson = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A name as the sentences say it: an unnamed preparer is still someone. */
const who = (name: string) => name.trim() || "someone unnamed";

/** Why a person may not approve rows: "Anne Byrne prepared these rows, so a second person must review them." */
export const ownRowsSentence = (preparedBy: string): string =>
  `${who(preparedBy)} prepared these rows, so a second person must review them.`;

/** A reviewer's answer for one row. Rows without one stay Awaiting review. */
export type ReviewDecision = { action: "approve" } | { action: "return"; note: string };

/** The reviewer's answers: per sheet name, per row index. */
export type ReviewDecisions = ReadonlyMap<string, ReadonlyMap<number, ReviewDecision>>;

/** A row awaiting review as the check shows it. */
export interface AwaitingRow {
  rowIndex: number;
  /** "Ann Byrne (0012)". */
  name: string;
  preparedBy: string;
  reasons: string[];
  /** false: the person pushing prepared it (they may not approve their own row). */
  mayReview: boolean;
}

/** The Message of a row awaiting review: who prepared it and the check's reasons. */
export function awaitingMessage(review: Pick<ReviewState, "preparedBy" | "reasons">): string {
  const why = review.reasons.length > 0 ? ` Flagged: ${review.reasons.join("; ")}.` : "";
  return `Awaiting review: prepared by ${who(review.preparedBy)}, not sent until a second person approves it at Push changes.${why}`;
}

/** The Message of a row sent back: the reviewer's note first, then what was flagged. */
export function returnedMessage(review: ReviewState): string {
  const note = review.note?.trim() ? `: ${review.note.trim().replace(/\.$/, "")}.` : ".";
  const why = review.reasons.length > 0 ? ` Flagged: ${review.reasons.join("; ")}.` : "";
  return `Returned by ${who(review.reviewedBy ?? "")}${note} Prepared by ${who(review.preparedBy)}; not sent. Edit the row and push again.${why}`;
}

/** The end of a saved row's Message once a reviewer approved it: " Prepared by Anne Byrne, approved by Bob Reid." */
export const approvedNote = (review: ReviewState): string =>
  review.reviewedBy ? ` Prepared by ${who(review.preparedBy)}, approved by ${who(review.reviewedBy)}.` : "";

/** The rows of the plan whose state is Awaiting review, as the check shows them to the person pushing (`me`). */
export function awaitingRows(
  send: readonly PlannedRow[],
  states: ReadonlyMap<number, Pick<RowRecord, "status" | "review">>,
  me: string,
  names: ReadonlyMap<number, string>,
): AwaitingRow[] {
  return send.flatMap((row) => {
    const r = states.get(row.rowIndex);
    if (r?.status !== "Awaiting review" || !r.review) return [];
    const { preparedBy, reasons } = r.review;
    const name = names.get(row.employeeId) ?? row.name ?? `Employee ${row.employeeId}`;
    return [{ rowIndex: row.rowIndex, name, preparedBy, reasons: [...reasons], mayReview: !samePerson(preparedBy, me) }];
  });
}

/** The plan's rows after the review: those that go, those that stay back (with their outcomes), and each row's review. */
export interface ReviewSplit {
  send: PlannedRow[];
  /** Awaiting review and Returned rows: not sent. */
  local: RowOutcome[];
  /** Per row: its review (awaiting, returned, or approved and sent). */
  reviews: Map<number, ReviewState>;
}

/**
 * Splits the rows to send (`me` pushes): a row awaiting review goes when another person approves it, ends Returned
 * when they return it, and otherwise stays awaiting with its preparer; any other flagged row ends awaiting, prepared
 * by `me`; the rest go.
 */
export function splitForReview(
  send: readonly PlannedRow[],
  flags: readonly RowFlag[],
  states: ReadonlyMap<number, Pick<RowRecord, "status" | "review">>,
  me: string,
  decisions: ReadonlyMap<number, ReviewDecision> = new Map(),
): ReviewSplit {
  const flagOf = new Map(flags.map((f) => [f.rowIndex, f]));
  const split: ReviewSplit = { send: [], local: [], reviews: new Map() };
  const stay = (rowIndex: number, review: ReviewState, columns: string[]) => {
    split.reviews.set(rowIndex, review);
    split.local.push({ rowIndex, status: "Awaiting review", message: awaitingMessage(review), errorColumns: columns });
  };
  for (const row of send) {
    const r = states.get(row.rowIndex);
    const flag = flagOf.get(row.rowIndex);
    const columns = [...(flag?.columns ?? [])];
    if (r?.status === "Awaiting review" && r.review) {
      const decision = samePerson(r.review.preparedBy, me) ? undefined : decisions.get(row.rowIndex);
      const base = { preparedBy: r.review.preparedBy, reasons: [...r.review.reasons] };
      if (decision?.action === "approve") {
        split.reviews.set(row.rowIndex, { ...base, reviewedBy: me.trim() });
        split.send.push(row);
      } else if (decision?.action === "return") {
        const review = { ...base, reviewedBy: me.trim(), note: decision.note.trim() };
        split.reviews.set(row.rowIndex, review);
        split.local.push({ rowIndex: row.rowIndex, status: "Returned", message: returnedMessage(review), errorColumns: columns });
      } else stay(row.rowIndex, base, columns);
    } else if (flag) stay(row.rowIndex, { preparedBy: me.trim(), reasons: [...flag.reasons] }, columns);
    else split.send.push(row);
  }
  return split;
}
