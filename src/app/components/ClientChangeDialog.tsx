/** Asked before the pane changes client while input sheets of the current one hold changes not yet pushed. */
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
import type { SheetPending } from "../../features/inputSheets";

export interface ClientChangeQuestion {
  /** The client being left, and the one chosen. */
  from: string;
  to: string;
  sheets: readonly SheetPending[];
}

export function ClientChangeDialog(props: { question: ClientChangeQuestion | null; onAnswer(change: boolean): void }) {
  const q = props.question;
  return (
    <Dialog open={q !== null} modalType="alert" onOpenChange={(_, d) => !d.open && props.onAnswer(false)}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>Changes not pushed for {q?.from}</DialogTitle>
          <DialogContent>
            <Text block>These input sheets hold changes that are not in the service yet:</Text>
            <ul aria-label="Sheets with changes not pushed">
              {q?.sheets.map((s) => (
                <li key={s.sheetName}>
                  {s.sheetName}: {s.text}
                </li>
              ))}
            </ul>
            <Text block>
              They stay on the sheets if you change to {q?.to}; choose {q?.from} again (or use Push all input sheets) to send
              them.
            </Text>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => props.onAnswer(false)}>
              Stay on {q?.from}
            </Button>
            <Button onClick={() => props.onAnswer(true)}>Change anyway</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
