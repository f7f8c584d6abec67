/** Report flows against the real sandbox and the Excel layer over the preview workbook. */
import { randomUUID } from "node:crypto";
import { RateLimitedError, type PayrollApi } from "../../../src/api";
import { MIN_POLL_INTERVAL_MS } from "../../../src/contract";
import { serialToIsoDate } from "../../../src/xl/excelConventions";
import {
  EURO_NUMBER_FORMAT,
  buildRequests,
  defaultParams,
  savedReportSettingKey,
  type ClientReportData,
  type ReportParams,
  type SavedReport,
} from "../../../src/features/reports/model";
import {
  ReportJobLostError,
  listReportSheets,
  newSavedReport,
  refreshReportSheet,
  runReportToSheet,
  type ReportRunOptions,
  type ReportStatus,
} from "../../../src/features/reports/flows/reports";
import { flowContext } from "../../../src/ui/flows/common";
import { loadReportData } from "../../../src/features/reports/flows/reportsData";
import { createClientReads } from "../../../src/ui/serverState";
import { readRecords, startRig, typeInto, type Rig } from "../../support/flowHelpers";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const TODAY = new Date(2026, 10, 21); // the sandbox's default "today"
const API_KEY = "sandbox-demo-key";
const CLIENT = { id: 1, name: "Liffey" };
let rig: Rig;
const ctx = () => flowContext(rig.api, rig.workbook, CLIENT);

beforeAll(async () => {
  rig = await startRig({ employees: 10, reportJobMs: 600, reportQueue: 1 });
});
afterAll(async () => {
  await rig.close();
});

/** A test clock: records every wait the flow asks for and waits a short real time instead. */
function fastWaits() {
  const asked: number[] = [];
  const sleep: NonNullable<ReportRunOptions["sleep"]> = (ms, signal) => {
    asked.push(ms);
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(Object.assign(new Error("aborted"), { name: "AbortError" }));
      const t = setTimeout(resolve, 250);
      signal?.addEventListener("abort", () => {
        clearTimeout(t);
        reject(Object.assign(new Error("aborted"), { name: "AbortError" }));
      });
    });
  };
  return { asked, sleep };
}

async function prepare(
  reportId: ReportParams["reportId"],
  clients: { id: number; name: string }[],
  patch: Partial<ReportParams> = {},
) {
  const data: ClientReportData[] = await loadReportData(createClientReads(rig.api), clients, reportId);
  const params = { ...defaultParams(reportId, data, TODAY), ...patch } as ReportParams;
  const built = buildRequests(params, data);
  expect(built.problems).toEqual([]);
  return { data, params, built };
}

function saved(
  reportId: ReportParams["reportId"],
  built: ReturnType<typeof buildRequests>,
  mode: "sync" | "async",
  sheetName: string,
  customFields: string[] = [],
): SavedReport {
  return newSavedReport({
    reportId,
    mode,
    sheetName,
    requests: built.requests,
    columnLabels: built.columnLabels,
    customFields,
    clientCount: new Set(built.requests.map((r) => r.clientId)).size,
  });
}

describe("sync report", () => {
  it("transaction_history lands as a typed table, employee number first; Refresh replaces the rows in place", async () => {
    const employees = await rig.check.listEmployees(1);
    const customKey = Object.keys(employees.find((e) => Object.keys(e.custom_fields ?? {}).length > 0)?.custom_fields ?? {})[0];
    expect(customKey).toBeDefined();
    const customFields = ["first_name", customKey];
    const { built } = await prepare("transaction_history", [{ id: 1, name: "Liffey" }], {
      accountNames: ["basic_salary", "paye", "nett_pay"],
      customFields,
    } as Partial<ReportParams>);
    const expected = await rig.check.runReport(1, "transaction_history", built.requests[0].body as never);
    expect(expected.length).toBeGreaterThan(10);

    rig.faulty.reset();
    const report = saved("transaction_history", built, "sync", "Transaction history", customFields);
    const result = await runReportToSheet(ctx(), report);
    expect(rig.faulty.sent.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /clients/1/reports/transaction_history"]);
    expect(result).toMatchObject({
      sheetName: "Transaction history",
      rowCount: expected.length,
      failures: [],
      valueProblems: null,
    });

    const table = (await rig.workbook.readTable("Transaction history"))!;
    expect(table.columns).toEqual([
      "Employee number",
      "Date",
      "Basic salary",
      "PAYE",
      "Nett pay",
      "First name",
      `Custom field ${customKey}`,
    ]);
    const records = await readRecords(rig.workbook, "Transaction history");
    records.forEach((rec, i) => {
      const row = expected[i] as Record<string, unknown>;
      expect(rec["Employee number"]).toBe(row.employee);
      expect(typeof rec.Date).toBe("number"); // a date serial
      expect(serialToIsoDate(rec.Date as number)).toBe(row.Date);
      expect(rec["Nett pay"]).toBe(row.nett_pay);
      expect(rec.PAYE).toBe(row.paye);
      expect(rec["First name"]).toBe(row.first_name);
    });
    // Amount cells carry the euro format.
    const sheet = rig.model.getSheet("Transaction history");
    const t = sheet.tables()[0];
    expect(sheet.cell(t.r + 1, t.c + 4)?.nf).toBe(EURO_NUMBER_FORMAT);

    // Saved for Refresh, never with the key.
    const stored = await rig.workbook.getSetting(savedReportSettingKey("Transaction history"));
    expect(stored).toMatchObject({ reportId: "transaction_history", mode: "sync" });
    expect(JSON.stringify(stored)).not.toContain(API_KEY);
    expect(await listReportSheets(rig.workbook)).toContain("Transaction history");

    // Someone overwrites a figure; Refresh puts the service's figures back, same table, same place.
    const before = { address: `${t.r},${t.c},${t.rows},${t.cols}`, name: t.name };
    typeInto(rig.model, "Transaction history", 0, "Nett pay", "999999");
    expect((await readRecords(rig.workbook, "Transaction history"))[0]["Nett pay"]).toBe(999999);
    rig.faulty.reset();
    const refreshed = await refreshReportSheet(ctx(), "Transaction history");
    expect(refreshed.rowCount).toBe(expected.length);
    expect(rig.faulty.sent).toHaveLength(1);
    const after = sheet.tables();
    expect(after).toHaveLength(1);
    expect({ address: `${after[0].r},${after[0].c},${after[0].rows},${after[0].cols}`, name: after[0].name }).toEqual(before);
    expect((await readRecords(rig.workbook, "Transaction history"))[0]["Nett pay"]).toBe(
      (expected[0] as Record<string, unknown>).nett_pay,
    );
    // Nothing anywhere in the workbook holds the key.
    expect(JSON.stringify(rig.model.getSheet("Transaction history").rowsData)).not.toContain(API_KEY);
  });

  it("humanized amounts (“€1,234.56”) become the same numbers", async () => {
    const { built } = await prepare("tracked_balances", [{ id: 1, name: "Liffey" }]);
    const plain = saved("tracked_balances", built, "sync", "Balances plain");
    const humanized: SavedReport = {
      ...plain,
      sheetName: "Balances humanized",
      tableName: "Balances_humanized",
      requests: plain.requests.map((r) => ({ ...r, body: { ...r.body, humanize: true } })),
    };
    const raw = await rig.check.runReport(1, "tracked_balances", humanized.requests[0].body as never);
    expect(raw.some((r) => typeof r.Loans === "string" && r.Loans.startsWith("€"))).toBe(true);
    await runReportToSheet(ctx(), plain);
    const res = await runReportToSheet(ctx(), humanized);
    expect(res.valueProblems).toBeNull();
    const a = await readRecords(rig.workbook, "Balances plain");
    const b = await readRecords(rig.workbook, "Balances humanized");
    expect(b).toEqual(a);
    expect(b.some((r) => typeof r.Loans === "number" && (r.Loans as number) > 0)).toBe(true);
  });

  it("Report Refresh keeps a note typed beside its table (and a heading over it, and a formula further right)", async () => {
    const { built } = await prepare("transaction_history", [{ id: 1, name: "Liffey" }], {
      accountNames: ["basic_salary", "nett_pay"],
    } as Partial<ReportParams>);
    await runReportToSheet(ctx(), saved("transaction_history", built, "sync", "Noted report"));
    const sheet = rig.model.getSheet("Noted report");
    const t = sheet.tables()[0];
    const beside = t.c + t.cols + 1; // one empty column between the table and the note
    // Typed as a person types: a heading level with the header row, a note beside the first row, a formula.
    rig.model.editCell(sheet, t.r, beside, "Notes");
    rig.model.editCell(sheet, t.r + 1, beside, "Ask Aoife about this one");
    rig.model.editCell(sheet, t.r + 2, beside + 1, "=1+1");
    // And a note right against the table (Excel grows the table over it), and one two rows below it.
    rig.model.editCell(sheet, t.r + 1, t.c + t.cols, "checked");
    const below = t.r + t.rows + 1;
    rig.model.editCell(sheet, below, t.c, "Signed off by Brian");
    expect(sheet.valueAt(t.r + 1, beside)).toBe("Ask Aoife about this one");

    await refreshReportSheet(ctx(), "Noted report");
    const after = rig.model.getSheet("Noted report");
    expect(after.valueAt(t.r, beside)).toBe("Notes");
    expect(after.valueAt(t.r + 1, beside)).toBe("Ask Aoife about this one");
    expect(after.valueAt(t.r + 2, beside + 1)).toBe(2);
    expect(after.valueAt(t.r + 1, t.c + t.cols)).toBe("checked");
    expect(after.valueAt(below, t.c)).toBe("Signed off by Brian");
    // The report itself was rewritten: the same table, same columns.
    expect(after.tables()).toHaveLength(1);
    expect(after.tables()[0].cols).toBe(t.cols);
    expect((await readRecords(rig.workbook, "Noted report")).length).toBe(t.rows - 1);
  });

  it("asks before replacing a person's cells on a sheet that is not a report's; No writes nothing, Yes writes", async () => {
    const { built } = await prepare("transaction_history", [{ id: 1, name: "Liffey" }], {
      accountNames: ["nett_pay"],
    } as Partial<ReportParams>);
    const own = rig.model.addSheet("My workings");
    rig.model.editCell(own, 4, 1, "My budget");
    rig.model.editCell(own, 0, 9, "far right, not in the way");
    const report = saved("transaction_history", built, "sync", "My workings");
    const asked: { sheetName: string; cells: readonly string[] }[] = [];
    await expect(runReportToSheet(ctx(), report, { confirmReplace: async (q) => (asked.push(q), false) })).rejects.toThrow(
      /Nothing was written: the report would replace a cell you typed on "My workings" \(B5\)/,
    );
    expect(asked).toEqual([{ sheetName: "My workings", cells: ["B5"] }]);
    expect(rig.model.getSheet("My workings").valueAt(4, 1)).toBe("My budget");
    expect(rig.model.getSheet("My workings").tables()).toHaveLength(0);
    // Without anyone to ask, nothing is written either.
    await expect(runReportToSheet(ctx(), report)).rejects.toThrow(/Nothing was written/);
    // Yes: the report replaces it, and the cell right of the report's columns stays.
    await runReportToSheet(ctx(), report, { confirmReplace: async () => true });
    expect(rig.model.getSheet("My workings").tables()).toHaveLength(1);
    expect(rig.model.getSheet("My workings").valueAt(0, 9)).toBe("far right, not in the way");
    // A refresh of its own report asks nothing: the title, stamp and old table are the add-in's.
    await refreshReportSheet(ctx(), "My workings", { confirmReplace: async () => fail("asked") });
  });

  it("Refresh of a sheet without saved parameters says so", async () => {
    await expect(refreshReportSheet(ctx(), "Nowhere")).rejects.toThrow(/no saved report parameters/);
  });
});

describe("async report", () => {
  it("variance: started, polled (204, then 200) with waits of at least 10 s; Transaction flattened", async () => {
    const { data, built } = await prepare("variance", [{ id: 1, name: "Liffey" }]);
    // The default period is the wave's last regular pay run; period_offset is that run's.
    const { waveId, paymentRunId } = defaultParams("variance", data, TODAY) as Extract<ReportParams, { reportId: "variance" }>;
    const run = data[0].paymentRuns!.find((r) => r.id === paymentRunId)!;
    const latest = data[0]
      .paymentRuns!.filter((r) => r.wave_id === waveId && !r.special)
      .sort((a, b) => b.period_end_date.localeCompare(a.period_end_date))[0];
    expect(run).toBe(latest);
    expect(built.requests[0].body).toMatchObject({ wave_id: run.wave_id, period_offset: run.period_offset });

    const { asked, sleep } = fastWaits();
    const statuses: ReportStatus[] = [];
    rig.faulty.reset();
    // Show unchanged: the demo's last period may move nobody, and every employee is listed then.
    const result = await runReportToSheet(
      ctx(),
      { ...saved("variance", built, "async", "Variance"), showUnchanged: true },
      {
        sleep,
        onStatus: (s) => statuses.push(s),
      },
    );
    const polls = rig.faulty.sent.filter((r) => r.path.includes("/reports/poll/"));
    expect(rig.faulty.count("/reports/variance/async", "POST")).toBe(1);
    expect(polls.length).toBeGreaterThanOrEqual(2);
    // The first poll saw the job running (204), the last one the rows (200).
    const polling = statuses.filter((s): s is Extract<ReportStatus, { phase: "polling" }> => s.phase === "polling");
    expect(polling[0]).toMatchObject({ finished: 0, running: 1 });
    expect(polling.at(-1)).toMatchObject({ finished: 1, running: 0 });
    expect(asked.length).toBe(polls.length);
    for (const ms of asked) expect(ms).toBeGreaterThanOrEqual(MIN_POLL_INTERVAL_MS);

    expect(result.rowCount).toBeGreaterThan(0);
    // One row per employee, named, with each account's last period, this period, difference and % by its label.
    const table = (await rig.workbook.readTable("Variance"))!;
    expect(table.columns.slice(0, 3)).toEqual(["Employee number", "Employee name", "Largest move"]);
    expect(table.columns.join("|")).not.toMatch(/hourly_pay|basic_salary|nett_pay/);
    expect(table.columns).toEqual(
      expect.arrayContaining(["Nett pay: last period", "Nett pay: this period", "Nett pay: difference", "Nett pay: change %"]),
    );
    const records = await readRecords(rig.workbook, "Variance");
    expect(records.length).toBeGreaterThan(0);
    expect(new Set(records.map((r) => r["Employee number"])).size).toBe(records.length);
    for (const r of records) expect(r["Employee name"]).toEqual(expect.stringMatching(/\S/));
    const moves = records.map((r) => Math.abs(r["Largest move"] as number));
    expect(moves).toEqual([...moves].sort((a, b) => b - a));
    for (const r of records) {
      const last = r["Nett pay: last period"];
      const now = r["Nett pay: this period"];
      if (typeof last === "number" && typeof now === "number") expect(r["Nett pay: difference"]).toBeCloseTo(now - last, 2);
    }
  });

  it("a full queue (429) is a visible wait, then the job starts", async () => {
    const { built } = await prepare("tracked_balances", [{ id: 1, name: "Liffey" }]);
    // Another user's job fills the queue (capacity 1).
    await rig.check.startReportAsync(1, "tracked_balances", built.requests[0].body as never);
    const { asked, sleep } = fastWaits();
    const statuses: ReportStatus[] = [];
    const result = await runReportToSheet(ctx(), saved("tracked_balances", built, "async", "Queued balances"), {
      sleep,
      onStatus: (s) => statuses.push(s),
    });
    const full = statuses.find((s) => s.phase === "queue-full");
    expect(full).toMatchObject({
      phase: "queue-full",
      attempt: 1,
      message: expect.stringMatching(/queue is full\. Trying again in 1 s/),
    });
    expect(asked[0]).toBe(1000); // the service's Retry-After
    expect(result.rowCount).toBeGreaterThan(0);
  });

  it("404 on poll: a clear message and nothing written", async () => {
    const { built } = await prepare("tracked_balances", [{ id: 1, name: "Liffey" }]);
    const lostJobs = {
      runReport: rig.api.runReport.bind(rig.api),
      pollReport: rig.api.pollReport.bind(rig.api),
      startReportAsync: async () => ({ message: "queued", uuid: randomUUID() }),
    } as unknown as PayrollApi;
    const { sleep } = fastWaits();
    const run = runReportToSheet(flowContext(lostJobs, rig.workbook, CLIENT), saved("tracked_balances", built, "async", "Lost"), {
      sleep,
    });
    await expect(run).rejects.toThrow(ReportJobLostError);
    await expect(run).rejects.toThrow(
      "The payroll service no longer knows the report job for Liffey (it may have expired or the service restarted). Nothing was written to the sheet; run the report again.",
    );
    expect(await rig.workbook.readTable("Lost")).toBeNull();
    expect(await rig.workbook.getSetting(savedReportSettingKey("Lost"))).toBeUndefined();
  });

  it("Cancel while waiting leaves the existing sheet as it was", async () => {
    const before = await rig.workbook.readTable("Variance");
    expect(before).not.toBeNull();
    const storedBefore = await rig.workbook.getSetting(savedReportSettingKey("Variance"));
    const controller = new AbortController();
    const { sleep } = fastWaits();
    await expect(
      refreshReportSheet(flowContext(rig.api, rig.workbook, CLIENT, { signal: controller.signal }), "Variance", {
        sleep,
        onStatus: (s) => {
          if (s.phase === "queued") controller.abort();
        },
      }),
    ).rejects.toMatchObject({ name: expect.stringMatching(/^Abort(ed)?Error$/) });
    expect(await rig.workbook.readTable("Variance")).toEqual(before);
    expect(await rig.workbook.getSetting(savedReportSettingKey("Variance"))).toEqual(storedBefore);
  });
});

describe("several clients", () => {
  it("one sheet with a Client column, rows of both clients, one request per client", async () => {
    const clients = [
      { id: 1, name: "Liffey" },
      { id: 2, name: "Shannon" },
    ];
    const { built } = await prepare("transaction_history", clients, {
      accountNames: ["gross_pay", "nett_pay"],
      startDate: "2026-01-01",
      endDate: "2026-12-31",
    } as Partial<ReportParams>);
    const expected = await Promise.all(
      built.requests.map((r) => rig.check.runReport(r.clientId, "transaction_history", r.body as never)),
    );
    expect(expected[0].length).toBeGreaterThan(0);
    expect(expected[1].length).toBeGreaterThan(0);
    rig.faulty.reset();
    const result = await runReportToSheet(ctx(), saved("transaction_history", built, "sync", "Month end"));
    expect(rig.faulty.sent.map((r) => r.path)).toEqual([
      "/clients/1/reports/transaction_history",
      "/clients/2/reports/transaction_history",
    ]);
    expect(result.rowCount).toBe(expected[0].length + expected[1].length);
    const records = await readRecords(rig.workbook, "Month end");
    expect(Object.keys(records[0])).toEqual(["Employee number", "Client", "Date", "Gross pay", "Nett pay"]);
    expect(records.filter((r) => r.Client === "Liffey")).toHaveLength(expected[0].length);
    expect(records.filter((r) => r.Client === "Shannon")).toHaveLength(expected[1].length);
  });

  it("a client whose request fails is named, in the pane's result and in the sheet's title; the others' rows are written", async () => {
    const clients = [
      { id: 1, name: "Liffey" },
      { id: 2, name: "Shannon" },
    ];
    const { built } = await prepare("variance", clients);
    expect(built.requests.map((r) => r.clientId)).toEqual(expect.arrayContaining([1, 2]));
    // Shannon's request names a wave of another client: the service refuses it.
    const liffeyWave = built.requests.find((r) => r.clientId === 1)!.body.wave_id;
    const report = { ...saved("variance", built, "sync", "Variance month end"), showUnchanged: true };
    report.requests = report.requests.map((r) => (r.clientId === 2 ? { ...r, body: { ...r.body, wave_id: liffeyWave } } : r));
    const result = await runReportToSheet(ctx(), report);
    expect(result.failures).toEqual([
      { clientName: "Shannon", message: expect.stringContaining("is not a wave of this client") },
    ]);
    const records = await readRecords(rig.workbook, "Variance month end");
    expect(records.length).toBe(result.rowCount);
    expect(new Set(records.map((r) => r.Client))).toEqual(new Set(["Liffey"]));
    const sheet = rig.model.getSheet("Variance month end");
    expect(String(sheet.valueAt(0, 0))).toContain("INCOMPLETE, missing: Shannon");
  });

  it("as background jobs with a queue of one: the second client's job starts once the first is done", async () => {
    const clients = [
      { id: 1, name: "Liffey" },
      { id: 2, name: "Shannon" },
    ];
    const { built } = await prepare("tracked_balances", clients);
    // The job the Cancel test left behind (the service cannot cancel jobs) must finish first: wait until the queue
    // takes a job of the test's own and that job completes (a state, however long load makes the 600 ms jobs take).
    const body = built.requests[0].body as never;
    for (let started = false; !started;) {
      const uuid = await rig.check.startReportAsync(1, "tracked_balances", body).then(
        (job) => job.uuid,
        (error: unknown) => {
          if (error instanceof RateLimitedError) return null;
          throw error;
        },
      );
      if (uuid) while ((await rig.check.pollReport(1, uuid)).state === "running") await pause(50);
      else await pause(50);
      started = uuid !== null;
    }
    const { asked, sleep } = fastWaits();
    const statuses: ReportStatus[] = [];
    rig.faulty.reset();
    const result = await runReportToSheet(ctx(), saved("tracked_balances", built, "async", "Balances month end"), {
      sleep,
      onStatus: (s) => statuses.push(s),
    });
    // The second start met a full queue while the first job ran: no waiting notice, its job was polled first.
    expect(rig.faulty.count("/reports/tracked_balances/async", "POST")).toBe(3);
    expect(statuses.some((s) => s.phase === "queue-full")).toBe(false);
    for (const ms of asked) expect(ms).toBeGreaterThanOrEqual(MIN_POLL_INTERVAL_MS);
    expect(result.failures).toEqual([]);
    const records = await readRecords(rig.workbook, "Balances month end");
    expect(new Set(records.map((r) => r.Client))).toEqual(new Set(["Liffey", "Shannon"]));
  });
});
