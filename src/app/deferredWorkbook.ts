/**
 * A WorkbookPort whose implementation is loaded at its first call. Office's port (src/excel) and the sheet
 * conventions it writes with are not needed to paint the pane and take the key, so they stay out of the first chunk:
 * every method of the port is async, and each waits for the implementation, then calls it.
 */
import type { WorkbookPort } from "../excel";

/** Every method of the port; the type makes a new method of WorkbookPort a compile error until it is listed here. */
const METHODS: Record<keyof WorkbookPort, true> = {
  writeTable: true,
  readTable: true,
  writeColumnValues: true,
  annotateRows: true,
  selectedRowIndexes: true,
  activeSheetName: true,
  activateSheet: true,
  listSheets: true,
  appendRows: true,
  deleteSheet: true,
  writeHiddenTable: true,
  readHiddenTable: true,
  getSetting: true,
  setSetting: true,
  removeSetting: true,
  onSheetChanged: true,
  onSheetActivated: true,
  onSheetRenamedOrDeleted: true,
  fillCells: true,
  selectCell: true,
  selectedCells: true,
  readValues: true,
  selectedCell: true,
  formulaCells: true,
  linkCells: true,
  writeColumnChart: true,
};

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

/** The port `load` gives, loaded once at the first call; a failed load (network) is tried again at the next call. */
export function deferredWorkbook(load: () => Promise<WorkbookPort>): WorkbookPort {
  let loading: Promise<WorkbookPort> | null = null;
  const port = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  const forward =
    (name: keyof WorkbookPort): AnyMethod =>
    async (...args) =>
      ((await port())[name] as AnyMethod)(...args);
  return Object.fromEntries(
    Object.keys(METHODS).map((name) => [name, forward(name as keyof WorkbookPort)]),
  ) as unknown as WorkbookPort;
}
