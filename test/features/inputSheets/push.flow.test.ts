/**
 * The input-sheet flows end to end in Node: the real sandbox, the real client, the real Excel layer over the
 * preview workbook. Failures are injected on chosen bulk_input requests (503, 429, lost connections).
 */
import { ERROR_CELL_FILL } from "../../../src/excel/officeWorkbook";
import { calcKey } from "../../../src/contract";
import { activeEmployees } from "../../../src/ui/sheets/periods";
import { InputSheetError, metaSettingKey, parseMeta } from "../../../src/features/inputSheets/model/inputSheetModel";
import { PUSH_LOG_COLUMNS, PUSH_LOG_SHEET, PUSH_LOG_TABLE } from "../../../src/features/inputSheets/model/pushLog";
import { STATUS_TONE, type RowState } from "../../../src/ui/sheets/rowOutcomes";
import type { RowAnnotation } from "../../../src/excel";
import { buildInputSheet, loadInputChoices } from "../../../src/features/inputSheets/flows/inputs";
import { pushInputSheet, type PushSend, type PushSteps } from "../../../src/features/inputSheets/flows/push";
import type { FlowProgress } from "../../../src/ui/flows/common";
import { ctxOf, fillOf, inputSheetRig, readRecords, selectRows, typeInto } from "../../support/flowHelpers";

const CLIENT = { id: 1, name: "Demo client 1" };
const SALARY = calcKey("basic_salary", "amount");
const FAST_NETT: PushSteps["nettPay"] = { polls: 40, intervalMs: 25 };

const env = inputSheetRig(CLIENT);
let previousDate: string;

beforeAll(() => {
  previousDate = (env.choices.periods.get(env.waveId) ?? []).find((p) => p.date < env.payslipDate)!.date;
});

async function build(inputKeys: string[] = [SALARY]) {
  env.rig.faulty.reset();
  const result = await buildInputSheet(
    ctxOf(env.rig, CLIENT),
    { waveId: env.waveId, payslipDate: env.payslipDate, inputKeys },
    { choices: env.choices },
  );
  const records = await readRecords(env.rig.workbook, result.sheetName);
  return { ...result, records };
}

/** What the service holds for an input on a row's payslip: the payslip's own value, else the employee's. */
async function held(employeeId: number, date: string, key = SALARY): Promise<unknown> {
  const [, calculationId, input] = key.split(".");
  const payslip = (await env.rig.check.listPayslips(employeeId)).find((p) => p.date === date && !p.special)!;
  const own = (await env.rig.check.listPayslipCalculations(payslip.id)).find(
    (c) => String(c.calculation_id) === calculationId && c.payslip_id === payslip.id,
  );
  if (own) return own.inputs[input];
  const onEmployee = (await env.rig.check.listEmployeeCalculations(employeeId)).find(
    (c) => String(c.calculation_id) === calculationId && c.payslip_id === null,
  );
  return onEmployee?.inputs[input];
}

const push = (
  sheetName: string,
  options: { send?: Partial<PushSend>; steps?: PushSteps } = {},
  progress: FlowProgress = {},
  clientId: number = CLIENT.id,
) =>
  pushInputSheet(ctxOf(env.rig, { ...CLIENT, id: clientId }, progress), sheetName, {
    send: { mode: "changed", ...options.send },
    steps: { nettPay: false, ...options.steps },
  });

describe("building an input sheet", () => {
  it("reads four lists, then two for the build, whatever the head count, counting them on the bar", async () => {
    env.rig.faulty.reset();
    const loading: string[] = [];
    await loadInputChoices(ctxOf(env.rig, CLIENT, { update: (d, t, detail) => loading.push(`${d} of ${t} · ${detail}`) }));
    expect(loading).toEqual([0, 1, 2, 3, 4].map((n) => `${n} of 4 · requests answered: waves, employees, calculations, items`));
    expect(env.rig.faulty.sent.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      "GET /clients/1/calculations",
      "GET /clients/1/employees",
      "GET /clients/1/items_and_outputs",
      "GET /clients/1/waves",
    ]);
    env.rig.faulty.reset();
    const building: string[] = [];
    const built = await buildInputSheet(
      ctxOf(env.rig, CLIENT, { update: (d, t, detail) => building.push(`${d} of ${t} · ${detail}`) }),
      { waveId: env.waveId, payslipDate: env.payslipDate, inputKeys: [SALARY] },
      { choices: env.choices },
    );
    expect(env.rig.faulty.sent.length).toBe(2);
    expect(built.requests).toBe(2);
    // Counted from the start: the two requests, then the rows written.
    expect(building.slice(0, 3)).toEqual(
      [0, 1, 2].map((n) => `${n} of 2 · requests answered: current employees and calculations`),
    );
    expect(building.slice(3).length).toBeGreaterThan(0);
    expect(building.slice(3).every((u) => /^\d+ of \d+ · Writing rows$/.test(u))).toBe(true);
    expect(building.at(-1)).toMatch(/^(\d+) of \1 · /);
    expect(built.rowCount).toBe(activeEmployees(env.choices.employees, env.waveId, env.payslipDate).length);
    expect(built.rowCount).toBeGreaterThan(3);
  });

  it("writes ID, number, name, payslip date, prefilled inputs, nett pay, Status and Message", async () => {
    const built = await build();
    // The demo's wave has an employee on long-term leave: the Employment column says so (model/employment).
    expect(built.records.some((r) => /^On long-term leave from /.test(String(r.Employment)))).toBe(true);
    expect(Object.keys(built.records[0])).toEqual([
      "Employee ID",
      "Number",
      "Name",
      "Employment",
      "Payslip date",
      env.salaryHeader,
      "Nett pay",
      "Status",
      "Message",
    ]);
    const first = built.records[0];
    expect(typeof first["Employee ID"]).toBe("number");
    // Dates are real dates: Excel serials with a date format.
    expect(typeof first["Payslip date"]).toBe("number");
    expect(first[env.salaryHeader]).toBe(await held(first["Employee ID"] as number, env.payslipDate));
    const meta = parseMeta(await env.rig.workbook.getSetting(metaSettingKey(built.sheetName)));
    expect(meta).toMatchObject({
      clientId: 1,
      waveId: env.waveId,
      payslipDate: env.payslipDate,
      inputs: [{ key: SALARY, header: env.salaryHeader, type: "currency" }],
    });
    // The snapshot sheet is hidden storage, not one of the visible sheets.
    const visible = (await env.rig.workbook.listSheets()).map((s) => s.name);
    expect(visible).toContain(built.sheetName);
    expect(visible).not.toContain(meta!.snapshotSheet);
    expect(await env.rig.workbook.readHiddenTable(meta!.snapshotSheet)).not.toBeNull();
  });
});

describe("pushing", () => {
  it("saves changes, marks bad and finalised rows, shows new nett pay, logs the push", async () => {
    const built = await build();
    const { sheetName, records } = built;
    const ids = records.map((r) => r["Employee ID"] as number);
    const hadPrevious = (id: number) =>
      env.choices.employees.find((e) => e.id === id)?.recent_payslips?.some((w) => w.payslip.date === previousDate);
    const finalisedRow = ids.findIndex((id, i) => i >= 2 && hadPrevious(id));
    expect(finalisedRow).toBeGreaterThan(1);
    const oldNett = records[0]["Nett pay"];
    const newSalary = Number(records[0][env.salaryHeader]) + 1234;

    typeInto(env.rig.model, sheetName, 0, env.salaryHeader, String(newSalary));
    typeInto(env.rig.model, sheetName, 1, env.salaryHeader, "abc");
    typeInto(env.rig.model, sheetName, finalisedRow, "Payslip date", previousDate);
    env.rig.faulty.reset();
    const result = await push(sheetName, { steps: { nettPay: FAST_NETT } });

    const n = records.length;
    expect(result.counts).toEqual({
      Saved: 1,
      Failed: 1,
      Conflict: 0,
      Held: 0,
      "Awaiting review": 0,
      Returned: 0,
      Invalid: 1,
      Unchanged: n - 3,
      "Not sent": 0,
    });
    expect(env.rig.faulty.count("/bulk_input", "POST")).toBe(1);
    // Only the changed cell of row 0; the whole row whose payslip date moved (it is not in the snapshot).
    expect(env.rig.faulty.bulkEntities()).toEqual([
      { id: String(ids[0]), payslip_date: env.payslipDate, attributes: { [SALARY]: newSalary } },
      {
        id: String(ids[finalisedRow]),
        payslip_date: previousDate,
        attributes: { [SALARY]: records[finalisedRow][env.salaryHeader] },
      },
    ]);

    const after = await readRecords(env.rig.workbook, sheetName);
    expect(after[0].Status).toBe("Saved");
    expect(after[1].Status).toBe("Invalid");
    expect(after[1].Message).toContain('"abc" is not a number');
    expect(fillOf(env.rig.model, sheetName, 1, env.salaryHeader)).toBe(ERROR_CELL_FILL);
    expect(after[finalisedRow].Status).toBe("Failed");
    expect(after[finalisedRow].Message).toMatch(/finalised/);
    // A finalised payslip fails the same way every time: no Retry failed is offered for it.
    expect(result.summary).not.toContain("Retry failed");
    expect(result.summary).toContain("1 row the service refused: a retry would fail the same way");
    expect(after.filter((r) => r.Status === "Unchanged")).toHaveLength(n - 3);

    // The service holds the new value; the sheet shows the recalculated nett pay.
    expect(await held(ids[0], env.payslipDate)).toBe(newSalary);
    const payslip = (await env.rig.check.listPayslips(ids[0])).find((p) => p.date === env.payslipDate)!;
    expect(payslip.dirty).toBe(false);
    expect(after[0]["Nett pay"]).toBe(payslip.nett_pay);
    expect(after[0]["Nett pay"]).not.toBe(oldNett);
    expect(result.nettPay).toEqual({ updated: 1, pending: 0, unmoved: 0 });
    // One saved row: its employee's payslip list, never the client's whole employee list.
    expect(env.rig.faulty.count(`/employees/${ids[0]}/payslips`, "GET")).toBe(result.requests.nettPay);
    expect(env.rig.faulty.count("/clients/1/employees", "GET")).toBe(0);
    expect(result.requests.polls).toBeGreaterThanOrEqual(1);
    expect(result.requests.polls).toBeLessThanOrEqual(40);

    const log = await readRecords(env.rig.workbook, PUSH_LOG_SHEET);
    expect(log[log.length - 1]).toMatchObject({
      Client: "Demo client 1 (ID 1)",
      Sheet: sheetName,
      Push: "Push changes",
      Wave: expect.any(String),
      Saved: 1,
      Failed: 1,
      Invalid: 1,
      Unchanged: n - 3,
      "Not sent": 0,
    });

    // Pushing again sends only what is still different from the snapshot: the failed row.
    env.rig.faulty.reset();
    const again = await push(sheetName);
    expect(again.counts).toMatchObject({ Saved: 0, Failed: 1, Invalid: 1, Unchanged: n - 2 });
    expect(env.rig.faulty.bulkEntities().map((e) => e.id)).toEqual([String(ids[finalisedRow])]);
  });

  it("a 503 is retried and the push goes on; a chunk whose tries are used up ends Failed, saying what to do", async () => {
    const { sheetName, records } = await build();
    const ids = records.map((r) => r["Employee ID"] as number);
    const edited = [0, 1, 2, 3, 4, 5];
    const value = (i: number) => 40_000 + i * 100 + 7;
    for (const i of edited) typeInto(env.rig.model, sheetName, i, env.salaryHeader, String(value(i)));
    env.rig.faulty.reset();
    // One chunk at a time, so the request numbers are the chunks' tries in order: chunk 2 fails twice (its two tries).
    env.rig.faulty.faults.set(env.rig.faulty.bulkCount + 2, { kind: "status", status: 503 });
    env.rig.faulty.faults.set(env.rig.faulty.bulkCount + 3, { kind: "status", status: 503 });
    const result = await push(sheetName, { send: { chunkSize: 2, concurrency: 1, tries: 2 } });

    expect(env.rig.faulty.count("/bulk_input")).toBe(4);
    expect(result.requests.bulkInput).toBe(4);
    expect(result.stoppedBy).toBeNull();
    const after = await readRecords(env.rig.workbook, sheetName);
    expect(after.slice(0, 6).map((r) => r.Status)).toEqual(["Saved", "Saved", "Failed", "Failed", "Saved", "Saved"]);
    expect(after[2].Message).toBe(
      "Not confirmed after 2 tries: the service kept failing (HTTP 503). Press Retry failed, or check the service status.",
    );
    // Every row ends in a definite state.
    expect(after.every((r) => ["Saved", "Failed", "Unchanged"].includes(String(r.Status)))).toBe(true);
    expect(await held(ids[0], env.payslipDate)).toBe(value(0));
    expect(await held(ids[4], env.payslipDate)).toBe(value(4));
    expect(await held(ids[2], env.payslipDate)).toBe(records[2][env.salaryHeader]);
    expect(result.summary).toContain("Retry failed");

    env.rig.faulty.reset();
    const retry = await push(sheetName, { send: { mode: "retry", chunkSize: 2 } });
    expect(env.rig.faulty.bulkEntities().map((e) => Number(e.id))).toEqual(ids.slice(2, 4));
    expect(retry.counts).toEqual({
      Saved: 2,
      Failed: 0,
      Conflict: 0,
      Held: 0,
      "Awaiting review": 0,
      Returned: 0,
      Invalid: 0,
      Unchanged: 0,
      "Not sent": 0,
    });
    for (const i of edited) expect(await held(ids[i], env.payslipDate)).toBe(value(i));
    const final = await readRecords(env.rig.workbook, sheetName);
    expect(final.slice(0, 6).map((r) => r.Status)).toEqual(["Saved", "Saved", "Saved", "Saved", "Saved", "Saved"]);

    // Nothing left to send.
    env.rig.faulty.reset();
    const nothing = await push(sheetName);
    expect(env.rig.faulty.count("/bulk_input")).toBe(0);
    expect(nothing.counts.Unchanged).toBe(records.length);
  });

  it("a lost answer (the service applied it) is sent again and ends Saved, the value applied once", async () => {
    const { sheetName, records } = await build();
    const id = records[0]["Employee ID"] as number;
    typeInto(env.rig.model, sheetName, 0, env.salaryHeader, "51000");
    env.rig.faulty.reset();
    env.rig.faulty.faults.set(env.rig.faulty.bulkCount + 1, { kind: "network-after" });
    env.rig.faulty.faults.set(env.rig.faulty.bulkCount + 2, { kind: "network-before" });
    const result = await push(sheetName);
    expect(env.rig.faulty.count("/bulk_input")).toBe(3);
    expect(result.outcomes.find((o) => o.rowIndex === 0)?.status).toBe("Saved");
    expect(await held(id, env.payslipDate)).toBe(51000);
    // Sending it once more leaves the same state (bulk_input sets absolute values).
    const again = await push(sheetName, { send: { mode: "all" } });
    expect(again.counts.Saved).toBe(records.length);
    expect(await held(id, env.payslipDate)).toBe(51000);
  });

  it("rows the answer left out are sent again, and end Saved", async () => {
    const { sheetName, records } = await build();
    const ids = records.map((r) => r["Employee ID"] as number);
    for (const i of [0, 1, 2]) typeInto(env.rig.model, sheetName, i, env.salaryHeader, String(63_000 + i));
    const real = env.rig.api.bulkInput.bind(env.rig.api);
    const spy = jest.spyOn(env.rig.api, "bulkInput").mockImplementationOnce(async (...args) => (await real(...args)).slice(0, 1));
    env.rig.faulty.reset();
    const result = await push(sheetName);
    spy.mockRestore();
    expect(env.rig.faulty.bulkEntities().map((e) => Number(e.id))).toEqual([ids[0], ids[1], ids[2], ids[1], ids[2]]);
    expect(result.requests.bulkInput).toBe(2);
    expect(result.counts).toMatchObject({ Saved: 3, Failed: 0 });
    for (const i of [0, 1, 2]) expect(await held(ids[i], env.payslipDate)).toBe(63_000 + i);
  });

  it("a 429 waits for Retry-After and halves the rate for the rest of the push; one too long to wait ends Failed", async () => {
    const { sheetName, records } = await build();
    const ids = records.map((r) => r["Employee ID"] as number);
    for (const i of [0, 1, 2]) typeInto(env.rig.model, sheetName, i, env.salaryHeader, String(60_000 + i));
    env.rig.faulty.reset();
    env.rig.faulty.faults.set(env.rig.faulty.bulkCount + 1, { kind: "status", status: 429, retryAfter: "0" });
    const slowDown = jest.spyOn(env.rig.api, "slowDown");
    const result = await push(sheetName, { send: { chunkSize: 2, concurrency: 1 } });
    expect(result.counts).toMatchObject({ Saved: 3, Failed: 0 });
    expect(result.requests.slowDowns).toBe(1);
    expect(slowDown).toHaveBeenCalledTimes(1);
    slowDown.mockRestore();
    expect(await held(ids[0], env.payslipDate)).toBe(60_000);

    // Retry-After beyond what the client waits for: the chunk ends Failed as not saved; the push goes on.
    for (const i of [0, 1, 2]) typeInto(env.rig.model, sheetName, i, env.salaryHeader, String(61_000 + i));
    env.rig.faulty.faults.set(env.rig.faulty.bulkCount + 1, { kind: "status", status: 429, retryAfter: "3600" });
    const busy = await push(sheetName, { send: { chunkSize: 2, concurrency: 1 } });
    expect(busy.counts).toMatchObject({ Saved: 1, Failed: 2 });
    expect(busy.outcomes[0].message).toBe(
      "Not saved after 1 try: the service is busy (HTTP 429). Press Retry failed in a few minutes.",
    );
    expect(await held(ids[0], env.payslipDate)).toBe(60_000);
    expect(await held(ids[2], env.payslipDate)).toBe(61_002);
  });

  it("a refused key stops the push: later chunks Not sent", async () => {
    const { sheetName } = await build();
    for (const i of [0, 1, 2]) typeInto(env.rig.model, sheetName, i, env.salaryHeader, String(62_000 + i));
    env.rig.faulty.reset();
    env.rig.faulty.faults.set(env.rig.faulty.bulkCount + 1, { kind: "status", status: 401 });
    const result = await push(sheetName, { send: { chunkSize: 2, concurrency: 1 } });
    expect(env.rig.faulty.count("/bulk_input")).toBe(1);
    expect(result.stoppedBy).toBe("the service refused the API key");
    expect(result.counts).toMatchObject({ Failed: 2, "Not sent": 1 });
  });

  it("cancel stops between chunks without losing the saved ones", async () => {
    const { sheetName, records } = await build();
    const ids = records.map((r) => r["Employee ID"] as number);
    for (const i of [0, 1, 2, 3]) typeInto(env.rig.model, sheetName, i, env.salaryHeader, String(70_000 + i));
    const controller = new AbortController();
    const annotated = jest.spyOn(env.rig.workbook, "annotateRows");
    const result = await push(
      sheetName,
      { send: { chunkSize: 1, concurrency: 1 } },
      {
        signal: controller.signal,
        update: (done) => {
          if (done >= 2) controller.abort();
        },
      },
    );
    expect(result.stoppedBy).toBe("cancelled");
    expect(result.counts).toMatchObject({ Saved: 2, "Not sent": 2 });
    const after = await readRecords(env.rig.workbook, sheetName);
    expect(after.slice(0, 4).map((r) => r.Status)).toEqual(["Saved", "Saved", "Not sent", "Not sent"]);
    // The row writes' vocabulary: the same cancel wording, and every status in its tone (Not sent amber).
    expect(after[2].Message).toBe("Not sent: cancelled — use Retry failed");
    expect(result.summary).toMatch(/ Cancelled\. Use Retry failed/);
    const annotations = annotated.mock.calls.flatMap(([, rows]) => rows as RowAnnotation[]);
    annotated.mockRestore();
    expect(annotations.filter((a) => a.status === "Not sent").length).toBeGreaterThan(2);
    for (const a of annotations) expect([a.status, a.tone]).toEqual([a.status, STATUS_TONE[a.status as RowState]]);
    expect(await held(ids[1], env.payslipDate)).toBe(70_001);
    expect(await held(ids[2], env.payslipDate)).toBe(records[2][env.salaryHeader]);
    // The snapshot learnt the saved rows: a normal push now sends only the two not sent.
    env.rig.faulty.reset();
    await push(sheetName);
    expect(env.rig.faulty.bulkEntities().map((e) => Number(e.id))).toEqual([ids[2], ids[3]]);
  });

  it("cancel during the wait before another try ends that chunk Failed as not confirmed, at once", async () => {
    const { sheetName } = await build();
    for (const i of [0, 1]) typeInto(env.rig.model, sheetName, i, env.salaryHeader, String(71_000 + i));
    env.rig.faulty.reset();
    env.rig.faulty.faults.set(env.rig.faulty.bulkCount + 1, { kind: "status", status: 500 });
    const controller = new AbortController();
    const details: string[] = [];
    const result = await push(
      sheetName,
      { send: { chunkSize: 1, concurrency: 1 } },
      {
        signal: controller.signal,
        update: (_d, _t, detail) => {
          details.push(detail ?? "");
          if (detail?.includes("trying again")) controller.abort();
        },
      },
    );
    expect(details.find((d) => d.includes("trying again"))).toMatch(
      /^Batch 1: the service failed \(HTTP 500\); trying again in \d+ s \(try 2 of 6\)$/,
    );
    expect(env.rig.faulty.count("/bulk_input")).toBe(1);
    expect(result.stoppedBy).toBe("cancelled");
    expect(result.outcomes.slice(0, 2).map((o) => [o.status, o.message])).toEqual([
      ["Failed", "Not confirmed: cancelled before the service confirmed it — use Retry failed"],
      ["Not sent", "Not sent: cancelled — use Retry failed"],
    ]);
  });

  it("push selected rows sends every input of the selected rows and leaves the others' annotations", async () => {
    const { sheetName, records } = await build();
    const ids = records.map((r) => r["Employee ID"] as number);
    typeInto(env.rig.model, sheetName, 0, env.salaryHeader, "80000");
    await push(sheetName, { send: { mode: "all", chunkSize: 50 } });
    typeInto(env.rig.model, sheetName, 2, env.salaryHeader, "80002");
    typeInto(env.rig.model, sheetName, 3, env.salaryHeader, "80003");
    selectRows(env.rig.model, sheetName, 2, 2);
    env.rig.faulty.reset();
    const result = await push(sheetName, { send: { mode: "selected" } });
    expect(env.rig.faulty.bulkEntities()).toEqual([
      { id: String(ids[2]), payslip_date: env.payslipDate, attributes: { [SALARY]: 80002 } },
    ]);
    expect(result.counts).toMatchObject({ Saved: 1 });
    const after = await readRecords(env.rig.workbook, sheetName);
    expect(after[0].Status).toBe("Saved"); // from the earlier push-all, kept
    expect(after[3].Status).toBe("Saved"); // push-all marked it; its new edit is not sent yet
    expect(await held(ids[3], env.payslipDate)).not.toBe(80003);
  });

  it("keeps colour an accountant put on names, nett pay or messages; clears only its own highlights", async () => {
    const { sheetName } = await build();
    const USER = "#00B0F0";
    typeInto(env.rig.model, sheetName, 0, env.salaryHeader, "-5"); // refused by the service: a red cell
    await push(sheetName);
    expect(fillOf(env.rig.model, sheetName, 0, env.salaryHeader)).toBeDefined();
    await env.rig.workbook.fillCells(
      sheetName,
      ["Name", "Nett pay", "Message"].map((column) => ({ rowIndex: 0, column })),
      USER,
    );
    typeInto(env.rig.model, sheetName, 0, env.salaryHeader, "41000");
    await push(sheetName, { steps: { nettPay: FAST_NETT } });
    expect((await readRecords(env.rig.workbook, sheetName))[0].Status).toBe("Saved");
    expect(fillOf(env.rig.model, sheetName, 0, env.salaryHeader)).toBeUndefined(); // its own red, cleared
    for (const column of ["Name", "Nett pay", "Message"]) expect(fillOf(env.rig.model, sheetName, 0, column)).toBe(USER);
  });

  it("appends to a Push log made before the Conflict column existed: the column is added at the end, blank for old lines", async () => {
    const { sheetName } = await build();
    // An older workbook's log: the same columns but Conflict, with one line.
    await env.rig.workbook.deleteSheet(PUSH_LOG_SHEET);
    const old = PUSH_LOG_COLUMNS.filter(
      (c) => !["conflict", "held", "awaiting_review", "returned", "wave", "period"].includes(c.key),
    );
    await env.rig.workbook.appendRows({
      sheetName: PUSH_LOG_SHEET,
      tableName: PUSH_LOG_TABLE,
      columns: old,
      rows: [[new Date(2025, 0, 1, 9, 0), "Demo client 1 (ID 1)", "Old sheet", "Changed cells", 4, 1, 0, 7, 0]],
    });
    typeInto(env.rig.model, sheetName, 0, env.salaryHeader, "40100");
    await push(sheetName);
    const log = await env.rig.workbook.readTable(PUSH_LOG_SHEET);
    expect(log!.columns).toEqual([
      ...old.map((c) => c.header),
      "Wave",
      "Period ending",
      "Conflict",
      "Held",
      "Awaiting review",
      "Returned",
    ]);
    const lines = await readRecords(env.rig.workbook, PUSH_LOG_SHEET);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ Sheet: "Old sheet", Saved: 4, Failed: 1, Conflict: "", Invalid: 0, Unchanged: 7 });
    expect(lines[1]).toMatchObject({ Sheet: sheetName, Saved: 1, Failed: 0, Conflict: 0, Invalid: 0, "Not sent": 0 });
    expect(lines[1].Wave).toBeTruthy();
    expect(lines[1]["Period ending"]).toBeTruthy();
  });

  it("refuses sheets it cannot push, sending nothing", async () => {
    const { sheetName } = await build();
    env.rig.faulty.reset();
    await expect(push("Nowhere")).rejects.toThrow(InputSheetError);
    await expect(push(sheetName, {}, {}, 2)).rejects.toThrow(
      /is Demo client 1.s: choose Demo client 1 as the client to push it\.$/,
    );
    typeInto(env.rig.model, sheetName, 0, "Status", "");
    await expect(push(sheetName, { send: { mode: "retry" } })).rejects.toThrow(/no Failed or Not sent rows/);
    expect(env.rig.faulty.sent).toHaveLength(0);
  });

  it("builds a sheet for a finalised period read only: titled so, recorded, and never pushed", async () => {
    const built = await buildInputSheet(
      ctxOf(env.rig, CLIENT),
      { waveId: env.waveId, payslipDate: previousDate, inputKeys: [SALARY] },
      { choices: env.choices },
    );
    expect(built.finalised).toBe(true);
    expect(String(env.rig.model.getSheet(built.sheetName).cell(0, 0)?.v ?? "")).toMatch(/^Read only, period finalised\. Inputs:/);
    expect(parseMeta(await env.rig.workbook.getSetting(metaSettingKey(built.sheetName)))?.finalised).toBe(true);
    typeInto(env.rig.model, built.sheetName, 0, env.salaryHeader, "99999");
    env.rig.faulty.reset();
    await expect(push(built.sheetName, { send: { mode: "all" } })).rejects.toThrow(
      /is finalised: the service accepts no changes/,
    );
    expect(env.rig.faulty.sent).toHaveLength(0);
    const open = await buildInputSheet(
      ctxOf(env.rig, CLIENT),
      { waveId: env.waveId, payslipDate: env.payslipDate, inputKeys: [SALARY] },
      { choices: env.choices },
    );
    expect(open.finalised).toBe(false);
  });
});
