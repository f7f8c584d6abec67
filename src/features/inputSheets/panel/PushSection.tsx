/**
 * The Input sheets tab's push step: the push buttons on the chosen sheet (disabled, saying why, on a sheet of a
 * finalised period), more push actions beside them, and the rows per request under Advanced.
 */
import { Button, Field, Input, MessageBar, MessageBarBody, Text } from "@fluentui/react-components";
import { PUSH_MODE_LABELS } from "../model/pushLog";
import type { PushMode } from "../model/pushPlan";
import { fieldError } from "../../../ui/components/fieldError";
import { usePartStyles } from "../../../ui/parts/styles";
import { Fold } from "./Fold";
import type { SheetPickerProps } from "./SheetPicker";

export interface PushSectionProps extends SheetPickerProps {
  chunkSize: string;
  onChunkSizeChange(value: string): void;
  chunkSizeProblem: string | null;
  onPush(mode: PushMode): void;
  /** Why the chosen sheet cannot be pushed (built for a finalised period), or null. */
  readOnlyReason?: string | null;
  /** The chosen sheet's editing tools (pending changes, fill from a sheet): the edit and fill step. */
  sheetTools?: React.ReactNode;
  /** More push actions beside the push buttons (Overwrite conflicts). */
  pushExtras?: React.ReactNode;
  busy: boolean;
}

const PUSH_BUTTONS: { mode: PushMode; primary?: boolean }[] = [
  { mode: "changed", primary: true },
  { mode: "all" },
  { mode: "selected" },
  { mode: "retry" },
];

export function PushSection(props: PushSectionProps) {
  const styles = usePartStyles();
  const readOnly = Boolean(props.readOnlyReason);
  const canPush = !props.busy && props.sheetName !== null && !props.chunkSizeProblem && !readOnly;
  return (
    <>
      <Text size={200}>
        Sends the edited input cells; each row gets a Status and Message, and a line goes to the Push log sheet.
      </Text>
      {readOnly && (
        <MessageBar intent="info">
          <MessageBarBody>{props.readOnlyReason}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.row}>
        {PUSH_BUTTONS.map((b) => (
          <Button
            key={b.mode}
            appearance={b.primary ? "primary" : "secondary"}
            disabled={!canPush}
            onClick={() => props.onPush(b.mode)}
          >
            {PUSH_MODE_LABELS[b.mode]}
          </Button>
        ))}
        {props.pushExtras}
      </div>
      <Fold title="Advanced" kind="minor" defaultOpen={false}>
        <Field
          label="Rows per request"
          hint="Rows sent in one bulk input request (1 to 1000)."
          {...fieldError(props.chunkSizeProblem)}
        >
          <Input type="number" min={1} max={1000} value={props.chunkSize} onChange={(_, d) => props.onChunkSizeChange(d.value)} />
        </Field>
      </Fold>
    </>
  );
}
