/**
 * The frame of every question the pane and the preview ask in a dialog (title, content, the answers), and the "type
 * a name" dialog drawn in it (the pane's Prepared by, the preview's Rename sheet).
 */
import * as React from "react";
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
} from "@fluentui/react-components";

export interface AskDialogProps {
  open: boolean;
  title: React.ReactNode;
  /** Escape (or a click outside a non-alert dialog): the answer that changes nothing. */
  onDismiss(): void;
  /** The answers, as buttons (the primary one last). */
  actions: React.ReactNode;
  children?: React.ReactNode;
  /** An alert dialog (the default) closes only through its answers or Escape. */
  alert?: boolean;
  /** With it the body is a form: Enter in a field, or a `type="submit"` button, submits it. */
  onSubmit?(): void;
  /** For a test to find the content. */
  contentTestId?: string;
}

/** One question in a dialog: the frame every dialog of the pane and the preview is drawn in. */
export function AskDialog(props: AskDialogProps) {
  const body = (
    <DialogBody>
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent data-testid={props.contentTestId}>{props.children}</DialogContent>
      <DialogActions>{props.actions}</DialogActions>
    </DialogBody>
  );
  const { onSubmit } = props;
  return (
    <Dialog
      open={props.open}
      modalType={props.alert === false ? "modal" : "alert"}
      onOpenChange={(_, d) => !d.open && props.onDismiss()}
    >
      <DialogSurface aria-describedby={undefined}>
        {onSubmit ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              onSubmit();
            }}
          >
            {body}
          </form>
        ) : (
          body
        )}
      </DialogSurface>
    </Dialog>
  );
}

export interface NameDialogProps {
  open: boolean;
  title: string;
  label: string;
  hint?: string;
  value: string;
  onChange(value: string): void;
  /** Why the name cannot be used yet: an error, or (`"none"`) a plain note. */
  problem?: { text: string; state: "error" | "none" };
  maxLength?: number;
  submitLabel: string;
  /** Off: the submit button is disabled and Enter does nothing. */
  canSubmit?: boolean;
  onSubmit(): void;
  onCancel(): void;
  alert?: boolean;
}

/** "Type a name": one field, Cancel, and a submit button that Enter also presses. */
export function NameDialog(props: NameDialogProps) {
  const can = props.canSubmit !== false;
  return (
    <AskDialog
      open={props.open}
      title={props.title}
      alert={props.alert}
      onDismiss={props.onCancel}
      onSubmit={() => can && props.onSubmit()}
      actions={
        <>
          <Button appearance="secondary" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button appearance="primary" type="submit" disabled={!can}>
            {props.submitLabel}
          </Button>
        </>
      }
    >
      <Field label={props.label} hint={props.hint} validationMessage={props.problem?.text} validationState={props.problem?.state}>
        <Input value={props.value} maxLength={props.maxLength} autoFocus onChange={(_, d) => props.onChange(d.value)} />
      </Field>
    </AskDialog>
  );
}
