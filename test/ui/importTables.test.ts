import { specsOf, toRows } from "../../src/xl/columns";
import {
  currentServicePeriod,
  customFieldIds,
  employeeColumns,
  payPointColumns,
  simplifiedWaveColumns,
  sortEmployees,
  waveColumns,
  waveDisplayName,
} from "../../src/ui/sheets/importTables";
import type { PayPoint, Wave, WaveSimplified } from "../../src/contract";
import { employee, period } from "../support/fixtures";

const T = "2025-01-01T00:00:00+00:00";

describe("employee import", () => {
  const employees = [
    employee(1, {
      custom_fields: { "12": "Blue", "3": "x" },
      prsi_exempt: true,
      service_periods: [
        period(1, 1, "2019-01-01", "2020-01-01", { termination_code: 2 }),
        period(2, 1, "2021-03-01", null, { attribs: { ie_employment_identifier: "E2" } }),
        period(3, 1, "2024-06-01", null, { negative: true }),
      ],
    }),
    employee(2, { number: '=HYPERLINK("x")', custom_fields: { "12": null }, pay_point_id: 7, service_periods: [] }),
  ];

  it("puts the number first and types the columns", () => {
    const cols = employeeColumns(employees);
    expect(cols.slice(0, 3).map((c) => c.header)).toEqual(["Number", "Employee ID", "First name"]);
    const types = Object.fromEntries(specsOf(cols).map((c) => [c.key, c.type]));
    expect(types).toMatchObject({
      id: "integer",
      appointment_date: "date",
      prsi_exempt: "boolean",
      director: "boolean",
      number: "text",
    });
    expect(cols.some((c) => c.key.startsWith("custom_fields."))).toBe(false);
  });

  it("adds custom fields (numeric order) and the current service period on request", () => {
    const cols = employeeColumns(employees, {
      customFields: true,
      servicePeriod: true,
      today: "2025-01-31",
      payPointNames: new Map([[7, "Dublin"]]),
    });
    const headers = cols.map((c) => c.header);
    expect(headers.slice(-2)).toEqual(["Custom field 3", "Custom field 12"]);
    expect(customFieldIds(employees)).toEqual(["3", "12"]);
    const grid = toRows(cols, employees);
    const at = (h: string, r: number) => grid[r][headers.indexOf(h)];
    expect(at("Service start", 0)).toBe("2021-03-01");
    expect(at("Service end", 0)).toBeNull();
    expect(at("Employment ID", 0)).toBe("E2");
    expect(at("On long-term leave", 0)).toBe(true);
    expect(at("On long-term leave", 1)).toBe(false);
    expect(at("Service start", 1)).toBeNull();
    expect(at("Custom field 12", 0)).toBe("Blue");
    expect(at("Custom field 3", 1)).toBeNull();
    expect(at("Pay point", 1)).toBe("Dublin");
    // Text stays the service's text; formula safety is the Excel layer's job.
    expect(at("Number", 1)).toBe('=HYPERLINK("x")');
  });

  it("picks the latest employment period, ignoring long-term leave", () => {
    expect(currentServicePeriod(employees[0])?.id).toBe(2);
    expect(currentServicePeriod(employees[1])).toBeNull();
  });

  it("sorts by number numerically", () => {
    expect(
      sortEmployees([employee(1, { number: "10" }), employee(2, { number: "9" }), employee(3, { number: "9" })]).map((e) => e.id),
    ).toEqual([2, 3, 1]);
  });
});

describe("wave and pay point imports", () => {
  const base = {
    id: 4,
    first_end_date: "2024-01-31",
    client_id: 1,
    interim_first_end_date: null,
    created_at: T,
    updated_at: T,
    custom_name: null,
    pay_dates: { enabled: true },
    name: "Monthly",
  };
  it("full form has lengths and offsets; simplified has frequency", () => {
    const full: Wave = {
      ...base,
      length_months: 1,
      length_weeks: 0,
      first_period_offset: 3,
      notification_days_before: null,
      finalisation_days_before: 2,
      payslip_payment_day: null,
    };
    const simple: WaveSimplified = { ...base, frequency: "monthly" };
    const fullHeaders = waveColumns().map((c) => c.header);
    expect(fullHeaders).toContain("Length (months)");
    expect(fullHeaders).not.toContain("Frequency");
    expect(simplifiedWaveColumns().map((c) => c.header)).toContain("Frequency");
    expect(toRows(waveColumns(), [full])[0]).toEqual([
      4,
      "Monthly",
      null,
      1,
      0,
      "2024-01-31",
      null,
      true,
      T,
      T,
      3,
      null,
      2,
      null,
    ]);
    expect(toRows(simplifiedWaveColumns(), [simple])[0]).toEqual([4, "Monthly", null, "monthly", "2024-01-31", null, true, T, T]);
    expect(waveDisplayName({ name: "Monthly", custom_name: "Staff" })).toBe("Staff");
  });
  it("pay points", () => {
    const p: PayPoint = {
      id: 7,
      name: "Dublin",
      created_at: T,
      updated_at: T,
      client_id: 1,
      physical_address: { unit_no: "1", st_name: "Main St", postal_code: "D01" },
    };
    expect(toRows(payPointColumns(), [p])[0]).toEqual([7, "Dublin", "1", "Main St", "D01", T, T]);
  });
});
