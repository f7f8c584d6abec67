/** Push all input sheets across two clients' sheets, skipping one of a client the key cannot reach. */
import { calcKey } from "../../src/contract";
import { activeEmployees, defaultPeriod } from "../../src/sheets/inputSheet";
import { PUSH_LOG_SHEET, metaSettingKey, parseMeta } from "../../src/sheets/push";
import { buildInputSheet, loadInputChoices } from "../../src/taskpane/flows/inputs";
import { pushAllInputSheets } from "../../src/taskpane/flows/pushAll";
import { readRecords, startRig, typeInto, type Rig } from "./helpers";

const SALARY = calcKey("basic_salary", "amount");
let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

async function buildFor(clientId: number) {
  const choices = await loadInputChoices(rig.client, clientId);
  const { w, period } = choices.waves
    .map((w) => ({ w, period: defaultPeriod(choices.periods.get(w.id) ?? []) }))
    .find((x) => x.period && activeEmployees(choices.employees, x.w.id, x.period.date).length >= 2)!;
  const inputKeys = [choices.offered.find((o) => o.key === SALARY)?.key ?? choices.offered[0].key];
  const built = await buildInputSheet(
    rig.client,
    rig.workbook,
    { clientId, clientName: `Client ${clientId}`, waveId: w.id, payslipDate: period!.date, inputKeys },
    { choices },
  );
  const header = choices.offered.find((o) => o.key === inputKeys[0])!.label;
  return { ...built, header };
}

it("pushes each client's sheet under its own client, skips a sheet the key cannot reach, one summary and log line each", async () => {
  const clients = await rig.client.listClients();
  const [a, b] = [await buildFor(clients[0].id), await buildFor(clients[1].id)];
  typeInto(rig.model, a.sheetName, 0, a.header, "1234.5");
  typeInto(rig.model, b.sheetName, 1, b.header, "2345.5");
  // A third sheet whose client the key cannot reach (as if built under another key).
  const c = await buildFor(clients[2].id);
  const meta = parseMeta(await rig.workbook.getSetting(metaSettingKey(c.sheetName)))!;
  await rig.workbook.setSetting(metaSettingKey(c.sheetName), { ...meta, clientId: 999, clientName: "Elsewhere Ltd" });

  const result = await pushAllInputSheets(rig.client, rig.workbook, {
    reachable: clients,
    nettPay: false,
  });
  expect(result.sheets.map((s) => [s.sheetName, s.outcome])).toEqual([
    [a.sheetName, "pushed"],
    [b.sheetName, "pushed"],
    [c.sheetName, "skipped"],
  ]);
  expect(result.sheets[0].counts?.Saved).toBe(1);
  expect(result.sheets[1].counts?.Saved).toBe(1);
  expect(result.sheets[2].summary).toMatch(/cannot reach Elsewhere Ltd \(ID 999\)/);
  expect(result.summary).toBe("3 input sheets: 2 pushed, 1 not pushed.");
  const sent = rig.faulty.bulkEntities();
  expect(sent.map((e) => Object.values(e.attributes)[0])).toEqual([1234.5, 2345.5]);
  const log = await readRecords(rig.workbook, PUSH_LOG_SHEET);
  expect(log.map((l) => l.Sheet)).toEqual([a.sheetName, b.sheetName, c.sheetName]);
  expect(String(log[2].Push)).toMatch(/^All input sheets: Skipped/);
});
