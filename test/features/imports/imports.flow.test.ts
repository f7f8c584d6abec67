/** Import flows against the real sandbox and the Excel layer over the preview workbook. */
import { flowContext } from "../../../src/ui/flows/common";
import { importEmployees, importPayPoints, importWaves, IMPORT_SHEETS } from "../../../src/features/imports/flows/imports";
import { clientSheetName } from "../../../src/ui/sheets/sheetNames";
import { readRecords, startRig, type Rig } from "../../support/flowHelpers";

const CLIENT = { id: 1, name: "Liffey" };
/** Each import sheet carries the client's short name: "Liffey · Employees". */
const LIFFEY = {
  employees: clientSheetName("Liffey", IMPORT_SHEETS.employees.sheetName),
  waves: clientSheetName("Liffey", IMPORT_SHEETS.waves.sheetName),
  payPoints: clientSheetName("Liffey", IMPORT_SHEETS.payPoints.sheetName),
};
let rig: Rig;

beforeAll(async () => {
  rig = await startRig({ employees: 15 });
});
afterAll(async () => {
  await rig.close();
});

describe("employees import", () => {
  it("writes typed columns with options, in three requests, and keeps formula-like names as text", async () => {
    const [victim] = await rig.check.listEmployees(1);
    const trap = '=HYPERLINK("http://evil.example","click")';
    await rig.check.updateEmployee(victim.id, { first_name: trap });
    const employees = await rig.check.listEmployees(1, ["service_periods"]);
    rig.faulty.reset();

    const result = await importEmployees(flowContext(rig.api, rig.workbook, CLIENT), { customFields: true, servicePeriod: true });
    expect(rig.faulty.sent.map((r) => r.path).sort()).toEqual([
      "/clients/1/employees",
      "/clients/1/pay_points",
      "/clients/1/waves",
    ]);
    expect(result.requests).toBe(3);
    expect(result.rowCount).toBe(employees.length);

    const records = await readRecords(rig.workbook, LIFFEY.employees);
    const headers = Object.keys(records[0]);
    expect(headers.slice(0, 2)).toEqual(["Number", "Employee ID"]);
    expect(headers).toEqual(
      expect.arrayContaining(["Wave", "Pay point", "Service start", "Termination code", "On long-term leave"]),
    );
    const customIds = [...new Set(employees.flatMap((e) => Object.keys(e.custom_fields ?? {})))];
    expect(customIds.length).toBeGreaterThan(0);
    for (const id of customIds) expect(headers).toContain(`Custom field ${id}`);

    const row = records.find((r) => r["Employee ID"] === victim.id)!;
    expect(row["First name"]).toBe(trap);
    expect(typeof row["Appointment date"]).toBe("number"); // a date serial
    expect(typeof row["PRSI exempt"]).toBe("boolean");
    // Text from the service never becomes a formula.
    const sheet = rig.model.getSheet(LIFFEY.employees);
    const formulas = sheet.rowsData.flat().filter((c) => c?.f !== undefined);
    expect(formulas).toEqual([]);
  });

  it("re-importing replaces the table in place, with counts on the bar from the first request to the last row", async () => {
    const updates: string[] = [];
    await importEmployees(
      flowContext(rig.api, rig.workbook, CLIENT, {
        update: (done, total, detail) => updates.push(`${done} of ${total} · ${detail}`),
      }),
      { customFields: false, servicePeriod: false },
    );
    expect(updates.slice(0, 4)).toEqual([0, 1, 2, 3].map((n) => `${n} of 3 · requests answered: employees, waves, pay points`));
    const writes = updates.slice(4);
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.every((u) => /^\d+ of \d+ · Writing rows$/.test(u))).toBe(true);
    expect(writes.at(-1)).toMatch(/^(\d+) of \1 · /);
    const records = await readRecords(rig.workbook, LIFFEY.employees);
    expect(Object.keys(records[0])).not.toContain("Service start");
    expect(Object.keys(records[0]).some((h) => h.startsWith("Custom field"))).toBe(false);
    expect(rig.model.getSheet(LIFFEY.employees).tables()).toHaveLength(1);
    expect(rig.model.visibleSheets().filter((s) => s.name.endsWith("Employees"))).toHaveLength(1);
  });

  it("importing for another client writes that client's own sheet and leaves the first client's as it was", async () => {
    const before = await readRecords(rig.workbook, LIFFEY.employees);
    const shannon = { id: 2, name: "Bureau demo: Shannon Foods Ltd" };
    const result = await importEmployees(flowContext(rig.api, rig.workbook, shannon), {
      customFields: false,
      servicePeriod: false,
    });
    expect(result.sheetName).toBe("Shannon · Employees");
    expect(result.tableName).toBe("Employees_2");
    expect(await readRecords(rig.workbook, LIFFEY.employees)).toEqual(before);
    const ids = new Set((await rig.check.listEmployees(2)).map((e) => e.id));
    expect((await readRecords(rig.workbook, "Shannon · Employees")).every((r) => ids.has(r["Employee ID"] as number))).toBe(true);
    rig.model.deleteSheet(rig.model.getSheet("Shannon · Employees"));
  });

  it("a cancelled import leaves the sheet as it was", async () => {
    const before = await readRecords(rig.workbook, LIFFEY.employees);
    const controller = new AbortController();
    controller.abort();
    await expect(
      importEmployees(flowContext(rig.api, rig.workbook, CLIENT, { signal: controller.signal }), {
        customFields: true,
        servicePeriod: true,
      }),
    ).rejects.toMatchObject({ name: "AbortedError" });
    expect(await readRecords(rig.workbook, LIFFEY.employees)).toEqual(before);
  });
});

describe("payment frequencies and pay points", () => {
  it("imports the full or the simplified form", async () => {
    const waves = await rig.check.listWaves(1);
    await importWaves(flowContext(rig.api, rig.workbook, CLIENT), { simplified: false });
    let records = await readRecords(rig.workbook, LIFFEY.waves);
    expect(records).toHaveLength(waves.length);
    expect(Object.keys(records[0])).toEqual(expect.arrayContaining(["Length (months)", "First period offset"]));
    expect(typeof records[0]["First end date"]).toBe("number");

    rig.faulty.reset();
    await importWaves(flowContext(rig.api, rig.workbook, CLIENT), { simplified: true });
    expect(rig.faulty.sent).toEqual([expect.objectContaining({ path: "/clients/1/waves" })]);
    records = await readRecords(rig.workbook, LIFFEY.waves);
    expect(Object.keys(records[0])).toContain("Frequency");
    expect(Object.keys(records[0])).not.toContain("Length (months)");
    expect(records.map((r) => r.Frequency).sort()).toEqual(
      (await rig.check.listWavesSimplified(1)).map((w) => w.frequency).sort(),
    );
  });

  it("imports pay points", async () => {
    const payPoints = await rig.check.listPayPoints(1);
    const result = await importPayPoints(flowContext(rig.api, rig.workbook, CLIENT));
    expect(result.rowCount).toBe(payPoints.length);
    const records = await readRecords(rig.workbook, LIFFEY.payPoints);
    expect(records.map((r) => r.Name)).toEqual(payPoints.map((p) => p.name));
    expect(typeof records[0]["Pay point ID"]).toBe("number");
  });
});
