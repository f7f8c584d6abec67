/**
 * Layout pieces the feature panels share: a titled section, a row of actions and a radio choice; the confirmation
 * dialogs (./dialogs) and the outcome bar (./outcomeBar) are exported from here too.
 */
import * as React from "react";
import { Button, Radio, RadioGroup, Text, useRestoreFocusTarget } from "@fluentui/react-components";
import { usePartStyles } from "./styles";

export { DeleteDialog } from "./dialogs";
export { OutcomeBar, type Outcome } from "./outcomeBar";

/** A titled group of controls (a fieldset, so screen readers announce the title with each control). */
export function Section(props: { title: string; children: React.ReactNode; hint?: string }) {
  const styles = usePartStyles();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>
        <Text weight="semibold">{props.title}</Text>
      </legend>
      {props.hint && <Text size={200}>{props.hint}</Text>}
      {props.children}
    </fieldset>
  );
}

/** One button of an ActionRow. */
export interface Action {
  label: string;
  onClick(): void;
  /** Disabled for a reason of its own (besides the pane being busy). */
  disabled?: boolean;
  primary?: boolean;
}

/** A row of buttons, all disabled while the pane is busy. */
export function ActionRow({ busy, actions }: { busy: boolean; actions: readonly Action[] }) {
  const styles = usePartStyles();
  // A button here may open a confirmation; it is disabled while the selection is read, so the dialog cannot see
  // it as the opener. Marked as a restore target, it gets focus back when the dialog closes.
  const restoreFocusTarget = useRestoreFocusTarget();
  return (
    <div className={styles.row}>
      {actions.map((a) => (
        <Button
          key={a.label}
          appearance={a.primary ? "primary" : "secondary"}
          disabled={busy || a.disabled}
          onClick={a.onClick}
          {...restoreFocusTarget}
        >
          {a.label}
        </Button>
      ))}
    </div>
  );
}

/** One of a few options as radio buttons, side by side. */
export function RadioChoice<V extends string>(props: {
  value: V;
  options: readonly { value: V; label: string }[];
  onChange(value: V): void;
  "aria-label"?: string;
}) {
  return (
    <RadioGroup
      aria-label={props["aria-label"]}
      value={props.value}
      onChange={(_, d) => props.onChange(d.value as V)}
      layout="horizontal"
    >
      {props.options.map((o) => (
        <Radio key={o.value} value={o.value} label={o.label} />
      ))}
    </RadioGroup>
  );
}
