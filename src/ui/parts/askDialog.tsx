/**
 * The frame of the questions the pane asks in a dialog: title, content, the answers (ConfirmDialog, the client change,
 * the check before a push, the rebuild question). Prepared by keeps its own dialog: drawn in this frame, jsdom left
 * its surface hidden from the accessibility tree when it opened (test/features/inputSheets/preparedByGate).
 */
import * as React from "react";
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from "@fluentui/react-components";

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
