/**
 * A sheet's actions use the sheet's client: when the pane follows an input sheet of another client than the one
 * chosen (a tab clicked in Excel), Push, Next period and Undo act for the client the sheet was built for, as Push all
 * does, when the key reaches it; else they say in one sentence what to choose. Never an ID in the words. New input
 * sheet builds from the chosen client's waves and inputs, so it says for whom it builds (`buildClientNote`).
 */
import type { ProgressTask } from "../../../ui/services";
import { type ConnectedServices, flowContextFor } from "../../../ui/context";
import { type ClientRef, type FlowContext, clientLabel, clientOfMeta } from "../../../ui/flows/common";
import type { WorkbookPort } from "../../../excel";
import { InputSheetError } from "../model/inputSheetModel";
import { readInputSheetMeta } from "../flows/inputs";

/** The flow context for work on `sheetName`: the chosen client's, or the sheet's own client's when it is another. */
export async function contextForSheet(services: ConnectedServices, task: ProgressTask, sheetName: string): Promise<FlowContext> {
  const ctx = flowContextFor(services, task);
  const meta = await readInputSheetMeta(services.workbook, sheetName);
  if (!meta || meta.clientId === services.clientId) return ctx;
  const reached = services.clients.find((c) => c.id === meta.clientId);
  if (!reached)
    throw new InputSheetError(
      `"${sheetName}" is ${clientLabel(clientOfMeta(meta))}'s, which this API key cannot reach: choose an input sheet of ${clientLabel(ctx.client)}, or connect with a key that reaches ${clientLabel(clientOfMeta(meta))}.`,
    );
  return { ...ctx, client: { id: reached.id, name: reached.name } };
}

/** The client of the input sheet the pane follows, when it is not the chosen one (null otherwise, or when unknown). */
export async function otherClientOf(
  workbook: WorkbookPort,
  sheetName: string | null,
  chosenId: number | null,
): Promise<{ sheetName: string; client: ClientRef } | null> {
  const meta = sheetName ? await readInputSheetMeta(workbook, sheetName).catch(() => null) : null;
  return meta && sheetName && meta.clientId !== chosenId ? { sheetName, client: clientOfMeta(meta) } : null;
}

/**
 * What New input sheet says while the pane follows another client's sheet: it builds from the chosen client's waves
 * and inputs (the lists shown), so one sentence names both clients and what to choose. null when they agree.
 */
export function buildClientNote(
  chosen: ClientRef | null,
  followed: { sheetName: string; client: ClientRef } | null,
): string | null {
  if (!chosen || !followed || followed.client.id === chosen.id) return null;
  const other = clientLabel(followed.client);
  return `New input sheet builds for ${clientLabel(chosen)}, the client chosen, not for ${other}, whose sheet "${followed.sheetName}" the pane follows: to build for ${other}, choose ${other} as the client.`;
}
