/**
 * The first flows an accountant meets, in real Chromium against the sandbox: connect with the API key, choose a
 * client, the three imports, create and update employees from rows of the Employees sheet, and view an employee's
 * calculations. Each step checks what the pane and the grid show; with SCREENSHOTS=1 it also saves the README's
 * picture of that step.
 */
import { chooseClient, connect, findSecret, openTab, waitForSheet, workbookState, suiteStack } from "./harness";
import { clickCell, openSheet, records, scrollGridLeft, tableLayout, typeCell } from "./grid";
import { screenshot } from "./screenshots";

describe("connect, client, imports, employees and calculations (preview in Chromium against the sandbox)", () => {
  const suite = suiteStack({ sandbox: { employees: 12 }, viewport: { width: 1500, height: 1000 } });

  it("connects with the API key (kept in a password field) and lists the clients the key reaches", async () => {
    const { page } = suite;
    await connect(page, suite.stack.sandbox.apiKey);
    await page.getByText(/^Connected to http:\/\/127\.0\.0\.1:\d+ · 3 clients$/).waitFor();
    expect(await page.getByLabel("API key", { exact: false }).first().getAttribute("type")).toBe("password");
    const options = await page
      .getByRole("combobox", { name: /Client/ })
      .locator("option")
      .allTextContents();
    expect(options).toHaveLength(4); // "Choose a client…" and the three demo clients
    await screenshot(page, "connect");
  });

  it("chooses a client: the connection folds away and the feature tabs appear", async () => {
    const { page } = suite;
    const before = suite.stack.requestUrls.length;
    await chooseClient(page, 1);
    await page.getByText("This workbook is linked to Bureau demo: Liffey Engineering Ltd; it remembers the choice.").waitFor();
    await page.getByRole("tablist", { name: "Features" }).waitFor();
    const tabs = page.getByRole("tablist", { name: "Features" }).getByRole("tab");
    expect(await tabs.count()).toBe(8);
    for (const title of ["Imports", "Input sheets", "Month end", "Pay runs", "Reports", "Leave", "Employees", "Calculations"])
      expect(await tabs.filter({ hasText: title }).count()).toBe(1);
    expect(await page.getByRole("button", { name: /^Connection: Connected$/ }).getAttribute("aria-expanded")).toBe("false");
    await screenshot(page, "choose-client");
    // Reads follow the screen: choosing a client sends no request (Imports, open at first, reads when a button is pressed).
    await page.getByRole("button", { name: "Import employees" }).waitFor();
    await page.waitForTimeout(300);
    expect(suite.stack.requestUrls.slice(before).filter((u) => u.includes("/v1/"))).toEqual([]);
    // A panel mounts when its tab is opened; the four employee pickers share one employee list (Reports loads its own).
    const opened = suite.stack.requestUrls.length;
    const listRead = page.waitForResponse((r) => r.url().endsWith("/v1/clients/1/employees"));
    for (const title of ["Pay runs", "Leave", "Employees", "Calculations"]) await openTab(page, title);
    await listRead;
    await page.waitForFunction(() => !document.body.textContent!.includes("Loading employees…"));
    const lists = suite.stack.requestUrls.slice(opened).filter((u) => u.endsWith("/v1/clients/1/employees"));
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.length).toBeLessThanOrEqual(2);
  });

  it("imports employees, payment frequencies and pay points, each to its own table", async () => {
    const { page } = suite;
    await openTab(page, "Imports");
    const pane = page.getByRole("tabpanel", { name: "Imports" });

    const employees = await suite.api.listEmployees(1);
    await pane.getByRole("button", { name: "Import employees" }).click();
    await pane.getByText(`Employees: ${employees.length} rows written to "Liffey · Employees".`).waitFor();
    await waitForSheet(page, "Liffey · Employees");
    const rows = await records(page, "Liffey · Employees");
    expect(rows.map((r) => Number(r["Employee ID"])).sort()).toEqual(employees.map((e) => e.id).sort());
    expect(rows[0]).toMatchObject({
      "First name": expect.any(String),
      Wave: expect.stringMatching(/Monthly|Weekly|Fortnightly/),
    });
    await screenshot(page, "import-employees");

    const waves = await suite.api.listWaves(1);
    await pane.getByRole("radio", { name: "Simplified" }).check();
    await pane.getByText(/^Simplified: the frequency as text/).waitFor();
    await pane.getByRole("button", { name: "Import payment frequencies" }).click();
    await pane.getByText(`Payment frequencies: ${waves.length} rows written to "Liffey · Payment frequencies".`).waitFor();
    const waveRows = await records(page, "Liffey · Payment frequencies");
    expect(waveRows).toHaveLength(waves.length);
    expect(Object.keys(waveRows[0])).toContain("Frequency");
    await screenshot(page, "import-waves");

    const payPoints = await suite.api.listPayPoints(1);
    await pane.getByRole("button", { name: "Import pay points" }).click();
    await pane.getByText(`Pay points: ${payPoints.length} rows written to "Liffey · Pay points".`).waitFor();
    const pointRows = await records(page, "Liffey · Pay points");
    expect(pointRows.map((r) => r.Name).sort()).toEqual(payPoints.map((p) => p.name).sort());
    await screenshot(page, "import-pay-points");
  });

  it("creates an employee from a new row and updates another from an edited cell, marking each row", async () => {
    const { page } = suite;
    await openSheet(page, "Liffey · Employees");
    const { rows } = await tableLayout(page, "Liffey · Employees");
    const first = (await records(page, "Liffey · Employees"))[0];
    // A new row typed under the table (the table grows), and one changed cell on the first row.
    await typeCell(page, "Liffey · Employees", rows, "First name", "Saoirse");
    await typeCell(page, "Liffey · Employees", rows, "Last name", "Quinn");
    await typeCell(page, "Liffey · Employees", rows, "Wave", "Monthly");
    await typeCell(page, "Liffey · Employees", rows, "Appointment date", "2026-12-01");
    await typeCell(page, "Liffey · Employees", rows, "Payment method", "eft_manual");
    await typeCell(page, "Liffey · Employees", 0, "Job title", "Payroll clerk");

    await openTab(page, "Employees");
    const pane = page.getByRole("tabpanel", { name: "Employees" });
    await pane.getByRole("button", { name: "Save employees" }).click();
    await pane.getByText(`Employees: 2 saved, ${rows - 1} unchanged.`).waitFor();

    const after = await records(page, "Liffey · Employees");
    expect(after[0]).toMatchObject({ Status: "Saved", "Job title": "Payroll clerk" });
    const created = after[rows];
    expect(created.Status).toBe("Saved");
    expect(created["Employee ID"]).toMatch(/^\d+$/);
    expect(created.Message).toContain(`employee ${created["Employee ID"]}`);
    expect(after.filter((r) => r.Status === "Unchanged")).toHaveLength(rows - 1);
    expect((await suite.api.getEmployee(Number(first["Employee ID"]))).job_title).toBe("Payroll clerk");
    expect(await suite.api.getEmployee(Number(created["Employee ID"]))).toMatchObject({
      first_name: "Saoirse",
      last_name: "Quinn",
    });
    await clickCell(page, "Liffey · Employees", rows, "Message");
    await screenshot(page, "employees-save");
  });

  it("views an employee's calculations as a sheet, one row per item", async () => {
    const { page } = suite;
    await openTab(page, "Calculations");
    const pane = page.getByRole("tabpanel", { name: "Calculations" });
    const employee = (await suite.api.listEmployees(1)).find((e) => e.last_name !== "Quinn")!;
    const name = `${employee.first_name} ${employee.last_name}`;
    await pane.getByRole("radio", { name: "An employee" }).check();
    await pane.getByRole("combobox", { name: "Employee" }).pressSequentially(employee.last_name!);
    await page.getByRole("option", { name: new RegExp(name) }).click();
    await pane.getByRole("button", { name: "View calculations" }).click();
    const outcome = pane.getByText(
      /^\d+ calculations written to "Liffey · Calculations"\. Edit Input cells, then Save edited inputs\.$/,
    );
    await outcome.waitFor();

    const calculations = await suite.api.listEmployeeCalculations(employee.id);
    const rows = await records(page, "Liffey · Calculations");
    expect(rows.length).toBeGreaterThan(0);
    const ids = calculations.filter((c) => c.id !== null).map((c) => String(c.id));
    expect(
      rows
        .filter((r) => r["Calculation ID"] !== "")
        .map((r) => r["Calculation ID"])
        .sort(),
    ).toEqual(ids.sort());
    expect((await outcome.textContent())!.startsWith(`${rows.length} calculations`)).toBe(true);
    await scrollGridLeft(page, "Liffey · Calculations");
    await screenshot(page, "calculations-view");

    expect(findSecret(await workbookState(page), suite.stack.sandbox.apiKey)).toEqual([]);
  });
});
