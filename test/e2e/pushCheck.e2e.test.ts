/**
 * The check before a push, in Chromium against the sandbox: typing 3 changed cells and pressing Push changes shows
 * the rows, the cells and the salary's before/new/difference totals before anything is sent; Cancel sends nothing;
 * a salary raised by 60 % against last period is flagged with its reason; Send all but flagged saves the others and
 * leaves that row Held. The dialog leaves a README screenshot. Then, with "Pushes with flagged rows need a second
 * person" on: the held raise pushed by Anne ends Awaiting review with no bulk_input request, Anne cannot approve it,
 * Bob's Approve and send sends it, and its Change history line names both.
 */
import type { Page } from "playwright-core";
import { PayrollApi } from "../../src/api";
import { salariedWave, buildInputSheet, chooseClient, connect, openTab, selectWave, startStack, type Stack } from "./harness";
import { openSheet, records, typeCell } from "./grid";
import { screenshot } from "./screenshots";

/** "€3,000.00" -> 3000. */
const euros = (text: string) => Number(text.replace(/[^\d.-]/g, ""));
const money = (n: number) => n.toLocaleString("en-IE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe("check before push (preview in Chromium against the sandbox)", () => {
  let stack: Stack;
  let page: Page;
  const serviceRequests: string[] = [];
  /** The sheet the first test builds; the second goes on with it. */
  let built = "";

  beforeAll(async () => {
    stack = await startStack({ sandbox: { employees: 14 }, viewport: { width: 1500, height: 1000 } });
    page = stack.page;
    page.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith("/v1/")) serviceRequests.push(`${r.method()} ${path}`);
    });
    await connect(page, stack.sandbox.apiKey);
    await chooseClient(page, 1);
    await openTab(page, "Input sheets");
  });
  afterAll(() => stack?.close());

  it("shows totals and the flagged raise before sending; Cancel sends nothing; Send all but flagged holds that row", async () => {
    const api = new PayrollApi({ baseUrl: stack.sandbox.url, apiKey: stack.sandbox.apiKey });
    const wave = await salariedWave(api, 1);
    await selectWave(page, wave.w.id);
    const sheetName = await buildInputSheet(page, "Basic salary: amount");
    built = sheetName;
    const before = await records(page, sheetName);
    const header = Object.keys(before[0]).find((h) => h.startsWith("Basic salary"))!;
    const old = before.slice(0, 3).map((r) => euros(r[header]));
    expect(old.every((n) => n > 0)).toBe(true);
    const typed = [old[0] * 1.6, old[1] + 10, old[2] + 20].map((n) => Math.round(n * 100) / 100);

    await openSheet(page, sheetName);
    for (const [i, v] of typed.entries()) await typeCell(page, sheetName, i, header, String(v));
    await page.getByText("3 changes pending in 3 rows", { exact: true }).waitFor();
    await page.getByRole("combobox", { name: "Input sheet" }).selectOption(sheetName);

    // Push changes: the check shows before anything is sent.
    await page.getByRole("button", { name: "Push changes" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText(/rows? and \d+ cells? to send/).waitFor({ timeout: 30_000 });
    expect(serviceRequests.filter((r) => r.endsWith("/bulk_input"))).toHaveLength(0);
    expect(await dialog.getByText(/3 rows and 3 cells to send/).count()).toBe(1);
    const totals = await dialog
      .getByRole("table", { name: `Control totals: ${sheetName}` })
      .getByRole("row")
      .allTextContents();
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const diff = Math.round((sum(typed) - sum(old)) * 100) / 100;
    expect(totals[1]).toBe(`${header}3${money(sum(old))}${money(sum(typed))}+${money(diff)}`);
    // The 60 % raise is flagged with its reason; the small raises are not.
    const flags = await dialog
      .getByRole("list", { name: `Flagged rows: ${sheetName}` })
      .getByRole("listitem")
      .allTextContents();
    expect(flags).toHaveLength(1);
    expect(flags[0]).toContain(`${before[0].Name}`);
    expect(flags[0]).toMatch(
      new RegExp(
        `${header.replace(/[()]/g, "\\$&")}: ${money(old[0])} → ${money(typed[0])} \\(\\+60 %\\) against \\d\\d/\\d\\d/\\d{4}`,
      ),
    );
    await screenshot(page, "push-check");

    // Cancel: nothing is sent, the changes stay pending.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.getByText(/Nothing was sent: you cancelled at the check/).waitFor();
    expect(serviceRequests.filter((r) => r.endsWith("/bulk_input"))).toHaveLength(0);
    await page.getByText("3 changes pending in 3 rows", { exact: true }).waitFor();

    // Again, Send all but flagged: the two others are saved, the raised one Held with its reason.
    await page.getByRole("button", { name: "Push changes" }).click();
    await dialog.getByRole("button", { name: "Send all but flagged" }).click();
    await page.getByText(new RegExp(`^${sheetName.replace(/[()]/g, "\\$&")}: 2 saved, 1 held`)).waitFor({ timeout: 60_000 });
    expect(serviceRequests.filter((r) => r.endsWith("/bulk_input"))).toHaveLength(1);
    const after = await records(page, sheetName);
    expect(after.slice(0, 3).map((r) => r.Status)).toEqual(["Held", "Saved", "Saved"]);
    expect(after[0].Message).toMatch(/^Held at the check, not sent — .*\(\+60 %\) against/);
    await page.getByText("1 change pending in 1 row", { exact: true }).waitFor();
    const log = await records(page, "Push log");
    expect(log[log.length - 1]).toMatchObject({ Saved: "2", Held: "1" });
  });

  it("with a second person's review on, a flagged row waits for another person: 0 bulk_input until Bob approves it", async () => {
    const sheetName = built;
    const escaped = sheetName.replace(/[()]/g, "\\$&");
    const bulk = () => serviceRequests.filter((r) => r.endsWith("/bulk_input")).length;
    const sent = bulk();
    const dialog = page.getByRole("alertdialog");
    const preparer = page.getByRole("textbox", { name: "Prepared by" });
    await preparer.fill("Anne Byrne");
    await page.getByRole("checkbox", { name: "Pushes with flagged rows need a second person" }).check();

    // Anne pushes the held raise: it ends Awaiting review with her name and the reason, and nothing is sent.
    await page.getByRole("button", { name: "Push changes" }).click();
    await dialog.getByText(/flagged rows are not sent, they wait for another person's review/).waitFor({ timeout: 30_000 });
    await dialog.getByRole("button", { name: "Send", exact: true }).click();
    await page.getByText(new RegExp(`^${escaped}: 1 awaiting review`)).waitFor({ timeout: 60_000 });
    expect(bulk()).toBe(sent);
    const [row] = await records(page, sheetName);
    expect(row.Status).toBe("Awaiting review");
    expect(row.Message).toMatch(/^Awaiting review: prepared by Anne Byrne, .* Flagged: .*\(\+60 %\) against/);

    // Anne cannot approve her own row: the check says why, and offers no choice for it.
    await page.getByRole("button", { name: "Push changes" }).click();
    await dialog.getByText("Anne Byrne prepared these rows, so a second person must review them.").waitFor({ timeout: 30_000 });
    expect(await dialog.getByRole("radiogroup").count()).toBe(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.getByText(/Nothing was sent: you cancelled at the check/).waitFor();
    expect(bulk()).toBe(sent);

    // Bob reviews it: Approve and send sends that row alone.
    await preparer.fill("Bob Reid");
    await page.getByRole("button", { name: "Push changes" }).click();
    const choice = dialog.getByRole("radiogroup", { name: `Review: ${row.Name}` });
    await choice.waitFor({ timeout: 30_000 });
    await choice.getByRole("radio", { name: "Approve and send" }).check();
    await screenshot(page, "push-review");
    await dialog.getByRole("button", { name: "Send", exact: true }).click();
    await page.getByText(new RegExp(`^${escaped}: 1 saved`)).waitFor({ timeout: 60_000 });
    expect(bulk()).toBe(sent + 1);
    const [after] = await records(page, sheetName);
    expect(after.Status).toBe("Saved");
    expect(after.Message).toMatch(/Prepared by Anne Byrne, approved by Bob Reid\./);
    const history = await records(page, "Change history");
    const line = history.filter((l) => l["Employee ID"] === row["Employee ID"]).at(-1)!;
    expect(line).toMatchObject({ "Prepared by": "Anne Byrne", "Reviewed by": "Bob Reid", Outcome: "Saved" });
  });
});
