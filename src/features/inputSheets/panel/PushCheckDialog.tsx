/**
 * The check before a push: per client and per sheet the rows and cells to send and each input's totals, the rows
 * flagged against last period with their reasons, and the user's choice (Send, Send all but flagged, Cancel).
 */
import { Button, Text } from "@fluentui/react-components";
import { AskDialog } from "../../../ui/parts/askDialog";
import type { PushCheckAnswer, PushCheckReview, SheetCheck } from "../flows/pushCheck";
import { Flags, NotSent, Totals, allFlagged, plural, toSend } from "./PushCheckParts";
import { ReviewRows, SecondPersonNote, useReviewPicks } from "./ReviewRows";

/** The sheets grouped by client (already in client order), each client with its rows and cells in all. */
function byClient(sheets: readonly SheetCheck[]) {
  const groups = new Map<number, { clientName: string; sheets: SheetCheck[] }>();
  for (const s of sheets) {
    const g = groups.get(s.clientId) ?? { clientName: s.clientName, sheets: [] };
    g.sheets.push(s);
    groups.set(s.clientId, g);
  }
  return [...groups.values()];
}

function Review({ review, picking }: { review: PushCheckReview; picking: ReturnType<typeof useReviewPicks> }) {
  const many = review.sheets.length > 1;
  return byClient(review.sheets).map((g) => (
    <section key={g.clientName} aria-label={g.clientName}>
      <Text as="p" weight={many ? "semibold" : "regular"}>
        {g.clientName}:{" "}
        {toSend(
          g.sheets.reduce((n, s) => n + s.totals.rows, 0),
          g.sheets.reduce((n, s) => n + s.totals.cells, 0),
        )}
        {many && ` in ${plural(g.sheets.length, "sheet")}`}.
      </Text>
      {g.sheets.map((s) => (
        <div key={s.sheetName}>
          {many && <Text as="p">{`${s.sheetName}: ${toSend(s.totals.rows, s.totals.cells)}.`}</Text>}
          <NotSent sheet={s} />
          <Totals sheet={s} />
          <Flags sheet={s} />
          <ReviewRows sheet={s} picking={picking} />
        </div>
      ))}
    </section>
  ));
}

export function PushCheckDialog(props: { review: PushCheckReview | null; onChoose(answer: PushCheckAnswer): void }) {
  const { review } = props;
  const picking = useReviewPicks(review);
  const sheets = review?.sheets ?? [];
  const nothingLeft = allFlagged(sheets);
  const title =
    sheets.length === 1
      ? `Check before sending: ${sheets[0].sheetName}`
      : `Check before sending ${plural(sheets.length, "input sheet")}`;
  return (
    <AskDialog
      open={review !== null}
      title={title}
      onDismiss={() => props.onChoose("cancel")}
      actions={
        <>
          <Button appearance="secondary" onClick={() => props.onChoose("cancel")}>
            Cancel
          </Button>
          <Button
            appearance="secondary"
            disabled={sheets.every((s) => s.flags.length === 0)}
            onClick={() => props.onChoose(picking.answer("sendUnflagged"))}
          >
            {nothingLeft ? "Send all but flagged (sends nothing)" : "Send all but flagged"}
          </Button>
          <Button appearance="primary" disabled={picking.missingNote} onClick={() => props.onChoose(picking.answer("send"))}>
            Send
          </Button>
        </>
      }
    >
      <SecondPersonNote sheets={sheets} />
      {review && <Review review={review} picking={picking} />}
      {nothingLeft && (
        <Text as="p" weight="semibold">
          Every row to send is flagged: Send all but flagged would send nothing and hold them all.
        </Text>
      )}
    </AskDialog>
  );
}
