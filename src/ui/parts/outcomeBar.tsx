/** The outcome bar: the last action's outcome, announced through live regions that stay in the page. */
import * as React from "react";
import { MessageBar, MessageBarBody } from "@fluentui/react-components";
import { usePartStyles } from "./styles";
import { OutcomeDetails, type OutcomeDetail } from "./outcomeDetails";

export type Outcome = {
  intent: "success" | "warning" | "error" | "info";
  text: string;
  /** One line per part of the action (e.g. per sheet of Push all input sheets), each with its own icon, under the text. */
  details?: readonly OutcomeDetail[];
  /** The details list's name for screen readers, e.g. "Push all input sheets: one summary per sheet". */
  detailsLabel?: string;
} | null;

/**
 * The last action's outcome, in the flow below the controls (a bar floating over the pane covered buttons in a
 * narrow pane); a new outcome is scrolled into view.
 */
export function OutcomeBar({ outcome }: { outcome: Outcome }) {
  const styles = usePartStyles();
  const root = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    const el = root.current;
    if (!outcome || !el) return;
    const show = () => el.scrollIntoView?.({ block: "nearest" });
    show();
    // The message grows as it enters (its motion, then its details), and the pane above it settles as the task ends
    // (buttons and counts appear or go): follow both sizes for a moment, so the whole outcome ends in view.
    if (typeof ResizeObserver === "undefined") return;
    const watch = new ResizeObserver(show);
    watch.observe(el);
    const pane = el.closest("main");
    if (pane) watch.observe(pane);
    const stop = setTimeout(() => watch.disconnect(), 2000);
    return () => {
      clearTimeout(stop);
      watch.disconnect();
    };
  }, [outcome]);
  // Two live regions that stay in the page, so screen readers read out every new outcome: results politely,
  // failures as alerts. A region inserted together with its text is often not read. Each outcome is its own
  // MessageBar (keyed), so the same words a second time are read again.
  const bar = outcome && (
    <MessageBar key={outcomeKey(outcome)} intent={outcome.intent} data-intent={outcome.intent}>
      <MessageBarBody>
        {outcome.details ? (
          <>
            <div>{outcome.text}</div>
            <OutcomeDetails details={outcome.details} label={outcome.detailsLabel} />
          </>
        ) : (
          outcome.text
        )}
      </MessageBarBody>
    </MessageBar>
  );
  const failed = outcome?.intent === "error";
  return (
    <div ref={root} className={outcome ? styles.outcome : undefined}>
      <div role="status" aria-live="polite">
        {!failed && bar}
      </div>
      <div role="alert">{failed && bar}</div>
    </div>
  );
}

const outcomeKeys = new WeakMap<object, number>();
let lastOutcomeKey = 0;
/** A key per outcome object: each setOutcome({...}) is a new outcome, even with the same words. */
function outcomeKey(outcome: object): number {
  let key = outcomeKeys.get(outcome);
  if (key === undefined) outcomeKeys.set(outcome, (key = ++lastOutcomeKey));
  return key;
}
