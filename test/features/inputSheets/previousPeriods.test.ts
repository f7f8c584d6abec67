/** The session's finalised periods: per connection (PayrollApi), keyed by client, wave and period, all or nothing. */
import { PayrollApi } from "../../../src/api";
import { knownFor, knownPeriodsOf, rememberPeriod } from "../../../src/features/inputSheets/flows/previousPeriods";

const api = () => new PayrollApi({ baseUrl: "http://127.0.0.1:9", apiKey: "k" });
const where = { clientId: 1, waveId: 7, payslipDate: "2026-10-31" };
const read = (ids: number[]) => ({
  payslips: new Map(ids.slice(0, 1).map((id) => [id, { values: { "calc.basic_salary.amount": 3000 }, nettPay: 2000 }])),
  names: new Map(ids.map((id) => [id, `Employee ${id}`])),
  employees: ids,
});

it("answers only for employees it knows, per connection, client, wave and period", () => {
  const a = api();
  rememberPeriod(a, where, "2026-09-30", read([1, 2]));
  expect(knownFor(a, where, [1, 2])).toMatchObject({ date: "2026-09-30", payslips: new Map([[1, expect.anything()]]) });
  // Employee 2 had no payslip last period: known too (a finalised period cannot gain one).
  expect(knownFor(a, where, [2])?.payslips.has(2)).toBe(false);
  expect(knownFor(a, where, [1, 3])).toBeUndefined();
  expect(knownFor(a, { ...where, waveId: 8 }, [1])).toBeUndefined();
  expect(knownFor(a, { ...where, clientId: 2 }, [1])).toBeUndefined();
  expect(knownFor(a, { ...where, payslipDate: "2026-11-30" }, [1])).toBeUndefined();
  // Another connection (another key or service) sees nothing of it.
  expect(knownFor(api(), where, [1])).toBeUndefined();
  expect(knownPeriodsOf(a, 1, "2026-10-31").map((k) => k.waveId)).toEqual([7]);
});

it("adds employees to what it knows, and starts again when last period's date differs", () => {
  const a = api();
  rememberPeriod(a, where, "2026-09-30", read([1]));
  rememberPeriod(a, where, "2026-09-30", read([3]));
  expect(knownFor(a, where, [1, 3])?.payslips.size).toBe(2);
  rememberPeriod(a, where, "2026-10-15", read([4]));
  expect(knownFor(a, where, [1])).toBeUndefined();
  expect(knownFor(a, where, [4])?.date).toBe("2026-10-15");
});
