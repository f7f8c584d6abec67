/**
 * The build of an input sheet, asking first when it would replace a sheet of the same client, wave and period that
 * holds changes not yet pushed (flows/rebuild): Keep my changes carries them into the rebuilt sheet, Discard them
 * builds as before, Cancel builds nothing.
 */
import * as React from "react";
import { type ConnectedServices, flowContextFor } from "../../../ui/context";
import { type BuildInputSheetRequest, type BuildInputSheetResult, type InputChoices, buildInputSheet } from "../flows/inputs";
import { type CarryResult, type PendingOnRebuild, pendingBeforeRebuild, rebuildKeeping } from "../flows/rebuild";
import { finalisedReason } from "../model/finalisedPeriod";
import { formatDate } from "../../../ui/locale";
import type { FlowRunner } from "../../../ui/parts/hooks";
import type { RebuildChoice, RebuildQuestion } from "./RebuildDialog";

const employees = (n: number) => `${n} employee${n === 1 ? "" : "s"}`;

function builtText(
  r: { sheetName: string; rowCount: number; finalised?: boolean; carried?: number; left?: readonly unknown[] },
  payslipDate: string,
): string {
  const built = `"${r.sheetName}" built: ${employees(r.rowCount)}.`;
  // A finalised period's sheet is read only: say why rather than invite edits that can never be pushed.
  if (r.finalised) return `${built} ${finalisedReason(formatDate(payslipDate))}`;
  if (r.carried === undefined) return `${built} Edit the input cells, then Push changes.`;
  const left = r.left?.length ?? 0;
  const kept = `${r.carried} change${r.carried === 1 ? "" : "s"} kept as pending changes.`;
  return left === 0
    ? `${built} ${kept} Push changes sends them.`
    : `${built} ${kept} ${left} could not be kept: their employee or period is no longer on the sheet.`;
}

interface UseBuildProps {
  services: ConnectedServices | null;
  run: FlowRunner;
  onBuilt: (sheetName?: string) => Promise<void>;
}

export function useBuild({ services, run, onBuilt }: UseBuildProps) {
  const [asked, setAsked] = React.useState<{
    pending: PendingOnRebuild;
    request: BuildInputSheetRequest;
    choices: InputChoices;
  } | null>(null);

  const runBuild = async (request: BuildInputSheetRequest, choices: InputChoices, carry: PendingOnRebuild | null) => {
    if (!services) return;
    const result = await run(
      "Building input sheet",
      (task) =>
        carry
          ? rebuildKeeping(flowContextFor(services, task), request, carry.changes, { choices })
          : buildInputSheet(flowContextFor(services, task), request, { choices }),
      (r: BuildInputSheetResult & Partial<CarryResult>) => ({
        intent: (r.left?.length ?? 0) > 0 ? "warning" : r.finalised ? "info" : "success",
        text: builtText(r, request.payslipDate),
      }),
      { afterCancel: "No sheet was built.", failed: (message) => `Could not build the input sheet: ${message}` },
    );
    await onBuilt(result?.sheetName);
  };

  const build = async (request: BuildInputSheetRequest, choices: InputChoices) => {
    if (!services || services.clientId === null) return;
    const pending = await pendingBeforeRebuild(services.workbook, { clientId: services.clientId, ...request }).catch(() => null);
    if (pending) setAsked({ pending, request, choices });
    else await runBuild(request, choices, null);
  };

  const answer = (choice: RebuildChoice) => {
    const ask = asked;
    setAsked(null);
    if (!ask || choice === "cancel") return;
    void runBuild(ask.request, ask.choices, choice === "keep" ? ask.pending : null);
  };

  const question: RebuildQuestion | null = asked && { sheetName: asked.pending.sheetName, text: asked.pending.text };
  return { build, question, answer };
}
