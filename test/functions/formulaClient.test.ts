/**
 * Formulas keep their client (issue Q, item 6): a formula's figure depends on its own arguments and the workbook,
 * never on the client the pane chooses later. Against a real sandbox with two clients: a formula without client_id
 * uses the client the workbook's formulas are linked to, one with client_id its own; one recalculation asks one
 * transaction_history per client, and the cache keeps each client's figures apart. The link itself is a document
 * setting written once (flows/clientChoice), which choosing another client does not change.
 */
import { PayrollApi, type RequestLogEntry } from "../../src/api";
import type { SettingValue, WorkbookPort } from "../../src/excel";
import { invalidateFormulaResults, setFunctionsConnection } from "../../src/functions/connection";
import { flushFigures } from "../../src/functions/figures";
import { amountFormula } from "../../src/functions/formulas";
import { startSandbox, type RunningSandbox } from "../../src/sandbox";
import {
  CLIENT_ID_SETTING,
  FORMULAS_CLIENT_ID_SETTING,
  linkFormulasClient,
  readFormulasClientId,
  rememberWorkbookClientId,
} from "../../src/ui/flows/clientChoice";

const START = "2026-01-01";
const END = "2026-06-30";

let sandbox: RunningSandbox;
let requests: RequestLogEntry[];
let api: PayrollApi;
let first: number;
let second: number;

beforeAll(async () => {
  sandbox = await startSandbox({ employees: 12, recalcMs: 0, reportJobMs: 0 });
  const common = { baseUrl: sandbox.url, apiKey: sandbox.apiKey, requestsPerSecond: 0, maxConcurrent: 0 };
  api = new PayrollApi({ ...common, onRequest: (e) => requests.push(e) });
  const clients = await new PayrollApi(common).listClients();
  expect(clients.length).toBeGreaterThanOrEqual(2);
  [first, second] = clients.map((c) => c.id);
});
afterAll(async () => {
  setFunctionsConnection(null);
  await sandbox.close();
});
beforeEach(() => {
  requests = [];
  invalidateFormulaResults();
});

async function settle<T>(calls: Promise<T>[]): Promise<T[]> {
  const all = Promise.all(calls);
  await flushFigures();
  return all;
}

const historyRequests = () => requests.filter((r) => r.path.includes("transaction_history")).map((r) => `${r.method} ${r.path}`);

describe("the client of a PAYROLL formula", () => {
  it("without client_id is the linked client; with it, its own; one transaction_history per client, cached per client", async () => {
    setFunctionsConnection({ source: api, clientId: second });
    const [linked, named2, named1] = await settle([
      amountFormula("nett_pay", START, END),
      amountFormula("nett_pay", START, END, null, second),
      amountFormula("nett_pay", START, END, null, first),
    ]);
    expect(named2).toBeGreaterThan(0);
    expect(linked).toBe(named2);
    expect(named1).not.toBe(named2); // the clients' figures differ, so a formula using the wrong one would show it
    expect(historyRequests().sort()).toEqual(
      [`POST /clients/${first}/reports/transaction_history`, `POST /clients/${second}/reports/transaction_history`].sort(),
    );

    // The same formulas again: every figure from the cache, each under its own client.
    requests = [];
    await expect(
      settle([amountFormula("nett_pay", START, END), amountFormula("nett_pay", START, END, null, first)]),
    ).resolves.toEqual([named2, named1]);
    expect(requests).toEqual([]);
  });
});

/** A workbook whose document settings are a Map (the only part of the port these flows use). */
function settingsWorkbook(): { workbook: WorkbookPort; settings: Map<string, SettingValue> } {
  const settings = new Map<string, SettingValue>();
  const port: Partial<WorkbookPort> = {
    getSetting: async (key) => settings.get(key),
    setSetting: async (key, value) => void settings.set(key, value),
  };
  return { workbook: port as WorkbookPort, settings };
}

describe("the workbook's link of its formulas (document setting)", () => {
  it("is written by the first client chosen and kept when the pane chooses another", async () => {
    const { workbook, settings } = settingsWorkbook();
    await expect(readFormulasClientId(workbook)).resolves.toBeNull();
    await expect(linkFormulasClient(workbook, second)).resolves.toBe(second);
    expect(settings.get(FORMULAS_CLIENT_ID_SETTING)).toBe(second);

    // The pane switches to the other client: the workbook's client follows, its formulas' client does not.
    await rememberWorkbookClientId(workbook, first);
    await expect(linkFormulasClient(workbook, first)).resolves.toBe(second);
    expect(settings.get(CLIENT_ID_SETTING)).toBe(first);
    expect(settings.get(FORMULAS_CLIENT_ID_SETTING)).toBe(second);
  });

  it("a setting that is not a client ID counts as not linked, and the next choice links it", async () => {
    const { workbook, settings } = settingsWorkbook();
    settings.set(FORMULAS_CLIENT_ID_SETTING, "2");
    await expect(readFormulasClientId(workbook)).resolves.toBeNull();
    await expect(linkFormulasClient(workbook, first)).resolves.toBe(first);
    expect(settings.get(FORMULAS_CLIENT_ID_SETTING)).toBe(first);
  });
});
