/**
 * Every row's state honest after every path (issue 25, Deliver 8), on the sandbox with the preview workbook and the
 * pane's watch: a header renamed, pushed and put back; a settled row edited (typed back); a Held row whose change is
 * undone; a Failed row typed back. The watch repairs them from the row states and the snapshot, asking the service
 * nothing.
 */
import { calcKey } from "../../../src/contract";
import { ADDIN_FILLS } from "../../../src/excel";
import { DEFAULT_PUSH_CHECK } from "../../../src/features/inputSheets/model/pushCheck";
import { buildInputSheet, loadInputChoices, type InputChoices } from "../../../src/features/inputSheets/flows/inputs";
import { pushInputSheet, type PushSteps } from "../../../src/features/inputSheets/flows/push";
import {
  type PendingWatch,
  type WatchOptions,
  undoSelectedChanges,
  watchPendingChanges,
} from "../../../src/features/inputSheets/flows/pending";
import { ctxOf, fillOf, readRecords, salaryWave, startRig, typeInto, type Rig } from "../../support/flowHelpers";

const CLIENT = { id: 1, name: "Demo client 1" };
const SALARY = calcKey("basic_salary", "amount");

let rig: Rig;
let choices: InputChoices;
let waveId: number;
let payslipDate: string;
let salaryHeader: string;

beforeAll(async () => {
  rig = await startRig();
  choices = await loadInputChoices(ctxOf(rig, CLIENT));
  ({ waveId, payslipDate, salaryHeader } = salaryWave(choices));
});
afterAll(() => rig.close());

const build = async () =>
  (await buildInputSheet(ctxOf(rig, CLIENT), { waveId, payslipDate, inputKeys: [SALARY] }, { choices })).sheetName;
const push = (sheetName: string, steps: Partial<PushSteps> = {}) =>
  pushInputSheet(ctxOf(rig, CLIENT), sheetName, { send: { mode: "changed" }, steps: { nettPay: false, ...steps } });
const statuses = async (sheetName: string) => (await readRecords(rig.workbook, sheetName)).map((r) => String(r.Status));
const messages = async (sheetName: string) => (await readRecords(rig.workbook, sheetName)).map((r) => String(r.Message));

/** A person types over a header cell of the sheet's table. */
function typeHeader(sheetName: string, from: string, to: string) {
  const sheet = rig.model.getSheet(sheetName);
  const t = sheet.tables()[0];
  for (let k = 0; k < t.cols; k++) if (String(sheet.valueAt(t.r, t.c + k)) === from) rig.model.editCell(sheet, t.r, t.c + k, to);
}

/** The pane's watch on the sheet; `look` looks again as the pane does after a push (reload) or an edit. */
async function watching<T>(
  sheetName: string,
  body: (look: (reload?: boolean) => Promise<void>) => Promise<T>,
  options: Pick<WatchOptions, "onHeadersRestored"> = {},
): Promise<T> {
  const watch: PendingWatch = await watchPendingChanges(rig.workbook, sheetName, () => undefined, {
    setTimer: () => null, // no debounce timer: each look is asked for
    clearTimer: () => undefined,
    ...options,
  });
  try {
    return await body(async (reload = false) => void (await watch.refresh({ reload })));
  } finally {
    await watch.stop();
  }
}

it("a header renamed makes the push refuse the rows; put back, they are Saved and Unchanged again, without a service read, and the watch says the header is back", async () => {
  const sheetName = await build();
  const salaries = (await readRecords(rig.workbook, sheetName)).map((r) => Number(r[salaryHeader]));
  typeInto(rig.model, sheetName, 0, salaryHeader, String(salaries[0] + 100));
  // The pane checks the sheet against the service when told (panel/useReconcile): told once, for the header typed back.
  const restored: string[][] = [];
  await watching(
    sheetName,
    async (look) => {
      await push(sheetName);
      await look(true);
      const pushed = await messages(sheetName);
      expect((await statuses(sheetName)).slice(0, 3)).toEqual(["Saved", "Unchanged", "Unchanged"]);

      typeHeader(sheetName, salaryHeader, "Salary");
      await look();
      expect((await statuses(sheetName))[0]).toBe("Saved"); // renaming alone changes no state
      expect(restored).toEqual([]);
      await push(sheetName);
      await look(true);
      expect((await statuses(sheetName)).slice(0, 3)).toEqual(["Invalid", "Invalid", "Invalid"]);
      expect((await messages(sheetName))[0]).toMatch(
        new RegExp(
          `Column "Salary" is not an input of this sheet: if it was "${salaryHeader.replace(/[()]/g, "\\$&")}", type that header back`,
        ),
      );

      rig.faulty.reset();
      typeHeader(sheetName, "Salary", salaryHeader);
      await look();
      expect((await statuses(sheetName)).slice(0, 3)).toEqual(["Saved", "Unchanged", "Unchanged"]);
      expect(await messages(sheetName)).toEqual(pushed);
      expect(fillOf(rig.model, sheetName, 0, salaryHeader)).toBeUndefined(); // the Invalid red is gone
      expect(rig.faulty.sent).toHaveLength(0); // from the row states and the snapshot alone
      expect(restored).toEqual([[salaryHeader]]);
      await look();
      expect(restored).toHaveLength(1); // once: the next look finds nothing typed back
    },
    { onHeadersRestored: (headers) => restored.push(headers) },
  );
});

it("a €75 typed into an Unchanged row says Changed, shaded; typed back, Unchanged again; a Saved row edited with the pane closed says Changed", async () => {
  const sheetName = await build();
  const salaries = (await readRecords(rig.workbook, sheetName)).map((r) => Number(r[salaryHeader]));
  typeInto(rig.model, sheetName, 0, salaryHeader, String(salaries[0] + 75));
  await push(sheetName);
  expect((await statuses(sheetName)).slice(0, 2)).toEqual(["Saved", "Unchanged"]);
  // Edited while no watch runs (the pane closed): the first look says Changed.
  typeInto(rig.model, sheetName, 0, salaryHeader, String(salaries[0] + 150));
  await watching(sheetName, async (look) => {
    expect((await statuses(sheetName))[0]).toBe("Changed");
    expect((await messages(sheetName))[0]).toMatch(/^Edited after the push, not sent yet/);

    typeInto(rig.model, sheetName, 1, salaryHeader, String(salaries[1] + 75));
    await look();
    expect((await statuses(sheetName))[1]).toBe("Changed");
    expect(fillOf(rig.model, sheetName, 1, salaryHeader)).toBe(ADDIN_FILLS.pending);

    typeInto(rig.model, sheetName, 1, salaryHeader, String(salaries[1]));
    typeInto(rig.model, sheetName, 0, salaryHeader, String(salaries[0] + 75));
    await look();
    expect((await statuses(sheetName)).slice(0, 2)).toEqual(["Saved", "Unchanged"]);
    expect(fillOf(rig.model, sheetName, 1, salaryHeader)).toBeUndefined();
  });
});

it("a Held row whose change is undone is no longer Held: it says Saved, as before the push that held it", async () => {
  const sheetName = await build();
  const salaries = (await readRecords(rig.workbook, sheetName)).map((r) => Number(r[salaryHeader]));
  const check = { settings: DEFAULT_PUSH_CHECK, ask: async () => "sendUnflagged" as const };
  const small = Math.round(salaries[0] * 101) / 100;
  typeInto(rig.model, sheetName, 0, salaryHeader, String(small));
  await push(sheetName, { check });
  expect((await statuses(sheetName))[0]).toBe("Saved");
  const saved = (await messages(sheetName))[0];

  typeInto(rig.model, sheetName, 0, salaryHeader, String(Math.round(salaries[0] * 160) / 100));
  await watching(sheetName, async (look) => {
    await push(sheetName, { check });
    await look(true);
    expect((await statuses(sheetName))[0]).toBe("Held");

    const undone = await undoSelectedChanges(rig.workbook, sheetName, { cells: [{ rowIndex: 0, column: salaryHeader }] });
    expect(undone.undone).toBe(1);
    await look();
    expect((await statuses(sheetName))[0]).toBe("Saved");
    expect((await messages(sheetName))[0]).toBe(saved);
    expect((await readRecords(rig.workbook, sheetName))[0][salaryHeader]).toBe(small);
  });
});

it("a Failed row typed back to what the service holds has nothing to send: its Status goes blank; another Failed row stays", async () => {
  const sheetName = await build();
  const salaries = (await readRecords(rig.workbook, sheetName)).map((r) => Number(r[salaryHeader]));
  typeInto(rig.model, sheetName, 0, salaryHeader, "-5"); // refused by the service
  typeInto(rig.model, sheetName, 1, salaryHeader, "-6");
  await watching(sheetName, async (look) => {
    await push(sheetName);
    await look(true);
    expect((await statuses(sheetName)).slice(0, 2)).toEqual(["Failed", "Failed"]);
    typeInto(rig.model, sheetName, 0, salaryHeader, String(salaries[0]));
    await look();
    expect((await statuses(sheetName)).slice(0, 2)).toEqual(["", "Failed"]);
    expect(fillOf(rig.model, sheetName, 0, salaryHeader)).toBeUndefined();
    expect(fillOf(rig.model, sheetName, 1, salaryHeader)).toBe(ADDIN_FILLS.error);
  });
});
