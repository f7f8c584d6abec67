import type { Employee } from "../../../src/contract";
import { parseEmployeeRows, type EmployeeWriteContext } from "../../../src/features/employees/model/employeeWrite";
import { employeeColumns, sortEmployees } from "../../../src/ui/sheets/importTables";
import { toRows } from "../../../src/xl/columns";

const base: Employee = {
  id: 10,
  number: "E010",
  first_name: "Ann",
  last_name: "Lee",
  birthdate: "1990-04-01",
  appointment_date: "2020-01-06",
  wave_id: 1,
  pay_point_id: null,
  payment_method: "eft_manual",
  ppsn: "1234567T",
  prsi_class: "a",
  prsi_exempt: false,
  director: false,
  email: "ann@example.ie",
  job_title: "Fitter",
  physical_address: { unit_no: "1", st_name: "Quay St", postal_code: "D01" },
  bank_account: { account_number: "IE29AIBK93115212345678", branch_code: "AIBKIE2D" },
  custom_fields: { "12": "blue" },
};
const employees = [base, { ...base, id: 11, number: "E011", first_name: "Bob" }];
const waves = [
  { id: 1, name: "Monthly" },
  { id: 2, name: "Weekly" },
];
const payPoints = [{ id: 5, name: "Dublin" }];
const ctx = (over: Partial<EmployeeWriteContext> = {}): EmployeeWriteContext => ({
  employees,
  waves,
  payPoints,
  manualNumbers: false,
  ...over,
});

/** The employees sheet exactly as the import writes it (Excel hands dates back as serials; text stays text). */
function sheet() {
  const cols = employeeColumns(employees, {
    customFields: true,
    waveNames: new Map(waves.map((w) => [w.id, w.name])),
    payPointNames: new Map(payPoints.map((p) => [p.id, p.name])),
  });
  const rows = toRows(cols, sortEmployees(employees)).map((r) => r.map((v) => (v === null || v === undefined ? "" : v)));
  const headers = cols.map((c) => c.header);
  const at = (h: string) => headers.indexOf(h);
  return { headers, rows: rows as unknown[][], at };
}
const blankRow = (n: number) => Array.from({ length: n }, () => "" as unknown);

describe("parseEmployeeRows", () => {
  it("finds nothing to send in a freshly imported sheet", () => {
    const { headers, rows } = sheet();
    expect(parseEmployeeRows(headers, rows, ctx()).map((p) => p.kind)).toEqual(["unchanged", "unchanged"]);
  });

  it("shows the payment method in words and reads a label or a code back as the service's code", () => {
    const { headers, rows, at } = sheet();
    expect(rows.map((r) => r[at("Payment method")])).toEqual(["EFT (manual)", "EFT (manual)"]);
    expect(JSON.stringify(rows)).not.toContain("eft_manual");
    // The code typed over its own label is no change; another label is sent as its code.
    rows[0][at("Payment method")] = "eft_manual";
    rows[1][at("Payment method")] = "cheque ";
    const plans = parseEmployeeRows(headers, rows, ctx());
    expect(plans[0].kind).toBe("unchanged");
    expect(plans[1]).toMatchObject({ kind: "update", attributes: { payment_method: "cheque" } });
    rows[1][at("Payment method")] = "Cash";
    expect(parseEmployeeRows(headers, rows, ctx())[1]).toMatchObject({ kind: "update", attributes: { payment_method: "cash" } });
    rows[1][at("Payment method")] = "Bank giro";
    expect(parseEmployeeRows(headers, rows, ctx())[1]).toEqual({
      kind: "invalid",
      rowIndex: 1,
      errors: { "Payment method": 'Unknown payment method "Bank giro"; choose one of: Cash, Cheque, EFT (manual)' },
    });
  });

  it("sends only changed attributes, mapping names to IDs and address/bank cells to their write objects", () => {
    const { headers, rows, at } = sheet();
    rows[0][at("Job title")] = "Foreman";
    rows[0][at("Wave")] = "weekly";
    rows[0][at("Pay point")] = "Dublin";
    rows[0][at("Address: street")] = "Pearse St";
    rows[0][at("Custom field 12")] = "green";
    rows[0][at("PRSI class")] = "S";
    const [p] = parseEmployeeRows(headers, rows, ctx());
    expect(p).toEqual({
      kind: "update",
      rowIndex: 0,
      employeeId: 10,
      attributes: {
        job_title: "Foreman",
        prsi_class: "s",
        wave_id: 2,
        pay_point_id: 5,
        physical_address: { line_1: "1", line_2: "Pearse St", line_3: "D01" },
        custom_fields: { "12": "green" },
      },
    });
  });

  it("validates with the contract before sending and names the cells", () => {
    const { headers, rows, at } = sheet();
    rows[0][at("Email")] = "not-an-email";
    rows[0][at("Payment method")] = "bitcoin";
    rows[1][at("Employee ID")] = 99;
    const plans = parseEmployeeRows(headers, rows, ctx());
    expect(plans[0].kind).toBe("invalid");
    expect(Object.keys((plans[0] as { errors: object }).errors).sort()).toEqual(["Email", "Payment method"]);
    expect((plans[1] as { errors: Record<string, string> }).errors["Employee ID"]).toMatch(/No employee with ID 99/);
  });

  it("creates from a row without an ID, requiring the document's create attributes", () => {
    const { headers, at } = sheet();
    const row = blankRow(headers.length);
    row[at("First name")] = "Cara";
    row[at("Last name")] = "Walsh";
    row[at("Wave")] = "Monthly";
    row[at("Appointment date")] = 45658; // 2025-01-01 as Excel holds a date
    row[at("Payment method")] = "cash";
    const [ok] = parseEmployeeRows(headers, [row], ctx());
    expect(ok).toEqual({
      kind: "create",
      rowIndex: 0,
      attributes: { first_name: "Cara", last_name: "Walsh", wave_id: 1, appointment_date: "2025-01-01", payment_method: "cash" },
    });
    const missing = [...row];
    missing[at("Payment method")] = "";
    const [bad] = parseEmployeeRows(headers, [missing], ctx());
    expect(bad).toEqual({ kind: "invalid", rowIndex: 0, errors: { "Payment method": "Payment method: is required" } });
  });

  it("handles the manual-number mode: Number required on create, unique; blank otherwise", () => {
    const { headers, at } = sheet();
    const row = blankRow(headers.length);
    Object.assign(row, {
      [at("First name")]: "Cara",
      [at("Last name")]: "Walsh",
      [at("Wave ID")]: 1,
      [at("Appointment date")]: "2025-01-01",
      [at("Payment method")]: "cash",
    });
    const [need] = parseEmployeeRows(headers, [row], ctx({ manualNumbers: true }));
    expect((need as { errors: Record<string, string> }).errors.Number).toMatch(/EMPLOYEE_NUMBER_MANUAL/);
    row[at("Number")] = "E011";
    const [taken] = parseEmployeeRows(headers, [row], ctx({ manualNumbers: true }));
    expect((taken as { errors: Record<string, string> }).errors.Number).toBe("Number E011 is already used by employee 11");
    row[at("Number")] = "C100";
    expect(parseEmployeeRows(headers, [row], ctx({ manualNumbers: true }))[0]).toMatchObject({
      kind: "create",
      attributes: { number: "C100" },
    });
    expect((parseEmployeeRows(headers, [row], ctx())[0] as { errors: Record<string, string> }).errors.Number).toMatch(
      /assigned by the service/,
    );
  });

  it("refuses to clear a required attribute and leaves blank rows alone", () => {
    const { headers, rows, at } = sheet();
    rows[0][at("First name")] = "";
    rows[0][at("Job title")] = "";
    const plans = parseEmployeeRows(headers, [...rows, blankRow(headers.length)], ctx());
    expect(plans[0]).toEqual({
      kind: "invalid",
      rowIndex: 0,
      errors: { "First name": "First name is empty but the service holds a value: it cannot be cleared" },
    });
    expect(plans[2]).toEqual({ kind: "blank", rowIndex: 2 });
  });
});
