/**
 * Change history and Undo push in real Chromium: a push of 4 cells adds 4 Change history lines (values before and
 * sent, Prepared by, no key); a colleague changes one row through the API and one payslip is finalised (the
 * sandbox's test-only hook: the API has no finalise endpoint); Undo push on the Push log line puts the values before
 * back where the service still holds what the push sent, keeps the colleague's value (Conflict) and fails the
 * finalised payslip with the service's message, as read back through the API.
 */
import { PayrollApi } from "../../src/api";
import { calcKey } from "../../src/contract";
import { startSandbox, type RunningSandbox } from "../../src/sandbox";
import { finalisePayslipOf } from "../support/finalise";
import {
  salariedWave,
  buildInputSheet,
  chooseClient,
  connect,
  findSecret,
  openTab,
  selectWave,
  startStack,
  until,
  waitForSheet,
  workbookState,
  type Stack,
  sendThroughCheck,
} from "./harness";
import { cellFill, clickCell, openSheet, records, scrollGridLeft, typeCell } from "./grid";
import { screenshot } from "./screenshots";

const SALARY = calcKey("basic_salary", "amount");
const amount = (text: string) => Number(text.replace(/[€,]/g, ""));

describe("Change history and Undo push (preview in Chromium against the sandbox)", () => {
  let sandbox: RunningSandbox;
  let stack: Stack;
  let api: PayrollApi;
  /** What the first case leaves for the next: the sheet, its salary column and a row the undo put back. */
  let journey: {
    sheetName: string;
    salaryHeader: string;
    rowIndex: number;
    before: number;
    /** Rows the first push left alone, for the Held case. */
    spare: { rowIndex: number; before: number }[];
  } | null = null;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, recalcMs: 300, reportJobMs: 300, employees: 14 });
    stack = await startStack({ service: { url: sandbox.url, apiKey: sandbox.apiKey }, viewport: { width: 1500, height: 1000 } });
    api = new PayrollApi({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
  });
  afterAll(async () => {
    await stack?.close();
    await sandbox?.close();
  });

  /** What the service holds for the salary on an employee's payslip: the payslip's own value, else the employee's. */
  async function held(employeeId: number, payslipDate: string): Promise<unknown> {
    const payslip = (await api.listPayslips(employeeId)).find((p) => p.date === payslipDate && !p.special)!;
    const own = (await api.listPayslipCalculations(payslip.id)).find(
      (c) => c.calculation_id === "basic_salary" && c.payslip_id === payslip.id,
    );
    if (own) return own.inputs.amount;
    return (await api.listEmployeeCalculations(employeeId)).find(
      (c) => c.calculation_id === "basic_salary" && c.payslip_id === null,
    )?.inputs.amount;
  }

  it("case 4 (after Undo push the rows still said Saved): records each pushed cell, undoes the push where the service still holds what it sent, and every row then shows the service's value and nett pay", async () => {
    const { page } = stack;
    await connect(page, sandbox.apiKey);
    await chooseClient(page, 1);
    const wave = await salariedWave(api, 1);
    const payslipDate = wave.period!.date;

    await openTab(page, "Input sheets");
    await page.getByRole("textbox", { name: "Prepared by" }).fill("Aoife Byrne");
    await selectWave(page, wave.w.id);
    const sheetName = await buildInputSheet(page, "Basic salary: amount");
    const built = await records(page, sheetName);
    const salaryHeader = Object.keys(built[0]).find((h) => h.startsWith("Basic salary"))!;
    const salaried = built
      .map((r, rowIndex) => ({ rowIndex, employeeId: Number(r["Employee ID"]), before: amount(r[salaryHeader]) }))
      .filter((r) => r.before > 0);
    const rows = salaried.slice(0, 4);
    expect(rows).toHaveLength(4);

    // A push of 4 cells.
    await openSheet(page, sheetName);
    for (const r of rows) await typeCell(page, sheetName, r.rowIndex, salaryHeader, String(r.before + 1000));
    await page.getByRole("combobox", { name: "Input sheet" }).selectOption(sheetName);
    await page.getByRole("button", { name: "Push changes", exact: true }).click();
    await sendThroughCheck(page);
    await page.getByText(new RegExp(`^${sheetName.replace(/[()]/g, "\\$&")}: 4 saved`)).waitFor({ timeout: 60_000 });

    // 4 Change history lines: the values before and sent, who prepared it, the push ID of the Push log line.
    await waitForSheet(page, "Change history");
    const history = await records(page, "Change history");
    expect(history).toHaveLength(4);
    const [log] = await records(page, "Push log");
    expect(log["Push ID"]).toMatch(/^P-\d{8}-\d{6}-[A-Z2-9]{4}$/);
    for (const r of rows) {
      const line = history.find((l) => Number(l["Employee ID"]) === r.employeeId)!;
      expect(amount(line["Value before"])).toBe(r.before);
      expect(amount(line["Value sent"])).toBe(r.before + 1000);
      expect(line).toMatchObject({
        "Prepared by": "Aoife Byrne",
        Outcome: "Saved",
        Input: salaryHeader,
        "Push ID": log["Push ID"],
      });
      expect(line.Name).toBe(built[r.rowIndex].Name);
    }
    expect(findSecret(await workbookState(page), sandbox.apiKey)).toEqual([]);
    await openSheet(page, "Change history");
    await page.setViewportSize({ width: 2200, height: 1000 });
    await screenshot(page, "change-history");
    await page.setViewportSize({ width: 1500, height: 1000 });

    // Meanwhile a colleague changes one row in the service, and one payslip is finalised.
    const [restoredA, colleague, finalised, restoredB] = rows;
    await api.bulkInput(1, [{ id: String(colleague.employeeId), payslip_date: payslipDate, attributes: { [SALARY]: 4321 } }]);
    await finalisePayslipOf(sandbox, 1, finalised.employeeId, payslipDate);

    // Undo push on the push's Push log line.
    await openSheet(page, "Push log");
    await scrollGridLeft(page, "Push log");
    await clickCell(page, "Push log", 0, "Sheet");
    await page.getByRole("button", { name: "Undo push" }).click();
    await sendThroughCheck(page);
    const outcome = page.getByText(
      new RegExp(`^Undo of ${log["Push ID"]}: 2 cells restored, 1 cell kept as the service holds it now`),
    );
    await outcome.waitFor({ timeout: 60_000 });
    journey = { sheetName, salaryHeader, rowIndex: restoredA.rowIndex, before: restoredA.before, spare: salaried.slice(4, 6) };
    expect(await outcome.textContent()).toMatch(/1 cell failed/);

    // Read back through the API: the values before are back, the colleague's value is kept.
    expect(await held(restoredA.employeeId, payslipDate)).toBe(restoredA.before);
    expect(await held(restoredB.employeeId, payslipDate)).toBe(restoredB.before);
    expect(await held(colleague.employeeId, payslipDate)).toBe(4321);
    expect(await held(finalised.employeeId, payslipDate)).toBe(finalised.before + 1000);

    // The undo is a push of its own: a Push log line and 4 more Change history lines.
    const logs = await records(page, "Push log");
    expect(logs).toHaveLength(2);
    expect(logs[1]).toMatchObject({ Push: `Undo of ${log["Push ID"]}`, Saved: "2", Conflict: "1", Failed: "1" });
    const undoLines = (await records(page, "Change history")).slice(4);
    expect(undoLines).toHaveLength(4);
    const end = (id: number) => undoLines.find((l) => Number(l["Employee ID"]) === id)!;
    expect(end(restoredA.employeeId)).toMatchObject({ Outcome: "Saved", "Push ID": logs[1]["Push ID"] });
    expect(amount(end(restoredA.employeeId)["Value sent"])).toBe(restoredA.before);
    expect(end(colleague.employeeId).Outcome).toBe("Conflict");
    expect(end(finalised.employeeId).Outcome).toBe("Failed");
    expect(end(finalised.employeeId).Message).toMatch(/finalised and cannot be updated/);

    // Case "After Undo push, the rows still said Saved": every row of the sheet shows the service's value and nett
    // pay, read back over HTTP, and the rows the undo put back say Undone.
    const after = await records(page, sheetName);
    expect(await outcome.textContent()).toMatch(/rows checked against the service: 2 undone, 1 finalised/);
    for (const [rowIndex, r] of after.entries()) {
      const employeeId = Number(r["Employee ID"]);
      const payslip = (await api.listPayslips(employeeId)).find((p) => p.date === payslipDate && !p.special)!;
      expect(payslip.dirty).toBe(false);
      expect(r[salaryHeader] === "" ? null : amount(r[salaryHeader])).toBe((await held(employeeId, payslipDate)) ?? null);
      expect(amount(r["Nett pay"])).toBeCloseTo(payslip.nett_pay!, 2);
      if (rowIndex === restoredA.rowIndex || rowIndex === restoredB.rowIndex) {
        expect(r.Status).toBe("Undone");
        expect(r.Message).toMatch(/^Undone: the push that saved this row was undone\. The service holds Basic salary/);
      }
    }
    expect(amount(after[restoredA.rowIndex][salaryHeader])).toBe(restoredA.before);
    expect(amount(after[colleague.rowIndex][salaryHeader])).toBe(4321);
    expect(after[finalised.rowIndex].Status).toBe("Finalised");
    await openSheet(page, "Push log");
    await page.setViewportSize({ width: 2200, height: 1000 });
    await screenshot(page, "undo-push");
    expect(findSecret(await workbookState(page), sandbox.apiKey)).toEqual([]);
    expect(stack.consoleLines.filter((l) => l.includes(sandbox.apiKey))).toEqual([]);
  });

  it("case 13 (shading depends on the open tab): a row edited while the pane was closed, then with Reports open, is shaded and counted as Changed", async () => {
    expect(journey).not.toBeNull();
    const { sheetName, salaryHeader, rowIndex, before } = journey!;
    const { page } = stack;
    // The pane is closed and opened again; it shows Reports. The accountant edits the input sheet meanwhile.
    await page.evaluate(() => (window as unknown as { __payrollPreview: { reopenPane(): void } }).__payrollPreview.reopenPane());
    await connect(page, sandbox.apiKey);
    await chooseClient(page, 1);
    await openTab(page, "Reports");
    await openSheet(page, sheetName);
    await typeCell(page, sheetName, rowIndex, salaryHeader, String(before + 75));

    // Input sheets opened: the edit is counted and, the sheet being checked against the service, its row is Changed.
    await openTab(page, "Input sheets");
    await page.getByText("1 change pending in 1 row", { exact: true }).waitFor({ timeout: 60_000 });
    const rowNow = async () => (await records(page, sheetName))[rowIndex];
    await until(page, async () => (await rowNow()).Status === "Changed", "the edited row to say Changed");
    const row = await rowNow();
    // Changed by whichever sees it first: the pane's watch (its states and the snapshot: "Edited after the push, not
    // sent yet") or the check against the service ("Edited, not sent yet: it differs from what the service holds").
    expect(row.Message).toMatch(/^Edited(,| after the push,) not sent yet/);
    expect(amount(row[salaryHeader])).toBe(before + 75);
    await page.getByText(/rows checked against the service: 1 finalised \(read only\), 1 changed, not sent\./).waitFor();
    const fill = await cellFill(page, sheetName, rowIndex, salaryHeader);
    expect(fill).toBe("#FFF0C2");
    // On demand too: nothing new to say, and nothing sent.
    const requests = stack.requestUrls.length;
    await page.getByRole("button", { name: "Check against the service" }).click();
    await page
      .getByText(/rows checked against the service: 1 finalised \(read only\), 1 changed, not sent\.$/)
      .waitFor({ timeout: 60_000 });
    await screenshot(page, "check-against-service");
    expect(stack.requestUrls.slice(requests).filter((u) => u.includes("bulk_input"))).toEqual([]);
  });

  it("case 4 (after Undo push a Held row still said choose Send): a Held row whose push was undone is no longer Held", async () => {
    expect(journey?.spare).toHaveLength(2);
    const { sheetName, salaryHeader, rowIndex: edited, spare } = journey!;
    const [raised, small] = spare;
    const { page } = stack;
    // A 60 % raise (flagged) and a small one; the row edited in the case above goes too. Send all but flagged.
    await openSheet(page, sheetName);
    await typeCell(page, sheetName, raised.rowIndex, salaryHeader, String(Math.round(raised.before * 160) / 100));
    await typeCell(page, sheetName, small.rowIndex, salaryHeader, String(small.before + 10));
    await page.getByRole("combobox", { name: "Input sheet" }).selectOption(sheetName);
    await openTab(page, "Input sheets");
    await page.getByRole("button", { name: "Push changes", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Send all but flagged" }).click({ timeout: 60_000 });
    await page.getByText(new RegExp(`^${sheetName.replace(/[()]/g, "\\$&")}: 2 saved, 1 held`)).waitFor({ timeout: 60_000 });
    const pushed = await records(page, sheetName);
    expect(pushed[raised.rowIndex].Status).toBe("Held");
    expect(pushed[raised.rowIndex].Message).toMatch(/choose Send to send it/);
    const logs = await records(page, "Push log");
    const push = logs[logs.length - 1];
    expect(push).toMatchObject({ Saved: "2", Held: "1" });

    // Undo push on that push's Push log line: the saved rows are put back and checked against the service.
    await openSheet(page, "Push log");
    await scrollGridLeft(page, "Push log");
    await clickCell(page, "Push log", logs.length - 1, "Sheet");
    await page.getByRole("button", { name: "Undo push" }).click();
    await sendThroughCheck(page);
    await page
      .getByText(new RegExp(`^Undo of ${push["Push ID"]}: 2 cells restored.*rows checked against the service`))
      .waitFor({ timeout: 60_000 });

    // The Held row is no longer Held and no longer says to choose Send: its raise was never sent, so it is Changed,
    // pending against what the service holds; the rows the undo put back say Undone, as the service holds them.
    const after = await records(page, sheetName);
    expect(after[raised.rowIndex].Status).toBe("Changed");
    expect(after[raised.rowIndex].Message).toMatch(/^Not sent: the push this row was held back from was undone/);
    expect(after[raised.rowIndex].Message).not.toMatch(/choose Send/);
    expect(amount(after[raised.rowIndex][salaryHeader])).toBe(Math.round(raised.before * 160) / 100);
    for (const r of [small.rowIndex, edited]) expect(after[r].Status).toBe("Undone");
    expect(amount(after[small.rowIndex][salaryHeader])).toBe(small.before);
    await page.getByText("1 change pending in 1 row", { exact: true }).waitFor({ timeout: 60_000 });
  });
});
