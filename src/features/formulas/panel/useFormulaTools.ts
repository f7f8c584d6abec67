/**
 * What the formula tools do: Refresh formulas (saying how many PAYROLL cells changed value) and Explain this figure
 * on the selected cell, each under the shell's progress bar, ending in one outcome sentence.
 */
import * as React from "react";
import { flowContextFor, useConnectedServices } from "../../../ui/context";
import { explainFigure, ExplainFigureError, type ExplainedFigure } from "../flows/explainFigure";
import { refreshedText, refreshFormulas } from "../flows/refreshFormulas";
import { displayLocale } from "../../../ui/locale";
import { useFlowRunner } from "../../../ui/parts/hooks";
import type { Outcome } from "../../../ui/parts/layout";
import { isAbortError } from "../../../ui/services";

const amountText = (n: number) =>
  new Intl.NumberFormat(displayLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

/** "Explained Sheet1!C4: 12 transactions, total 4,200.00, on sheet "Explain Sheet1 C4"." (and the remedy if stale). */
export function explainedText(where: string, r: ExplainedFigure): Exclude<Outcome, null> {
  const rows = `${r.rowCount} ${r.rowCount === 1 ? "transaction" : "transactions"}`;
  const text = `Explained ${where}: ${rows}, total ${amountText(r.total)}, on sheet "${r.sheetName}".`;
  if (r.matchesCell) return { intent: "success", text };
  return {
    intent: "warning",
    text: `${text} The cell shows another figure, read before a change: press Refresh formulas to read it again.`,
  };
}

export function useFormulaTools() {
  const services = useConnectedServices();
  const [outcome, setOutcome] = React.useState<Outcome>(null);
  const flowRunner = useFlowRunner(services, setOutcome);
  // The tools sit at the top of the pane, above every tab: once other work starts, their last outcome (an error of
  // Explain this figure, say) is old news and goes, rather than stay above the work it has nothing to do with.
  const ownRuns = React.useRef(0);
  const busy = services?.progress.busy ?? false;
  React.useEffect(() => {
    if (busy && ownRuns.current === 0) setOutcome(null);
  }, [busy]);
  if (!services) return null;
  const run: typeof flowRunner = async (...args) => {
    ownRuns.current++;
    try {
      return await flowRunner(...args);
    } finally {
      ownRuns.current--;
    }
  };
  const refresh = () =>
    void run(
      "Refreshing formulas",
      (task) => refreshFormulas(flowContextFor(services, task)),
      (r) => ({
        intent: r.settled ? "success" : "warning",
        text: refreshedText(r),
      }),
    );
  const explain = () => {
    let where = "the selected cell";
    void run(
      "Explaining the figure",
      async (task) => {
        try {
          const cell = await services.workbook.selectedCell();
          where = `${cell.sheetName}!${cell.address}`;
          return await explainFigure(
            flowContextFor(services, task),
            {
              sheet: cell.sheetName,
              address: cell.address,
              formula: cell.formula,
              value: cell.value,
            },
            (id) => services.clients.find((c) => c.id === id)?.name ?? null,
          );
        } catch (e) {
          // The flow's messages are shown as they are; anything else says what failed.
          if (e instanceof ExplainFigureError || isAbortError(e)) throw e;
          throw new Error(`Explain this figure failed: ${e instanceof Error ? e.message : String(e)}`);
        }
      },
      (r) => explainedText(where, r),
      { failed: (message) => message },
    );
  };
  return { outcome, refresh, explain, busy: services.progress.busy };
}
