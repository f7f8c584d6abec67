/**
 * "Prepared by" before every push: every push path (Push changes and the other modes, Retry failed, Overwrite
 * conflicts, Push all, Undo push) goes through `withName`. With a remembered name it goes on at once; without one
 * it asks in a dialog first (the name is then remembered on this computer), and with Cancel nothing is sent.
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
import { preparedBy, setPreparedBy } from "../../../ui/preparedBy";

/** Runs `go` once a name is known; asks for it first when none is. */
export type WithName = (go: () => void) => void;

function PreparedByDialog(props: { open: boolean; onSave(name: string): void; onCancel(): void }) {
  const [name, setName] = React.useState("");
  // A fresh, empty field each time it asks.
  React.useEffect(() => {
    if (props.open) setName("");
  }, [props.open]);
  const blank = name.trim() === "";
  return (
    <Dialog open={props.open} modalType="alert" onOpenChange={(_, d) => !d.open && props.onCancel()}>
      <DialogSurface aria-describedby={undefined}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!blank) props.onSave(name);
          }}
        >
          <DialogBody>
            <DialogTitle>Who is preparing this push?</DialogTitle>
            <DialogContent>
              <Field
                label="Prepared by"
                hint="Every push writes your name on its Change history lines. This computer remembers it; change it under Change history and undo."
                validationMessage={blank ? "Type your name to push." : undefined}
                validationState={blank ? "none" : undefined}
              >
                <Input value={name} maxLength={100} autoFocus onChange={(_, d) => setName(d.value)} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={props.onCancel}>
                Cancel
              </Button>
              <Button appearance="primary" type="submit" disabled={blank}>
                Save name and push
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/** The remembered name (shown in Change history), its change, the gate and its dialog (render it once). */
export function usePreparedBy() {
  const [name, setName] = React.useState(preparedBy);
  const [waiting, setWaiting] = React.useState<{ go: () => void } | null>(null);
  const change = React.useCallback((value: string) => {
    setName(value);
    setPreparedBy(value);
  }, []);
  const withName: WithName = React.useCallback((go) => {
    if (preparedBy().trim() !== "") go();
    else setWaiting({ go });
  }, []);
  const dialog = (
    <PreparedByDialog
      open={waiting !== null}
      onSave={(typed) => {
        change(typed.trim());
        const next = waiting;
        setWaiting(null);
        // Only with a name that stuck (never a blank one): then the push goes on.
        if (next && preparedBy().trim() !== "") next.go();
      }}
      onCancel={() => setWaiting(null)}
    />
  );
  return { name, change, withName, dialog };
}
