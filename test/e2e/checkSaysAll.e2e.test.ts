/**
 * The check says everything and flags what matters, in Chromium against the sandbox: on a sheet of Bonus: amount and
 * Overtime: hours, "ten" typed as a bonus, a new €300 bonus and 5 overtime hours for someone with no rate. Push
 * changes opens the check, which names the row that will not be sent with its reason, flags the hours without a
 * rate, and does not flag the new bonus (under the amount limit). Cancel sends nothing. Then, every row to send
 * flagged, the check says Send all but flagged would send nothing.
 */
import type { Page } from "playwright-core";
import { PayrollApi } from "../../src/api";
import { activeEmployees, defaultPeriod, wavePeriods } from "../../src/ui/sheets/periods";
import { buildInputSheet, chooseClient, connect, openTab, selectWave, startStack, type Stack } from "./harness";
import { openSheet, records, typeCell } from "./grid";

describe("the check says everything (preview in Chromium against the sandbox)", () => {
  let stack: Stack;
  let page: Page;
  const bulkInputs: string[] = [];

  beforeAll(async () => {
    stack = await startStack({ sandbox: { employees: 24 }, viewport: { width: 1500, height: 1000 } });
    page = stack.page;
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.endsWith("/bulk_input")) bulkInputs.push(r.url());
    });
    await connect(page, stack.sandbox.apiKey);
    await chooseClient(page, 1);
    await openTab(page, "Input sheets");
  });
  afterAll(() => stack?.close());

  it("case 6 (the check hid invalid rows) and case 7 (flags were noise): names the row that will not be sent, flags hours without a rate, and not a new bonus under the limit", async () => {
    const api = new PayrollApi({ baseUrl: stack.sandbox.url, apiKey: stack.sandbox.apiKey });
    const [employees, waves, calculations] = await Promise.all([
      api.listEmployees(1, ["service_periods", "recent_payslips"]),
      api.listWaves(1),
      api.listClientCalculations(1),
    ]);
    // Employees with a regular payslip last period and no bonus or overtime at all: anything typed for them is new.
    const open = (id: number) => defaultPeriod(wavePeriods(employees, id))?.date;
    const hasExtra = new Set(
      calculations
        .filter((c) => (c.calculation_id === "bonus" || c.calculation_id === "overtime") && !c.deleted)
        .map((c) => c.employee_id),
    );
    const freshIn = (waveId: number) => {
      const date = open(waveId);
      if (!date) return [];
      const rows = activeEmployees(employees, waveId, date).sort((a, b) =>
        String(a.number).localeCompare(String(b.number), undefined, { numeric: true }),
      );
      return rows.flatMap((e, i) =>
        !hasExtra.has(e.id) && (e.recent_payslips ?? []).some((w) => !w.payslip.special && w.payslip.date < date) ? [i] : [],
      );
    };
    const wave = [...waves].sort((a, b) => freshIn(b.id).length - freshIn(a.id).length)[0];
    const [bad, newBonus, noRate] = freshIn(wave.id);
    expect(noRate).toBeDefined();

    await selectWave(page, wave.id);
    await page.getByRole("checkbox", { name: "Bonus: amount" }).check();
    const sheetName = await buildInputSheet(page, "Overtime: hours");
    const before = await records(page, sheetName);
    const bonus = Object.keys(before[0]).find((h) => h.startsWith("Bonus"))!;
    const hours = Object.keys(before[0]).find((h) => h.startsWith("Overtime"))!;
    expect([before[bad][bonus], before[newBonus][bonus], before[noRate][hours]]).toEqual(["", "", ""]);

    await openSheet(page, sheetName);
    await typeCell(page, sheetName, bad, bonus, "ten");
    await typeCell(page, sheetName, newBonus, bonus, "300");
    await typeCell(page, sheetName, noRate, hours, "5");
    await page.getByRole("tabpanel", { name: "Input sheets" }).getByRole("button", { name: "Push changes", exact: true }).click();

    const dialog = page.getByRole("alertdialog");
    await dialog.getByText(/rows? and \d+ cells? to send/).waitFor({ timeout: 30_000 });
    expect(await dialog.getByText("2 rows and 2 cells to send", { exact: false }).count()).toBe(1);
    // The row that will not be sent, by name, with its reason.
    await dialog.getByText("1 row will not be sent:").waitFor();
    const notSent = await dialog
      .getByRole("list", { name: `Rows not sent: ${sheetName}` })
      .getByRole("listitem")
      .allTextContents();
    expect(notSent).toEqual([`${before[bad].Name} (${before[bad].Number}): ${bonus}: "ten" is not a number`]);
    // Compared with last period, only the hours without a rate are flagged: the new €300 bonus is not.
    await dialog.getByText(/1 row flagged against the payslips of \d\d\/\d\d\/\d{4}:/).waitFor();
    const flags = await dialog
      .getByRole("list", { name: `Flagged rows: ${sheetName}` })
      .getByRole("listitem")
      .allTextContents();
    expect(flags).toEqual([
      `${before[noRate].Name} (${before[noRate].Number}): Overtime: 5 hours without a rate (they pay nothing)`,
    ]);
    expect(flags.join(" ")).not.toContain("Bonus");

    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.getByText(/Nothing was sent: you cancelled at the check/).waitFor();
    expect(bulkInputs).toHaveLength(0);
  });

  it("case 7 (every row flagged): after the push, the row that was not sent is Invalid; corrected, it ends Changed with its column's number format; flagged alone, Send all but flagged would send nothing", async () => {
    const sheetName = await page.getByRole("combobox", { name: "Input sheet" }).inputValue();
    const before = await records(page, sheetName);
    const bonus = Object.keys(before[0]).find((h) => h.startsWith("Bonus"))!;
    const bad = before.findIndex((r) => r[bonus] === "ten");
    const correct = before.findIndex((r) => r[bonus] !== "" && r[bonus] !== "ten");
    await page.getByRole("tabpanel", { name: "Input sheets" }).getByRole("button", { name: "Push changes", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Send", exact: true }).click({ timeout: 60_000 });
    await page
      .getByText(/: 2 saved, 1 invalid/)
      .first()
      .waitFor({ timeout: 60_000 });
    expect((await records(page, sheetName))[bad].Status).toBe("Invalid");
    await typeCell(page, sheetName, bad, bonus, "200");
    // The pane's watch marks it: wait for that state (the test's own timeout bounds the wait).
    while ((await records(page, sheetName))[bad].Status !== "Changed") await page.waitForTimeout(100);
    const after = await records(page, sheetName);
    // The corrected cell shows as its column does (the saved bonus beside it), not as the text it replaced.
    expect(after[bad][bonus]).toBe(after[correct][bonus].replace(/[\d,.]+/, "200.00"));

    // Case 7, the rest: with every row to send flagged (hours without a rate), the check says that Send all but
    // flagged would send nothing. Cancel sends nothing.
    const hours = Object.keys(before[0]).find((h) => h.startsWith("Overtime"))!;
    await typeCell(page, sheetName, bad, hours, "4");
    const sent = bulkInputs.length;
    await page.getByRole("tabpanel", { name: "Input sheets" }).getByRole("button", { name: "Push changes", exact: true }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText(/Every row to send is flagged: Send all but flagged would send nothing/).waitFor({ timeout: 60_000 });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.getByText(/Nothing was sent: you cancelled at the check/).waitFor();
    expect(bulkInputs).toHaveLength(sent);
  });
});
