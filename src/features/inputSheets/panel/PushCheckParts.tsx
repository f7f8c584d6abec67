/** The parts of the check dialog: a sheet's control totals table and its flagged rows. */
import { Text } from "@fluentui/react-components";
import type { SheetCheck } from "../flows/pushCheck";
import { displayLocale, formatDate } from "../../../ui/locale";
import { usePartStyles } from "../../../ui/parts/styles";

/** Flagged rows listed per sheet; the rest are counted (each has its reason in its Message once pushed or held). */
const LISTED_FLAGS = 50;

const figure = (n: number | null, signed = false) =>
  n === null
    ? "—"
    : (signed && n > 0 ? "+" : "") + n.toLocaleString(displayLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const plural = (n: number, word: string) => `${n.toLocaleString(displayLocale())} ${word}${n === 1 ? "" : "s"}`;
export const toSend = (rows: number, cells: number) => `${plural(rows, "row")} and ${plural(cells, "cell")} to send`;
const cell = { padding: "2px 8px", textAlign: "right" } as const;

export function Totals({ sheet }: { sheet: SheetCheck }) {
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

export function Flags({ sheet }: { sheet: SheetCheck }) {
  const styles = usePartStyles();
  if (sheet.previousDate === null)
    return <Text>This is the wave's first period: there is no earlier payslip to compare with.</Text>;
  const against = formatDate(sheet.previousDate);
  // Rows awaiting review are flagged too, listed on their own (./ReviewRows).
  const other = (sheet.awaiting ?? []).length > 0 ? "other " : "";
  if (sheet.flags.length === 0) return <Text>No {other}row is flagged against the payslips of {against}.</Text>;
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

/** The rows that will not be sent, each with why: "1 row will not be sent: Ann Byrne (0012): 'ten' is not a number". */
export function NotSent({ sheet }: { sheet: SheetCheck }) {
  const styles = usePartStyles();
  if (sheet.notSent.length === 0) return null;
  const more = sheet.notSent.length - LISTED_FLAGS;
  return (
    <>
      <Text weight="semibold">{plural(sheet.notSent.length, "row")} will not be sent:</Text>
      <ul className={styles.list} aria-label={`Rows not sent: ${sheet.sheetName}`} tabIndex={0}>
        {sheet.notSent.slice(0, LISTED_FLAGS).map((r) => (
          <li key={r.rowIndex}>
            {r.name}: {r.reason}
          </li>
        ))}
        {more > 0 && <li>and {plural(more, "more row")} (each says why in its Message)</li>}
      </ul>
    </>
  );
}

/** Whether every row to send is flagged: "Send all but flagged" would then send nothing. */
export const allFlagged = (sheets: readonly SheetCheck[]) =>
  sheets.some((s) => s.flags.length > 0) && sheets.every((s) => s.flags.length === s.totals.rows);
