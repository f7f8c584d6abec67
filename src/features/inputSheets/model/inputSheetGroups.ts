/**
 * The Input sheets list grouped by client: the chosen client's sheets first, then each other client's, in the order
 * they were built. A sheet without metadata (renamed, or not understood) is listed last under "Other sheets".
 */
export interface SheetGroup {
  clientId: number | null;
  /** "Liffey Engineering Ltd", or "Other sheets". */
  label: string;
  sheets: string[];
}

export function groupSheetsByClient(
  sheets: readonly { sheetName: string; clientId: number | null; clientName: string | null }[],
  chosenClientId: number | null,
): SheetGroup[] {
  const groups = new Map<number | null, SheetGroup>();
  for (const s of sheets) {
    const group = groups.get(s.clientId) ?? { clientId: s.clientId, label: s.clientName ?? "Other sheets", sheets: [] };
    group.sheets.push(s.sheetName);
    groups.set(s.clientId, group);
  }
  const rank = (g: SheetGroup) => (g.clientId === chosenClientId ? 0 : g.clientId === null ? 2 : 1);
  return [...groups.values()].sort((a, b) => rank(a) - rank(b));
}
