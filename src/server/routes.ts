/**
 * The payroll service's documented routes (/work/shared/payroll-api.md, "Endpoints"), the only ones the proxy forwards:
 * anything else under /v1 (an operator route, an undocumented path, a path that climbs out with "..") is answered 404
 * here and never reaches the service. Paths are relative to /v1, in fastify's route syntax.
 */
export type ServiceMethod = "GET" | "POST" | "PATCH" | "DELETE";

export const SERVICE_ROUTES: readonly (readonly [ServiceMethod, string])[] = [
  ["POST", "/clients/:client_id/bulk_input"],
  ["GET", "/clients/"],
  ["GET", "/clients/:client_id/employees"],
  ["POST", "/clients/:client_id/employees"],
  ["GET", "/employees/:id"],
  ["PATCH", "/employees/:id"],
  ["DELETE", "/employees/:id"],
  ["GET", "/clients/:client_id/waves"],
  ["POST", "/clients/:client_id/waves"],
  ["GET", "/clients/:client_id/pay_points"],
  ["GET", "/employees/:employee_id/payslips"],
  // Also GET /payslips/:payslip_id.pdf (the PDF): the parameter is one whole path segment.
  ["GET", "/payslips/:payslip_id"],
  ["GET", "/clients/:client_id/payment_runs"],
  ["GET", "/payment_runs/:payment_run_id/payslips"],
  ["GET", "/payment_runs/:payment_run_id/accounting"],
  ["POST", "/clients/:client_id/reports/:report_id"],
  ["POST", "/clients/:client_id/reports/:report_id/async"],
  ["GET", "/clients/:client_id/reports/poll/:uuid"],
  ["GET", "/clients/:client_id/calculations"],
  ["GET", "/employees/:employee_id/calculations"],
  ["GET", "/payslips/:payslip_id/calculations"],
  ["GET", "/calculations/:id"],
  ["POST", "/employees/:employee_id/calculations"],
  ["POST", "/payslips/:payslip_id/calculations"],
  ["PATCH", "/calculations/:id"],
  ["DELETE", "/calculations/:id"],
  ["GET", "/clients/:client_id/items_and_outputs"],
  ["GET", "/employees/:employee_id/inherited_calculations"],
  ["GET", "/inherited_calculations/:id"],
  ["PATCH", "/employees/:employee_id/inherited_calculations"],
  ["GET", "/employees/:employee_id/service_periods"],
  ["POST", "/employees/:employee_id/service_periods/end_service"],
  ["POST", "/employees/:employee_id/service_periods/reinstate"],
  ["DELETE", "/employees/:employee_id/service_periods/undo_end_service"],
  ["GET", "/employees/:employee_id/leave_balances"],
  ["GET", "/clients/:client_id/leave_types"],
  ["GET", "/employees/:employee_id/leave_days"],
  ["POST", "/employees/:employee_id/leave_days"],
  ["POST", "/employees/:employee_id/leave_days/create_multiple"],
  ["PATCH", "/leave_days/:leave_day_id"],
  ["DELETE", "/leave_days/:leave_day_id"],
  ["GET", "/employees/:employee_id/profile_mappings"],
  ["POST", "/employees/:employee_id/profile_mappings"],
];

/**
 * Whether a request path (no query) may be forwarded as it was sent: plain segments of letters, digits, "_", "-" and
 * ".", none of them "." or "..". IDs, report names, UUIDs and "123.pdf" pass; an encoded slash, dot-segment or any
 * other escape does not, so the service reads exactly the path that was routed here.
 */
export const isPlainPath = (pathName: string) =>
  /^(\/[A-Za-z0-9_.-]+)+\/?$/.test(pathName) && !pathName.split("/").some((s) => s === "." || s === "..");
