/**
 * Issue 26, the breaking finding: Excel passes an entity argument (Excel.EntityCellValue, LinkedEntityCellValue) with
 * `basicType: "Error"` and `basicValue: "#VALUE!"`. EMPLOYEE and AMOUNT read the employee from its properties, never
 * look up an employee "#VALUE!". Against a real sandbox.
 */
import { PayrollApi } from "../../src/api";
import { invalidateFormulaResults, setFunctionsConnection } from "../../src/functions/connection";
import { flushFigures } from "../../src/functions/figures";
import { amountFormula, employeeFormula } from "../../src/functions/formulas";
import { startSandbox, type RunningSandbox } from "../../src/sandbox";

let sandbox: RunningSandbox;
let api: PayrollApi;
let clientId: number;

beforeAll(async () => {
  sandbox = await startSandbox({ employees: 6, recalcMs: 0, reportJobMs: 0 });
  api = new PayrollApi({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, requestsPerSecond: 0, maxConcurrent: 0 });
  clientId = (await api.listClients())[0].id;
});
afterAll(() => sandbox.close());
beforeEach(() => {
  setFunctionsConnection({ source: api, clientId });
  invalidateFormulaResults();
});

async function settled<T>(p: Promise<T>): Promise<T> {
  const r = Promise.allSettled([p]);
  await flushFigures();
  const [one] = await r;
  if (one.status === "rejected") throw one.reason;
  return one.value;
}

/** An employee card as Excel documents an EntityCellValue (the employee number is a property). */
const card = (name: string, number: string) => ({
  type: "Entity",
  text: name,
  basicType: "Error",
  basicValue: "#VALUE!",
  properties: {
    Name: { type: "String", basicValue: name },
    Number: { type: "String", basicValue: number },
    Department: "Sales",
  },
});

it("EMPLOYEE reads the employee number from the entity's properties, not its #VALUE! basic value", async () => {
  const [second] = (await api.listEmployees(clientId)).slice(1);
  const name = await settled(employeeFormula(card("Someone", second.number!), "last_name"));
  expect(name).toBe(second.last_name);
  const linked = {
    ...card("Someone", second.number!),
    type: "LinkedEntity",
    id: { entityId: "x", domainId: "y", serviceId: 1, culture: "en-IE" },
  };
  expect(await settled(employeeFormula(linked, "first_name"))).toBe(second.first_name);
});

it("AMOUNT for an entity employee equals AMOUNT for the employee number", async () => {
  const [first] = await api.listEmployees(clientId);
  const byNumber = await settled(amountFormula("nett_pay", "2026-01-01", "2026-06-30", first.number));
  const byCard = await settled(amountFormula("nett_pay", "2026-01-01", "2026-06-30", card("A card", first.number!)));
  expect(byNumber).toBeGreaterThan(0);
  expect(byCard).toBe(byNumber);
  // The account may be an entity too: its display text is the account name.
  const account = { type: "Entity", text: "nett_pay", basicType: "Error", basicValue: "#VALUE!", properties: {} };
  expect(await settled(amountFormula(account, "2026-01-01", "2026-06-30", first.number))).toBe(byNumber);
});
