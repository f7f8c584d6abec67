/**
 * Check against the service (flows/reconcile) in Node: the real sandbox, the real client, the real Excel layer over the
 * preview workbook. After Undo push every row shows what the service holds (value and nett pay, read back through the
 * API) and the undone rows say so; a row edited while nothing watched is Changed; a Held row whose change was put
 * back is no longer Held; a finalised payslip's row says Finalised and the sheet becomes read only. Requests are
 * counted by route: per employee below the crossover, the client's two lists above it.
 */
import { calcKey } from "../../../src/contract";
import { finaliseInSandbox, finalisePayslipOf } from "../../support/finalise";
import { readInputSheetMeta } from "../../../src/features/inputSheets/flows/inputs";
import { pushInputSheet } from "../../../src/features/inputSheets/flows/push";
import { undoPush } from "../../../src/features/inputSheets/flows/undoPush";
import { reconcileAfter, reconcileSheet } from "../../../src/features/inputSheets/flows/reconcile";
import { CONFLICT_LIST_CROSSOVER } from "../../../src/features/inputSheets/flows/pushReads";
import { buildSalarySheet, ctxOf, inputSheetRig, markRows, readRecords, typeInto } from "../../support/flowHelpers";

const CLIENT = { id: 1, name: "Demo client 1" };
const SALARY = calcKey("basic_salary", "amount");

const env = inputSheetRig(CLIENT);

const ctx = () => ({ ...ctxOf(env.rig, CLIENT), preparedBy: "Aoife Byrne" });
const fast = { polling: { polls: 200, intervalMs: 20 } };

/** What the service holds for a row: the salary on its payslip (its own, else the employee's) and its nett pay. */
async function held(employeeId: number): Promise<{ salary: unknown; nettPay: number | undefined; dirty: boolean }> {
  const payslip = (await env.rig.check.listPayslips(employeeId)).find((p) => p.date === env.payslipDate && !p.special)!;
  const own = (await env.rig.check.listPayslipCalculations(payslip.id)).find(
    (c) => c.calculation_id === "basic_salary" && c.payslip_id === payslip.id,
  );
  const salary =
    own?.inputs.amount ??
    (await env.rig.check.listEmployeeCalculations(employeeId)).find(
      (c) => c.calculation_id === "basic_salary" && c.payslip_id === null,
    )?.inputs.amount;
  return { salary: salary ?? null, nettPay: payslip.nett_pay, dirty: payslip.dirty };
}

const freshSheet = () => buildSalarySheet(env, ctx());

describe("Check against the service", () => {
  it("after Undo push, every row shows the service's value and nett pay, and the undone rows say so", async () => {
    const { sheetName, rows } = await freshSheet();
    const raised = rows.slice(0, 4);
    for (const r of raised) typeInto(env.rig.model, sheetName, r.rowIndex, env.salaryHeader, String(r.before + 1000));
    const pushed = await pushInputSheet(ctx(), sheetName, { send: { mode: "changed" }, steps: { nettPay: false } });
    expect(pushed.counts.Saved).toBe(4);
    // A colleague changes one of the pushed rows in the service meanwhile: the undo keeps it (Conflict).
    const colleague = raised[1];
    await env.rig.check.bulkInput(1, [
      { id: String(colleague.employeeId), payslip_date: env.payslipDate, attributes: { [SALARY]: 4321 } },
    ]);
    const undo = await undoPush(ctx(), { send: { pushId: pushed.pushId } });
    expect(undo.cells).toEqual({ Saved: 3, Conflict: 1 });

    const note = await reconcileAfter(ctx(), sheetName, fast);
    expect(note).toMatch(/^.+: \d+ rows checked against the service: 3 undone/);

    const after = await readRecords(env.rig.workbook, sheetName);
    for (const [rowIndex, r] of after.entries()) {
      const service = await held(Number(r["Employee ID"]));
      expect(service.dirty).toBe(false);
      expect(r[env.salaryHeader] ?? null).toBe(service.salary);
      expect(r["Nett pay"]).toBeCloseTo(service.nettPay!, 2);
      if (raised.some((x) => x.rowIndex === rowIndex && x !== colleague)) {
        expect(r.Status).toBe("Undone");
        expect(String(r.Message)).toMatch(/^Undone: the push that saved this row was undone\. The service holds Basic salary/);
      }
    }
    expect(after[colleague.rowIndex][env.salaryHeader]).toBe(4321);
    expect(after[colleague.rowIndex].Status).toBe("Saved");
    expect(String(after[colleague.rowIndex].Message)).toMatch(
      /Changed in the payroll service since this row was saved: it holds .*4,321/,
    );
  });

  it("a Saved row edited while nothing watched is Changed; a Held row whose change was put back is no longer Held", async () => {
    const { sheetName, rows } = await freshSheet();
    const [edited, held, untouched] = rows;
    await markRows(env.rig.workbook, sheetName, {
      [edited.rowIndex]: "Saved",
      [held.rowIndex]: "Held",
      [untouched.rowIndex]: "Saved",
    });
    typeInto(env.rig.model, sheetName, edited.rowIndex, env.salaryHeader, String(edited.before + 75));
    // The Held row's change was undone: its cell is back to what the service holds.
    typeInto(env.rig.model, sheetName, held.rowIndex, env.salaryHeader, String(held.before));

    const result = await reconcileSheet(ctx(), sheetName);
    expect(result.counts).toMatchObject({ changed: 1, unchanged: 1, undone: 0, finalised: 0 });
    const after = await readRecords(env.rig.workbook, sheetName);
    expect(after[edited.rowIndex]).toMatchObject({ Status: "Changed", [env.salaryHeader]: edited.before + 75 });
    expect(after[edited.rowIndex].Message).toMatch(/^Edited, not sent yet/);
    expect(after[held.rowIndex]).toMatchObject({
      Status: "Unchanged",
      Message: "Nothing to send: the row matches what the service holds.",
    });
    expect(after[untouched.rowIndex].Status).toBe("Saved");
  });

  it("reads at the request floor: two per employee up to the crossover, the client's two lists above it; nothing sent", async () => {
    const { sheetName, count } = await freshSheet();
    expect(count).toBeLessThanOrEqual(CONFLICT_LIST_CROSSOVER);
    env.rig.faulty.reset();
    const below = await reconcileSheet(ctx(), sheetName);
    expect(below.requests).toBe(2 * count);
    expect(env.rig.faulty.count(/^\/employees\/\d+\/(payslips|calculations)$/, "GET")).toBe(2 * count);
    expect(env.rig.faulty.sent).toHaveLength(2 * count);
    expect(below.summary).toMatch(/every row agrees/);

    env.rig.faulty.reset();
    const above = await reconcileSheet(ctx(), sheetName, { crossover: 0 });
    expect(above.requests).toBe(2);
    expect(env.rig.faulty.sent.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      "GET /clients/1/calculations",
      "GET /clients/1/employees",
    ]);
  });

  it("a finalised payslip's row says Finalised; once every row is, the sheet is read only", async () => {
    const { sheetName, rows } = await freshSheet();
    const [first] = rows;
    typeInto(env.rig.model, sheetName, first.rowIndex, env.salaryHeader, String(first.before + 75));
    await finalisePayslipOf(env.rig, 1, first.employeeId, env.payslipDate);
    const one = await reconcileSheet(ctx(), sheetName);
    expect(one.counts.finalised).toBe(1);
    expect(one.finalised).toBe(false);
    const after = await readRecords(env.rig.workbook, sheetName);
    expect(after[first.rowIndex].Status).toBe("Finalised");
    expect(after[first.rowIndex].Message).toMatch(
      /finalised in the payroll service, so this row is read only\. Basic salary.* was not sent/,
    );
    // The typed value stays: nothing a person typed is wiped.
    expect(after[first.rowIndex][env.salaryHeader]).toBe(first.before + 75);

    await finaliseInSandbox(env.rig, 1);
    const all = await reconcileSheet(ctx(), sheetName);
    expect(all.finalised).toBe(true);
    expect((await readInputSheetMeta(env.rig.workbook, sheetName))?.finalised).toBe(true);
  });
});
