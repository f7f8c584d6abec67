/**
 * The check before sending costs what the push costs: it shares the conflict check's read (per employee below the
 * crossover, the client-wide pair above it), and a finalised last period is kept for the session (per connection),
 * so a second push in the same period reads nothing more for the check. Request counts by route, never times.
 */
import { PayrollApi } from "../../../src/api";
import { calcKey } from "../../../src/contract";
import { DEFAULT_PUSH_CHECK } from "../../../src/features/inputSheets/model/pushCheck";
import { flowContext } from "../../../src/ui/flows/common";
import { conflictCheck } from "../../../src/features/inputSheets/flows/conflicts";
import { CONFLICT_LIST_CROSSOVER } from "../../../src/features/inputSheets/flows/pushReads";
import { buildInputSheet, loadInputChoices } from "../../../src/features/inputSheets/flows/inputs";
import { type PushSteps, pushInputSheet } from "../../../src/features/inputSheets/flows/push";
import { pushAllInputSheets } from "../../../src/features/inputSheets/flows/pushAll";
import type { PushCheckReview } from "../../../src/features/inputSheets/flows/pushCheck";
import { largestWave } from "../../support/largestWave";
import { readRecords, startRig, typeInto, type Rig } from "../../support/flowHelpers";

const SALARY = calcKey("basic_salary", "amount");
const CLIENT = { id: 1, name: "Demo client 1" };
let rig: Rig;
beforeAll(async () => {
  rig = await startRig({ employees: 60 });
});
afterAll(() => rig.close());

/** A new connection: its own PayrollApi over the rig's counting fetch, so its session knows nothing yet. */
const connect = () =>
  new PayrollApi({
    baseUrl: rig.url,
    apiKey: rig.apiKey,
    requestsPerSecond: 0,
    maxConcurrent: 0,
    maxRetries: 0,
    fetch: rig.faulty.fetch,
  });

/** The largest wave's input sheet of salaries, built afresh (the service's values). */
async function salarySheet(api: PayrollApi) {
  const ctx = flowContext(api, rig.workbook, CLIENT);
  const choices = await loadInputChoices(ctx);
  const best = largestWave(choices);
  const built = await buildInputSheet(
    ctx,
    { waveId: best.w.id, payslipDate: best.period!.date, inputKeys: [SALARY] },
    { choices },
  );
  const header = choices.offered.find((o) => o.key === SALARY)!.label;
  return { sheetName: built.sheetName, header, rowCount: built.rowCount };
}

/** Types a raise of `step` into the first `rows` salaries; the employees of those rows. */
async function raise(sheetName: string, header: string, rows: number, step: number): Promise<number[]> {
  const records = await readRecords(rig.workbook, sheetName);
  for (let i = 0; i < rows; i++) typeInto(rig.model, sheetName, i, header, String((Number(records[i][header]) || 1000) + step));
  return records.slice(0, rows).map((r) => Number(r["Employee ID"]));
}

const reviews: PushCheckReview[] = [];
const check = { settings: DEFAULT_PUSH_CHECK, ask: async (r: PushCheckReview) => (reviews.push(r), "send" as const) };

/** GET requests before the first bulk_input (what the pre-steps read), by route with IDs as ":id". */
function readsBeforeSending(): Record<string, number> {
  const first = rig.faulty.sent.findIndex((r) => r.path.endsWith("/bulk_input"));
  const before = first < 0 ? rig.faulty.sent : rig.faulty.sent.slice(0, first);
  const routes: Record<string, number> = {};
  for (const r of before.filter((x) => x.method === "GET")) {
    const route = r.path.replace(/\/\d+/g, "/:id");
    routes[route] = (routes[route] ?? 0) + 1;
  }
  return routes;
}

const push = (api: PayrollApi, sheetName: string, options: { steps?: PushSteps } = {}) =>
  pushInputSheet(flowContext(api, rig.workbook, CLIENT), sheetName, {
    send: { mode: "changed" },
    steps: { nettPay: false, check, conflictCheck: conflictCheck(api), ...options.steps },
  });

it("a few rows: one read per employee for both the conflict check and the check; the same push again reads nothing more for the check", async () => {
  const api = connect();
  const { sheetName, header } = await salarySheet(api);
  const ids = await raise(sheetName, header, 3, 10);
  rig.faulty.reset();
  reviews.length = 0;
  const first = await push(api, sheetName);
  expect(first.counts.Saved).toBe(3);
  expect(reviews).toHaveLength(1);
  // Each employee's payslips and calculations once, shared: never the client-wide lists.
  expect(readsBeforeSending()).toEqual({
    "/employees/:id/payslips": ids.length,
    "/employees/:id/calculations": ids.length,
  });
  for (const id of ids) expect(rig.faulty.count(`/employees/${id}/calculations`, "GET")).toBe(1);

  // The same push again in the same period: the conflict check reads today's values, the check nothing more.
  await raise(sheetName, header, 3, 20);
  rig.faulty.reset();
  await push(api, sheetName);
  expect(readsBeforeSending()).toEqual({
    "/employees/:id/payslips": ids.length,
    "/employees/:id/calculations": ids.length,
  });
  // Without the conflict check (as Overwrite conflicts pushes), the check alone reads nothing at all.
  await raise(sheetName, header, 3, 30);
  rig.faulty.reset();
  reviews.length = 0;
  await push(api, sheetName, { steps: { conflictCheck: undefined } });
  expect(readsBeforeSending()).toEqual({});
  // The check still compared with last period: the review names the date and the employees.
  expect(reviews[0].sheets[0].previousDate).toMatch(/^\d{4}-\d\d-\d\d$/);
  expect(reviews[0].sheets[0].totals.rows).toBe(3);

  // A new connection (another key or service) never sees this session's values: it reads again.
  const other = connect();
  await raise(sheetName, header, 3, 40);
  rig.faulty.reset();
  await push(other, sheetName, { steps: { conflictCheck: undefined } });
  expect(readsBeforeSending()).toEqual({
    "/employees/:id/payslips": ids.length,
    "/employees/:id/calculations": ids.length,
  });
});

it("above the crossover: the conflict check and the check share one pair of client-wide lists; again, the check reads nothing", async () => {
  const api = connect();
  const { sheetName, header, rowCount } = await salarySheet(api);
  const rows = CONFLICT_LIST_CROSSOVER + 2;
  expect(rowCount).toBeGreaterThanOrEqual(rows);
  await raise(sheetName, header, rows, 10);
  rig.faulty.reset();
  const first = await push(api, sheetName);
  expect(first.counts.Saved).toBe(rows);
  expect(readsBeforeSending()).toEqual({ "/clients/:id/employees": 1, "/clients/:id/calculations": 1 });

  // Again: today's values from the pair (the conflict check), last period from the session (nothing more).
  await raise(sheetName, header, rows, 20);
  rig.faulty.reset();
  await push(api, sheetName);
  expect(readsBeforeSending()).toEqual({ "/clients/:id/employees": 1, "/clients/:id/calculations": 1 });
  // The check alone: nothing, for any employee of the wave (the pair gave them all).
  await raise(sheetName, header, rowCount, 30);
  rig.faulty.reset();
  await push(api, sheetName, { steps: { conflictCheck: undefined } });
  expect(readsBeforeSending()).toEqual({});
});

it("Push all: each sheet's check reads as its push would, the first sheet's push reuses it, and again reads nothing more", async () => {
  const api = connect();
  const { sheetName, header } = await salarySheet(api);
  const ids = await raise(sheetName, header, 2, 10);
  const ctx = flowContext(api, rig.workbook, CLIENT);
  const clients = await api.listClients();
  rig.faulty.reset();
  reviews.length = 0;
  const all = await pushAllInputSheets(ctx, { send: { reachable: clients.slice(0, 1) }, steps: { nettPay: false, check } });
  expect(all.sheets.find((s) => s.sheetName === sheetName)?.counts?.Saved).toBe(2);
  expect(reviews).toHaveLength(1);
  // Only the changed sheet's two employees, once each, for the check and the conflict check together.
  expect(readsBeforeSending()).toEqual({
    "/employees/:id/payslips": ids.length,
    "/employees/:id/calculations": ids.length,
  });

  await raise(sheetName, header, 2, 20);
  rig.faulty.reset();
  await pushAllInputSheets(ctx, { send: { reachable: clients.slice(0, 1) }, steps: { nettPay: false, check } });
  // The check: nothing (the session knows last period); the conflict check: today's values.
  expect(readsBeforeSending()).toEqual({
    "/employees/:id/payslips": ids.length,
    "/employees/:id/calculations": ids.length,
  });
});

it("a new starter alone: no payslip last period is still flagged, against the wave's last period (its pay runs, one small list)", async () => {
  const api = connect();
  const ctx = flowContext(api, rig.workbook, CLIENT);
  const choices = await loadInputChoices(ctx);
  const best = largestWave(choices);
  const payslipDate = best.period!.date;
  const earlier = (choices.periods.get(best.w.id) ?? []).map((p) => p.date).filter((d) => d < payslipDate);
  expect(earlier.length).toBeGreaterThan(0);
  // Appointed in the sheet's period: the service gives them this period's payslip, and none before.
  const created = await rig.check.createEmployee(CLIENT.id, {
    wave_id: best.w.id,
    first_name: "Nóra",
    last_name: "Nic Giolla",
    appointment_date: payslipDate.slice(0, 8) + "01",
    payment_method: "eft_manual",
  });
  const again = await loadInputChoices(ctx);
  const built = await buildInputSheet(ctx, { waveId: best.w.id, payslipDate, inputKeys: [SALARY] }, { choices: again });
  const header = again.offered.find((o) => o.key === SALARY)!.label;
  const records = await readRecords(rig.workbook, built.sheetName);
  const row = records.findIndex((r) => Number(r["Employee ID"]) === created.id);
  expect(row).toBeGreaterThanOrEqual(0);
  typeInto(rig.model, built.sheetName, row, header, "2500");
  rig.faulty.reset();
  reviews.length = 0;
  const cancel = { settings: DEFAULT_PUSH_CHECK, ask: async (r: PushCheckReview) => (reviews.push(r), "cancel" as const) };
  await expect(push(api, built.sheetName, { steps: { check: cancel } })).rejects.toThrow(/cancelled at the check/);
  const [sheet] = reviews[0].sheets;
  expect(sheet.previousDate).toBe(earlier.sort().pop());
  expect(sheet.flags).toHaveLength(1);
  expect(sheet.flags[0].name).toMatch(/^Nóra Nic Giolla/);
  expect(sheet.flags[0].reasons).toEqual([expect.stringMatching(/^No payslip last period \(\d\d\/\d\d\/\d{4}\)$/)]);
  expect(readsBeforeSending()).toEqual({
    "/employees/:id/payslips": 1,
    "/employees/:id/calculations": 1,
    "/clients/:id/payment_runs": 1,
  });
});
