/** Layout pieces the feature panels share: a titled section, a confirmation dialog and the outcome bar. */
import * as React from "react";
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Text,
  useRestoreFocusTarget,
} from "@fluentui/react-components";
import { usePartStyles } from "./styles";

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

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will be affected, one line each. */
  items: readonly string[];
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before destructive work, listing what it will touch. Escape or Cancel closes it without acting. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const styles = usePartStyles();
  return (
    <Dialog open={props.open} modalType="alert" onOpenChange={(_, d) => !d.open && props.onCancel()}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogContent>
            <ul className={styles.list} aria-label="Affected records" tabIndex={0}>
              {props.items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={props.onCancel}>
              Cancel
            </Button>
            <Button appearance="primary" onClick={props.onConfirm}>
              {props.confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

export type Outcome = { intent: "success" | "warning" | "error" | "info"; text: string } | null;

/** The last action's outcome, kept in view at the bottom of the pane. */
export function OutcomeBar({ outcome }: { outcome: Outcome }) {
  const styles = usePartStyles();
  // Two live regions that stay in the page, so screen readers read out every new outcome: results politely,
  // failures as alerts. A region inserted together with its text is often not read. Each outcome is its own
  // MessageBar (keyed), so the same words a second time are read again.
  const bar = outcome && (
    <MessageBar key={outcomeKey(outcome)} intent={outcome.intent}>
      <MessageBarBody>{outcome.text}</MessageBarBody>
    </MessageBar>
  );
  const failed = outcome?.intent === "error";
  return (
    <div className={outcome ? styles.outcome : undefined}>
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

/** Asks before deleting what `confirm` lists (nothing shown while it is null). */
export function DeleteDialog(props: {
  title: string;
  confirm: { items: readonly string[] } | null;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <ConfirmDialog
      open={props.confirm !== null}
      title={props.title}
      items={props.confirm?.items ?? []}
      confirmLabel="Delete"
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    />
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
