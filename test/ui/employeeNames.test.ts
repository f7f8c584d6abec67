import { employeeLabel, employeeName } from "../../src/ui/sheets/employeeNames";
import { employeeOptions } from "../../src/features/reports/model";
import { inputSheetRows } from "../../src/features/inputSheets/model/inputSheet";
import { servicePeriodsGrid } from "../../src/features/employees/model/servicePeriods";
import { employee, payslip } from "../support/fixtures";

describe("employee names", () => {
  it("joins the non-blank name parts, trimmed, and has none when both are blank", () => {
    expect(employeeName({ id: 1, first_name: " Mary ", last_name: "Kelly" })).toBe("Mary Kelly");
    expect(employeeName({ id: 1, first_name: "Mary", last_name: null })).toBe("Mary");
    expect(employeeName({ id: 1, first_name: "   ", last_name: "Kelly" })).toBe("Kelly");
    expect(employeeName({ id: 1, first_name: "", last_name: undefined })).toBeNull();
    expect(employeeName(null)).toBeNull();
  });

  it("labels by number and name, whichever exist, and by ID when neither does", () => {
    expect(employeeLabel({ id: 1, number: "E001", first_name: "Mary", last_name: "Kelly" })).toBe("E001 · Mary Kelly");
    expect(employeeLabel({ id: 1, number: " ", first_name: "Mary", last_name: null })).toBe("Mary");
    expect(employeeLabel({ id: 1, number: "E001", first_name: null, last_name: " " })).toBe("E001");
    expect(employeeLabel({ id: 12, number: null, first_name: "", last_name: "" })).toBe("Employee 12");
  });

  it("are the same on the input sheet, the service periods sheet and the report pickers", () => {
    const JAN = "2025-01-31";
    const blankLast = employee(7, { number: "E7", last_name: null as unknown as string, recent_payslips: [payslip(70, JAN)] });
    const blankFirst = employee(8, { number: null as unknown as string, first_name: "  ", recent_payslips: [payslip(80, JAN)] });
    const rows = inputSheetRows({
      employees: [blankLast, blankFirst],
      calculations: [],
      waveId: 1,
      payslipDate: JAN,
      inputs: [],
    });
    expect(rows.map((r) => r.name)).toEqual(["Last8", "First7"]);
    expect(servicePeriodsGrid([blankLast, blankFirst]).rows.map((r) => r[2])).toEqual(["Last8", "First7"]);
    expect(employeeOptions([blankLast, blankFirst]).map((o) => o.label)).toEqual(["Last8", "E7 · First7"]);
  });
});
