/** Every response parses with the shared contract (src/contract), the single description of the wire. */
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import * as C from "../../src/contract";
import { activeEmployee, call, makeApp } from "../support/sandboxApp";

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp({ recalcMs: 0 });
});
afterAll(() => app.close());

async function expectShape(schema: z.ZodType, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, body?: unknown) {
  const r = await call(app, method, url, body);
  expect(r.status).toBe(200);
  const parsed = schema.safeParse(r.body);
  if (!parsed.success) throw new Error(`${method} ${url}: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`);
}

it("reads parse with the contract", async () => {
  for (const clientId of [1, 2, 3]) {
    const { employee, open, finalised } = await activeEmployee(app, clientId);
    const run = (await call(app, "GET", `/clients/${clientId}/payment_runs`)).body[0].payment_run;
    const waveId = employee.wave_id;
    await expectShape(C.ClientList, "GET", "/clients");
    await expectShape(
      C.EmployeeList,
      "GET",
      `/clients/${clientId}/employees?include=service_periods,recent_payslips,recent_payslips_with_data`,
    );
    await expectShape(C.EmployeeResponse, "GET", `/employees/${employee.id}`);
    await expectShape(C.WaveList, "GET", `/clients/${clientId}/waves`);
    await expectShape(C.WaveSimplifiedList, "GET", `/clients/${clientId}/waves?format=simplified`);
    await expectShape(C.PayPointList, "GET", `/clients/${clientId}/pay_points`);
    await expectShape(C.PayslipList, "GET", `/employees/${employee.id}/payslips`);
    await expectShape(C.PayslipDetailResponse, "GET", `/payslips/${open.id}`);
    await expectShape(C.PayslipDetailResponse, "GET", `/payslips/${finalised[0].id}`);
    await expectShape(C.PaymentRunList, "GET", `/clients/${clientId}/payment_runs`);
    await expectShape(C.PayslipWithDataList, "GET", `/payment_runs/${run.id}/payslips`);
    await expectShape(C.AccountingJournalList, "GET", `/payment_runs/${run.id}/accounting`);
    await expectShape(C.CalculationList, "GET", `/clients/${clientId}/calculations`);
    await expectShape(C.CalculationList, "GET", `/employees/${employee.id}/calculations`);
    await expectShape(C.CalculationList, "GET", `/payslips/${open.id}/calculations`);
    await expectShape(C.CalculationList, "GET", `/payslips/${finalised[0].id}/calculations`);
    const calcId = (await call(app, "GET", `/employees/${employee.id}/calculations`)).body.find((c: any) => c.id !== null).id;
    await expectShape(C.Calculation, "GET", `/calculations/${calcId}`);
    await expectShape(C.ItemsAndOutputs, "GET", `/clients/${clientId}/items_and_outputs`);
    await expectShape(C.InheritedCalculationList, "GET", `/employees/${employee.id}/inherited_calculations`);
    await expectShape(C.ServicePeriodList, "GET", `/employees/${employee.id}/service_periods`);
    await expectShape(C.LeaveBalances, "GET", `/employees/${employee.id}/leave_balances?date=2026-11-21`);
    await expectShape(C.LeaveTypes, "GET", `/clients/${clientId}/leave_types`);
    await expectShape(C.LeaveDayList, "GET", `/employees/${employee.id}/leave_days`);
    await expectShape(C.ProfileMappingList, "GET", `/employees/${employee.id}/profile_mappings`);
    const leaveTypes = Object.keys((await call(app, "GET", `/clients/${clientId}/leave_types`)).body).map(Number);
    const bodies: Record<C.ReportId, unknown> = {
      transaction_history: {
        start_date: "2026-01-01",
        end_date: "2026-12-31",
        account_names: ["basic_salary", "hourly_pay", "paye", "nett_pay"],
        custom_fields: ["first_name"],
        humanize: true,
      },
      variance: { wave_id: waveId, period_offset: finalised[0].period_offset },
      comparison_leave: { start_date: "2026-01-01", end_date: "2026-12-31", leave_types: leaveTypes },
      leave_liability_v2: { date: "2026-10-31", humanize: true },
      tracked_balances: { date: "2026-10-31" },
    };
    for (const id of C.REPORT_IDS) {
      await expectShape(C.ReportRows[id], "POST", `/clients/${clientId}/reports/${id}`, bodies[id]);
      await expectShape(C.AsyncReportStarted, "POST", `/clients/${clientId}/reports/${id}/async`, bodies[id]);
      await new Promise((r) => setTimeout(r, 80)); // the queue holds two jobs of 60 ms
    }
  }
});

it("writes answer in the contract's shapes", async () => {
  const { employee, open } = await activeEmployee(app, 3);
  await expectShape(C.EmployeeWriteResponse, "PATCH", `/employees/${employee.id}`, { employee: { job_title: "Carer" } });
  await expectShape(C.BulkInputResponse, "POST", "/clients/3/bulk_input", {
    entities: [{ id: String(employee.id), payslip_date: open.date, attributes: { "calc.overtime.hours": 2, email: "x" } }],
  });
  await expectShape(C.MessageIdResponse, "POST", `/employees/${employee.id}/calculations`, {
    calc_type: "bonus",
    calculation_details: { amount: 10 },
  });
  const leaveType = Number(Object.keys((await call(app, "GET", "/clients/3/leave_types")).body)[0]);
  await expectShape(C.LeaveDaysCreateMultipleResponse, "POST", `/employees/${employee.id}/leave_days/create_multiple`, {
    dates: [{ date: "2027-02-03", hours: 3, type_id: leaveType }],
  });
  await expectShape(C.MessageResponse, "POST", `/employees/${employee.id}/service_periods/end_service`, {
    employee_action: { termination_date: open.date, termination_code: 3 },
  });
  const err = await call(app, "POST", "/clients/3/employees", { employee: {} });
  expect(C.ErrorBody.safeParse(err.body).success).toBe(true);
});
