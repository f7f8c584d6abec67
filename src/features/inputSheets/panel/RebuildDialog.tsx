/**
 * Asked before a build replaces an input sheet that holds changes not yet pushed: keep them (the default, carried
 * into the rebuilt sheet as pending changes), discard them, or cancel the build.
 */
import { Button, Text } from "@fluentui/react-components";
import { AskDialog } from "../../../ui/parts/askDialog";

export type RebuildChoice = "keep" | "discard" | "cancel";

export interface RebuildQuestion {
  sheetName: string;
  /** "3 changes pending in 2 rows" */
  text: string;
}

export function RebuildDialog(props: { question: RebuildQuestion | null; onAnswer(choice: RebuildChoice): void }) {
  const q = props.question;
  return (
    <AskDialog
      open={q !== null}
      title={<>Rebuild “{q?.sheetName}”?</>}
      onDismiss={() => props.onAnswer("cancel")}
      actions={
        <>
          <Button appearance="primary" onClick={() => props.onAnswer("keep")}>
            Keep my changes
          </Button>
          <Button onClick={() => props.onAnswer("discard")}>Discard them</Button>
          <Button onClick={() => props.onAnswer("cancel")}>Cancel</Button>
        </>
      }
    >
      <Text block>This sheet has changes not pushed yet: {q?.text}. Rebuilding reads the service's values again.</Text>
      <Text block>Keep my changes puts them back on the rebuilt sheet as pending changes, shaded and counted.</Text>
    </AskDialog>
  );
}
