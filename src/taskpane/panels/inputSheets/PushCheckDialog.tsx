/** The check before a push: control totals and the rows flagged against last period, and the user's choice. */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
} from "@fluentui/react-components";
import type { PushCheckChoice, PushCheckReview } from "../../flows/pushCheck";
import { displayLocale, formatDate } from "../../locale";
import { usePartStyles } from "../parts/styles";

/** Flagged rows listed in the dialog; the rest are counted (each has its reason in its Message once pushed or held). */
const LISTED_FLAGS = 50;

const figure = (n: number | null, signed = false) =>
  n === null
    ? "—"
    : (signed && n > 0 ? "+" : "") + n.toLocaleString(displayLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const plural = (n: number, word: string) => `${n.toLocaleString(displayLocale())} ${word}${n === 1 ? "" : "s"}`;

function Totals({ review }: { review: PushCheckReview }) {
  const { totals } = review;
  return (
    <table aria-label="Control totals">
      <thead>
        <tr>
          <th scope="col">Input</th>
          <th scope="col">Cells</th>
          <th scope="col">Before</th>
          <th scope="col">New</th>
          <th scope="col">Difference</th>
        </tr>
      </thead>
      <tbody>
        {totals.columns.map((c) => (
          <tr key={c.header}>
            <th scope="row">{c.header}</th>
            <td>{c.cells}</td>
            <td>{figure(c.before)}</td>
            <td>{figure(c.after)}</td>
            <td>{figure(c.difference, true)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Flags({ review }: { review: PushCheckReview }) {
  const styles = usePartStyles();
  if (review.previousDate === null)
    return <Text>This is the wave's first period: there is no earlier payslip to compare with.</Text>;
  if (review.flags.length === 0) return <Text>No row is flagged against the payslips of {formatDate(review.previousDate)}.</Text>;
  const more = review.flags.length - LISTED_FLAGS;
  return (
    <>
      <Text weight="semibold">
        {plural(review.flags.length, "row")} flagged against the payslips of {formatDate(review.previousDate)}:
      </Text>
      <ul className={styles.list} aria-label="Flagged rows" tabIndex={0}>
        {review.flags.slice(0, LISTED_FLAGS).map((f) => (
          <li key={f.rowIndex}>
            {f.name}: {f.reasons.join("; ")}
          </li>
        ))}
        {more > 0 && <li>and {plural(more, "more row")} (each says why in its Message)</li>}
      </ul>
    </>
  );
}

export function PushCheckDialog(props: { review: PushCheckReview | null; onChoose(choice: PushCheckChoice): void }) {
  const { review } = props;
  return (
    <Dialog open={review !== null} modalType="alert" onOpenChange={(_, d) => !d.open && props.onChoose("cancel")}>
      <DialogSurface aria-describedby={undefined}>
        {review && (
          <DialogBody>
            <DialogTitle>Check before sending: {review.sheetName}</DialogTitle>
            <DialogContent>
              <Text as="p">
                {review.clientName}: {plural(review.totals.rows, "row")} and {plural(review.totals.cells, "cell")} to send.
              </Text>
              <Totals review={review} />
              <Flags review={review} />
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => props.onChoose("cancel")}>
                Cancel
              </Button>
              <Button appearance="secondary" disabled={review.flags.length === 0} onClick={() => props.onChoose("sendUnflagged")}>
                Send all but flagged
              </Button>
              <Button appearance="primary" onClick={() => props.onChoose("send")}>
                Send
              </Button>
            </DialogActions>
          </DialogBody>
        )}
      </DialogSurface>
    </Dialog>
  );
}
