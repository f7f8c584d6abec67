/**
 * Live edits of an input sheet on the preview workbook: time and Excel requests (syncs) of a pending-changes look
 * after edits, an undo, and a fill from a client's sheet, at N rows. Prints figures; asserts nothing.
 *   npx tsx scripts/bench-input-edits.ts [rows]
 */
import { createOfficeWorkbook } from "../src/excel";
import { installPreviewExcel } from "../src/emulator";
import type { OfferedInput } from "../src/features/inputSheets/model/inputSheet";
import { fillFromSheet, proposeFill } from "../src/features/inputSheets/flows/fill";
import { readPending, readSheetBasis, restoreChanges } from "../src/features/inputSheets/flows/pending";
import { FIXTURE_INPUTS, fixtureRows, writeInputSheetFixture } from "../test/support/inputSheetFixture";

const rows = Number(process.argv[2] ?? 10_000);
const inputs: OfferedInput[] = [
  ...FIXTURE_INPUTS,
  {
    key: "calc.commission.amount",
    calculationId: "commission",
    input: "amount",
    label: "Commission: amount",
    itemLabel: "Commission",
    type: "currency",
  },
];

async function main() {
  const model = installPreviewExcel();
  const workbook = createOfficeWorkbook();
  const data = fixtureRows(rows, { "calc.commission.amount": 100 });
  await writeInputSheetFixture(workbook, data, inputs, { clientName: "Bench Ltd", builtAt: new Date().toISOString() });

  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const before = model.syncLog.length;
    const t0 = performance.now();
    const out = await work();
    const syncs = model.syncLog.slice(before);
    const maxRes = Math.max(0, ...syncs.map((s) => s.responseBytes));
    console.log(
      `${name.padEnd(40)} ${(performance.now() - t0).toFixed(0).padStart(6)} ms  syncs ${String(syncs.length).padStart(3)}  max response ${(maxRes / 1e6).toFixed(2)} MB`,
    );
    return out;
  };

  const basis = await step("snapshot + metadata (once, cached)", () => readSheetBasis(workbook, "Inputs"));
  const sheet = model.getSheet("Inputs");
  const t = sheet.tables()[0];
  for (let i = 0; i < rows; i += 10) model.editCell(sheet, t.r + 1 + i, t.c + 4, String(5000 + i));
  const pending = await step(`look after ${Math.ceil(rows / 10)} edits`, () => readPending(workbook, "Inputs", basis));
  console.log(`  -> ${pending.text}`);
  await step("undo all of them", () => restoreChanges(workbook, "Inputs", pending.changes));
  const source = model.addSheet("Timesheet");
  model.pasteCells(source, 0, 0, [
    ["Emp No", "Overtime hours", "Commission"],
    ...data.map((r, i) => [r.number, String(i % 7), String(50 + (i % 3))]),
  ]);
  const proposal = await step("fill: read source, propose", () => proposeFill(workbook, "Inputs", { sheetName: "Timesheet" }));
  const filled = await step("fill: match and write", () =>
    fillFromSheet(workbook, null, "Inputs", { ...proposal, key: proposal.key! }),
  );
  console.log(`  -> ${filled.summary}`);
  const after = await step("look after the fill", () => readPending(workbook, "Inputs", basis));
  console.log(`  -> ${after.text}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
