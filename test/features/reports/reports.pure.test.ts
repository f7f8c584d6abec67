import type { Employee, ItemsAndOutputs } from "../../../src/contract";
import {
  ASYNC_SUGGEST_CELLS,
  EURO_NUMBER_FORMAT,
  accountOptions,
  buildRequests,
  columnOrder,
  currentTaxYear,
  customFieldOptions,
  defaultParams,
  describeProblems,
  estimateSize,
  flattenReport,
  fromSetting,
  lastPaymentRun,
  lastPeriodEnd,
  leaveTypeIds,
  monthsInRange,
  parseAmount,
  paymentRunOptions,
  periodEndOptions,
  toSetting,
  varianceOffset,
  type ClientReportData,
  type SavedReport,
} from "../../../src/features/reports/model";
import { BASIC_SALARY, paymentRun as run, wave } from "../../support/fixtures";

function employee(id: number, number: string, wave_id: number, custom_fields: Record<string, string | null> = {}): Employee {
  return { id, number, first_name: `F${id}`, last_name: `L${id}`, wave_id, custom_fields };
}

describe("parseAmount", () => {
  it.each([
    ["€1,234.56", 1234.56],
    ["-€1,234.56", -1234.56],
    ["€-1,234.56", -1234.56],
    ["(€1,234.56)", -1234.56],
    ["€1,234.56-", -1234.56],
    ["€0.00", 0],
    ["€ 12.5", 12.5],
    ["1234.56", 1234.56],
    ["-0.05", -0.05],
    [12.5, 12.5],
    ["€1,000,000.00", 1000000],
  ])("%p → %p", (input, expected) => {
    expect(parseAmount(input)).toEqual({ ok: true, value: expected });
  });
  it.each([null, undefined, "", "-"])("%p is an empty amount", (input) => {
    expect(parseAmount(input)).toEqual({ ok: true, value: null });
  });
  it.each(["n/a", "€1,23.4", "12%", "€€5", "1.2.3", "€1.2.3-"])("%p is not an amount and keeps its text", (input) => {
    expect(parseAmount(input)).toEqual({ ok: false, text: input });
  });
});

describe("defaults", () => {
  it("the current tax year is the calendar year of today", () => {
    expect(currentTaxYear(new Date(2026, 0, 1))).toEqual({ start: "2026-01-01", end: "2026-12-31" });
    expect(currentTaxYear(new Date(2025, 11, 31, 23, 59))).toEqual({ start: "2025-01-01", end: "2025-12-31" });
  });
  const runs = [
    run(1, 10, 118, "2025-11-30"),
    run(2, 10, 119, "2025-12-31"),
    run(3, 10, 119, "2025-12-31", true),
    run(4, 20, 500, "2026-01-02"),
  ];
  it("the last period is the latest regular pay run of the wave", () => {
    expect(lastPaymentRun(runs, 10)?.id).toBe(2);
    expect(lastPaymentRun([run(9, 10, 3, "2025-01-31", true)], 10)?.id).toBe(9);
    expect(lastPaymentRun(runs, 99)).toBeNull();
    expect(lastPeriodEnd(runs)).toBe("2026-01-02");
    expect(lastPeriodEnd(runs, [10])).toBe("2025-12-31");
  });
  it("period_offset is the chosen pay run's offset, and a run of another wave is refused", () => {
    expect(varianceOffset(runs[0], wave(10, "Monthly"))).toBe(118);
    expect(() => varianceOffset(runs[3], wave(10, "Monthly"))).toThrow(/another pay frequency/);
  });
  it("pay run options list the wave's periods latest first, once-off runs marked, dates as the pane formats them", () => {
    const shown = (iso: string) => `<${iso}>`;
    expect(paymentRunOptions(runs, 10, shown).map((o) => o.label)).toEqual([
      "Period ending <2025-12-31>",
      "Period ending <2025-12-31> (once-off run)",
      "Period ending <2025-11-30>",
    ]);
    const ends = periodEndOptions([runs, [run(7, 30, 1, "2025-11-30")]], shown);
    expect(ends.map((o) => o.label)).toEqual([
      "Period ending <2026-01-02>",
      "Period ending <2025-12-31>",
      "Period ending <2025-11-30>",
    ]);
    expect(ends.map((o) => o.value)).toEqual([
      "2026-01-02",
      "2025-12-31",
      "2025-11-30",
    ]);
  });
  it("counts months touched by a range", () => {
    expect(monthsInRange("2026-01-01", "2026-12-31")).toBe(12);
    expect(monthsInRange("2025-12-15", "2026-01-02")).toBe(2);
    expect(monthsInRange("2026-03-01", "2026-03-01")).toBe(1);
  });
});

describe("pickers", () => {
  it("collects custom-field keys from the employees, after first and last name", () => {
    const options = customFieldOptions([
      employee(1, "1", 10, { "12": "Dublin", "3": null }),
      employee(2, "2", 10, { "12": "Cork" }),
    ]);
    expect(options.map((o) => o.value)).toEqual(["first_name", "last_name", "3", "12"]);
    expect(options[3].label).toBe("Custom field 12 (e.g. “Dublin”) · 2 employees");
    expect(options[2].label).toBe("Custom field 3 · 1 employee");
  });
  it("groups accounts by the category of their item or output", () => {
    const io: ItemsAndOutputs = {
      system_items: [BASIC_SALARY],
      custom_items: [{ id: 7, name: "7", label: "Car allowance", category: "income", inputs: ["amount"], multi_instance: false }],
      outputs: [{ name: "paye", label: "PAYE", category: "deduction" }],
      accounts: [
        { name: "basic_salary", label: "Basic salary" },
        { name: "7", label: "Car allowance" },
        { name: "paye", label: "PAYE" },
        { name: "mystery", label: "" },
      ],
    };
    expect(accountOptions(io)).toEqual([
      { value: "basic_salary", label: "Basic salary", group: "Income" },
      { value: "7", label: "Car allowance", group: "Income" },
      { value: "paye", label: "PAYE", group: "Deductions" },
      { value: "mystery", label: "mystery", group: "Other" },
    ]);
  });
  it("maps leave type names to each client's IDs", () => {
    expect(leaveTypeIds({ "1": "Annual leave", "2": "Sick leave", "5": "Annual leave" }, ["Annual leave"])).toEqual([1, 5]);
  });
});

describe("buildRequests", () => {
  const one: ClientReportData = {
    clientId: 1,
    clientName: "Liffey",
    waves: [wave(10, "Monthly"), wave(11, "Weekly", "Factory weekly")],
    employees: [employee(100, "1", 10), employee(101, "2", 11)],
    paymentRuns: [run(1, 10, 118, "2025-11-30"), run(2, 10, 119, "2025-12-31"), run(3, 11, 520, "2025-12-26")],
    leaveTypes: { "4": "Annual leave", "5": "Sick leave" },
  };
  const two: ClientReportData = {
    clientId: 2,
    clientName: "Boyne",
    waves: [wave(20, "Monthly")],
    employees: [employee(200, "A1", 20)],
    paymentRuns: [run(9, 20, 40, "2025-12-31")],
    leaveTypes: { "8": "Annual leave" },
  };

  it("defaults: tax year, last period of the first wave, all employees", () => {
    const today = new Date(2026, 1, 15);
    expect(defaultParams("transaction_history", [one], today)).toMatchObject({
      startDate: "2026-01-01",
      endDate: "2026-12-31",
      waveIds: null,
      employeeIds: null,
    });
    expect(defaultParams("variance", [one], today)).toMatchObject({ waveId: 10, paymentRunId: 2, periodEndDate: "2025-12-31" });
    expect(defaultParams("leave_liability_v2", [one], today)).toMatchObject({ date: "2025-12-31" });
    expect(defaultParams("tracked_balances", [{ clientId: 3, clientName: "x", paymentRuns: [] }], today)).toMatchObject({
      date: "2026-02-15",
    });
    expect(defaultParams("comparison_leave", [one, two], today)).toMatchObject({ leaveTypes: ["Annual leave", "Sick leave"] });
  });

  it("variance: period_offset comes from the chosen pay run", () => {
    const built = buildRequests({ reportId: "variance", waveId: 10, paymentRunId: 1, periodEndDate: null, employeeIds: [100] }, [
      one,
    ]);
    expect(built.problems).toEqual([]);
    expect(built.requests).toEqual([
      { clientId: 1, clientName: "Liffey", body: { wave_id: 10, period_offset: 118, employee_ids: [100], humanize: false } },
    ]);
    expect(
      buildRequests({ reportId: "variance", waveId: 10, paymentRunId: 3, periodEndDate: null, employeeIds: null }, [one])
        .problems,
    ).toEqual(["The chosen pay run belongs to another pay frequency."]);
  });

  it("variance over several clients: every wave with a regular run ending on the date; others noted", () => {
    const built = buildRequests(
      { reportId: "variance", waveId: null, paymentRunId: null, periodEndDate: "2025-12-31", employeeIds: [100] },
      [one, two],
    );
    expect(built.requests.map((r) => [r.clientId, r.body])).toEqual([
      [1, { wave_id: 10, period_offset: 119, employee_ids: null, humanize: false }],
      [2, { wave_id: 20, period_offset: 40, employee_ids: null, humanize: false }],
    ]);
    const later = buildRequests(
      { reportId: "variance", waveId: null, paymentRunId: null, periodEndDate: "2025-12-26", employeeIds: null },
      [one, two],
    );
    expect(later.requests).toHaveLength(1);
    expect(later.notices).toEqual(["Boyne has no pay run for the period ending 2025-12-26; it is left out."]);
  });

  it("transaction_history: filters only for one client, labels for custom fields, problems for missing choices", () => {
    const params = {
      reportId: "transaction_history" as const,
      startDate: "2026-01-01",
      endDate: "2026-12-31",
      waveIds: [10],
      employeeIds: null,
      accountNames: ["gross_pay"],
      customFields: ["first_name", "12"],
    };
    const single = buildRequests(params, [one]);
    // wave_ids filters only alongside employee_ids, so the wave's employees are listed.
    expect(single.requests[0].body).toEqual({
      start_date: "2026-01-01",
      end_date: "2026-12-31",
      wave_ids: [10],
      employee_ids: [100],
      humanize: false,
      account_names: ["gross_pay"],
      custom_fields: ["first_name", "12"],
    });
    expect(buildRequests({ ...params, waveIds: [10], employeeIds: [101] }, [one]).requests[0].body).toMatchObject({
      wave_ids: [10],
      employee_ids: [101],
    });
    expect(buildRequests({ ...params, waveIds: [99] }, [one]).problems).toEqual([
      "The chosen pay frequencies have no employees.",
    ]);
    expect(single.columnLabels).toMatchObject({ first_name: "First name", "12": "Custom field 12" });
    const both = buildRequests(params, [one, two]);
    expect(both.requests.map((r) => r.body.wave_ids)).toEqual([null, null]);
    expect(buildRequests({ ...params, accountNames: [], startDate: "2027-01-01", employeeIds: [] }, [one]).problems).toEqual([
      "Choose employees, or include all employees.",
      "The start date is after the end date.",
      "Choose at least one account.",
    ]);
  });

  it("comparison_leave: leave types by name, per client", () => {
    const built = buildRequests(
      {
        reportId: "comparison_leave",
        startDate: "2026-01-01",
        endDate: "2026-12-31",
        waveIds: null,
        employeeIds: null,
        leaveTypes: ["Annual leave", "Sick leave"],
      },
      [one, two],
    );
    expect(built.requests.map((r) => r.body.leave_types)).toEqual([[4, 5], [8]]);
  });

  it("suggests async above the documented threshold", () => {
    const many: ClientReportData = { ...one, employees: Array.from({ length: 500 }, (_, i) => employee(i, String(i), 10)) };
    const params = defaultParams("transaction_history", [many], new Date(2026, 5, 1));
    const small = estimateSize({ ...params, accountNames: ["gross_pay"] } as never, [one]);
    expect(small).toMatchObject({ employees: 2, cells: 2 * 12 * 3, suggestAsync: false });
    const big = estimateSize({ ...params, accountNames: ["a", "b", "c", "d", "e", "f", "g"] } as never, [many]);
    expect(big.cells).toBe(500 * 12 * 9);
    expect(big.cells).toBeGreaterThan(ASYNC_SUGGEST_CELLS);
    expect(big.suggestAsync).toBe(true);
    expect(big.reason).toBe("About 54,000 cells (500 employees × 12 months × 9 columns).");
  });
});

describe("flattenReport", () => {
  it("variance: Transaction flattened, amounts numbers in euros, employee first", () => {
    const table = flattenReport("variance", [
      {
        clientName: "Liffey",
        rows: [
          {
            Type: "Income",
            employee: "7",
            Transaction: { name: "basic_salary", type: "income", caption: "Basic salary", code: null, taxable: true },
            Previous: "€1,000.00",
            Selected: "€1,250.50",
            Variance: "€250.50",
          },
          {
            employee: "8",
            Type: "Deduction",
            Transaction: { name: "paye", type: "deduction", caption: "PAYE", code: "P1", taxable: false },
            Previous: "-€5.00",
            Selected: null,
            Variance: "n/a",
          },
        ],
      },
    ]);
    expect(table.columns.map((c) => c.header)).toEqual([
      "Employee number",
      "Type",
      "Transaction name",
      "Transaction type",
      "Transaction caption",
      "Transaction code",
      "Transaction taxable",
      "Previous",
      "Selected",
      "Variance",
    ]);
    expect(table.columns.find((c) => c.header === "Previous")).toEqual({
      key: "Previous",
      header: "Previous",
      type: "currency",
      numberFormat: EURO_NUMBER_FORMAT,
    });
    expect(table.columns.find((c) => c.key === "Transaction.taxable")?.type).toBe("boolean");
    expect(table.columns[0].type).toBe("text");
    expect(table.rows[0]).toEqual(["7", "Income", "basic_salary", "income", "Basic salary", null, true, 1000, 1250.5, 250.5]);
    expect(table.rows[1]).toEqual(["8", "Deduction", "paye", "deduction", "PAYE", "P1", false, -5, null, "n/a"]);
    expect(table.problems).toEqual([{ row: 1, column: "Variance", text: "n/a", expected: "amount" }]);
    expect(describeProblems(table.problems)).toBe(
      "1 value could not be read as amounts and is kept as the service's text (first: Variance, row 2: “n/a”).",
    );
  });

  it("transaction_history: dates as dates, accounts labelled, custom fields stay text", () => {
    const table = flattenReport(
      "transaction_history",
      [
        {
          clientName: "Liffey",
          rows: [{ Date: "2026-01-31", employee: "1", gross_pay: "€3,000.00", "12": "00123", first_name: "Aoife" }],
        },
      ],
      {
        columnLabels: { gross_pay: "Gross pay", "12": "Custom field 12", first_name: "First name" },
        customFields: ["12", "first_name"],
        order: columnOrder("transaction_history", { account_names: ["gross_pay"], custom_fields: ["12", "first_name"] }),
      },
    );
    expect(table.columns.map((c) => [c.header, c.type])).toEqual([
      ["Employee number", "text"],
      ["Date", "date"],
      ["Gross pay", "currency"],
      ["Custom field 12", "text"],
      ["First name", "text"],
    ]);
    expect(table.rows[0]).toEqual(["1", "2026-01-31", 3000, "00123", "Aoife"]);
  });

  it("comparison_leave: day amounts stay plain numbers unless humanized as euros", () => {
    const table = flattenReport("comparison_leave", [
      {
        clientName: "Liffey",
        rows: [
          {
            employee: "1",
            leave_type: "Annual leave",
            Date: null,
            Accrual: 1.75,
            Entitlement: "21",
            Taken: null,
            Adjustment: 0,
            Balance: "19.25",
          },
        ],
      },
    ]);
    expect(table.columns.map((c) => c.type)).toEqual(["text", "text", "date", "number", "number", "number", "number", "number"]);
    expect(table.rows[0]).toEqual(["1", "Annual leave", null, 1.75, 21, null, 0, 19.25]);
  });

  it("several clients: a Client column right after the employee number", () => {
    const table = flattenReport("tracked_balances", [
      { clientName: "Liffey", rows: [{ employee: "1", Loans: "€10.00", Savings: "€0.00", Garnishees: null }] },
      { clientName: "Boyne", rows: [{ employee: "1", Loans: "€0.00", Savings: "€5.00", Garnishees: "€2.00" }] },
    ]);
    expect(table.columns.map((c) => c.header)).toEqual(["Employee number", "Client", "Loans", "Savings", "Garnishees"]);
    expect(table.rows).toEqual([
      ["1", "Liffey", 10, 0, null],
      ["1", "Boyne", 0, 5, 2],
    ]);
    expect(flattenReport("tracked_balances", [{ clientName: "Liffey", rows: [] }]).columns.map((c) => c.header)).toEqual([
      "Employee number",
    ]);
  });

  it("keeps header texts unique", () => {
    const table = flattenReport("leave_liability_v2", [
      {
        clientName: "x",
        rows: [{ employee: "1", Days: 2, "Daily Rate": "€100.00", Liability: "€200.00", "Employee number": "dup" }],
      },
    ]);
    expect(table.columns.map((c) => c.header)).toEqual([
      "Employee number",
      "Days",
      "Daily Rate",
      "Liability",
      "Employee number (2)",
    ]);
  });
});

describe("saved parameters", () => {
  const saved: SavedReport = {
    version: 1,
    reportId: "tracked_balances",
    mode: "sync",
    sheetName: "Tracked balances",
    tableName: "Report_tracked_balances",
    title: "Tracked balances",
    requests: [{ clientId: 1, clientName: "Liffey", body: { date: "2026-01-31", wave_ids: null, employee_ids: null } }],
    columnLabels: {},
    customFields: [],
    clientColumn: false,
  };
  it("round-trips and refuses credentials or unknown fields", () => {
    expect(fromSetting(JSON.parse(JSON.stringify(toSetting(saved))), "x")).toEqual({ ok: true, saved });
    expect(() => toSetting({ ...saved, apiKey: "sandbox-demo-key" } as never)).toThrow();
    expect(() =>
      toSetting({ ...saved, requests: [{ ...saved.requests[0], body: { date: "2026-01-31", Authorization: "k" } }] }),
    ).toThrow(/credentials/);
    const damaged = fromSetting({ ...saved, version: 9 }, "Tracked balances");
    expect(damaged.ok).toBe(false);
    expect(fromSetting(undefined, "Sheet9")).toEqual({
      ok: false,
      message: expect.stringContaining("no saved report parameters"),
    });
  });
});
