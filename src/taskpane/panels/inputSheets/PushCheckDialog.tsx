/**
 * The check before a push: per client and per sheet the rows and cells to send and each input's totals, the rows
 * flagged against last period with their reasons, and the user's choice (Send, Send all but flagged, Cancel).
 */
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
import type { PushCheckChoice, PushCheckReview, SheetCheck } from "../../flows/pushCheck";
import { displayLocale, formatDate } from "../../locale";
import { usePartStyles } from "../parts/styles";

/** Flagged rows listed per sheet; the rest are counted (each has its reason in its Message once pushed or held). */
const LISTED_FLAGS = 50;

const figure = (n: number | null, signed = false) =>
  n === null
    ? "—"
    : (signed && n > 0 ? "+" : "") + n.toLocaleString(displayLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const plural = (n: number, word: string) => `${n.toLocaleString(displayLocale())} ${word}${n === 1 ? "" : "s"}`;
const toSend = (rows: number, cells: number) => `${plural(rows, "row")} and ${plural(cells, "cell")} to send`;
const cell = { padding: "2px 8px", textAlign: "right" } as const;

function Totals({ sheet }: { sheet: SheetCheck }) {
  return (
    <table aria-label={`Control totals: ${sheet.sheetName}`} style={{ borderCollapse: "collapse" }}>
      <thead>
        <tr>
          {["Input", "Cells", "Before", "New", "Difference"].map((h, i) => (
            <th key={h} scope="col" style={{ ...cell, textAlign: i === 0 ? "left" : "right" }}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sheet.totals.columns.map((c) => (
          <tr key={c.header}>
            <th scope="row" style={{ ...cell, textAlign: "left" }}>
              {c.header}
            </th>
            <td style={cell}>{c.cells}</td>
            <td style={cell}>{figure(c.before)}</td>
            <td style={cell}>{figure(c.after)}</td>
            <td style={cell}>{figure(c.difference, true)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Flags({ sheet }: { sheet: SheetCheck }) {
  const styles = usePartStyles();
  if (sheet.previousDate === null)
    return <Text>This is the wave's first period: there is no earlier payslip to compare with.</Text>;
  const against = formatDate(sheet.previousDate);
  if (sheet.flags.length === 0) return <Text>No row is flagged against the payslips of {against}.</Text>;
  const more = sheet.flags.length - LISTED_FLAGS;
  return (
    <>
      <Text weight="semibold">
        {plural(sheet.flags.length, "row")} flagged against the payslips of {against}:
      </Text>
      <ul className={styles.list} aria-label={`Flagged rows: ${sheet.sheetName}`} tabIndex={0}>
        {sheet.flags.slice(0, LISTED_FLAGS).map((f) => (
          <li key={f.rowIndex}>
            {f.name}: {f.reasons.join("; ")}
          </li>
        ))}
        {more > 0 && <li>and {plural(more, "more row")} (each says why in its Message)</li>}
      </ul>
    </>
  );
}

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

function Review({ review }: { review: PushCheckReview }) {
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
          <Totals sheet={s} />
          <Flags sheet={s} />
        </div>
      ))}
    </section>
  ));
}

export function PushCheckDialog(props: { review: PushCheckReview | null; onChoose(choice: PushCheckChoice): void }) {
  const { review } = props;
  const sheets = review?.sheets ?? [];
  const title =
    sheets.length === 1
      ? `Check before sending: ${sheets[0].sheetName}`
      : `Check before sending ${plural(sheets.length, "input sheet")}`;
  return (
    <Dialog open={review !== null} modalType="alert" onOpenChange={(_, d) => !d.open && props.onChoose("cancel")}>
      <DialogSurface aria-describedby={undefined}>
        {review && (
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent>
              <Review review={review} />
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => props.onChoose("cancel")}>
                Cancel
              </Button>
              <Button
                appearance="secondary"
                disabled={sheets.every((s) => s.flags.length === 0)}
                onClick={() => props.onChoose("sendUnflagged")}
              >
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
