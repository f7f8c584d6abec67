/** Contract: every read endpoint, real client against the real sandbox over loopback HTTP. */
import { EMPLOYEE_NUMBER_MANUAL, RECENT_PAYSLIPS_LIMIT, type Employee } from "../../src/contract";
import { amount, expectNoKey, inEmployment, startHarness, today, type Harness } from "../support/contractHarness";

let h: Harness;
let employees: Employee[];
/** An employee of client 1 in employment, with finalised payslips and an open one. */
let employee: Employee;

beforeAll(async () => {
  h = await startHarness();
  employees = await h.api.listEmployees(1, ["service_periods", "recent_payslips"]);
  employee = employees.find(inEmployment)!;
});
afterAll(async () => {
  expectNoKey(h.errors);
  await h.close();
});

test("GET /clients/: the three demo clients and their settings", async () => {
  const clients = await h.api.listClients();
  expect(clients.length).toBeGreaterThanOrEqual(3);
  const byId = new Map(clients.map((c) => [c.id, c]));
  expect(byId.get(1)?.name).toBe("Bureau demo: Liffey Engineering Ltd");
  expect(byId.get(2)?.employee_number_mode).toBe(EMPLOYEE_NUMBER_MANUAL);
  expect(byId.get(2)?.features).toContain("wave_custom_name");
  expect(byId.get(3)?.regular_hours_version).toBe(2);
});

describe("GET /clients/:id/employees", () => {
  test("plain list: unwrapped employees with unique IDs and names", async () => {
    const plain = await h.api.listEmployees(1);
    expect(plain.length).toBe(12);
    expect(new Set(plain.map((e) => e.id)).size).toBe(plain.length);
    for (const e of plain) {
      expect(e.first_name).not.toBe("");
      expect(e.service_periods).toBeUndefined();
      expect(e.recent_payslips).toBeUndefined();
    }
  });

  test("include=service_periods,recent_payslips: at most 12 payslips; everyone in employment has an open regular payslip", () => {
    expect(employees.length).toBe(12);
    for (const e of employees) {
      expect(Array.isArray(e.service_periods)).toBe(true);
      expect(e.recent_payslips!.length).toBeLessThanOrEqual(RECENT_PAYSLIPS_LIMIT);
      if (!inEmployment(e)) continue;
      const payslips = e.recent_payslips!.map((p) => p.payslip);
      expect(payslips.some((p) => !p.finalised && !p.special)).toBe(true);
      for (const p of payslips) if (!p.dirty) expect(typeof p.nett_pay).toBe("number");
    }
    expect(employee).toBeDefined();
  });

  test("include=recent_payslips_with_data: ready, each payslip with data", async () => {
    const result = await h.api.listEmployeesWithPayslipData(1);
    expect(result.state).toBe("ready");
    if (result.state !== "ready") return;
    const withData = result.employees.find((e) => e.id === employee.id)!;
    expect(withData.recent_payslips_with_data!.length).toBeGreaterThan(0);
    expect(withData.recent_payslips_with_data!.length).toBeLessThanOrEqual(RECENT_PAYSLIPS_LIMIT);
    for (const { payslip } of withData.recent_payslips_with_data!) {
      expect(Array.isArray(payslip.data.income)).toBe(true);
      expect(typeof payslip.data.leave_payments).toBe("object");
    }
  });
});

test("GET /employees/:id: the same employee, with custom_fields", async () => {
  const e = await h.api.getEmployee(employee.id);
  expect(e.id).toBe(employee.id);
  expect(e.last_name).toBe(employee.last_name);
  expect(e.custom_fields).toEqual(expect.any(Object));
  for (const key of Object.keys(e.custom_fields ?? {})) expect(key).toMatch(/^\d+$/);
});

test("GET /clients/:id/waves: full and simplified forms, first_end_date normalised to January", async () => {
  const waves = await h.api.listWaves(1);
  expect(waves.length).toBeGreaterThanOrEqual(2);
  for (const w of waves) {
    expect(w.client_id).toBe(1);
    expect(w.first_end_date.slice(5, 7)).toBe("01");
    expect(typeof w.length_weeks).toBe("number");
  }
  const simple = await h.api.listWavesSimplified(1);
  expect(simple.map((w) => w.id).sort()).toEqual(waves.map((w) => w.id).sort());
  for (const w of simple) {
    expect(typeof w.frequency).toBe("string");
    expect(w).not.toHaveProperty("length_months");
    expect(w).not.toHaveProperty("first_period_offset");
  }
});

test("GET /clients/:id/pay_points", async () => {
  const points = await h.api.listPayPoints(1);
  expect(points.length).toBeGreaterThan(0);
  for (const p of points) expect(p.client_id).toBe(1);
});

describe("payslips", () => {
  test("GET /employees/:id/payslips; GET /payslips/:id detail with totals that add up", async () => {
    const payslips = await h.api.listPayslips(employee.id);
    const finalised = payslips.filter((p) => p.finalised);
    expect(finalised.length).toBeGreaterThan(0);
    const detail = await h.api.getPayslip(finalised[finalised.length - 1].id);
    for (const side of ["income", "deduction"] as const) {
      const pairs = detail[side];
      const total = pairs.find(([item]) => item === "total");
      expect(total).toBeDefined();
      const sum = pairs.filter(([item]) => item !== "total").reduce((s, [, a]) => s + amount(a), 0);
      expect(sum).toBeCloseTo(amount(total![1]), 2);
    }
    expect(Array.isArray(detail.sideline)).toBe(true);
    expect(typeof detail.leave).toBe("object");
  });

  test("GET /payslips/:id.pdf: a real PDF", async () => {
    const payslips = await h.api.listPayslips(employee.id);
    const pdf = await h.api.getPayslipPdf(payslips[0].id);
    expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    expect(pdf.length).toBeGreaterThan(500);
    expect(Buffer.from(pdf.subarray(-64)).toString("latin1")).toContain("%%EOF");
  });
});

describe("pay runs", () => {
  test("GET payment_runs, their payslips (with data) and a balanced accounting journal", async () => {
    const runs = await h.api.listPaymentRuns(1);
    expect(runs.length).toBeGreaterThan(0);
    const run = runs[runs.length - 1];
    const payslips = await h.api.listPaymentRunPayslips(run.id);
    expect(payslips.length).toBeGreaterThan(0);
    for (const p of payslips) {
      expect(p.payment_run_id).toBe(run.id);
      expect(p.data).toBeDefined();
    }
    const journals = await h.api.getPaymentRunAccounting(run.id);
    expect(journals.length).toBeGreaterThan(0);
    for (const j of journals) {
      const total = (lines: typeof j.debit) => lines.reduce((s, l) => s + Object.values(l.amount).reduce((a, b) => a + b, 0), 0);
      expect(j.debit.length).toBeGreaterThan(0);
      expect(total(j.debit)).toBeCloseTo(total(j.credit), 2);
    }
  });
});

describe("calculations", () => {
  test("client list holds definitions and every employee- and payslip-level calculation", async () => {
    const all = await h.api.listClientCalculations(1);
    expect(all.some((c) => c.employee_id === null && c.payslip_id === null)).toBe(true);
    expect(all.some((c) => c.employee_id === employee.id)).toBe(true);
    const own = await h.api.listEmployeeCalculations(employee.id);
    expect(own.length).toBeGreaterThan(0);
    for (const c of own) expect(c.employee_id).toBe(employee.id);
    const ids = new Set(all.map((c) => c.id));
    for (const c of own) if (c.id !== null) expect(ids.has(c.id)).toBe(true);
    const one = own.find((c) => c.id !== null)!;
    const got = await h.api.getCalculation(one.id!);
    expect(got.id).toBe(one.id);
    expect(got.inputs).toEqual(one.inputs);
  });

  test("GET /payslips/:id/calculations: the payslip's own calculations", async () => {
    const open = (await h.api.listPayslips(employee.id)).find((p) => !p.finalised)!;
    const calcs = await h.api.listPayslipCalculations(open.id);
    expect(Array.isArray(calcs)).toBe(true);
    for (const c of calcs) if (c.payslip_id !== null) expect(c.payslip_id).toBe(open.id);
  });

  test("GET items_and_outputs: basic_salary single-instance, employer_loan and savings multi-instance", async () => {
    const items = await h.api.getItemsAndOutputs(1);
    const byId = new Map(items.system_items.map((i) => [String(i.id), i]));
    expect(byId.get("basic_salary")?.multi_instance).toBe(false);
    expect(byId.get("employer_loan")?.multi_instance).toBe(true);
    expect(byId.get("savings")?.multi_instance).toBe(true);
    expect(items.outputs.map((o) => o.name)).toEqual(expect.arrayContaining(["nett_pay"]));
    expect(Array.isArray(items.custom_items)).toBe(true);
    expect(Array.isArray(items.accounts)).toBe(true);
  });
});

test("inherited calculations (v2 client): week_hours with a base inputs set", async () => {
  const v2 = (await h.api.listEmployees(3, ["service_periods"])).find(inEmployment)!;
  const list = await h.api.listInheritedCalculations(v2.id);
  const weekHours = list.find((c) => c.short_name === "week_hours")!;
  expect(weekHours).toBeDefined();
  expect(weekHours.employee_id).toBe(v2.id);
  expect(Object.keys(weekHours.inputs_history)).toContain("");
  const one = await h.api.getInheritedCalculation(weekHours.id);
  expect(one).toEqual(weekHours);
});

test("GET service_periods", async () => {
  const periods = await h.api.listServicePeriods(employee.id);
  expect(periods.length).toBeGreaterThan(0);
  for (const p of periods) expect(p.employee_id).toBe(employee.id);
  expect(periods.some((p) => p.end_date === null && !p.negative)).toBe(true);
});

describe("leave", () => {
  test("types, balances keyed by type ID, days as an array of arrays", async () => {
    const types = await h.api.listLeaveTypes(1);
    const typeIds = Object.keys(types);
    expect(typeIds.length).toBeGreaterThan(0);
    for (const id of typeIds) expect(id).toMatch(/^\d+$/);
    const balances = await h.api.getLeaveBalances(employee.id, today());
    for (const key of Object.keys(balances)) expect(typeIds).toContain(key);
    const days = await h.api.listLeaveDays(employee.id);
    expect(Array.isArray(days)).toBe(true);
    for (const group of days) for (const d of group) expect(typeIds).toContain(String(d.type_id));
  });
});

test("GET profile_mappings", async () => {
  const all = await Promise.all(employees.slice(0, 4).map((e) => h.api.listProfileMappings(e.id)));
  const mappings = all.flat();
  expect(mappings.length).toBeGreaterThan(0);
  for (const m of mappings) expect(employees.map((e) => e.id)).toContain(m.employee_id);
});
