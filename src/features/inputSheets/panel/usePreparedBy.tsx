/**
 * "Prepared by" before every push: every push path (Push changes and the other modes, Retry failed, Overwrite
 * conflicts, Push all, Undo push) goes through `withName`. With a remembered name it goes on at once; without one
 * it asks in a dialog first (the name is then remembered on this computer), and with Cancel nothing is sent.
 */
import * as React from "react";
import { NameDialog } from "../../../ui/parts/askDialog";
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
    <NameDialog
      open={props.open}
      title="Who is preparing this push?"
      label="Prepared by"
      hint="Every push writes your name on its Change history lines. This computer remembers it; change it under Change history and undo."
      value={name}
      onChange={setName}
      problem={blank ? { text: "Type your name to push.", state: "none" } : undefined}
      maxLength={100}
      submitLabel="Save name and push"
      canSubmit={!blank}
      onSubmit={() => props.onSave(name)}
      onCancel={props.onCancel}
    />
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
