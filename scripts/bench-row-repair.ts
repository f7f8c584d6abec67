/**
 * The pane's watch keeping rows' states true (src/features/inputSheets/flows/rowRepairs.ts) at N rows on the preview
 * workbook, every row Saved: the time and Excel requests (syncs) of a look after one edit (the row turns Changed) and
 * of the look after it is typed back (the row is Saved again), against a look that changes no state. Prints figures;
 * asserts nothing.
 *   npx tsx scripts/bench-row-repair.ts [rows]
 */
import { saveRowRecords } from "../src/features/inputSheets/flows/rowStates";
import { watchPendingChanges } from "../src/features/inputSheets/flows/pending";
import { FIXTURE_INPUTS } from "../test/support/inputSheetFixture";
import { benchInputSheet, savedRecord } from "./lib/benchInputSheet";

const rows = Number(process.argv[2] ?? 5_000);

async function main() {
  const { model, workbook, data, table } = await benchInputSheet(rows);
  const saved = new Map(data.map((r, i) => [i, savedRecord(r.name)]));
  if (!process.env.NO_STATES) await saveRowRecords(workbook, { snapshotSheet: "PayrollSnap_1" }, table, saved);
  const watch = await watchPendingChanges(workbook, "Inputs", () => undefined, {
    setTimer: () => null,
    clearTimer: () => undefined,
  });
  const sheet = model.getSheet("Inputs");
  const t = sheet.tables()[0];
  const col = table.columns.indexOf(FIXTURE_INPUTS[0].label);
  const row = Math.floor(rows / 2);
  const was = String(sheet.valueAt(t.r + 1 + row, t.c + col));
  const step = async (label: string, edit: () => void) => {
    edit();
    const syncs = model.syncLog.length;
    const started = performance.now();
    await watch.refresh();
    const ms = performance.now() - started;
    const status = String(sheet.valueAt(t.r + 1 + row, t.c + table.columns.indexOf("Status")));
    console.log(`${label}: ${ms.toFixed(0)} ms, ${model.syncLog.length - syncs} syncs; the row says "${status}"`);
  };
  await step("a look, no state to change", () =>
    model.editCell(sheet, t.r + 1 + row, 0, String(sheet.valueAt(t.r + 1 + row, 0))),
  );
  await step("a look after one edit (Saved -> Changed)", () => model.editCell(sheet, t.r + 1 + row, t.c + col, "12345"));
  await step("a look while a row is Changed (validates that row only, changes nothing)", () =>
    model.editCell(sheet, t.r + 1 + row, 0, String(sheet.valueAt(t.r + 1 + row, 0))),
  );
  await step("a look after typing it back (Changed -> Saved)", () => model.editCell(sheet, t.r + 1 + row, t.c + col, was));
  await watch.stop();
}

void main();
