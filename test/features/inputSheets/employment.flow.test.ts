/**
 * An employee whose employment ended in the period is marked on the input sheet the build writes, from the service
 * periods the build reads anyway (no request of its own). The real sandbox, PayrollApi and preview workbook.
 */
import { calcKey } from "../../../src/contract";
import { buildInputSheet, loadInputChoices } from "../../../src/features/inputSheets/flows/inputs";
import { ctxOf, readRecords, salaryWave, startRig, type Rig } from "../../support/flowHelpers";

const CLIENT = { id: 1, name: "Demo client 1" };
let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

it("a leaver's row says when the employment ended, one on long-term leave since when; the others' are blank", async () => {
  const choices = await loadInputChoices(ctxOf(rig, CLIENT));
  const { waveId, payslipDate } = salaryWave(choices);
  const inputKeys = [calcKey("basic_salary", "amount")];
  const first = await buildInputSheet(ctxOf(rig, CLIENT), { waveId, payslipDate, inputKeys }, { choices });
  const rows = await readRecords(rig.workbook, first.sheetName);
  // The demo has employees on long-term leave: they are marked already ("On long-term leave from …").
  const marked = rows.filter((r) => (r.Employment ?? "") !== "");
  expect(marked.length).toBeGreaterThan(0);
  expect(marked.every((r) => /^On long-term leave from \d\d\/\d\d\/\d{4}/.test(String(r.Employment)))).toBe(true);
  const leaver = Number(rows.find((r) => (r.Employment ?? "") === "")!["Employee ID"]);
  // Ended a few days before the period's end: the payslip keeps them on the sheet.
  const ended = new Date(Date.parse(`${payslipDate}T00:00:00Z`) - 5 * 86_400_000).toISOString().slice(0, 10);
  await rig.api.endService(leaver, { termination_date: ended, termination_code: 1 });

  rig.faulty.reset();
  const rebuilt = await buildInputSheet(ctxOf(rig, CLIENT), { waveId, payslipDate, inputKeys });
  const after = await readRecords(rig.workbook, rebuilt.sheetName);
  const row = after.find((r) => Number(r["Employee ID"]) === leaver);
  const [y, m, d] = ended.split("-");
  expect(row?.Employment).toBe(`Employment ended ${d}/${m}/${y}`);
  expect(after.filter((r) => r.Employment !== "")).toHaveLength(marked.length + 1);
  // The build's own four lists, nothing more.
  expect(rig.faulty.sent.filter((s) => s.method === "GET")).toHaveLength(4);
});
