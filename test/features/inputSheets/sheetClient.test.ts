/** A sheet's actions use the sheet's client (issue Q, Deliver 10): panel/sheetClient's context for a followed sheet. */
import type { ConnectedServices } from "../../../src/ui/context";
import type { WorkbookPort } from "../../../src/excel";
import { contextForSheet } from "../../../src/features/inputSheets/panel/sheetClient";
import { metaSettingKey } from "../../../src/features/inputSheets/model/inputSheetModel";

const meta = (clientId: number, clientName: string) => ({
  version: 1,
  clientId,
  clientName,
  waveId: 3,
  waveName: "Monthly",
  payslipDate: "2026-11-25",
  tableName: "Inputs_1",
  snapshotSheet: "PayrollSnap_1",
  inputs: [],
  builtAt: "2026-11-01T09:00:00Z",
});

function services(sheetMeta: unknown): ConnectedServices {
  const settings = new Map<string, unknown>([[metaSettingKey("Liffey · Monthly · 25-11-26"), sheetMeta]]);
  const workbook = { getSetting: async (key: string) => settings.get(key) } as unknown as WorkbookPort;
  return {
    api: {} as ConnectedServices["api"],
    reads: {} as ConnectedServices["reads"],
    clientId: 2,
    clients: [
      { id: 2, name: "Shannon Foods" },
      { id: 1, name: "Liffey Engineering" },
    ],
    workbook,
    progress: {} as ConnectedServices["progress"],
    notify: () => undefined,
  };
}
const task = { signal: new AbortController().signal, update: () => undefined };

describe("contextForSheet", () => {
  it("acts for the sheet's own client when the pane has another chosen and the key reaches it", async () => {
    const ctx = await contextForSheet(services(meta(1, "Liffey Engineering")), task, "Liffey · Monthly · 25-11-26");
    expect(ctx.client).toEqual({ id: 1, name: "Liffey Engineering" });
  });

  it("keeps the chosen client for its own sheets", async () => {
    const ctx = await contextForSheet(services(meta(2, "Shannon Foods")), task, "Liffey · Monthly · 25-11-26");
    expect(ctx.client).toEqual({ id: 2, name: "Shannon Foods" });
  });

  it("says in one sentence what to choose when the key cannot reach the sheet's client, never an ID", async () => {
    const refusal = contextForSheet(services(meta(9, "Corrib Care")), task, "Liffey · Monthly · 25-11-26");
    await expect(refusal).rejects.toThrow(
      `"Liffey · Monthly · 25-11-26" is Corrib Care's, which this API key cannot reach: choose an input sheet of Shannon Foods, or connect with a key that reaches Corrib Care.`,
    );
    await expect(refusal).rejects.not.toThrow(/ID|\b9\b/);
  });
});
