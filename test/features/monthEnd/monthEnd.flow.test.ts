/**
 * Month-end overview against the sandbox: one row per client and open wave, counts equal to what the API lists for
 * the open run, the workbook's pending edits counted, a fixed number of requests per client whatever the head count,
 * cells right of the table kept, Cancel writing nothing, and Build input sheet from a row with the last inputs.
 */
import { PayrollApi } from "../../../src/api";
import { calcKey } from "../../../src/contract";
import { chartData, copyChart } from "../../../src/emulator";
import { OVERVIEW_COLUMNS, OVERVIEW_SHEET, OVERVIEW_TABLE } from "../../../src/features/monthEnd/model/monthEnd";
import { CALENDAR_COLUMNS, DUE_THIS_WEEK_COLUMN } from "../../../src/features/monthEnd/model/calendar";
import { saveCalendarChoices } from "../../../src/features/monthEnd/flows/calendarChoices";
import { type Clock, SYSTEM_CLOCK } from "../../../src/ui/flows/common";
import { readInputSheetMeta } from "../../../src/features/inputSheets/flows/inputs";
import { readLastInputs } from "../../../src/features/inputSheets/flows/lastInputs";
import { buildFromOverview, monthEndOverview, REQUESTS_PER_CLIENT } from "../../../src/features/monthEnd/flows/monthEnd";
import { readInputSheetStates } from "../../../src/features/monthEnd/flows/monthEndSheets";
import { pushInputSheet } from "../../../src/features/inputSheets/flows/push";
import {
  buildSalarySheetFor,
  ctxOf,
  markRows,
  readRecords,
  selectRows,
  startRig,
  typeInto,
  type Rig,
} from "../../support/flowHelpers";

const SALARY = calcKey("basic_salary", "amount");

describe("with the demo's three clients", () => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await startRig();
  });
  // Closing waits for the sandbox's admitted requests: a state, which took over 20 s at load 6 in a busy .ci/run.
  afterAll(() => rig.close(), 60_000);

  it("gives one row per client and open wave, with the open run's counts as the API lists them, and pending edits counted", async () => {
    const clients = await rig.api.listClients();
    const built = await buildSalarySheetFor(rig, clients[0]);
    typeInto(rig.model, built.sheetName, 0, built.header, "4321.5");
    typeInto(rig.model, built.sheetName, 1, built.header, "4322.5");
    rig.faulty.reset();
    const updates: [number, number | undefined][] = [];
    const result = await monthEndOverview(ctxOf(rig, undefined, { update: (d, t) => updates.push([d, t]) }), {
      reachable: clients,
    });

    // Two list requests per client, nothing else.
    expect(rig.faulty.sent).toHaveLength(REQUESTS_PER_CLIENT * clients.length);
    expect(rig.faulty.sent.every((r) => r.method === "GET")).toBe(true);
    expect(result.requests).toBe(REQUESTS_PER_CLIENT * clients.length);
    // The bar counts clients.
    expect(updates).toContainEqual([clients.length, clients.length]);

    // One row per client and wave with an open period: each wave of the demo has one.
    let waves = 0;
    for (const c of clients) waves += (await rig.check.listWaves(c.id)).length;
    expect(result.rows).toHaveLength(waves);
    expect(new Set(result.rows.map((r) => r.clientId))).toEqual(new Set(clients.map((c) => c.id)));

    // Payslips, calculating and finalised equal what the API lists for the open period's run: GET
    // /payment_runs/:id/payslips where the run exists (the sandbox makes one when a period is finalised), else each
    // of the wave's employees' own list of payslips (GET /employees/:id/payslips) for that date.
    let runsCompared = 0;
    for (const row of result.rows) {
      const run = (await rig.check.listPaymentRuns(row.clientId)).find(
        (r) => r.wave_id === row.waveId && r.period_end_date === row.payslipDate && !r.special,
      );
      let listed;
      if (run) {
        listed = await rig.check.listPaymentRunPayslips(run.id);
        runsCompared++;
      } else {
        const employees = (await rig.check.listEmployees(row.clientId)).filter((e) => e.wave_id === row.waveId);
        const lists = await Promise.all(employees.map((e) => rig.check.listPayslips(e.id)));
        listed = lists.flat().filter((p) => p.date === row.payslipDate && !p.special);
      }
      expect([row.payslips, row.calculating, row.finalised]).toEqual([
        listed.length,
        listed.filter((p) => p.dirty).length,
        listed.filter((p) => p.finalised).length,
      ]);
      const nett = listed.reduce((s, p) => s + (p.nett_pay ?? 0), 0);
      expect(row.nettPay).toBeCloseTo(nett, 2);
    }
    expect(runsCompared + result.rows.length).toBeGreaterThan(0);

    // The built sheet's row: pending changes counted, linked to its sheet.
    const own = result.rows.find((r) => r.clientId === clients[0].id && r.waveId === built.waveId)!;
    expect(own).toMatchObject({
      pending: 2,
      status: "Inputs pending",
      sheets: [built.sheetName],
      payslipDate: built.payslipDate,
    });
    const records = await readRecords(rig.workbook, OVERVIEW_SHEET);
    expect(records).toHaveLength(result.rows.length);
    const at = result.rows.indexOf(own);
    expect(records[at]).toMatchObject({ Status: "Inputs pending", "Changes pending": 2, "Input sheet": built.sheetName });
    const sheet = rig.model.getSheet(OVERVIEW_SHEET);
    const table = sheet.tables()[0];
    const linkCol = Object.keys(records[0]).indexOf("Input sheet");
    expect(sheet.cell(table.r + 1 + at, table.c + linkCol)?.link?.documentReference).toBe(`'${built.sheetName}'!A1`);

    // The chart: this period's and the previous period's nett pay per row, read from the table's cells.
    expect(sheet.charts).toHaveLength(1);
    const chart = chartData(sheet.charts[0]);
    expect(chart.series.map((s) => s.name)).toEqual(["Previous nett pay", "Nett pay"]);
    expect(chart.series[1].values).toEqual(records.map((r) => r["Nett pay"]));
    expect(chart.series[0].values).toEqual(records.map((r) => (r["Previous nett pay"] === "" ? null : r["Previous nett pay"])));
    expect(chart.categories[at]).toBe(`${own.clientName} ${own.waveName}`);
  });

  it("keeps a person's notes right of the table on refresh, and Cancel writes nothing", async () => {
    const clients = await rig.api.listClients();
    await monthEndOverview(ctxOf(rig), { reachable: clients });
    const sheet = rig.model.getSheet(OVERVIEW_SHEET);
    const table = sheet.tables()[0];
    const right = table.c + table.cols + 1;
    rig.model.editCell(sheet, table.r + 1, right, "Chase Shannon for timesheets");
    rig.model.editCell(sheet, table.r + 2, right, "=1+1");
    await monthEndOverview(ctxOf(rig), { reachable: clients });
    expect(sheet.valueAt(table.r + 1, right)).toBe("Chase Shannon for timesheets");
    expect(sheet.formulaAt(table.r + 2, right)).toBe("=1+1");
    expect(sheet.charts).toHaveLength(1);

    const before = await readRecords(rig.workbook, OVERVIEW_SHEET);
    const controller = new AbortController();
    let seen = 0;
    const cancelled = monthEndOverview(
      ctxOf(rig, undefined, {
        signal: controller.signal,
        update: (done) => {
          if (done >= 1 && ++seen === 1) controller.abort();
        },
      }),
      { reachable: clients },
    );
    await expect(cancelled).rejects.toMatchObject({ name: "AbortError" });
    expect(await readRecords(rig.workbook, OVERVIEW_SHEET)).toEqual(before);
  });

  it("in Excel on the web, a refresh after the person moved the chart (Excel renamed it) leaves one chart, named by client when two-column names are refused", async () => {
    const clients = await rig.api.listClients();
    const behaviour = rig.model.chartBehaviour;
    const saved = { ...behaviour };
    Object.assign(behaviour, { keepNameOnCopy: false, categoryNameColumns: 1 });
    try {
      await monthEndOverview(ctxOf(rig), { reachable: clients });
      const sheet = rig.model.getSheet(OVERVIEW_SHEET);
      const moved = copyChart(sheet.charts[0], sheet, true);
      expect([moved.name, sheet.charts.length]).toEqual([expect.stringMatching(/^Chart \d+$/), 1]);
      const result = await monthEndOverview(ctxOf(rig), { reachable: clients });
      expect(sheet.charts).toHaveLength(1);
      const chart = chartData(sheet.charts[0]);
      expect(chart.title).toBe("Nett pay: previous and open period");
      expect(chart.categories).toEqual(result.rows.map((r) => r.clientName));
    } finally {
      Object.assign(behaviour, saved);
    }
  });

  it("Build input sheet on a row without one builds it for that client and period with the client's last inputs", async () => {
    const clients = await rig.api.listClients();
    const first = await buildSalarySheetFor(rig, clients[1]);
    const last = await readLastInputs(rig.workbook, clients[1].id);
    expect(last?.inputKeys).toEqual([SALARY]);
    const { rows } = await monthEndOverview(ctxOf(rig), { reachable: clients });
    const at = rows.findIndex((r) => r.clientId === clients[1].id && r.sheets.length === 0);
    expect(at).toBeGreaterThanOrEqual(0);
    selectRows(rig.model, OVERVIEW_SHEET, at, at);
    const built = await buildFromOverview(ctxOf(rig), { reachable: clients });
    expect(built.outcome).toBe("built");
    const sheetName = (built as { sheetName: string }).sheetName;
    expect(sheetName).not.toBe(first.sheetName);
    const meta = (await readInputSheetMeta(rig.workbook, sheetName))!;
    expect(meta).toMatchObject({ clientId: clients[1].id, waveId: rows[at].waveId, payslipDate: rows[at].payslipDate });
    expect(meta.inputs.map((i) => i.key)).toEqual([SALARY]);

    // A client with no sheet built in this workbook: refused, saying what to do.
    const { rows: again } = await monthEndOverview(ctxOf(rig), { reachable: clients });
    const untouched = again.findIndex((r) => r.clientId === clients[2].id);
    if ((await readLastInputs(rig.workbook, clients[2].id)) === null) {
      selectRows(rig.model, OVERVIEW_SHEET, untouched, untouched);
      const refused = await buildFromOverview(ctxOf(rig), { reachable: clients });
      expect(refused).toMatchObject({ outcome: "refused" });
      expect((refused as { message: string }).message).toMatch(/No input sheet has been built for/);
    }
  });

  it("gives each wave's pay date and finalisation deadline against a fixed today, orders rows by deadline, and charts what is due this week", async () => {
    const clients = await rig.api.listClients();
    const at = (y: number, m: number, d: number): Clock => ({
      sleep: SYSTEM_CLOCK.sleep,
      now: () => new Date(y, m - 1, d, 9, 30),
    });
    // Liffey's monthly wave (the demo's): paid on the 25th, finalised 3 working days before, notified 5 before.
    const liffey = (await rig.check.listWaves(clients[0].id)).find((w) => w.length_months === 1)!;
    expect(liffey).toMatchObject({ payslip_payment_day: 25, finalisation_days_before: 3, notification_days_before: 5 });
    const friday = await monthEndOverview(ctxOf(rig), { reachable: clients, clock: at(2026, 11, 20) });
    const row = friday.rows.find((r) => r.clientId === clients[0].id && r.waveId === liffey.id)!;
    expect(row.payslipDate).toBe("2026-11-30");
    expect(row.calendar).toMatchObject({
      payDate: "2026-11-25",
      notificationDate: "2026-11-18",
      finalisationDeadline: "2026-11-20",
      deadline: "Due today",
    });
    // Every wave with finalisation_days_before has a deadline; Corrib's fortnightly wave has none set.
    for (const r of friday.rows) {
      const wave = (await rig.check.listWaves(r.clientId)).find((w) => w.id === r.waveId)!;
      expect(r.calendar?.finalisationDeadline === null).toBe(wave.finalisation_days_before === null);
      expect(r.calendar?.payDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const records = await readRecords(rig.workbook, OVERVIEW_SHEET);
    const shown = records[friday.rows.indexOf(row)];
    expect(shown).toMatchObject({ Deadline: "Due today" });
    expect(typeof shown["Pay date"]).toBe("number"); // a date cell, not text
    expect(records.some((r) => r["Finalisation deadline"] === "not set" && r.Deadline === "Deadline not set")).toBe(true);
    expect(friday.summary).toMatch(/finalisation deadlines? this week/);

    // Three days on, by deadline, the chart showing only what is due this week.
    await saveCalendarChoices(rig.workbook, { order: "deadline", chartDueThisWeek: true });
    try {
      const monday = await monthEndOverview(ctxOf(rig), { reachable: clients, clock: at(2026, 11, 23) });
      const again = monday.rows.find((r) => r.clientId === clients[0].id && r.waveId === liffey.id)!;
      expect(again.calendar?.deadline).toBe("Overdue by 3 days");
      const deadlines = monday.rows.map((r) => r.calendar?.finalisationDeadline ?? null);
      const dated = deadlines.filter((d) => d !== null);
      expect(dated).toEqual([...dated].sort());
      expect(deadlines.indexOf(null) < 0 || deadlines.slice(deadlines.indexOf(null)).every((d) => d === null)).toBe(true);
      const sheet = rig.model.getSheet(OVERVIEW_SHEET);
      expect(sheet.charts).toHaveLength(1);
      const chart = chartData(sheet.charts[0]);
      expect(chart.title).toBe("Nett pay due this week");
      expect(chart.series.map((x) => x.name)).toEqual(["Nett pay due this week"]);
      expect(chart.series[0].values).toEqual(monday.rows.map((r) => (r.calendar?.dueThisWeek ? r.nettPay : null)));
      expect(chart.series[0].values[monday.rows.indexOf(again)]).toBe(again.nettPay);
      // The notes the earlier test put right of the first rows: their rows changed, and the outcome says so.
      expect(monday.summary).toMatch(/notes right of rows? .* are now beside another client or wave: check them/);
    } finally {
      await saveCalendarChoices(rig.workbook, { order: "client", chartDueThisWeek: false });
    }
  });

  it("refuses, writing nothing, when the overview's new columns would cover a person's cells right of an older, narrower table", async () => {
    const clients = await rig.api.listClients();
    const old = OVERVIEW_COLUMNS.filter((c) => !CALENDAR_COLUMNS.includes(c) && c !== DUE_THIS_WEEK_COLUMN);
    await rig.workbook.writeTable({
      sheetName: OVERVIEW_SHEET,
      tableName: OVERVIEW_TABLE,
      columns: old,
      rows: [old.map((c) => (c.type === "text" ? "x" : 1))],
    });
    const sheet = rig.model.getSheet(OVERVIEW_SHEET);
    const table = sheet.tables()[0];
    rig.model.editCell(sheet, table.r + 1, table.c + old.length, "Ring the client Monday");
    const before = await readRecords(rig.workbook, OVERVIEW_SHEET);
    await expect(monthEndOverview(ctxOf(rig), { reachable: clients })).rejects.toThrow(
      /would write over your cells [A-Z]+4\. Move them right of column [A-Z]+, then press Month-end overview again\. The sheet was not changed\./,
    );
    expect(await readRecords(rig.workbook, OVERVIEW_SHEET)).toEqual(before);
    expect(sheet.valueAt(table.r + 1, table.c + old.length)).toBe("Ring the client Monday");
  });
});

describe("what the workbook's sheets add", () => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await startRig();
  });
  // Closing waits for the sandbox's admitted requests: a state, which took over 20 s at load 6 in a busy .ci/run.
  afterAll(() => rig.close(), 60_000);

  it("counts rows whose state is Held, Failed or Invalid (never a Status typed by hand), and reads Prepared by when the Push log has that column (blank when it has not)", async () => {
    const clients = await rig.api.listClients();
    const built = await buildSalarySheetFor(rig, clients[0]);
    await markRows(rig.workbook, built.sheetName, { 0: "Held", 1: "Failed", 3: "Invalid" });
    await rig.workbook.writeColumnValues(built.sheetName, "Status", [{ rowIndex: 2, value: "Failed" }]);
    const line = (time: Date, by?: string) => [time, clients[0].name, built.sheetName, "Changed cells", ...(by ? [by] : [])];
    // A Push log without Prepared by first: blank.
    const columns = [
      { key: "time", header: "Time", type: "datetime" as const },
      { key: "client", header: "Client", type: "text" as const },
      { key: "sheet", header: "Sheet", type: "text" as const },
      { key: "mode", header: "Push", type: "text" as const },
    ];
    await rig.workbook.appendRows({
      sheetName: "Push log",
      tableName: "PushLog",
      columns,
      rows: [line(new Date(2026, 10, 20, 9, 30))],
    });
    let states = await readInputSheetStates(rig.workbook);
    expect(states.sheets.find((s) => s.sheetName === built.sheetName)).toMatchObject({
      held: 1,
      failed: 1,
      invalid: 1,
      lastPush: { time: new Date(2026, 10, 20, 9, 30), preparedBy: "" },
    });
    await rig.workbook.deleteSheet("Push log");
    const withBy = [...columns, { key: "prepared_by", header: "Prepared by", type: "text" as const }];
    await rig.workbook.appendRows({
      sheetName: "Push log",
      tableName: "PushLog",
      columns: withBy,
      rows: [line(new Date(2026, 10, 21, 16, 5), "Aoife Byrne"), line(new Date(2026, 10, 20, 9, 30), "Seán Walsh")],
    });
    states = await readInputSheetStates(rig.workbook);
    expect(states.sheets.find((s) => s.sheetName === built.sheetName)?.lastPush).toEqual({
      time: new Date(2026, 10, 21, 16, 5),
      preparedBy: "Aoife Byrne",
    });
    const { rows } = await monthEndOverview(ctxOf(rig), { reachable: clients });
    expect(rows.find((r) => r.sheets.includes(built.sheetName))).toMatchObject({
      held: 1,
      failed: 1,
      invalid: 1,
      preparedBy: "Aoife Byrne",
      status: "Needs attention",
      attention: "1 row Failed; 1 row Invalid (not sent); 1 row Held",
    });
  });
});

describe("after a real push", () => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await startRig();
  });
  // Closing waits for the sandbox's admitted requests: a state, which took over 20 s at load 6 in a busy .ci/run.
  afterAll(() => rig.close(), 60_000);

  it("shows the push's time and who prepared it, from the Change history the push wrote", async () => {
    const clients = await rig.api.listClients();
    const built = await buildSalarySheetFor(rig, clients[0]);
    typeInto(rig.model, built.sheetName, 0, built.header, "4321.5");
    const client = { id: clients[0].id, name: clients[0].name };
    const before = Date.now();
    await pushInputSheet({ ...ctxOf(rig, client), preparedBy: "Niamh Kelly" }, built.sheetName, {
      send: { mode: "changed" },
      steps: { nettPay: false },
    });
    const { rows } = await monthEndOverview(ctxOf(rig), { reachable: clients });
    const row = rows.find((r) => r.sheets.includes(built.sheetName))!;
    expect(row.preparedBy).toBe("Niamh Kelly");
    expect(row.lastPush!.getTime()).toBeGreaterThanOrEqual(before - 60_000);
    expect(["Pushed", "Calculating"]).toContain(row.status); // Calculating while the service recalculates the pushed payslip
  });
});

describe("cost", () => {
  // Ten times the employees, the same requests: the property at a size a unit test can afford. The 4,000-employee
  // figure is the bench's: npx tsx scripts/bench-month-end.ts 3 4000 1 (it prints the requests per client).
  it("is the same fixed number of requests per client at 40 employees as at 400", async () => {
    const counts: number[] = [];
    for (const employees of [40, 400]) {
      const rig = await startRig({ employees });
      try {
        const clients = await rig.api.listClients();
        rig.faulty.reset();
        // The 400-employee lists (recent payslips) take longer than the rig's 10 s allows on a loaded machine.
        const api = new PayrollApi({
          baseUrl: rig.url,
          apiKey: rig.apiKey,
          timeoutMs: 60_000,
          maxRetries: 0,
          fetch: rig.faulty.fetch,
        });
        const result = await monthEndOverview(ctxOf({ api, workbook: rig.workbook }), { reachable: clients });
        expect(result.failed).toEqual([]);
        expect(result.rows.length).toBeGreaterThanOrEqual(clients.length);
        counts.push(rig.faulty.sent.length / clients.length);
      } finally {
        await rig.close();
      }
    }
    expect(counts).toEqual([REQUESTS_PER_CLIENT, REQUESTS_PER_CLIENT]);
  }, 60_000);
});
