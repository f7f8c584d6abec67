/** Change history fixtures: Mary Murphy's basic salary pushed from 3000 to 4800 on her 30 November 2026 payslip. */
import type { HistoryLine, PushedCell } from "../../src/features/inputSheets/model/changeHistory";

/** The cell a push sent, saved. */
export const pushedCell = (over: Partial<PushedCell> = {}): PushedCell => ({
  employeeId: 101,
  number: "E-1",
  name: "Mary Murphy",
  payslipDate: "2026-11-30",
  input: "Basic salary: amount",
  inputKey: "calc.basic_salary.amount",
  before: 3000,
  sent: 4800,
  outcome: "Saved",
  ...over,
});

/** Its Change history line, as read back (push P-1 by Aoife for Liffey Foods, no time). */
export const historyLine = (over: Partial<HistoryLine> = {}): HistoryLine => ({
  time: null,
  preparedBy: "Aoife",
  clientId: 7,
  clientName: "Liffey Foods",
  sheet: "Inputs",
  kind: "payslip",
  ...pushedCell(),
  outcome: "Saved",
  message: "",
  pushId: "P-1",
  ...over,
});
