import { Button, Field, ProgressBar, Text, makeStyles, tokens } from "@fluentui/react-components";
import type { ProgressEntry } from "../progress";

const useStyles = makeStyles({
  // Sticks to the top of the pane so the counts and Cancel stay in view while the user scrolls a long panel.
  root: {
    position: "sticky",
    top: 0,
    zIndex: 2,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow8,
  },
  row: { display: "flex", alignItems: "flex-end", gap: tokens.spacingHorizontalS },
  field: { flexGrow: 1 },
});

export interface ProgressAreaProps {
  entries: ProgressEntry[];
  onCancel(id: number): void;
  /** A note on the running work, shown above the bars: e.g. that Excel waits for a cell entry to end. */
  notice?: string | null;
}

/** A progress bar with counts and a Cancel button per running task. */
export function ProgressArea({ entries, onCancel, notice }: ProgressAreaProps) {
  const styles = useStyles();
  if (entries.length === 0 && !notice) return null;
  return (
    <section className={styles.root} aria-label="Work in progress">
      {notice && (
        <Text role="status" weight="semibold">
          {notice}
        </Text>
      )}
      {entries.map((entry) => {
        const counts = entry.total !== undefined ? `${entry.done} of ${entry.total}` : entry.done > 0 ? `${entry.done} done` : "";
        const hint = [counts, entry.detail, entry.cancelling ? "Cancelling…" : ""].filter(Boolean).join(" · ") || "Working…";
        const value = entry.total ? Math.min(1, entry.done / entry.total) : undefined;
        return (
          <div className={styles.row} key={entry.id}>
            <Field className={styles.field} label={entry.label} hint={hint}>
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
