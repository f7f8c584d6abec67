/** Asked before the pane changes client while input sheets of the current one hold changes not yet pushed. */
import { Button, Text } from "@fluentui/react-components";
import { AskDialog } from "../../ui/parts/askDialog";
import type { SheetPending } from "../../features/inputSheets";
import { formatDate } from "../../ui/locale";

export interface ClientChangeQuestion {
  /** The client being left, and the one chosen. */
  from: string;
  to: string;
  sheets: readonly SheetPending[];
}

export function ClientChangeDialog(props: { question: ClientChangeQuestion | null; onAnswer(change: boolean): void }) {
  const q = props.question;
  // A finalised period's changes must not be advised to be pushed: that push would fail on every row.
  const open = q?.sheets.filter((s) => !s.finalised) ?? [];
  return (
    <AskDialog
      open={q !== null}
      title={<>Changes not pushed for {q?.from}</>}
      onDismiss={() => props.onAnswer(false)}
      actions={
        <>
          <Button appearance="primary" onClick={() => props.onAnswer(false)}>
            Stay on {q?.from}
          </Button>
          <Button onClick={() => props.onAnswer(true)}>Change anyway</Button>
        </>
      }
    >
      <Text block>These input sheets hold changes that are not in the service yet:</Text>
      <ul aria-label="Sheets with changes not pushed">
        {q?.sheets.map((s) => (
          <li key={s.sheetName}>
            {s.sheetName}: {s.text}: {s.words}.
            {s.finalised
              ? ` ${formatDate(s.payslipDate)} is finalised: they can no longer be sent to that payslip. Choose the sheet and press Next period to carry them into the next period as pending changes.`
              : ""}
          </li>
        ))}
      </ul>
      <Text block>
        They stay on the sheets if you change to {q?.to}
        {open.length > 0
          ? `; choose ${q?.from} again (or use Push all input sheets) to send ${open.length === q?.sheets.length ? "them" : "those of open periods"}.`
          : "."}
      </Text>
    </AskDialog>
  );
}
