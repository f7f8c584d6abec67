/** An employee's payslips as the payslip pickers list them. */
import type { PayrollApi } from "../../api";
import { formatDate } from "../locale";

/** One entry of a picker's list. */
export interface Choice {
  id: number;
  label: string;
}

/** An employee's payslips for the PayslipPicker, newest first. */
export async function employeePayslipChoices(
  api: Pick<PayrollApi, "listPayslips">,
  employeeId: number,
  options: { signal?: AbortSignal } = {},
): Promise<Choice[]> {
  const list = await api.listPayslips(employeeId, options);
  return [...list].sort((a, b) => b.date.localeCompare(a.date)).map((p) => ({ id: p.id, label: payslipLabel(p) }));
}

/** A payslip as the pickers list it: date (in Office's display language), special, finalised or open, nett pay when calculated. */
export function payslipLabel(p: { date: string; special: boolean; finalised: boolean; nett_pay?: number }): string {
  const nett =
    p.nett_pay !== undefined ? ` · nett ${p.nett_pay.toLocaleString("en-IE", { style: "currency", currency: "EUR" })}` : "";
  return `${formatDate(p.date)}${p.special ? " (special)" : ""}${p.finalised ? " · finalised" : " · open"}${nett}`;
}
