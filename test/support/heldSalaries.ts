import type { PayrollApi } from "../../src/api";

/** What the service holds for basic salary on each employee's payslip of that date (two requests). */
export async function heldSalaries(api: PayrollApi, payslipDate: string): Promise<Map<number, unknown>> {
  const [employees, calculations] = await Promise.all([api.listEmployees(1, ["recent_payslips"]), api.listClientCalculations(1)]);
  const held = new Map<number, unknown>();
  for (const e of employees) {
    const payslip = e.recent_payslips?.map((r) => r.payslip).find((p) => !p.special && p.date === payslipDate);
    const own = calculations.find((c) => c.calculation_id === "basic_salary" && payslip && c.payslip_id === payslip.id);
    const general = calculations.find(
      (c) => c.calculation_id === "basic_salary" && c.employee_id === e.id && c.payslip_id === null,
    );
    held.set(e.id, (own ?? general)?.inputs.amount);
  }
  return held;
}
