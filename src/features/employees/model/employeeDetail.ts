/**
 * One employee as a Field/Value sheet (GET /employees/:id), which also shows the custom field IDs the document
 * says are otherwise found only in another user interface; and an employee's template profile mappings.
 */
import type { Employee, ProfileMapping } from "../../../contract";
import type { ColumnSpec } from "../../../xl/columns";
import { col, type Grid, type GridCell, recordRows, TIMESTAMP_COLUMNS } from "../../../ui/sheets/grid";

function flatten(prefix: string, value: unknown, out: GridCell[][]): void {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) out.push([prefix, null]);
    for (const [k, v] of entries) flatten(prefix ? `${prefix}.${k}` : k, v, out);
    return;
  }
  if (Array.isArray(value)) {
    out.push([prefix, value.length === 0 ? null : JSON.stringify(value)]);
    return;
  }
  out.push([prefix, value === undefined ? null : (value as GridCell)]);
}

/** Every field the service returned, nested objects as dotted names (custom_fields.12, bank_account.branch_code). */
export function employeeDetailGrid(employee: Employee): Grid {
  const rows: GridCell[][] = [];
  const { service_periods: _sp, recent_payslips: _rp, recent_payslips_with_data: _rd, ...fields } = employee;
  flatten("", fields, rows);
  return { columns: [col("field", "Field", "text", { width: 200 }), col("value", "Value", "text", { width: 240 })], rows };
}

const PROFILE_MAPPING_COLUMNS: ColumnSpec[] = [
  col("id", "Mapping ID", "integer"),
  col("employee_id", "Employee ID", "integer"),
  col("profile_id", "Profile ID", "integer"),
  col("inputs", "Inputs", "text", { width: 220 }),
  col("included_calculations", "Included calculations", "text"),
  col("excluded_calculations", "Excluded calculations", "text"),
  ...TIMESTAMP_COLUMNS,
];

export function profileMappingsGrid(mappings: readonly ProfileMapping[]): Grid {
  return {
    columns: PROFILE_MAPPING_COLUMNS,
    rows: recordRows(
      PROFILE_MAPPING_COLUMNS,
      mappings.map((m) => ({
        ...m,
        inputs: JSON.stringify(m.inputs),
        included_calculations: m.included_calculations.join(", "),
        excluded_calculations: m.excluded_calculations
          .map((x) => (typeof x === "object" ? JSON.stringify(x) : String(x)))
          .join(", "),
      })),
    ),
  };
}
