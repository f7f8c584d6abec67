import * as React from "react";
import { Button, Field, ProgressBar, makeStyles, tokens } from "@fluentui/react-components";
import type { ProgressEntry } from "../progress";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  row: { display: "flex", alignItems: "flex-end", gap: tokens.spacingHorizontalS },
  field: { flexGrow: 1 },
});

export interface ProgressAreaProps {
  entries: ProgressEntry[];
  onCancel(id: number): void;
}

/** A progress bar with counts and a Cancel button per running task. */
export function ProgressArea({ entries, onCancel }: ProgressAreaProps) {
  const styles = useStyles();
  if (entries.length === 0) return null;
  return (
    <section className={styles.root} aria-label="Work in progress">
      {entries.map((entry) => {
        const counts = entry.total !== undefined ? `${entry.done} of ${entry.total}` : entry.done > 0 ? `${entry.done} done` : "";
        const hint = [counts, entry.detail, entry.cancelling ? "Cancelling…" : ""].filter(Boolean).join(" · ");
        const value = entry.total ? Math.min(1, entry.done / entry.total) : undefined;
        return (
          <div className={styles.row} key={entry.id}>
            <Field className={styles.field} label={entry.label} hint={hint || undefined}>
              <ProgressBar value={value} max={1} aria-label={`${entry.label} progress`} />
            </Field>
            <Button onClick={() => onCancel(entry.id)} disabled={entry.cancelling} aria-label={`Cancel ${entry.label}`}>
              Cancel
            </Button>
          </div>
        );
      })}
    </section>
  );
}
