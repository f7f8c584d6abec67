/** Push all input sheets across two clients' sheets, skipping one of a client the key cannot reach. */
import { PUSH_LOG_SHEET } from "../../../src/features/inputSheets/model/pushLog";
import { metaSettingKey, parseMeta } from "../../../src/features/inputSheets/model/inputSheetModel";
import { pushAllInputSheets } from "../../../src/features/inputSheets/flows/pushAll";
import { buildSalarySheetFor, ctxOf, readRecords, startRig, typeInto, type Rig } from "../../support/flowHelpers";
import { SYSTEM_CLOCK } from "../../../src/ui/flows/common";

let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

const buildFor = (client: { id: number; name: string }) => buildSalarySheetFor(rig, client);

it("pushes each client's sheet under its own client, skips a sheet the key cannot reach, one summary and log line each", async () => {
  const clients = await rig.api.listClients();
  const [a, b] = [await buildFor(clients[0]), await buildFor(clients[1])];
  typeInto(rig.model, a.sheetName, 0, a.header, "1234.5");
  typeInto(rig.model, b.sheetName, 1, b.header, "2345.5");
  // A third sheet whose client the key cannot reach (as if built under another key).
  const c = await buildFor(clients[2]);
  const meta = parseMeta(await rig.workbook.getSetting(metaSettingKey(c.sheetName)))!;
  await rig.workbook.setSetting(metaSettingKey(c.sheetName), { ...meta, clientId: 999, clientName: "Elsewhere Ltd" });

  const result = await pushAllInputSheets(ctxOf(rig), { send: { reachable: clients }, steps: { nettPay: false } });
  expect(result.sheets.map((s) => [s.sheetName, s.outcome])).toEqual([
    [a.sheetName, "pushed"],
    [b.sheetName, "pushed"],
    [c.sheetName, "skipped"],
  ]);
  expect(result.sheets[0].counts?.Saved).toBe(1);
  expect(result.sheets[1].counts?.Saved).toBe(1);
  expect(result.sheets[2].summary).toBe(
    "Skipped: the key cannot reach Elsewhere Ltd. Connect with that client's key to push it.",
  );
  expect(result.summary).toBe("3 input sheets: 2 pushed, 1 not pushed.");
  const sent = rig.faulty.bulkEntities();
  expect(sent.map((e) => Object.values(e.attributes)[0])).toEqual([1234.5, 2345.5]);
  const log = await readRecords(rig.workbook, PUSH_LOG_SHEET);
  expect(log.map((l) => l.Sheet)).toEqual([a.sheetName, b.sheetName, c.sheetName]);
  expect(String(log[2].Push)).toMatch(/^Push all input sheets: Skipped/);
  expect(log[0].Push).toBe("Push all input sheets");
});

it("names, per sheet, the changes left unsent in words (an open period): a value refused as not a number, a sheet not pushed", async () => {
  const clients = await rig.api.listClients();
  const [a, b, c] = [await buildFor(clients[0]), await buildFor(clients[1]), await buildFor(clients[2])];
  // c's client is out of the key's reach: its change is not sent, and named.
  typeInto(rig.model, c.sheetName, 0, c.header, "999");
  // Each sheet holds one employee: a's value is refused, b's saved.
  typeInto(rig.model, a.sheetName, 0, a.header, "ten");
  typeInto(rig.model, b.sheetName, 0, b.header, "2345.5");
  const name = String((await readRecords(rig.workbook, a.sheetName))[0].Name);
  const date = parseMeta(await rig.workbook.getSetting(metaSettingKey(a.sheetName)))!
    .payslipDate.split("-")
    .reverse()
    .join("/");

  const result = await pushAllInputSheets(ctxOf(rig), { send: { reachable: clients.slice(0, 2) }, steps: { nettPay: false } });
  const [sa, sb] = [a, b].map((x) => result.sheets.find((s) => s.sheetName === x.sheetName)!);
  expect(sa.counts).toMatchObject({ Saved: 0, Invalid: 1 });
  expect(sa.summary).toContain(
    `1 change not sent on the ${date} payslips (1 pending): ${name}'s ${a.header.replace(/: amount.*$/, "")} ten (pending).`,
  );
  expect(sb.counts?.Saved).toBe(1);
  expect(sb.summary).not.toMatch(/not sent/);
  const sc = result.sheets.find((s) => s.sheetName === c.sheetName)!;
  expect(sc.outcome).toBe("skipped");
  expect(sc.summary).toMatch(
    /^Skipped: the key cannot reach .+\. 1 change not sent on the \d\d\/\d\d\/\d{4} payslips \(1 pending\): .+'s Basic salary €999\.00 \(pending\)\.$/,
  );
});

it("waits for nett pay once after all the sheets, not sheet by sheet: every saved row shows its new figure", async () => {
  const clients = await rig.api.listClients();
  const built = [await buildFor(clients[0]), await buildFor(clients[1])];
  for (const [i, b] of built.entries()) typeInto(rig.model, b.sheetName, 0, b.header, String(3100 + i * 100));
  const slept: number[] = [];
  const sleep = async (ms: number) => {
    slept.push(ms);
    await new Promise((r) => setTimeout(r, 60)); // longer than the sandbox's recalculation (30 ms)
  };
  rig.faulty.reset();
  const result = await pushAllInputSheets(ctxOf(rig), {
    send: { reachable: clients.slice(0, 2) },
    steps: { nettPay: { polls: 5, intervalMs: 1500 } },
    clock: { ...SYSTEM_CLOCK, sleep },
  });
  const ours = built.map((b) => result.sheets.find((s) => s.sheetName === b.sheetName)!);
  expect(ours.map((s) => s.outcome)).toEqual(["pushed", "pushed"]);
  // Both sheets were sent before any wait; the first look is straight away, then one wait a round, never one a sheet.
  const sends = rig.faulty.sent.map((r, i) => (r.path.endsWith("/bulk_input") ? i : -1)).filter((i) => i >= 0);
  const looks = rig.faulty.sent.map((r, i) => (/\/employees\/\d+\/payslips$/.test(r.path) ? i : -1)).filter((i) => i >= 0);
  expect(rig.faulty.bulkEntities().map((e) => Object.values(e.attributes)[0])).toEqual([3100, 3200]);
  // Between the two sends only the second sheet's conflict check reads its one employee's payslips (no nett pay wait).
  expect(looks.filter((i) => i > sends[0] && i < sends[1])).toHaveLength(1);
  // nett pay is read after the last send: both sheets straight away, then after each wait the ones still pending.
  expect(slept.length).toBeLessThanOrEqual(1);
  const after = looks.filter((i) => i > sends[1]).length;
  expect(after).toBeGreaterThanOrEqual(2);
  expect(after).toBeLessThanOrEqual(2 * (slept.length + 1));
  for (const [i, b] of built.entries()) {
    const row = (await readRecords(rig.workbook, b.sheetName))[0];
    const payslip = (await rig.check.listPayslips(Number(row["Employee ID"]))).find((p) => !p.finalised && !p.special)!;
    expect(payslip.nett_pay).toEqual(expect.any(Number));
    expect({ sheet: i, nett: row["Nett pay"], message: String(row.Message) }).toEqual({
      sheet: i,
      nett: payslip.nett_pay,
      message: expect.not.stringMatching(/pending|recalculating/i),
    });
    expect(ours[i].nettPayPending).toBe(0);
  }
});
