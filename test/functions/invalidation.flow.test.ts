/** An import refreshes the PAYROLL formulas' cache: a formula asked after it sees the service's current record. */
import { setFunctionsConnection } from "../../src/functions/connection";
import { flushFigures } from "../../src/functions/figures";
import { employeeFormula } from "../../src/functions/formulas";
import { importEmployees } from "../../src/features/imports/flows/imports";
import { flowContext } from "../../src/ui/flows/common";
import { startRig, type Rig } from "../support/flowHelpers";

let rig: Rig;
beforeAll(async () => {
  rig = await startRig({ employees: 5 });
});
afterAll(() => rig.close());

const firstName = async (number: string) => {
  const p = employeeFormula(number, "first_name");
  await flushFigures();
  return p;
};

it("keeps figures cached until an employee import, then reads them again", async () => {
  setFunctionsConnection({ source: rig.api, clientId: 1 });
  const [e] = await rig.check.listEmployees(1);
  expect(await firstName(e.number!)).toBe(e.first_name);
  await rig.check.updateEmployee(e.id, { first_name: "Renamed" });
  expect(await firstName(e.number!)).toBe(e.first_name); // cached: no request until something invalidates
  await importEmployees(flowContext(rig.api, rig.workbook, { id: 1, name: "Liffey" }), {
    customFields: false,
    servicePeriod: false,
  });
  expect(await firstName(e.number!)).toBe("Renamed");
  setFunctionsConnection(null);
});
