/**
 * Formulas keep their client (issue Q, item 6), in Chromium against the sandbox: a cell =PAYROLL.AMOUNT(…) for client
 * 2 keeps its figure after the pane switches to client 1, and so does a formula without a client argument, which
 * uses the client the workbook's formulas are linked to (a document setting), not the pane's current choice.
 * Explain this figure says which client such a formula uses, and why.
 */
import { PayrollApi } from "../../src/api";
import { gridCell, settledCell, typeAt } from "./grid";
import { chooseClient, connect, sheetText, startStack, waitForSheet, workbookState, type Stack } from "./harness";

describe("PAYROLL formulas keep their client when the pane switches (Chromium against the sandbox)", () => {
  let stack: Stack;
  let direct: PayrollApi;

  beforeAll(async () => {
    stack = await startStack({ sandbox: { employees: 12 }, viewport: { width: 1500, height: 1000 } });
    direct = new PayrollApi({ baseUrl: stack.sandbox.url, apiKey: stack.sandbox.apiKey, requestsPerSecond: 0 });
  });
  afterAll(() => stack?.close());

  it("case 12: a client-2 cell and a cell without a client keep client 2's figure after the pane switches to client 1", async () => {
    const { page } = stack;
    const last = (await direct.listPaymentRuns(2))
      .map((r) => r.period_end_date)
      .sort()
      .at(-1)!;
    const start = `${last.slice(0, 4)}-01-01`;
    const call = (client: string) => `=PAYROLL.AMOUNT("nett_pay","${start}","${last}"${client})`;

    await connect(page, stack.sandbox.apiKey);
    await chooseClient(page, 2); // the first client chosen: the workbook's formulas are linked to it
    await typeAt(page, "Sheet1", "A1", call(",,2"));
    await typeAt(page, "Sheet1", "B1", call(""));
    await typeAt(page, "Sheet1", "C1", call(",,1"));
    const [explicit2, linked, explicit1] = [
      await settledCell(page, "Sheet1", 0, 0, { untilFilled: true }),
      await settledCell(page, "Sheet1", 0, 1, { untilFilled: true }),
      await settledCell(page, "Sheet1", 0, 2, { untilFilled: true }),
    ];
    expect(typeof explicit2).toBe("number");
    expect(linked).toBe(explicit2);
    // The two clients' figures differ, so a cell following the pane would show it.
    expect(explicit1).not.toBe(explicit2);

    await chooseClient(page, 1);
    // A formula without a client typed after the switch shares the live cells' read (the same figure, one request),
    // so once it settles the re-read the switch started has settled too.
    await typeAt(page, "Sheet1", "D1", call(""));
    expect(await settledCell(page, "Sheet1", 0, 3, { untilFilled: true })).toBe(explicit2);
    expect(await settledCell(page, "Sheet1", 0, 0, { untilFilled: true })).toBe(explicit2);
    expect(await settledCell(page, "Sheet1", 0, 1, { untilFilled: true })).toBe(explicit2);
    expect(await settledCell(page, "Sheet1", 0, 2, { untilFilled: true })).toBe(explicit1);

    // The link is in the workbook (a document setting), so it outlives the session; the pane's choice is 1.
    const state = await workbookState(page);
    const settings = new Map(state.settings);
    expect(settings.get("payroll.formulasClientId")).toBe(2);
    expect(settings.get("payroll.clientId")).toBe(1);

    // Explain this figure says which client the formula without one uses, and why.
    await gridCell(page, "Sheet1", "B1").click();
    await page.getByRole("button", { name: "Explain this figure" }).click();
    await waitForSheet(page, "Explain Sheet1 B1");
    const text = await sheetText(page, "Explain Sheet1 B1");
    expect(text[0][0]).toContain(
      "all employees, Bureau demo: Shannon Foods Ltd (client 2) (the formula names no client: the workbook's formulas are linked to it)",
    );
  });
});
