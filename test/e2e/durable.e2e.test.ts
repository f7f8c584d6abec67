/**
 * Issue D's durable sandbox through the preview in Chromium: the sandbox CLI runs as a child process with --data
 * behind the production server's /v1 proxy. Connect, choose the client, build an input sheet, paste 500 new
 * salaries, Push changes; the sandbox is SIGKILLed once the first chunks are acknowledged and started again on the
 * same data file and port while the push goes on. Afterwards every row has a definite Status, and every row the
 * sheet shows as Saved holds its value in the service. Rows of chunks never acknowledged may end Failed, or Saved
 * by a retry after the restart: only "Saved implies in the service" is asserted.
 */
import { PayrollApi } from "../../src/api";
import { calcKey, type BulkInputResult } from "../../src/contract";
import { activeEmployees, inputSheetRows, offeredInputs } from "../../src/sheets/inputSheet";
import { BULK_STATUSES } from "../../src/sheets/rowOutcomes";
import { startChildSandbox, type ChildSandbox } from "../support/childSandbox";
import { records } from "./grid";
import { bestWave, buildInputSheet, chooseClient, connect, openTab, selectWave, startStack, type Stack } from "./harness";

const SALARY = calcKey("basic_salary", "amount");
const CHANGED_ROWS = 500;
const CHUNK_SIZE = 20;
/** Acknowledged chunks before the SIGKILL: well inside the push (25 chunks). */
const KILL_AFTER_CHUNKS = 3;

type PreviewSheet = { tables(): { r: number; c: number; cols: number }[]; valueAt(r: number, c: number): unknown };
type PreviewWorkbook = {
  findSheet(name: string): PreviewSheet;
  pasteCells(sheet: PreviewSheet, r: number, c: number, texts: string[][]): unknown;
};

describe("durable sandbox (preview in Chromium, the sandbox a child process with --data)", () => {
  let child: ChildSandbox;
  let stack: Stack;
  let api: PayrollApi;
  beforeAll(async () => {
    child = await startChildSandbox({ employees: 1000, recalcMs: 300 });
    stack = await startStack({ service: child, viewport: { width: 1500, height: 1000 } });
    api = new PayrollApi({ baseUrl: child.url, apiKey: child.apiKey, requestsPerSecond: 0 });
  });
  afterAll(async () => {
    await stack?.close();
    await child?.close();
  });

  it("SIGKILLed mid-push and restarted: every row shown Saved is in the service, every row has a Status", async () => {
    const { page } = stack;
    await connect(page, child.apiKey);
    await chooseClient(page, 1);

    // The wave whose open period has the most employees (the demo's monthly employees all have a basic salary).
    const [waves, employees, calculations, items] = await Promise.all([
      api.listWaves(1),
      api.listEmployees(1, ["service_periods", "recent_payslips"]),
      api.listClientCalculations(1),
      api.getItemsAndOutputs(1),
    ]);
    const wave = bestWave(employees, waves, (waveId, date) => activeEmployees(employees, waveId, date).length);
    const payslipDate = wave.period!.date;
    const salary = offeredInputs(calculations, items).find((o) => o.key === SALARY)!;

    // Build the input sheet.
    await openTab(page, "Input sheets");
    await selectWave(page, wave.w.id);
    expect(await page.getByRole("combobox", { name: "Period (payslip date)" }).inputValue()).toBe(payslipDate);
    const sheetName = await buildInputSheet(page, `amount (${SALARY})`, 60_000);
    const before = await records(page, sheetName);
    expect(before.length).toBeGreaterThanOrEqual(CHANGED_ROWS);
    const ids = before.map((r) => Number(r["Employee ID"]));

    // Paste a new salary into the first 500 rows, as one block (cents the demo's salaries do not have).
    const typed = new Map(ids.slice(0, CHANGED_ROWS).map((id, i) => [id, 50_000 + i + 0.37]));
    await page.evaluate(
      ([name, header, values]) => {
        const wb = (window as unknown as { __payrollPreview: { workbook: PreviewWorkbook } }).__payrollPreview.workbook;
        const sheet = wb.findSheet(name);
        const t = sheet.tables()[0];
        const k = Array.from({ length: t.cols }, (_, i) => String(sheet.valueAt(t.r, t.c + i))).indexOf(header);
        wb.pasteCells(
          sheet,
          t.r + 1,
          t.c + k,
          values.map((v) => [String(v)]),
        );
      },
      [sheetName, salary.label, [...typed.values()]] as const,
    );

    // SIGKILL once KILL_AFTER_CHUNKS bulk_input answers have come back, then start it again while the push goes on.
    const acknowledgedBeforeKill = new Set<number>();
    let acknowledged = 0;
    let restarted: Promise<void> | null = null;
    let unanswered = 0;
    page.on("response", (response) => {
      if (!response.url().endsWith("/bulk_input") || restarted) return;
      if (response.status() !== 200) return;
      if (++acknowledged === KILL_AFTER_CHUNKS) restarted = child.kill().then(() => child.restart());
      void response.json().then((results: BulkInputResult[]) => {
        for (const r of results) if (r.success === "true") acknowledgedBeforeKill.add(Number(r.id));
      });
    });
    page.on("requestfinished", async (request) => {
      // Tries made while the sandbox was down: the proxy answers them 5xx.
      if (restarted && request.url().endsWith("/bulk_input") && ((await request.response())?.status() ?? 0) >= 500)
        unanswered += 1;
    });

    await page.getByRole("spinbutton", { name: /Rows per request/ }).fill(String(CHUNK_SIZE));
    await page.getByRole("combobox", { name: "Input sheet" }).selectOption(sheetName);
    await page.getByRole("button", { name: "Push changes" }).click();
    const escaped = sheetName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    await page.getByText(new RegExp(`^${escaped}: \\d+ (saved|failed|not sent)`)).waitFor({ timeout: 90_000 });
    expect(restarted).not.toBeNull();
    await restarted;
    expect(acknowledgedBeforeKill.size).toBe(KILL_AFTER_CHUNKS * CHUNK_SIZE);
    expect(unanswered).toBeGreaterThan(0);

    // The sheet: every row in a definite state, none left "waiting to be sent".
    const after = await records(page, sheetName);
    expect(after).toHaveLength(before.length);
    for (const row of after) {
      expect(BULK_STATUSES).toContain(row.Status);
      expect(row.Message).not.toMatch(/^Waiting to be sent/);
    }
    expect(after.slice(CHANGED_ROWS).every((r) => r.Status === "Unchanged")).toBe(true);
    const savedIds = after.filter((r) => r.Status === "Saved").map((r) => Number(r["Employee ID"]));
    for (const id of acknowledgedBeforeKill) expect(savedIds).toContain(id);

    // The restarted service, read as the input-sheet build reads it.
    const [nowEmployees, nowCalculations] = await Promise.all([
      api.listEmployees(1, ["service_periods", "recent_payslips"]),
      api.listClientCalculations(1),
    ]);
    const held = new Map(
      inputSheetRows({
        employees: nowEmployees,
        calculations: nowCalculations,
        waveId: wave.w.id,
        payslipDate,
        inputs: [salary],
      }).map((r) => [r.employeeId, r.values[SALARY]]),
    );
    expect(savedIds.filter((id) => held.get(id) !== typed.get(id))).toEqual([]);
  });
});
