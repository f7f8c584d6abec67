/**
 * A second person's review inside the check before a push (./pushCheck checkBeforeSending): which rows of the plan
 * await review (shown in the check with their preparer and reasons), the plan the reviewer's answers leave (approved
 * rows go; returned and undecided rows, and every newly flagged row, stay back), and the row states that keep the
 * review. The rules are ../model/review.ts. A push without row states (Undo push, from the Change history) is not
 * reviewed.
 */
import { chunk } from "../../../ui/sheets/chunk";
import type { PushCheckSettings, RowFlag } from "../model/pushCheck";
import type { PushPlan } from "../model/pushPlan";
import type { RowRecord } from "../model/rowState";
import {
  type AwaitingRow,
  type ReviewDecisions,
  type ReviewState,
  approvedNote,
  awaitingRows,
  splitForReview,
} from "../model/review";

/** The user's answer at the check: a choice, with the reviewer's answers per row when rows awaited review. */
export type ReviewedAnswer<C extends string> = C | { choice: C; review: ReviewDecisions };

/** The choice and the reviewer's answers (none when the answer was only a choice). */
export function answerParts<C extends string>(answer: ReviewedAnswer<C>): { choice: C; decisions: ReviewDecisions } {
  return typeof answer === "string" ? { choice: answer, decisions: new Map() } : { choice: answer.choice, decisions: answer.review };
}

/** Row states by row index (a push's, read beside the sheet). */
type States = ReadonlyMap<number, Pick<RowRecord, "status" | "review">>;

/**
 * The rows awaiting review in this plan, as the check shows them to `me`; null when the review is off or the push has
 * no row states to keep it in.
 */
export function reviewOf(
  settings: Pick<PushCheckSettings, "secondPerson">,
  plan: Pick<PushPlan, "send">,
  states: States | undefined,
  me: string,
  names: ReadonlyMap<number, string>,
): AwaitingRow[] | null {
  return settings.secondPerson && states ? awaitingRows(plan.send, states, me, names) : null;
}

/** The check's flags without the rows already awaiting review (the check lists those on their own). */
export const newFlags = (flags: readonly RowFlag[], awaiting: readonly AwaitingRow[]): RowFlag[] => {
  const rows = new Set(awaiting.map((a) => a.rowIndex));
  return flags.filter((f) => !rows.has(f.rowIndex));
};

/**
 * The plan once reviewed: approved and unflagged rows go (an approved row keeps its flag in its Message); returned
 * rows end Returned; rows still awaiting review and new flagged rows end Awaiting review, neither sent.
 */
export function reviewedPlan(
  plan: PushPlan,
  flags: readonly RowFlag[],
  states: States,
  me: string,
  decisions: ReviewDecisions,
  sheetName: string,
): { plan: PushPlan; flags: Map<number, RowFlag>; reviews: Map<number, ReviewState> } {
  const split = splitForReview(plan.send, flags, states, me, decisions.get(sheetName));
  const going = new Set(split.send.map((r) => r.rowIndex));
  return {
    plan: {
      ...plan,
      send: split.send,
      chunks: chunk(split.send, Math.max(1, plan.chunks[0]?.length ?? 1)),
      local: [...plan.local, ...split.local].sort((a, b) => a.rowIndex - b.rowIndex),
    },
    flags: new Map(flags.filter((f) => going.has(f.rowIndex)).map((f) => [f.rowIndex, f])),
    reviews: split.reviews,
  };
}

/** A row's new state with its review kept; a saved row a reviewer approved says who prepared and who approved it. */
export function withReview(r: RowRecord, review: ReviewState | undefined): RowRecord {
  if (!review) return r;
  const reason = r.status === "Saved" ? `${r.reason.trim().replace(/\.?$/, ".")}${approvedNote(review)}` : r.reason;
  return { ...r, reason, review };
}
