/**
 * The frame of the preview's own dialogs, as Excel's: its message box and its sheet questions (delete, rename). The
 * walls keep the pane's kit views out of the page, so the preview draws these itself. Enter submits the form (a
 * `type="submit"` button answers it); Escape dismisses.
 */
import * as React from "react";
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from "@fluentui/react-components";

export function ExcelDialog(props: {
  title: React.ReactNode;
  /** The answers, as buttons. */
  actions: React.ReactNode;
  children: React.ReactNode;
  open?: boolean;
  onDismiss(): void;
  onSubmit?(): void;
  /** Excel's message box is an alert; its Rename box is a plain modal. */
  modal?: "alert" | "modal";
  contentTestId?: string;
}): React.JSX.Element {
  return (
    <Dialog open={props.open ?? true} modalType={props.modal ?? "alert"} onOpenChange={(_, d) => !d.open && props.onDismiss()}>
      <DialogSurface>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            props.onSubmit?.();
          }}
        >
          <DialogBody>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogContent data-testid={props.contentTestId}>{props.children}</DialogContent>
            <DialogActions>{props.actions}</DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
