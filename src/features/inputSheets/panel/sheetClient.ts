/**
 * A sheet's actions use the sheet's client: when the pane follows an input sheet of another client than the one
 * chosen (a tab clicked in Excel), Push, Next period and Undo act for the client the sheet was built for, as Push all
 * does, when the key reaches it; else they say in one sentence what to choose. Never an ID in the words.
 */
import type { ProgressTask } from "../../../ui/services";
import { type ConnectedServices, flowContextFor } from "../../../ui/context";
import { type FlowContext, clientLabel, clientOfMeta } from "../../../ui/flows/common";
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
