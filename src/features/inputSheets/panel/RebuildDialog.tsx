/**
 * Asked before a build replaces an input sheet that holds changes not yet pushed: keep them (the default, carried
 * into the rebuilt sheet as pending changes), discard them, or cancel the build.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
} from "@fluentui/react-components";

export type RebuildChoice = "keep" | "discard" | "cancel";

export interface RebuildQuestion {
  sheetName: string;
  /** "3 changes pending in 2 rows" */
  text: string;
}

export function RebuildDialog(props: { question: RebuildQuestion | null; onAnswer(choice: RebuildChoice): void }) {
  const q = props.question;
  return (
    <Dialog open={q !== null} modalType="alert" onOpenChange={(_, d) => !d.open && props.onAnswer("cancel")}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>Rebuild “{q?.sheetName}”?</DialogTitle>
          <DialogContent>
            <Text block>This sheet has changes not pushed yet: {q?.text}. Rebuilding reads the service's values again.</Text>
            <Text block>Keep my changes puts them back on the rebuilt sheet as pending changes, shaded and counted.</Text>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => props.onAnswer("keep")}>
              Keep my changes
            </Button>
            <Button onClick={() => props.onAnswer("discard")}>Discard them</Button>
            <Button onClick={() => props.onAnswer("cancel")}>Cancel</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
