import { activeEmployees, defaultPeriod } from "../../src/ui/sheets/periods";
import type { InputChoices } from "../../src/features/inputSheets/flows/inputs";

/** The wave whose default (open) period has the most active employees, with that period and the count. */
export function largestWave(choices: Pick<InputChoices, "waves" | "employees" | "periods">) {
  return choices.waves
    .map((w) => ({ w, period: defaultPeriod(choices.periods.get(w.id) ?? []) }))
    .filter((x) => x.period)
    .map((x) => ({ ...x, rows: activeEmployees(choices.employees, x.w.id, x.period!.date).length }))
    .sort((a, b) => b.rows - a.rows)[0];
}
