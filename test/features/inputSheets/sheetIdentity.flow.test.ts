/**
 * Input sheets known by worksheet ID (flows/sheetIdentity): a sheet renamed keeps its metadata, push and overview
 * row; a sheet deleted leaves Push all with a sentence, its unsent changes named once and restorable into a rebuilt
 * sheet, its hidden sheets cleaned once handled.
 */
import { listInputSheets, readInputSheetMeta } from "../../../src/features/inputSheets/flows/inputs";
import { pushInputSheet } from "../../../src/features/inputSheets/flows/push";
import { undoPush } from "../../../src/features/inputSheets/flows/undoPush";
import { pushAllInputSheets } from "../../../src/features/inputSheets/flows/pushAll";
import { watchPendingChanges, type PendingState } from "../../../src/features/inputSheets/flows/pending";
import {
  deletedSheetNotices,
  dismissDeletedSheet,
  restoreDeletedSheet,
} from "../../../src/features/inputSheets/flows/deletedSheets";
import { readDeletedSheets } from "../../../src/features/inputSheets/flows/sheetIdentity";
import { rowStateSheet } from "../../../src/features/inputSheets/model/rowState";
import { unsentSheet } from "../../../src/features/inputSheets/model/unsentKeep";
import { PUSH_LOG_SHEET } from "../../../src/features/inputSheets/model/pushLog";
import { CHANGE_HISTORY_SHEET } from "../../../src/features/inputSheets/model/changeHistory";
import { readHistory } from "../../../src/features/inputSheets/flows/changeHistory";
import { readInputSheetStates } from "../../../src/features/monthEnd/flows/monthEndSheets";
import { buildSalarySheetFor, ctxOf, readRecords, startRig, typeInto, waitForState, type Rig } from "../../support/flowHelpers";

let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

const sheetOf = (name: string) => rig.model.findSheet(name)!;

it("a renamed sheet is found under its new name: its metadata moves, a push saves its edits, the overview keeps its pushes", async () => {
  const clients = await rig.api.listClients();
  const client = clients[0];
  const built = await buildSalarySheetFor(rig, client);
  const id = sheetOf(built.sheetName).id;
  typeInto(rig.model, built.sheetName, 0, built.header, "4100");
  await pushInputSheet(ctxOf(rig, client), built.sheetName, { send: { mode: "changed" }, steps: { nettPay: false } });

  // Renamed from the tab menu (the preview's model, as the tab menu does): same ID, new name.
  rig.model.renameSheet(sheetOf(built.sheetName), "Liffey Nov renamed");
  expect(sheetOf("Liffey Nov renamed").id).toBe(id);
  typeInto(rig.model, "Liffey Nov renamed", 1, built.header, "4200");

  // Finding the rename costs the sheet list, the record, and moving the record and the metadata (once).
  let before = rig.model.syncLog.length;
  const sheets = await listInputSheets(rig.workbook);
  const findingIt = rig.model.syncLog.length - before;
  expect(sheets).toContain("Liffey Nov renamed");
  // Listed again with nothing moved: the sheet list and the record, nothing written.
  before = rig.model.syncLog.length;
  await listInputSheets(rig.workbook);
  expect(rig.model.syncLog.length - before).toBe(2);
  expect(findingIt).toBeLessThanOrEqual(8);
  expect(sheets).not.toContain(built.sheetName);
  expect((await readInputSheetMeta(rig.workbook, "Liffey Nov renamed"))?.payslipDate).toBe(built.payslipDate);
  expect(await readInputSheetMeta(rig.workbook, built.sheetName)).toBeNull();

  const result = await pushInputSheet(ctxOf(rig, client), "Liffey Nov renamed", {
    send: { mode: "changed" },
    steps: { nettPay: false },
  });
  expect(result.counts.Saved).toBe(1);
  const rows = await readRecords(rig.workbook, "Liffey Nov renamed");
  expect(rows[1].Status).toBe("Saved");
  const sent = rig.faulty.bulkEntities().at(-1)!;
  expect([sent.id, Object.values(sent.attributes)]).toEqual([String(rows[1]["Employee ID"]), [4200]]);

  // The overview has the sheet's row under its new name, with its latest push.
  const { sheets: states } = await readInputSheetStates(rig.workbook);
  const row = states.find((s) => s.sheetName === "Liffey Nov renamed");
  expect(row?.lastPush?.time).toBeInstanceOf(Date);
  expect(states.some((s) => s.sheetName === built.sheetName)).toBe(false);
});

it("a push with the old name says where the sheet went, never to build it again", async () => {
  const clients = await rig.api.listClients();
  const built = await buildSalarySheetFor(rig, clients[1]);
  rig.model.renameSheet(sheetOf(built.sheetName), "Moved by code");
  await expect(
    pushInputSheet(ctxOf(rig, clients[1]), built.sheetName, { send: { mode: "changed" }, steps: { nettPay: false } }),
  ).rejects.toThrow(`"${built.sheetName}" was renamed "Moved by code"`);
});

it("a deleted sheet leaves Push all with a sentence; its unsent changes are named once and restored into a rebuilt sheet", async () => {
  const clients = await rig.api.listClients();
  const client = clients[2];
  const built = await buildSalarySheetFor(rig, client);
  const meta = (await readInputSheetMeta(rig.workbook, built.sheetName))!;
  // The pane watches the sheet: the watch keeps its unsent changes outside it.
  const states: PendingState[] = [];
  const watch = await watchPendingChanges(rig.workbook, built.sheetName, (s) => states.push(s), { debounceMs: 5 });
  const names = (await readRecords(rig.workbook, built.sheetName)).map((r) => String(r.Name));
  typeInto(rig.model, built.sheetName, 0, built.header, "5123.45");
  await waitForState(states, (s) => s.changes.length === 1);

  // Deleted while the pane watches it: the pane lists again at once (its keep is the sheet's last edit).
  rig.model.deleteSheet(sheetOf(built.sheetName));
  expect(await listInputSheets(rig.workbook)).not.toContain(built.sheetName);
  await watch.stop();
  const pushed = await pushAllInputSheets(ctxOf(rig, client), { send: { reachable: [client] }, steps: { nettPay: false } });
  expect(pushed.sheets.map((s) => s.sheetName)).not.toContain(built.sheetName);
  expect(pushed.summary).toContain(`'${built.sheetName}' was deleted, so it was not pushed`);
  expect(pushed.attention).toBe(true);
  // Named once per deletion: the next Push all does not say it again (the Input sheets tab still names it).
  const again = await pushAllInputSheets(ctxOf(rig, client), { send: { reachable: [client] }, steps: { nettPay: false } });
  expect(again.summary).not.toContain(built.sheetName);
  expect(again.deleted).toEqual([]);

  const [notice] = (await deletedSheetNotices(rig.workbook)).filter((n) => n.name === built.sheetName);
  expect(notice.text).toBe(`'${built.sheetName}' was deleted with 1 change not sent: ${names[0]}'s ${built.header} €5,123.45.`);
  expect(notice.changes).toBe(1);

  const restored = await restoreDeletedSheet(ctxOf(rig, client), notice.id);
  expect(restored.restored).toBe(1);
  const rows = await readRecords(rig.workbook, restored.build.sheetName);
  expect(rows[0][built.header]).toBe(5123.45);
  // It is a pending change of the rebuilt sheet, not a saved value.
  const looks: PendingState[] = [];
  const w2 = await watchPendingChanges(rig.workbook, restored.build.sheetName, (s) => looks.push(s), { debounceMs: 5 });
  expect(looks.at(-1)?.changes.map((c) => c.after)).toEqual([5123.45]);
  await w2.stop();
  expect((await readDeletedSheets(rig.workbook)).some((d) => d.name === built.sheetName)).toBe(false);
  // The rebuilt sheet reuses the snapshot's name; nothing of the deleted sheet's is left beside it.
  const rebuiltMeta = (await readInputSheetMeta(rig.workbook, restored.build.sheetName))!;
  expect(rebuiltMeta.snapshotSheet).toBe(meta.snapshotSheet);
});

it("a deleted sheet let go leaves no hidden sheets and is not named again", async () => {
  const clients = await rig.api.listClients();
  const built = await buildSalarySheetFor(rig, clients[3] ?? clients[0]);
  const meta = (await readInputSheetMeta(rig.workbook, built.sheetName))!;
  rig.model.renameSheet(sheetOf(built.sheetName), "Gone soon");
  await listInputSheets(rig.workbook); // the pane lists again on the rename
  rig.model.deleteSheet(sheetOf("Gone soon"));
  const [notice] = (await deletedSheetNotices(rig.workbook)).filter((n) => n.name === "Gone soon");
  expect(notice.text).toBe("'Gone soon' was deleted. The add-in had not seen its changes, so none can be restored.");
  await dismissDeletedSheet(rig.workbook, notice.id);
  expect((await deletedSheetNotices(rig.workbook)).some((n) => n.name === "Gone soon")).toBe(false);
  for (const hidden of [meta.snapshotSheet, rowStateSheet(meta), unsentSheet(meta)])
    expect(rig.model.findSheet(hidden)).toBeUndefined();
});

it("a renamed Push log and Change history keep being written and read: no new log beside them", async () => {
  const clients = await rig.api.listClients();
  const client = clients[0];
  const built = await buildSalarySheetFor(rig, client);
  typeInto(rig.model, built.sheetName, 0, built.header, "4321");
  await pushInputSheet(ctxOf(rig, client), built.sheetName, { send: { mode: "changed" }, steps: { nettPay: false } });
  const logLines = (await readRecords(rig.workbook, PUSH_LOG_SHEET)).length;
  rig.model.renameSheet(sheetOf(PUSH_LOG_SHEET), "Push log 2026");
  rig.model.renameSheet(sheetOf(CHANGE_HISTORY_SHEET), "History 2026");

  typeInto(rig.model, built.sheetName, 1, built.header, "4322");
  await pushInputSheet(ctxOf(rig, client), built.sheetName, { send: { mode: "changed" }, steps: { nettPay: false } });
  expect(rig.model.findSheet(PUSH_LOG_SHEET)).toBeUndefined();
  expect(rig.model.findSheet(CHANGE_HISTORY_SHEET)).toBeUndefined();
  expect(await readRecords(rig.workbook, "Push log 2026")).toHaveLength(logLines + 1);
  expect((await readHistory(rig.workbook)).some((l) => l.sent === 4322)).toBe(true);
});

/** A sheet built and watched, with one change typed and kept; the watch stopped (the pane closed). */
async function keptThenClosed(client: Awaited<ReturnType<typeof rig.api.listClients>>[number], value: string) {
  const built = await buildSalarySheetFor(rig, client);
  await listInputSheets(rig.workbook);
  const states: PendingState[] = [];
  const watch = await watchPendingChanges(rig.workbook, built.sheetName, (s) => states.push(s), { debounceMs: 5 });
  typeInto(rig.model, built.sheetName, 0, built.header, value);
  await waitForState(states, (s) => s.changes.length === 1);
  await watch.stop();
  const names = (await readRecords(rig.workbook, built.sheetName)).map((r) => String(r.Name));
  return { ...built, names };
}

it("a sheet edited while the pane was closed, then deleted, says which changes it kept and that later ones are lost", async () => {
  const clients = await rig.api.listClients();
  const client = clients[1];
  const built = await keptThenClosed(client, "5200");
  // The pane is closed: this edit is never looked at, then the sheet goes.
  typeInto(rig.model, built.sheetName, 1, built.header, "5300");
  rig.model.deleteSheet(sheetOf(built.sheetName));

  const [notice] = (await deletedSheetNotices(rig.workbook)).filter((n) => n.name === built.sheetName);
  expect(notice.text).toBe(
    `'${built.sheetName}' was deleted while the pane was not watching it (closed, or its Input sheets tab not opened yet). When the pane last saw it, it had 1 change not sent: ` +
      `${built.names[0]}'s ${built.header} €5,200.00. Any change made to it after that was not seen and cannot be restored.`,
  );
  expect(notice.changes).toBe(1);
  // What was kept is restored; nothing claims the unseen edit.
  const restored = await restoreDeletedSheet(ctxOf(rig, client), notice.id);
  const rows = await readRecords(rig.workbook, restored.build.sheetName);
  expect([rows[0][built.header], restored.restored]).toEqual([5200, 1]);
  expect(rows[1][built.header]).not.toBe(5300);
});

it("a sheet renamed then deleted while the pane was closed is named once, even when another sheet took its old name", async () => {
  const clients = await rig.api.listClients();
  const client = clients[2];
  const a = await keptThenClosed(client, "6100");
  const aMeta = (await readInputSheetMeta(rig.workbook, a.sheetName))!;
  const b = await buildSalarySheetFor(rig, clients[0]);
  await listInputSheets(rig.workbook);
  const bMeta = (await readInputSheetMeta(rig.workbook, b.sheetName))!;

  // Pane closed: A renamed, B given A's old name, A (under its new name) deleted.
  rig.model.renameSheet(sheetOf(a.sheetName), "Nov final");
  rig.model.renameSheet(sheetOf(b.sheetName), a.sheetName);
  rig.model.deleteSheet(sheetOf("Nov final"));

  const sheets = await listInputSheets(rig.workbook);
  expect(sheets).toContain(a.sheetName);
  expect(sheets).not.toContain(b.sheetName);
  // The name now belongs to B, with B's own metadata; A's is recorded with the deletion.
  expect((await readInputSheetMeta(rig.workbook, a.sheetName))?.snapshotSheet).toBe(bMeta.snapshotSheet);
  const gone = (await readDeletedSheets(rig.workbook)).filter((d) => d.meta.snapshotSheet === aMeta.snapshotSheet);
  expect(gone.map((d) => [d.name, d.seen])).toEqual([[a.sheetName, false]]);
  const notices = (await deletedSheetNotices(rig.workbook)).filter((n) => n.id === gone[0].id);
  expect(notices.map((n) => n.text)).toEqual([
    `'${a.sheetName}' was deleted while the pane was not watching it (closed, or its Input sheets tab not opened yet). When the pane last saw it, it had 1 change not sent: ` +
      `${a.names[0]}'s ${a.header} €6,100.00. Any change made to it after that was not seen and cannot be restored.`,
  ]);
  // Push all names it once and pushes B, under the name it has now.
  const push = () => pushAllInputSheets(ctxOf(rig, client), { send: { reachable: clients }, steps: { nettPay: false } });
  const first = await push();
  expect(first.deleted).toContain(a.sheetName);
  expect(first.sheets.map((s) => s.sheetName)).toContain(a.sheetName);
  expect((await push()).deleted).toEqual([]);
  await dismissDeletedSheet(rig.workbook, gone[0].id);
  // Letting A's changes go leaves B's hidden sheets alone.
  expect(rig.model.findSheet(bMeta.snapshotSheet)).toBeDefined();
  expect(rig.model.findSheet(aMeta.snapshotSheet)).toBeUndefined();
});

it("Undo push of a push made before the sheet was renamed follows the sheet under its name now", async () => {
  const clients = await rig.api.listClients();
  const client = clients[3] ?? clients[0];
  const built = await buildSalarySheetFor(rig, client);
  const before = (await readRecords(rig.workbook, built.sheetName))[0][built.header];
  typeInto(rig.model, built.sheetName, 0, built.header, "7100");
  const pushed = await pushInputSheet(ctxOf(rig, client), built.sheetName, {
    send: { mode: "changed" },
    steps: { nettPay: false },
  });
  rig.model.renameSheet(sheetOf(built.sheetName), "Nov inputs");

  const undo = await undoPush({ ...ctxOf(rig, client), preparedBy: "Aoife Byrne" }, { send: { pushId: pushed.pushId } });
  expect(undo.cells).toEqual({ Saved: 1 });
  // The renamed sheet follows the restored value; the undo's own log lines name the sheet as it is now.
  expect([undo.sheet, undo.sheetCells]).toEqual(["Nov inputs", 1]);
  expect((await readRecords(rig.workbook, "Nov inputs"))[0][built.header]).toBe(before);
  const lines = (await readHistory(rig.workbook)).filter((l) => l.pushId === undo.undoPushId);
  expect(lines.map((l) => l.sheet)).toEqual(["Nov inputs"]);
});
