/**
 * The pane's question before a report replaces cells a person typed (flows/reports `confirmReplace`): the sheet and
 * the cells, Replace or Cancel. Cancel, Escape or closing the pane's dialog writes nothing.
 */
import * as React from "react";
import { ConfirmDialog } from "../../../ui/parts/dialogs";

interface Question {
  sheetName: string;
  cells: readonly string[];
  answer(replace: boolean): void;
}

export function useReplaceQuestion() {
  const [question, setQuestion] = React.useState<Question | null>(null);
  const ask = React.useCallback(
    ({ sheetName, cells }: { sheetName: string; cells: readonly string[] }) =>
      new Promise<boolean>((resolve) => setQuestion({ sheetName, cells, answer: resolve })),
    [],
  );
  const answer = (replace: boolean) => {
    question?.answer(replace);
    setQuestion(null);
  };
  const shown = question?.cells.slice(0, 20) ?? [];
  const dialog = (
    <ConfirmDialog
      open={question !== null}
      title={`Replace ${question?.cells.length === 1 ? "a cell" : `${question?.cells.length ?? 0} cells`} you typed on "${question?.sheetName ?? ""}"?`}
      items={[
        ...shown.map((cell) => `${cell} is where the report goes`),
        ...(question && question.cells.length > shown.length ? [`and ${question.cells.length - shown.length} more`] : []),
        "Cancel writes nothing; your cells stay.",
      ]}
      confirmLabel="Replace"
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    />
  );
  return { ask, dialog };
}
