/**
 * Tells screen readers when work starts and when Cancel was pressed, through a polite live region that stays in the
 * page (a region inserted together with its text is often not read). The bars themselves are progressbars with their
 * counts, and the end of a task is its panel's outcome, which is announced there.
 */
import * as React from "react";
import { makeStyles } from "@fluentui/react-components";
import type { ProgressEntry } from "../progress";
import { visuallyHidden } from "./visuallyHidden";

const useStyles = makeStyles({
  visuallyHidden,
});

/** What to say about the change from `before` (id → cancelling) to `entries`, or "" when nothing new. */
export function progressNews(before: ReadonlyMap<number, boolean>, entries: readonly ProgressEntry[]): string {
  const lines: string[] = [];
  for (const e of entries) {
    const wasCancelling = before.get(e.id);
    if (wasCancelling === undefined) lines.push(`${e.label}: started.`);
    else if (!wasCancelling && e.cancelling) lines.push(`${e.label}: cancelling.`);
  }
  return lines.join(" ");
}

export function ProgressAnnouncer({ entries }: { entries: readonly ProgressEntry[] }) {
  const styles = useStyles();
  const seen = React.useRef<ReadonlyMap<number, boolean>>(new Map());
  // Each message gets its own key, so the same words again (an import run twice) are read again.
  const [said, setSaid] = React.useState({ text: "", n: 0 });
  React.useEffect(() => {
    const news = progressNews(seen.current, entries);
    seen.current = new Map(entries.map((e) => [e.id, e.cancelling]));
    if (news) setSaid((s) => ({ text: news, n: s.n + 1 }));
  }, [entries]);
  return (
    <div className={styles.visuallyHidden} role="status" aria-live="polite">
      <span key={said.n}>{said.text}</span>
    </div>
  );
}
