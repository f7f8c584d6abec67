/**
 * Input-sheet rows' states (src/features/inputSheets/model/rowState.ts) at N rows on the preview workbook: the bytes a
 * push leaves on their hidden sheet, and the time and Excel requests (syncs) of one read and one write of them (a push
 * reads them once and writes them at most three times). Prints figures; asserts nothing.
 *   npx tsx scripts/bench-row-states.ts [rows]
 */
import { createOfficeWorkbook } from "../src/excel";
import { installPreviewExcel } from "../src/emulator";
import { awaitingNettPay, nettPayShown, outcomeRecord, recordsToTable } from "../src/features/inputSheets/model/rowState";
import { readRowRecords, saveRowRecords } from "../src/features/inputSheets/flows/rowStates";
import { FIXTURE_INPUTS, fixtureRows, writeInputSheetFixture } from "../test/support/inputSheetFixture";

const rows = Number(process.argv[2] ?? 5_000);

async function main() {
  const model = installPreviewExcel();
  const workbook = createOfficeWorkbook();
  const data = fixtureRows(rows);
  await writeInputSheetFixture(workbook, data, FIXTURE_INPUTS, { clientName: "Bench Ltd", builtAt: new Date().toISOString() });
  const meta = { snapshotSheet: "PayrollSnap_1" };
  const table = (await workbook.readTable("Inputs"))!;
  // Every row saved by one push, as the service words it; half shown, half still awaiting nett pay (the larger state).
  const records = new Map(
    data.map((r, i) => {
      const saved = outcomeRecord(
        { status: "Saved", message: `Saved for ${r.name}, period ending 31/01/2025`, errorColumns: [] },
        { pushId: "20250131-095800-abcd" },
      );
      const state =
        i % 2 === 0
          ? awaitingNettPay(saved, "the service is recalculating", new Date().toISOString(), {
              sent: ["calc.basic_salary.amount"],
              was: r.nettPay,
            })
          : nettPayShown(saved, {});
      return [i, state];
    }),
  );
  const grid = recordsToTable(table, records);
  const bytes = grid.rows.reduce((n, [k, v]) => n + Buffer.byteLength(k) + Buffer.byteLength(v), 0);
  let syncs = model.syncLog.length;
  let t = performance.now();
  await saveRowRecords(workbook, meta, table, records);
  const write = { ms: performance.now() - t, syncs: model.syncLog.length - syncs };
  syncs = model.syncLog.length;
  t = performance.now();
  const back = await readRowRecords(workbook, meta, table);
  const read = { ms: performance.now() - t, syncs: model.syncLog.length - syncs };
  console.log(
    `${rows} rows: states ${(bytes / 1e6).toFixed(2)} MB (${Math.round(bytes / rows)} B a row), read back ${back.size}`,
  );
  console.log(`write: ${write.ms.toFixed(0)} ms, ${write.syncs} syncs; read: ${read.ms.toFixed(0)} ms, ${read.syncs} syncs`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
