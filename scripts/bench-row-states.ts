/**
 * Input-sheet rows' states (src/features/inputSheets/model/rowState.ts) at N rows on the preview workbook: the bytes a
 * push leaves on their hidden sheet, and the time and Excel requests (syncs) of one read and one write of them (a push
 * reads them once and writes them at most three times). Prints figures; asserts nothing.
 *   npx tsx scripts/bench-row-states.ts [rows]
 */
import { awaitingNettPay, nettPayShown, recordsToTable } from "../src/features/inputSheets/model/rowState";
import { readRowRecords, saveRowRecords } from "../src/features/inputSheets/flows/rowStates";
import { benchInputSheet, savedRecord } from "./lib/benchInputSheet";

const rows = Number(process.argv[2] ?? 5_000);

async function main() {
  const { model, workbook, data, table } = await benchInputSheet(rows);
  const meta = { snapshotSheet: "PayrollSnap_1" };
  // Every row saved by one push, as the service words it; half shown, half still awaiting nett pay (the larger state).
  const records = new Map(
    data.map((r, i) => {
      const saved = savedRecord(r.name, "20250131-095800-abcd");
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
