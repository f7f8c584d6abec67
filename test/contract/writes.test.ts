/** Contract: every write endpoint and its documented rules and errors, real client against the real sandbox. */
import { NotFoundError, ValidationError } from "../../src/api";
import type { Employee, PayslipListItem } from "../../src/contract";
import { daysFromToday, expectNoKey, inEmployment, startHarness, today, type Harness } from "../support/contractHarness";

let h: Harness;
let employee: Employee;
let waveId: number;
let open: PayslipListItem;
let finalised: PayslipListItem;

beforeAll(async () => {
  h = await startHarness();
  employee = (await h.api.listEmployees(1, ["service_periods"])).find(inEmployment)!;
  waveId = (await h.api.listWaves(1))[0].id;
  const payslips = await h.api.listPayslips(employee.id);
  open = payslips.find((p) => !p.finalised && !p.special)!;
  finalised = payslips.filter((p) => p.finalised).pop()!;
});
afterAll(async () => {
  expectNoKey(h.errors);
  await h.close();
});

const newEmployee = {
  first_name: "Saoirse",
  last_name: "Ní Bhriain",
  appointment_date: "2024-09-02",
  payment_method: "eft_manual" as const,
  ppsn: "1234567FA",
  bank_account: { account_number: "IE29AIBK93115212345678", branch_code: "AIBKIE2D" },
};

describe("employees", () => {
  test("create, read back (bank_account alias folded), update, delete", async () => {
    const created = await h.api.createEmployee(1, { ...newEmployee, wave_id: waveId, prsi_class: "" });
    expect(created.message).toEqual(expect.any(String));
    expect(created.number).not.toBe("");
    const read = await h.api.getEmployee(created.id);
    expect(read).toMatchObject({
      id: created.id,
      first_name: "Saoirse",
      last_name: "Ní Bhriain",
      wave_id: waveId,
      prsi_class: "a",
    });
    expect(read.number).toBe(created.number);
    expect(read.bank_account?.account_number).toBe("IE29AIBK93115212345678");

    const updated = await h.api.updateEmployee(created.id, { job_title: "Payroll clerk", prsi_class: "S" });
    expect(updated.id).toBe(created.id);
    expect(await h.api.getEmployee(created.id)).toMatchObject({
      job_title: "Payroll clerk",
      prsi_class: "s",
      first_name: "Saoirse",
    });
    expect((await h.api.listEmployees(1)).map((e) => e.id)).toContain(created.id);

    expect((await h.api.deleteEmployee(created.id)).message).toEqual(expect.any(String));
    expect(await h.failure(h.api.getEmployee(created.id))).toBeInstanceOf(NotFoundError);
  });

  test("a client in EMPLOYEE_NUMBER_MANUAL mode refuses a create without number (422 with errors)", async () => {
    const wave2 = (await h.api.listWaves(2))[0].id;
    const err = (await h.failure(h.api.createEmployee(2, { ...newEmployee, wave_id: wave2 }))) as ValidationError;
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.status).toBe(422);
    expect(Object.keys(err.errors).some((k) => /number$/.test(k))).toBe(true);
    const ok = await h.api.createEmployee(2, { ...newEmployee, wave_id: wave2, number: "MAN-9001" });
    expect(ok.number).toBe("MAN-9001");
  });

  test("an unknown wave_id is refused by the service (422)", async () => {
    const err = (await h.failure(h.api.createEmployee(1, { ...newEmployee, wave_id: 987_654 }))) as ValidationError;
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.status).toBe(422);
    expect(Object.keys(err.errors).some((k) => /wave_id$/.test(k))).toBe(true);
  });
});

describe("waves", () => {
  test("create: first_end_date normalised to January with a period offset", async () => {
    const { id } = await h.api.createWave(1, { frequency: "weekly", first_end_date: "2025-03-07" });
    const wave = (await h.api.listWaves(1)).find((w) => w.id === id)!;
    expect(wave.first_end_date.slice(5, 7)).toBe("01");
    expect(wave.length_weeks).toBe(1);
    expect(wave.first_period_offset).toBeGreaterThan(0);
    // The normalised date plus the offset in weeks is the date given at creation.
    const back = new Date(Date.parse(wave.first_end_date) + wave.first_period_offset * 7 * 86_400_000);
    expect(back.toISOString().slice(0, 10)).toBe("2025-03-07");
    const monthly = await h.api.createWave(1, { frequency: "monthly", first_end_date: "2025-04-30", last_day_of_month: 31 });
    const m = (await h.api.listWavesSimplified(1)).find((w) => w.id === monthly.id)!;
    expect(m.frequency).toMatch(/month/i);
  });

  test("custom_name is an error unless the client has the feature", async () => {
    const err = (await h.failure(
      h.api.createWave(1, { frequency: "fortnightly", first_end_date: "2025-03-14", custom_name: "Site crew" }),
    )) as ValidationError;
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.status).toBe(422);
    const ok = await h.api.createWave(2, { frequency: "fortnightly", first_end_date: "2025-03-14", custom_name: "Site crew" });
    expect((await h.api.listWaves(2)).find((w) => w.id === ok.id)?.custom_name).toBe("Site crew");
  });
});

describe("calculations", () => {
  let fresh: number;
  beforeAll(async () => {
    fresh = (await h.api.createEmployee(1, { ...newEmployee, first_name: "Calc", wave_id: waveId })).id;
  });

  test("upsert creates then updates one basic_salary; insert on a single-instance item is refused", async () => {
    const a = await h.api.postEmployeeCalculation(fresh, { calc_type: "basic_salary", calculation_details: { amount: 3000 } });
    const b = await h.api.postEmployeeCalculation(fresh, { calc_type: "basic_salary", calculation_details: { amount: 3250 } });
    expect(b.id).toBe(a.id);
    expect((await h.api.getCalculation(a.id)).inputs.amount).toBe(3250);
    const err = await h.failure(
      h.api.postEmployeeCalculation(fresh, {
        calc_type: "basic_salary",
        calculation_details: { amount: 1 },
        operation: "insert",
      }),
    );
    expect(err).toBeInstanceOf(ValidationError);
  });

  test("employer_loan: insert twice, update one instance by calculation_id; update on a missing item is refused", async () => {
    const first = await h.api.postEmployeeCalculation(fresh, {
      calc_type: "employer_loan",
      calculation_details: { amount: 50, balance: 1000 },
      operation: "insert",
    });
    const second = await h.api.postEmployeeCalculation(fresh, {
      calc_type: "employer_loan",
      calculation_details: { amount: 20, balance: 400 },
      operation: "insert",
    });
    expect(second.id).not.toBe(first.id);
    const loans = (await h.api.listEmployeeCalculations(fresh)).filter((c) => c.calculation_id === "employer_loan");
    expect(loans.map((c) => c.id).sort()).toEqual([first.id, second.id].sort());

    await h.api.postEmployeeCalculation(fresh, {
      calc_type: "employer_loan",
      calculation_details: { amount: 25 },
      operation: "update",
      calculation_id: second.id,
    });
    expect((await h.api.getCalculation(second.id)).inputs.amount).toBe(25);
    expect((await h.api.getCalculation(first.id)).inputs.amount).toBe(50);

    const err = await h.failure(
      h.api.postEmployeeCalculation(fresh, { calc_type: "savings", calculation_details: { amount: 10 }, operation: "update" }),
    );
    expect(err).toBeInstanceOf(ValidationError);
  });

  test("PATCH /calculations/:id changes only the given inputs; DELETE removes it", async () => {
    const { id } = await h.api.postEmployeeCalculation(fresh, {
      calc_type: "savings",
      calculation_details: { amount: 40, balance: 200 },
      operation: "insert",
    });
    await h.api.updateCalculation(id, { amount: 45 });
    expect((await h.api.getCalculation(id)).inputs).toMatchObject({ amount: 45, balance: 200 });
    expect((await h.api.deleteCalculation(id)).message).toEqual(expect.any(String));
    expect(await h.failure(h.api.getCalculation(id))).toBeInstanceOf(NotFoundError);
    expect((await h.api.listEmployeeCalculations(fresh)).map((c) => c.id)).not.toContain(id);
  });

  test("POST /payslips/:id/calculations: a payslip-specific bonus on the open payslip", async () => {
    const { id } = await h.api.postPayslipCalculation(open.id, { calc_type: "bonus", calculation_details: { amount: 150 } });
    const calc = await h.api.getCalculation(id);
    expect(calc.payslip_id).toBe(open.id);
    expect((await h.api.listPayslipCalculations(open.id)).map((c) => c.id)).toContain(id);
  });

  test("unknown calc_type is refused", async () => {
    const err = await h.failure(
      h.api.postEmployeeCalculation(fresh, { calc_type: "no_such_item", calculation_details: { amount: 1 } }),
    );
    expect(err).toBeInstanceOf(ValidationError);
  });
});

describe("bulk_input", () => {
  test("per-entity results in order: employee attribute, payslip_date, finalised payslip, bad key, unknown employee", async () => {
    const results = await h.api.bulkInput(1, [
      { id: String(employee.id), attributes: { job_title: "Welder" } },
      { id: String(employee.id), payslip_date: open.date, attributes: { "calc.bonus.amount": 275 } },
      { id: String(employee.id), payslip_id: String(finalised.id), attributes: { "calc.bonus.amount": 99 } },
      { id: String(employee.id), attributes: { "calc.no_such_item.amount": 1 } },
      { id: "987654", attributes: { job_title: "Ghost" } },
    ]);
    expect(results).toHaveLength(5);
    expect(results.map((r) => r.success)).toEqual(["true", "true", "false", "false", "false"]);
    expect(results.map((r) => r.id)).toEqual([
      String(employee.id),
      String(employee.id),
      String(employee.id),
      String(employee.id),
      "987654",
    ]);
    expect(results[1].payslip_date).toBe(open.date);
    for (const r of results) expect(r.message).toEqual(expect.any(String));
    expect(results[2].message).toMatch(/finalised/i);
    expect(Object.keys(results[3].errors ?? {})).toContain("calc.no_such_item.amount");

    expect((await h.api.getEmployee(employee.id)).job_title).toBe("Welder");
    const bonus = (await h.api.listPayslipCalculations(open.id)).find((c) => c.calculation_id === "bonus");
    expect(bonus?.inputs.amount).toBe(275);
    const frozen = (await h.api.listPayslipCalculations(finalised.id)).find((c) => c.calculation_id === "bonus");
    expect(frozen?.inputs.amount).not.toBe(99);
  });

  test("an invalid input value fails that entity only, naming the attribute", async () => {
    const results = await h.api.bulkInput(1, [
      { id: String(employee.id), attributes: { "calc.basic_salary.amount": "lots" } },
      { id: String(employee.id), attributes: { job_title: "Lead welder" } },
    ]);
    expect(results.map((r) => r.success)).toEqual(["false", "true"]);
    expect(Object.keys(results[0].errors ?? {})).toContain("calc.basic_salary.amount");
  });
});

describe("inherited calculations (Regular Hours v2)", () => {
  test("effective_date is required once the employee has finalised payslips; history keyed by date", async () => {
    const v2 = (await h.api.listEmployees(3, ["service_periods"])).find(inEmployment)!;
    const err = (await h.failure(
      h.api.updateInheritedCalculations(v2.id, { calc_type: "week_hours", calculation_details: { full_day_hours_input: 7 } }),
    )) as ValidationError;
    expect(err).toBeInstanceOf(ValidationError);
    const date = today();
    const { id } = await h.api.updateInheritedCalculations(v2.id, {
      calc_type: "week_hours",
      effective_date: date,
      calculation_details: { full_day_hours_input: 7 },
    });
    const wh = await h.api.getInheritedCalculation(id);
    expect(Object.keys(wh.inputs_history)).toEqual(expect.arrayContaining(["", date]));
    expect(wh.inputs_history[date].full_day_hours_input).toBe(7);
  });

  test("a new employee without finalised payslips needs no effective_date", async () => {
    const wave3 = (await h.api.listWaves(3))[0].id;
    const { id: emp } = await h.api.createEmployee(3, { ...newEmployee, wave_id: wave3 });
    const { id } = await h.api.updateInheritedCalculations(emp, {
      calc_type: "week_hours",
      calculation_details: { schedule: "fixed", works_mon: true, full_day_hours_input: 8 },
    });
    const wh = await h.api.getInheritedCalculation(id);
    expect(wh.employee_id).toBe(emp);
    expect(wh.inputs.full_day_hours_input).toBe(8);
  });
});

describe("leave days", () => {
  test('create (hours null and the text "null" = full day), create_multiple, update, delete', async () => {
    const typeId = Number(Object.keys(await h.api.listLeaveTypes(1))[0]);
    const a = await h.api.createLeaveDay(employee.id, { date: daysFromToday(30), hours: null, type_id: typeId });
    const b = await h.api.createLeaveDay(employee.id, { date: daysFromToday(31), hours: "null", type_id: typeId });
    const many = await h.api.createLeaveDays(employee.id, [
      { date: daysFromToday(32), hours: 4, type_id: typeId },
      { date: daysFromToday(33), hours: null, type_id: typeId },
    ]);
    expect(many.ids).toHaveLength(2);
    const days = () => h.api.listLeaveDays(employee.id).then((groups) => new Map(groups.flat().map((d) => [d.id, d])));
    let byId = await days();
    expect(byId.get(a.id)).toMatchObject({ date: daysFromToday(30), hours: null, type_id: typeId });
    expect(byId.get(b.id)?.hours).toBeNull();
    expect(byId.get(many.ids[0])?.hours).toBe(4);

    await h.api.updateLeaveDay(a.id, { hours: 3.5 });
    await h.api.deleteLeaveDay(b.id);
    byId = await days();
    expect(byId.get(a.id)?.hours).toBe(3.5);
    expect(byId.has(b.id)).toBe(false);
    expect(await h.failure(h.api.deleteLeaveDay(b.id))).toBeInstanceOf(NotFoundError);
  });
});

describe("profile mappings", () => {
  test("create a mapping to a template and list it", async () => {
    const existing = (
      await Promise.all((await h.api.listEmployees(1)).slice(0, 4).map((e) => h.api.listProfileMappings(e.id)))
    ).flat();
    const profileId = existing[0].profile_id;
    const { id: emp } = await h.api.createEmployee(1, { ...newEmployee, first_name: "Mapped", wave_id: waveId });
    const before = await h.api.listProfileMappings(emp);
    const created = await h.api.createProfileMapping(emp, { profile_mapping: { profile_id: profileId } });
    expect(created.message).toEqual(expect.any(String));
    const after = await h.api.listProfileMappings(emp);
    expect(after.length).toBe(before.length + 1);
    expect(after.find((m) => m.id === created.id)).toMatchObject({ profile_id: profileId, employee_id: emp });
  });
});
