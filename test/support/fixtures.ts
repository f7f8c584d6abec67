/** Small contract-shaped records for the pure sheet tests (and the flow tests that need records without a service). */
import type {
  Calculation,
  Employee,
  ItemDefinition,
  ItemsAndOutputs,
  PaymentRun,
  PayslipListItem,
  ServicePeriod,
  Wave,
} from "../../src/contract";

const T = "2025-01-01T00:00:00+00:00";

export function payslip(id: number, date: string, extra: Partial<PayslipListItem> = {}): { payslip: PayslipListItem } {
  return {
    payslip: {
      id,
      date,
      special: false,
      finalised: false,
      dirty: false,
      nett_pay: 1000,
      ss_released: false,
      payment_run_id: null,
      ...extra,
    },
  };
}

export function period(id: number, employeeId: number, start: string, end: string | null, extra: Partial<ServicePeriod> = {}) {
  return {
    service_period: {
      id,
      employee_id: employeeId,
      start_date: start,
      end_date: end,
      negative: false,
      created_at: T,
      updated_at: T,
      attribs: null,
      termination_code: null,
      ...extra,
    } as ServicePeriod,
  };
}

export function employee(id: number, extra: Partial<Employee> = {}): Employee {
  return {
    id,
    number: String(id).padStart(3, "0"),
    first_name: `First${id}`,
    last_name: `Last${id}`,
    wave_id: 1,
    appointment_date: "2020-01-01",
    ...extra,
  } as Employee;
}

export function calc(extra: Partial<Calculation> & Pick<Calculation, "calculation_id" | "inputs">): Calculation {
  return {
    id: 1,
    employee_id: null,
    payslip_id: null,
    client_id: 1,
    deleted: false,
    created_at: T,
    updated_at: T,
    calculation_def_id: null,
    profile_id: null,
    skip: false,
    multiplier: null,
    outputs: {},
    system_type: typeof extra.calculation_id === "string" ? extra.calculation_id : null,
    ...extra,
  } as Calculation;
}

export const BASIC_SALARY: ItemDefinition = {
  id: "basic_salary",
  name: "basic_salary",
  label: "Basic salary",
  category: "income",
  inputs: ["amount"],
  multi_instance: false,
};

export const EMPLOYER_LOAN: ItemDefinition = {
  id: "employer_loan",
  name: "employer_loan",
  label: "Employer loan",
  category: "deduction",
  inputs: ["amount", "balance"],
  multi_instance: true,
};

export const ITEMS: ItemsAndOutputs = {
  system_items: [
    BASIC_SALARY,
    {
      id: "overtime",
      name: "overtime",
      label: "Overtime",
      category: "income",
      inputs: ["hours", "rate", "multiplier"],
      multi_instance: false,
    },
    EMPLOYER_LOAN,
  ],
  custom_items: [{ id: 501, name: "501", label: "Basic salary", category: "income", inputs: ["amount"], multi_instance: false }],
  outputs: [{ name: "nett_pay", label: "Nett pay", category: "total" }],
  accounts: [],
};

const STAMP = "2026-01-01T00:00:00+00:00";

/** A monthly wave in the full form. */
export function wave(id: number, name: string, custom_name: string | null = null): Wave {
  return {
    id,
    name,
    custom_name,
    client_id: 1,
    first_end_date: "2016-01-31",
    interim_first_end_date: null,
    created_at: STAMP,
    updated_at: STAMP,
    pay_dates: { enabled: false },
    length_months: 1,
    length_weeks: 0,
    first_period_offset: 0,
    notification_days_before: null,
    finalisation_days_before: null,
    payslip_payment_day: null,
  };
}

export function paymentRun(
  id: number,
  wave_id: number,
  period_offset: number,
  period_end_date: string,
  special = false,
): PaymentRun {
  return {
    id,
    wave_id,
    period_offset,
    period_end_date,
    special,
    total: 0,
    created_at: STAMP,
    updated_at: STAMP,
    posted_to_accounting_system: false,
  };
}
