import {
  describeVariance,
  headerFor,
  itemLabels,
  OPEN_PERIOD_RUN,
  openPeriod,
  paymentRunOptions,
  periodEndOptions,
  variancePeriodText,
  varianceTable,
} from "../../../src/features/reports/model";
import type { ItemsAndOutputs, PaymentRun } from "../../../src/contract";

const row = (
  employee: string,
  name: string,
  type: string,
  caption: string,
  previous: unknown,
  selected: unknown,
  variance: unknown,
) => ({
  employee,
  Type: type === "total" ? "Total" : "Income",
  Transaction: { name, type, caption, code: name.toUpperCase() },
  Previous: previous,
  Selected: selected,
  Variance: variance,
});

const rows = [
  row("E1", "hourly_pay", "income", "hourly pay", 1000, 1000, 0),
  row("E1", "nett_pay", "total", "Nett pay", 800, 800, 0),
  row("E2", "hourly_pay", "income", "hourly pay", 1000, 1100, 100),
  row("E2", "101", "income", "101", 0, 50, 50),
  row("E2", "nett_pay", "total", "Nett pay", 800, 900, 100),
  row("E10", "hourly_pay", "income", "hourly pay", "€2,000.00", "€1,500.00", "-€500.00"),
  row("E10", "nett_pay", "total", "Nett pay", 1600, 1200, -400),
];
const employees = [
  { id: 1, number: "E1", first_name: "Aoife", last_name: "Byrne" },
  { id: 2, number: "E2", first_name: "Conor", last_name: "Fitzgerald" },
  { id: 10, number: "E10", first_name: "Mary", last_name: "Kelly" },
];
const labels = { hourly_pay: "Hourly pay", "101": "Christmas bonus", nett_pay: "Nett pay" };

describe("varianceTable", () => {
  it("one row per changed employee, named, sorted by the largest move, accounts by their labels", () => {
    const t = varianceTable([{ clientName: "Liffey", rows, employees }], { labels, showUnchanged: false, clientColumn: false });
    expect(t.columns.map((c) => c.header)).toEqual([
      "Employee number",
      "Employee name",
      "Largest move",
      "Hourly pay: last period",
      "Hourly pay: this period",
      "Hourly pay: difference",
      "Hourly pay: change %",
      "Christmas bonus: last period",
      "Christmas bonus: this period",
      "Christmas bonus: difference",
      "Christmas bonus: change %",
      "Nett pay: last period",
      "Nett pay: this period",
      "Nett pay: difference",
      "Nett pay: change %",
    ]);
    expect(t.rows).toEqual([
      ["E10", "Mary Kelly", -500, 2000, 1500, -500, -0.25, null, null, null, null, 1600, 1200, -400, -0.25],
      ["E2", "Conor Fitzgerald", 100, 1000, 1100, 100, 0.1, 0, 50, 50, null, 800, 900, 100, 0.125],
    ]);
    expect(t.columns.find((c) => c.header === "Hourly pay: change %")?.type).toBe("percent");
    expect(t.columns.find((c) => c.header === "Largest move")?.type).toBe("currency");
    expect(t).toMatchObject({ employees: 3, unchanged: 1, noCurrentFigures: false });
    expect(describeVariance(t, false)).toBe(
      '2 of 3 employees changed; 1 with no change is hidden (tick "Show unchanged" to list them).',
    );
  });

  it("Show unchanged lists every employee and every account, unchanged ones last", () => {
    const quiet = [...rows, row("E2", "paye", "deduction", "PAYE", 100, 100, 0)];
    const t = varianceTable([{ clientName: "Liffey", rows: quiet, employees }], {
      labels,
      showUnchanged: true,
      clientColumn: false,
    });
    expect(t.rows.map((r) => r[0])).toEqual(["E10", "E2", "E1"]);
    expect(t.columns.map((c) => c.header)).toContain("PAYE: difference");
    expect(t.rows[2].slice(0, 7)).toEqual(["E1", "Aoife Byrne", 0, 1000, 1000, 0, 0]);
    expect(describeVariance(t, true)).toBeNull();
  });

  it("several clients: a Client column; the same number in two clients is two rows; names missing stay blank", () => {
    const t = varianceTable(
      [
        { clientName: "Liffey", rows: rows.slice(2, 5), employees },
        { clientName: "Shannon", rows: rows.slice(2, 5) },
      ],
      { labels: {}, showUnchanged: false, clientColumn: true },
    );
    expect(t.columns.slice(0, 3).map((c) => c.header)).toEqual(["Employee number", "Client", "Employee name"]);
    expect(t.rows.map((r) => r.slice(0, 3))).toEqual([
      ["E2", "Liffey", "Conor Fitzgerald"],
      ["E2", "Shannon", null],
    ]);
    // Without items_and_outputs the service's caption is the label.
    expect(t.columns[4].header).toBe("hourly pay: last period");
  });

  it("an open period without payslips yet is said so; unreadable amounts are listed", () => {
    const open = [row("E1", "hourly_pay", "income", "Hourly pay", 1000, null, "n/a")];
    const t = varianceTable([{ clientName: "Liffey", rows: open, employees }], {
      labels,
      showUnchanged: false,
      clientColumn: false,
    });
    expect(t.noCurrentFigures).toBe(true);
    // An unreadable figure stays in its cell as the service's text, and is listed by row and column.
    expect(t.rows).toEqual([["E1", "Aoife Byrne", -1000, 1000, null, "n/a", null]]);
    expect(t.problems).toEqual([{ row: 0, column: "Hourly pay: difference", text: "n/a", expected: "amount" }]);
    expect(describeVariance(t, false)).toMatch(/No employee has payslip figures for this period yet/);
    expect(describeVariance({ employees: 0, unchanged: 0, noCurrentFigures: false }, false)).toMatch(/no variance rows/);
  });
});

describe("itemLabels", () => {
  it("labels accounts, outputs and items, custom items by name and by ID", () => {
    const io: ItemsAndOutputs = {
      system_items: [
        {
          id: "basic_salary",
          name: "basic_salary",
          label: "Basic salary",
          category: "income",
          inputs: [],
          multi_instance: false,
        },
      ],
      custom_items: [
        { id: 101, name: "christmas_bonus", label: "Christmas bonus", category: "income", inputs: [], multi_instance: false },
      ],
      outputs: [{ name: "paye", label: "PAYE", category: "deduction" }],
      accounts: [{ name: "nett_pay", label: "Nett pay" }],
    };
    expect(itemLabels(io)).toEqual({
      basic_salary: "Basic salary",
      christmas_bonus: "Christmas bonus",
      "101": "Christmas bonus",
      paye: "PAYE",
      nett_pay: "Nett pay",
    });
  });
});

describe("the open period", () => {
  const run = (id: number, wave_id: number, period_offset: number, period_end_date: string, special = false) =>
    ({ id, wave_id, period_offset, period_end_date, special, total: 0 }) as unknown as PaymentRun;
  const runs = [
    run(1, 10, 300, "2026-09-30"),
    run(2, 10, 301, "2026-10-31"),
    run(3, 10, 301, "2026-10-31", true),
    run(4, 20, 50, "2026-02-28"),
    run(5, 20, 49, "2026-01-30"),
  ];

  it("is the period after the last regular run: offset + 1, the end moved on by the wave's length", () => {
    expect(openPeriod({ id: 10, length_months: 1, length_weeks: 0 }, runs)).toEqual({
      waveId: 10,
      periodOffset: 302,
      endDate: "2026-11-30",
    });
    // A month ending on the 30th: February's 28th does not make March end on the 28th.
    expect(openPeriod({ id: 20, length_months: 1, length_weeks: 0 }, runs)).toEqual({
      waveId: 20,
      periodOffset: 51,
      endDate: "2026-03-30",
    });
    expect(openPeriod({ id: 30, length_months: 0, length_weeks: 1 }, [run(6, 30, 7, "2026-12-28")])).toEqual({
      waveId: 30,
      periodOffset: 8,
      endDate: "2027-01-04",
    });
    expect(openPeriod({ id: 40, length_months: 1, length_weeks: 0 }, runs)).toBeNull();
  });

  it("is offered first among the wave's periods, and among several clients' period ends", () => {
    const fmt = (iso: string) => iso.split("-").reverse().join("/");
    expect(paymentRunOptions(runs, { id: 10, length_months: 1, length_weeks: 0 }, fmt).map((o) => o.label)).toEqual([
      "Open period ending 30/11/2026 (not finalised)",
      "Period ending 31/10/2026",
      "Period ending 31/10/2026 (once-off run)",
      "Period ending 30/09/2026",
    ]);
    expect(periodEndOptions([runs], fmt, [[{ id: 10, length_months: 1, length_weeks: 0 } as never]])[0]).toEqual({
      value: "2026-11-30",
      label: "Open period ending 30/11/2026",
    });
  });
});

describe("variancePeriodText (the sheet's title)", () => {
  const runs = [
    { id: 2, wave_id: 10, period_offset: 301, period_end_date: "2026-10-31", special: false, total: 0 },
  ] as unknown as PaymentRun[];
  const data = [
    {
      clientId: 1,
      clientName: "Liffey",
      waves: [{ id: 10, name: "Monthly", custom_name: null, length_months: 1, length_weeks: 0 }] as never,
      paymentRuns: runs,
    },
  ];
  const fmt = (iso: string) => iso.split("-").reverse().join("/");
  const params = { reportId: "variance" as const, waveId: 10, paymentRunId: 2, periodEndDate: null, employeeIds: null };

  it("names the wave and the period compared", () => {
    expect(variancePeriodText(params, data, fmt)).toBe("Monthly, period ending 31/10/2026 against the period before");
    expect(variancePeriodText({ ...params, paymentRunId: OPEN_PERIOD_RUN }, data, fmt)).toBe(
      "Monthly, open period ending 30/11/2026 against the period before",
    );
    expect(variancePeriodText({ ...params, paymentRunId: 99 }, data, fmt)).toBeNull();
  });
});

describe("no raw account codes", () => {
  it("an account neither the labels nor the row name is shown in words, never as its code", () => {
    const bare = (employee: string, previous: number, selected: number) => ({
      employee,
      Type: "Total",
      Transaction: { name: "nett_pay", type: "total" },
      Previous: previous,
      Selected: selected,
      Variance: selected - previous,
    });
    const t = varianceTable([{ clientName: "Liffey", rows: [bare("E1", 800, 900)], employees }], {
      labels: {},
      showUnchanged: false,
      clientColumn: false,
    });
    const headers = t.columns.map((c) => c.header);
    expect(headers.some((h) => h.includes("nett_pay"))).toBe(false);
    expect(headers.some((h) => h.startsWith("Nett pay"))).toBe(true);
  });

  it("a report column without a label is words too (transaction_history account names)", () => {
    expect(headerFor("nett_pay", {})).toBe("Nett pay");
    expect(headerFor("Transaction.caption", {})).toBe("Transaction caption");
    expect(headerFor("nett_pay", { nett_pay: "Net pay (after deductions)" })).toBe("Net pay (after deductions)");
  });
});
