/** The confirmation dialogs the feature panels share: ask before destructive work, listing what it touches. */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from "@fluentui/react-components";
import { usePartStyles } from "./styles";

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
