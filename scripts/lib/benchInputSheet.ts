/**
 * What the row-state benchmarks share: an input sheet of N fixture rows on a fresh preview workbook, and a row's
 * Saved state as a push words it.
 */
import { createOfficeWorkbook } from "../../src/excel";
import { installPreviewExcel } from "../../src/emulator";
import { outcomeRecord } from "../../src/features/inputSheets/model/rowState";
import { FIXTURE_INPUTS, fixtureRows, writeInputSheetFixture } from "../../test/support/inputSheetFixture";

export async function benchInputSheet(rows: number) {
  const model = installPreviewExcel();
  const workbook = createOfficeWorkbook();
  const data = fixtureRows(rows);
  await writeInputSheetFixture(workbook, data, FIXTURE_INPUTS, { clientName: "Bench Ltd", builtAt: new Date().toISOString() });
  const table = (await workbook.readTable("Inputs"))!;
  return { model, workbook, data, table };
}

/** A row saved by a push, in the service's words. */
export const savedRecord = (name: string, pushId?: string) =>
  outcomeRecord({ status: "Saved", message: `Saved for ${name}, period ending 31/01/2025`, errorColumns: [] }, { pushId });
