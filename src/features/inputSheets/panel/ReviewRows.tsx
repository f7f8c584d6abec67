/**
 * A second person's review in the check before a push (../model/review.ts): the rows awaiting review, each with who
 * prepared it and why it was flagged, and per row, or for all, Approve and send or Return with a note. Rows the person
 * pushing prepared are listed with the sentence saying a second person must review them, and cannot be chosen.
 */
import * as React from "react";
import { Button, Field, Input, Radio, RadioGroup, Text } from "@fluentui/react-components";
import type { PushCheckAnswer, PushCheckChoice, PushCheckReview, SheetCheck } from "../flows/pushCheck";
import { type ReviewDecision, ownRowsSentence } from "../model/review";
import { usePartStyles } from "../../../ui/parts/styles";

type ReviewPick = "wait" | "approve" | "return";
/** Per sheet name and row index: the choice and the note typed for a return. */
type Picks = Record<string, Record<number, { pick: ReviewPick; note: string }>>;

const PICKS: { value: ReviewPick; label: string }[] = [
  { value: "wait", label: "Leave awaiting review" },
  { value: "approve", label: "Approve and send" },
  { value: "return", label: "Return with a note" },
];

/** The review's choices while the check is open, and the answer they make with the user's choice. */
export function useReviewPicks(review: PushCheckReview | null) {
  const [picks, setPicks] = React.useState<Picks>({});
  // A fresh start each time the check opens.
  React.useEffect(() => setPicks({}), [review]);
  const set = (sheet: string, rowIndex: number, next: Partial<{ pick: ReviewPick; note: string }>) =>
    setPicks((p) => ({
      ...p,
      [sheet]: { ...p[sheet], [rowIndex]: { ...(p[sheet]?.[rowIndex] ?? { pick: "wait", note: "" }), ...next } },
    }));
  /** A return without a note: the check cannot be answered yet. */
  const missingNote = Object.values(picks).some((rows) =>
    Object.values(rows).some((r) => r.pick === "return" && r.note.trim() === ""),
  );
  const answer = (choice: PushCheckChoice): PushCheckAnswer => {
    const decisions = new Map<string, Map<number, ReviewDecision>>();
    for (const [sheet, rows] of Object.entries(picks)) {
      const decided = new Map<number, ReviewDecision>();
      for (const [rowIndex, r] of Object.entries(rows))
        if (r.pick === "approve") decided.set(Number(rowIndex), { action: "approve" });
        else if (r.pick === "return") decided.set(Number(rowIndex), { action: "return", note: r.note });
      decisions.set(sheet, decided);
    }
    return decisions.size === 0 ? choice : { choice, review: decisions };
  };
  return { picks, set, missingNote, answer };
}

type Picking = ReturnType<typeof useReviewPicks>;

/** One sheet's rows awaiting review (nothing when it has none). */
export function ReviewRows({ sheet, picking }: { sheet: SheetCheck; picking: Picking }) {
  const styles = usePartStyles();
  const awaiting = sheet.awaiting ?? [];
  if (awaiting.length === 0) return null;
  const mine = awaiting.filter((a) => !a.mayReview);
  const theirs = awaiting.filter((a) => a.mayReview);
  const pickOf = (rowIndex: number) => picking.picks[sheet.sheetName]?.[rowIndex] ?? { pick: "wait" as ReviewPick, note: "" };
  const all = (pick: ReviewPick) => theirs.forEach((a) => picking.set(sheet.sheetName, a.rowIndex, { pick }));
  return (
    <section className={styles.group} aria-label={`Awaiting review: ${sheet.sheetName}`}>
      <Text weight="semibold">
        {awaiting.length} row{awaiting.length === 1 ? "" : "s"} awaiting a second person's review:
      </Text>
      {[...new Set(mine.map((a) => a.preparedBy))].map((p) => (
        <Text key={p} as="p">
          {ownRowsSentence(p)}
        </Text>
      ))}
      {theirs.length > 1 && (
        <div className={styles.row}>
          <Button size="small" onClick={() => all("approve")}>
            Approve and send all
          </Button>
          <Button size="small" onClick={() => all("return")}>
            Return all with a note
          </Button>
        </div>
      )}
      {awaiting.map((a) => {
        const { pick, note } = pickOf(a.rowIndex);
        return (
          <div key={a.rowIndex} className={styles.group}>
            <Text>
              {a.name}, prepared by {a.preparedBy || "someone unnamed"}: {a.reasons.join("; ") || "no reason kept"}
            </Text>
            {a.mayReview && (
              <RadioGroup
                layout="horizontal"
                aria-label={`Review: ${a.name}`}
                value={pick}
                onChange={(_, d) => picking.set(sheet.sheetName, a.rowIndex, { pick: d.value as ReviewPick })}
              >
                {PICKS.map((p) => (
                  <Radio key={p.value} value={p.value} label={p.label} />
                ))}
              </RadioGroup>
            )}
            {a.mayReview && pick === "return" && (
              <Field
                label={`Note for ${a.preparedBy || "the preparer"}`}
                validationState={note.trim() === "" ? "error" : "none"}
                validationMessage={note.trim() === "" ? "Say what to change: the note goes into the row's Message." : undefined}
              >
                <Input
                  value={note}
                  maxLength={300}
                  onChange={(_, d) => picking.set(sheet.sheetName, a.rowIndex, { note: d.value })}
                />
              </Field>
            )}
          </div>
        );
      })}
    </section>
  );
}

/** With the review on, what Send does with flagged rows. */
export const SecondPersonNote = ({ sheets }: { sheets: readonly SheetCheck[] }) =>
  sheets.some((s) => s.awaiting !== undefined) ? (
    <Text as="p">
      Pushes with flagged rows need a second person: flagged rows are not sent, they wait for another person's review.
    </Text>
  ) : null;
