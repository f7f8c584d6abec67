/**
 * Colour an accountant puts on input cells by hand survives the add-in: watching for pending changes (a new watch
 * and the look after a push), pushing (a Failed cell's red comes off and gives the colour back), Retry failed,
 * Overwrite conflicts and Undo selected changes. The real sandbox, client and Excel layer over the preview.
 */
import { calcKey } from "../../src/contract";
import { activeEmployees, defaultPeriod } from "../../src/sheets/inputSheet";
import type { WorkbookModel } from "../../src/preview/workbook";
import { conflictCheck, overwriteConflicts } from "../../src/taskpane/flows/conflicts";
import { buildInputSheet, loadInputChoices, type InputChoices } from "../../src/taskpane/flows/inputs";
import {
  PENDING_FILL,
  type PendingState,
  type PendingWatch,
  undoSelectedChanges,
  watchPendingChanges,
} from "../../src/taskpane/flows/pending";
import { pushInputSheet, type PushOptions } from "../../src/taskpane/flows/push";
import { fillOf, readRecords, startRig, typeInto, type Rig } from "./helpers";

const CLIENT = { clientId: 1, clientName: "Demo client 1" };
const SALARY = calcKey("basic_salary", "amount");
const USER = "#00B0F0";
const OTHER = "#92D050";

let rig: Rig;
let choices: InputChoices;
let waveId: number;
let payslipDate: string;
let salaryHeader: string;

beforeAll(async () => {
  rig = await startRig();
  choices = await loadInputChoices(rig.client, CLIENT.clientId);
  const withSalary = (id: number, date: string) =>
    activeEmployees(choices.employees, id, date).filter((e) =>
      choices.calculations.some((c) => c.employee_id === e.id && c.calculation_id === "basic_salary" && !c.deleted),
    ).length;
  const ranked = choices.waves
    .map((w) => ({ w, period: defaultPeriod(choices.periods.get(w.id) ?? []) }))
    .filter((x) => x.period)
    .sort((a, b) => withSalary(b.w.id, b.period!.date) - withSalary(a.w.id, a.period!.date));
  waveId = ranked[0].w.id;
  payslipDate = ranked[0].period!.date;
  salaryHeader = choices.offered.find((o) => o.key === SALARY)!.label;
});
afterAll(() => rig.close());

/** Home > Fill Color on one table cell, as a person does it (a format change: no change event). */
function colour(model: WorkbookModel, sheetName: string, rowIndex: number, header: string, color: string): void {
  const sheet = model.getSheet(sheetName);
  const t = sheet.tables()[0];
  const headers = Array.from({ length: t.cols }, (_, k) => String(sheet.valueAt(t.r, t.c + k)));
  model.colourCells(sheet, { r: t.r + 1 + rowIndex, c: t.c + headers.indexOf(header), rows: 1, cols: 1 }, color);
}

async function build() {
  const { sheetName } = await buildInputSheet(
    rig.client,
    rig.workbook,
    { ...CLIENT, waveId, payslipDate, inputKeys: [SALARY] },
    { choices },
  );
  const rows = await readRecords(rig.workbook, sheetName);
  return { sheetName, rows };
}

function waitFor(states: PendingState[], pred: (s: PendingState) => boolean, ms = 3000): Promise<PendingState> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      const last = states[states.length - 1];
      if (last && pred(last)) resolve(last);
      else if (Date.now() - start > ms) reject(new Error(`Timed out; last: ${last?.text}`));
      else setTimeout(tick, 10);
    };
    tick();
  });
}

/** A push as the panel runs it: the watch paused meanwhile, then a look that re-reads the snapshot. */
async function pushWatched(watch: PendingWatch, sheetName: string, options: Partial<PushOptions> = {}) {
  watch.setPaused(true);
  try {
    return await pushInputSheet(rig.client, rig.workbook, sheetName, {
      mode: "changed",
      clientId: CLIENT.clientId,
      nettPay: false,
      ...options,
    });
  } finally {
    watch.setPaused(false);
    await watch.refresh({ reload: true });
  }
}

it("survives a new watch, pending shading over it, Undo selected changes, and a push with the look after it", async () => {
  const { sheetName, rows } = await build();
  colour(rig.model, sheetName, 0, salaryHeader, USER);
  colour(rig.model, sheetName, 1, salaryHeader, USER);
  colour(rig.model, sheetName, 2, "Payslip date", OTHER);
  const states: PendingState[] = [];
  const watch = await watchPendingChanges(rig.workbook, sheetName, (s) => states.push(s), { debounceMs: 20 });
  try {
    // A new watch starts from the add-in's own shading only.
    expect([fillOf(rig.model, sheetName, 0, salaryHeader), fillOf(rig.model, sheetName, 1, salaryHeader)]).toEqual([USER, USER]);
    expect(fillOf(rig.model, sheetName, 2, "Payslip date")).toBe(OTHER);

    // Changed: shaded over the accountant's colour; undone: the colour is back.
    typeInto(rig.model, sheetName, 0, salaryHeader, "43210");
    await waitFor(states, (s) => s.text === "1 change pending in 1 row");
    expect(fillOf(rig.model, sheetName, 0, salaryHeader)).toBe(PENDING_FILL);
    await undoSelectedChanges(rig.workbook, sheetName, { cells: [{ rowIndex: 0, column: salaryHeader }] });
    await waitFor(states, (s) => s.text === "No changes pending");
    expect(fillOf(rig.model, sheetName, 0, salaryHeader)).toBe(USER);

    // Changed again and pushed: saved, and the look after the push gives the colour back.
    typeInto(rig.model, sheetName, 0, salaryHeader, "43210");
    typeInto(rig.model, sheetName, 3, salaryHeader, "43211");
    await waitFor(states, (s) => s.text === "2 changes pending in 2 rows");
    const result = await pushWatched(watch, sheetName);
    expect(result.counts).toMatchObject({ Saved: 2 });
    expect(watch.current()!.text).toBe("No changes pending");
    expect([0, 1, 3].map((r) => fillOf(rig.model, sheetName, r, salaryHeader))).toEqual([USER, USER, undefined]);
    expect(fillOf(rig.model, sheetName, 2, "Payslip date")).toBe(OTHER);
    expect(rows.length).toBeGreaterThan(3);
  } finally {
    await watch.stop();
  }
});

it("survives a Failed push's red, Retry failed, a Conflict and Overwrite conflicts", async () => {
  const { sheetName, rows } = await build();
  colour(rig.model, sheetName, 0, salaryHeader, USER);
  colour(rig.model, sheetName, 1, salaryHeader, OTHER);
  colour(rig.model, sheetName, 2, salaryHeader, USER);
  const states: PendingState[] = [];
  const watch = await watchPendingChanges(rig.workbook, sheetName, (s) => states.push(s), { debounceMs: 20 });
  try {
    // Refused by the service: the cell is red over the accountant's colour.
    typeInto(rig.model, sheetName, 0, salaryHeader, "-5");
    await waitFor(states, (s) => s.text === "1 change pending in 1 row");
    let result = await pushWatched(watch, sheetName);
    expect(result.counts).toMatchObject({ Failed: 1 });
    expect(fillOf(rig.model, sheetName, 0, salaryHeader)).toBe("#FFC7CE");
    expect([1, 2].map((r) => fillOf(rig.model, sheetName, r, salaryHeader))).toEqual([OTHER, USER]);

    // Corrected and retried: saved, the red is gone and the colour under it is back.
    typeInto(rig.model, sheetName, 0, salaryHeader, "41000");
    await waitFor(states, (s) => s.changes.some((c) => c.rowIndex === 0 && c.after === 41000));
    result = await pushWatched(watch, sheetName, { mode: "retry" });
    expect(result.counts).toMatchObject({ Saved: 1 });
    expect(fillOf(rig.model, sheetName, 0, salaryHeader)).toBe(USER);

    // A colleague changes row 1 in the service: the push holds it back as Conflict; Overwrite conflicts sends it.
    const id = Number(rows[1]["Employee ID"]);
    await rig.check.bulkInput(1, [{ id: String(id), payslip_date: payslipDate, attributes: { [SALARY]: 6543 } }]);
    typeInto(rig.model, sheetName, 1, salaryHeader, "6000");
    await waitFor(states, (s) => s.changes.some((c) => c.rowIndex === 1 && c.after === 6000));
    result = await pushWatched(watch, sheetName, { conflictCheck: conflictCheck(rig.client) });
    expect(result.counts).toMatchObject({ Conflict: 1 });
    watch.setPaused(true);
    try {
      result = await overwriteConflicts(rig.client, rig.workbook, sheetName, { clientId: CLIENT.clientId, nettPay: false });
    } finally {
      watch.setPaused(false);
      await watch.refresh({ reload: true });
    }
    expect(result.counts).toMatchObject({ Saved: 1 });
    expect(watch.current()!.text).toBe("No changes pending");
    expect([0, 1, 2].map((r) => fillOf(rig.model, sheetName, r, salaryHeader))).toEqual([USER, OTHER, USER]);
  } finally {
    await watch.stop();
  }
});
