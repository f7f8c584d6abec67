/** A sheet's actions use the sheet's client (issue Q, Deliver 10): panel/sheetClient's context for a followed sheet. */
import type { ConnectedServices } from "../../../src/ui/context";
import type { WorkbookPort } from "../../../src/excel";
import { buildClientNote, contextForSheet, otherClientOf } from "../../../src/features/inputSheets/panel/sheetClient";
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

describe("New input sheet while the pane follows another client's sheet", () => {
  const liffey = { id: 1, name: "Liffey Engineering" };
  const shannon = { id: 2, name: "Shannon Foods" };

  it("says in one sentence for whom it builds and what to choose, never an ID", () => {
    const note = buildClientNote(shannon, { sheetName: "Liffey · Monthly · 25-11-26", client: liffey });
    expect(note).toBe(
      'New input sheet builds for Shannon Foods, the client chosen, not for Liffey Engineering, whose sheet "Liffey · Monthly · 25-11-26" the pane follows: to build for Liffey Engineering, choose Liffey Engineering as the client.',
    );
    expect(note).not.toMatch(/\bID\b|\b[12]\b/);
    expect(note!.split(". ")).toHaveLength(1);
  });

  it("says nothing when the followed sheet is the chosen client's, or none is followed", () => {
    expect(buildClientNote(shannon, { sheetName: "Shannon · Weekly", client: shannon })).toBeNull();
    expect(buildClientNote(shannon, null)).toBeNull();
  });

  it("reads the followed sheet's client from its metadata: another client's is named, the chosen one's or a plain sheet is not", async () => {
    const other = await otherClientOf(services(meta(1, "Liffey Engineering")).workbook, "Liffey · Monthly · 25-11-26", 2);
    expect(other).toEqual({ sheetName: "Liffey · Monthly · 25-11-26", client: liffey });
    expect(await otherClientOf(services(meta(2, "Shannon Foods")).workbook, "Liffey · Monthly · 25-11-26", 2)).toBeNull();
    expect(await otherClientOf(services(meta(1, "Liffey Engineering")).workbook, "Sheet1", 2)).toBeNull();
    expect(await otherClientOf(services(meta(1, "Liffey Engineering")).workbook, null, 2)).toBeNull();
  });
});
