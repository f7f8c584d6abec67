/**
 * Pending changes of the chosen input sheet, the view: the live count ("3 changes pending in 3 rows"), Review
 * changes (every change with the employee, the input, the value when built or last pushed and the new one;
 * choosing one goes to its cell) and Undo selected changes. Data and callbacks only.
 */
import * as React from "react";
import { Button, MessageBar, MessageBarBody, Text, makeStyles, tokens } from "@fluentui/react-components";
import type { PendingChange } from "../model/pendingChanges";
import { Section } from "../../../ui/parts/layout";
import { usePartStyles } from "../../../ui/parts/styles";

/** A value as the review list shows it. */
export function showValue(value: PendingChange["before"], type: PendingChange["type"]): string {
  if (value === null || value === "") return "(blank)";
  if (typeof value === "number")
    return type === "currency"
      ? value.toLocaleString("en-IE", { minimumFractionDigits: 2, maximumFractionDigits: 2 })
      : value.toLocaleString("en-IE", { maximumFractionDigits: 6 });
  return String(value);
}

const useTableStyles = makeStyles({
  table: { width: "100%", borderCollapse: "collapse", textAlign: "left" },
  cell: { padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`, verticalAlign: "middle" },
  amount: { textAlign: "end", whiteSpace: "nowrap" },
});

/** A longer list would slow the pane for little use: the count says how many more there are. */
const MAX_LISTED = 1000;

export interface PendingChangesViewProps {
  text: string | null;
  error: string | null;
  changes: readonly PendingChange[];
  reviewing: boolean;
  onReview(): void;
  onGoTo(change: PendingChange): void;
  onUndo(): void;
  busy: boolean;
}

export function PendingChangesView(props: PendingChangesViewProps) {
  const styles = usePartStyles();
  const table = useTableStyles();
  const listId = React.useId();
  const amount = `${table.cell} ${table.amount}`;
  return (
    <Section title="Pending changes" hint="Edited input cells are shaded until they are pushed or undone.">
      <Text role="status" aria-live="polite" weight="semibold">
        {props.text ?? "Reading the sheet…"}
      </Text>
      {props.error && (
        <MessageBar intent="error">
          <MessageBarBody>{props.error}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.row}>
        <Button aria-expanded={props.reviewing} aria-controls={listId} onClick={props.onReview} disabled={props.text === null}>
          {props.reviewing ? "Hide changes" : "Review changes"}
        </Button>
        <Button onClick={props.onUndo} disabled={props.busy || props.changes.length === 0}>
          Undo selected changes
        </Button>
      </div>
      {props.reviewing && (
        <div id={listId} className={styles.box}>
          {props.changes.length === 0 ? (
            <Text>Nothing has changed since the sheet was built or last pushed.</Text>
          ) : (
            <table aria-label="Pending changes" className={table.table}>
              <thead>
                <tr>
                  <th scope="col" className={table.cell}>
                    Employee
                  </th>
                  <th scope="col" className={table.cell}>
                    Input
                  </th>
                  <th scope="col" className={amount}>
                    Was
                  </th>
                  <th scope="col" className={amount}>
                    Now
                  </th>
                </tr>
              </thead>
              <tbody>
                {props.changes.slice(0, MAX_LISTED).map((c) => (
                  <tr key={`${c.rowIndex}|${c.header}`}>
                    <td className={table.cell}>
                      <Button
                        appearance="subtle"
                        size="small"
                        aria-label={`Go to ${c.number} ${c.name}, ${c.header}`}
                        onClick={() => props.onGoTo(c)}
                      >
                        {c.number} {c.name}
                      </Button>
                    </td>
                    <td className={table.cell}>{c.header}</td>
                    <td className={amount}>{showValue(c.before, c.type)}</td>
                    <td className={amount} title={c.problem ?? undefined}>
                      {showValue(c.after, c.type)}
                      {c.problem ? " ⚠" : ""}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
      {props.reviewing && props.changes.length > MAX_LISTED && (
        <Text size={200}>
          The first {MAX_LISTED} changes are listed; {props.changes.length - MAX_LISTED} more are pending and go with Push
          changes.
        </Text>
      )}
      {props.reviewing && props.changes.length > 0 && (
        <Text size={200}>
          Choose an employee to go to the cell; select changed cells on the sheet and press Undo selected changes to put them
          back.
        </Text>
      )}
    </Section>
  );
}
