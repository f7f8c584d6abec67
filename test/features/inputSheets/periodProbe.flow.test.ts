/**
 * The period picker's question "is the chosen period finalised now?" (flows/periodProbe): one small read of one
 * employee's payslips, on the sandbox, before and after the period is finalised in the service.
 */
import { loadInputChoices } from "../../../src/features/inputSheets/flows/inputs";
import { finalisedSince, probeEmployee } from "../../../src/features/inputSheets/flows/periodProbe";
import { finaliseInSandbox } from "../../support/finalise";
import { ctxOf, salaryWave, startRig, type Rig } from "../../support/flowHelpers";

let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

it("says nothing changed while the period is open, and finalised once it is, with one small read each time", async () => {
  const choices = await loadInputChoices(ctxOf(rig));
  const { waveId, payslipDate } = salaryWave(choices);
  const employees = choices.employees;
  expect(probeEmployee(employees, waveId, payslipDate)).not.toBeNull();

  rig.faulty.reset();
  expect(await finalisedSince(rig.api, employees, waveId, payslipDate)).toBe(false);
  expect(rig.faulty.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
    `GET /employees/${probeEmployee(employees, waveId, payslipDate)}/payslips`,
  ]);

  await finaliseInSandbox(rig, 1);
  rig.faulty.reset();
  expect(await finalisedSince(rig.api, employees, waveId, payslipDate)).toBe(true);
  expect(rig.faulty.sent).toHaveLength(1);

  // Once the list itself says finalised, there is nothing to ask.
  const fresh = await rig.api.listEmployees(1, ["service_periods", "recent_payslips"]);
  expect(probeEmployee(fresh, waveId, payslipDate)).toBeNull();
  rig.faulty.reset();
  expect(await finalisedSince(rig.api, fresh, waveId, payslipDate)).toBe(false);
  expect(rig.faulty.sent).toHaveLength(0);
});
