/**
 * Layout pieces the feature panels share: a feature view's frame, a titled section, a row of actions and a radio
 * choice; the confirmation dialogs (./dialogs) and the outcome bar (./outcomeBar) are exported from here too.
 */
import * as React from "react";
import { Button, Radio, RadioGroup, Text, useRestoreFocusTarget } from "@fluentui/react-components";
import { usePartStyles } from "./styles";

import { DeleteDialog } from "./dialogs";
import { OutcomeBar, type Outcome } from "./outcomeBar";

export { DeleteDialog, OutcomeBar, type Outcome };

/** What every feature view is given: whether long work runs (its buttons wait), and the last action's outcome. */
export interface FeatureViewProps {
  busy: boolean;
  outcome: Outcome;
}

/** A question before deleting: what it lists (null while not asking) and the answers. */
export interface DeleteQuestion {
  title: string;
  confirm: { items: readonly string[] } | null;
  onConfirm(): void;
  onCancel(): void;
}

/** The delete question of a view whose props carry it as `confirm`, `onConfirmDelete` and `onCancelDelete`. */
export function deleteQuestion(
  title: string,
  p: { confirm: DeleteQuestion["confirm"]; onConfirmDelete(): void; onCancelDelete(): void },
): DeleteQuestion {
  return { title, confirm: p.confirm, onConfirm: p.onConfirmDelete, onCancel: p.onCancelDelete };
}

/** A feature's view: its sections, then the outcome of the last action under them, and its delete question if any. */
export function FeatureView(props: { outcome: Outcome; deleting?: DeleteQuestion; children: React.ReactNode }) {
  const styles = usePartStyles();
  return (
    <div className={styles.root}>
      {props.children}
      <OutcomeBar outcome={props.outcome} />
      {props.deleting && <DeleteDialog {...props.deleting} />}
    </div>
  );
}

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
