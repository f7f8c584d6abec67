/** @jest-environment jsdom */
/** The check dialog and its settings: what a push will send, per client and sheet, the flags, and the choices. */
import * as React from "react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PushCheckDialog } from "../../../src/features/inputSheets/panel/PushCheckDialog";
import { PushCheckSettingsView } from "../../../src/features/inputSheets/panel/PushCheckSettings";
import type { SheetCheck } from "../../../src/features/inputSheets/flows/pushCheck";
import { DEFAULT_PUSH_CHECK } from "../../../src/features/inputSheets/model/pushCheck";
import { renderInFluent as wrap } from "../../support/fluentDom";

const sheet = (over: Partial<SheetCheck>): SheetCheck => ({
  sheetName: "Inputs Monthly 2026-10-31",
  clientId: 1,
  clientName: "Liffey Ltd",
  mode: "changed",
  previousDate: "2026-09-30",
  totals: {
    rows: 3,
    cells: 3,
    columns: [{ header: "Basic salary: amount", cells: 3, before: 9000, after: 10830, difference: 1830 }],
  },
  notSent: [],
  flags: [
    {
      rowIndex: 0,
      employeeId: 11,
      name: "Aoife Byrne (0011)",
      reasons: ["Basic salary: amount: 3,000.00 → 4,800.00 (+60 %) against 30/09/2026"],
      columns: ["Basic salary: amount"],
    },
  ],
  ...over,
});

it("shows rows, cells, each input's before/new/difference and the flagged row; each button answers", async () => {
  const onChoose = jest.fn();
  wrap(<PushCheckDialog review={{ sheets: [sheet({})] }} onChoose={onChoose} />);
  const dialog = await screen.findByRole("alertdialog", { name: "Check before sending: Inputs Monthly 2026-10-31" });
  expect(within(dialog).getByText("Liffey Ltd: 3 rows and 3 cells to send.")).toBeTruthy();
  const rows = within(within(dialog).getByRole("table", { name: /^Control totals/ })).getAllByRole("row");
  expect(rows.map((r) => r.textContent)).toEqual([
    "InputCellsBeforeNewDifference",
    "Basic salary: amount39,000.0010,830.00+1,830.00",
  ]);
  expect(within(dialog).getByRole("list", { name: /^Flagged rows/ }).textContent).toBe(
    "Aoife Byrne (0011): Basic salary: amount: 3,000.00 → 4,800.00 (+60 %) against 30/09/2026",
  );
  for (const [name, choice] of [
    ["Cancel", "cancel"],
    ["Send all but flagged", "sendUnflagged"],
    ["Send", "send"],
  ] as const) {
    await userEvent.click(within(dialog).getByRole("button", { name }));
    expect(onChoose).toHaveBeenLastCalledWith(choice);
  }
});

it("groups Push all's sheets by client with each client's rows and cells; nothing flagged: Send all but flagged is off", async () => {
  const a = sheet({ flags: [] });
  const b = sheet({
    sheetName: "Inputs Weekly",
    clientId: 2,
    clientName: "Shannon Ltd",
    flags: [],
    totals: { rows: 1, cells: 2, columns: [] },
  });
  wrap(<PushCheckDialog review={{ sheets: [a, b] }} onChoose={() => undefined} />);
  const dialog = await screen.findByRole("alertdialog", { name: "Check before sending 2 input sheets" });
  expect(within(dialog).getByText("Liffey Ltd: 3 rows and 3 cells to send in 1 sheet.")).toBeTruthy();
  expect(within(dialog).getByText("Shannon Ltd: 1 row and 2 cells to send in 1 sheet.")).toBeTruthy();
  expect(within(dialog).getAllByText("No row is flagged against the payslips of 30/09/2026.")).toHaveLength(2);
  expect(within(dialog).getByRole("button", { name: "Send all but flagged" })).toHaveProperty("disabled", true);
});

it("changes the settings: the check off, and a limit, refusing a negative one", async () => {
  const onChange = jest.fn();
  wrap(<PushCheckSettingsView settings={DEFAULT_PUSH_CHECK} onChange={onChange} />);
  await userEvent.click(screen.getByRole("checkbox", { name: "Check before every push" }));
  expect(onChange).toHaveBeenLastCalledWith({ ...DEFAULT_PUSH_CHECK, enabled: false });
  const euro = screen.getByRole("spinbutton", { name: "Flag beyond Amounts: €" });
  await userEvent.clear(euro);
  await userEvent.type(euro, "-");
  expect(screen.getByText("Enter a number, 0 or more.")).toBeTruthy();
  await userEvent.clear(euro);
  await userEvent.type(euro, "250");
  expect(onChange).toHaveBeenLastCalledWith({ ...DEFAULT_PUSH_CHECK, amountEuro: 250 });
});

it("names the rows that will not be sent, with why", async () => {
  const s = sheet({
    notSent: [{ rowIndex: 4, name: "Ciara Walsh (0015)", reason: 'Bonus: amount: "ten" is not a number' }],
  });
  wrap(<PushCheckDialog review={{ sheets: [s] }} onChoose={() => undefined} />);
  const dialog = await screen.findByRole("alertdialog");
  expect(within(dialog).getByText("1 row will not be sent:")).toBeTruthy();
  expect(within(dialog).getByRole("list", { name: /^Rows not sent/ }).textContent).toBe(
    'Ciara Walsh (0015): Bonus: amount: "ten" is not a number',
  );
});

it("with every row flagged, says that Send all but flagged would send nothing", async () => {
  const onChoose = jest.fn();
  const s = sheet({ totals: { rows: 1, cells: 1, columns: [] } });
  wrap(<PushCheckDialog review={{ sheets: [s] }} onChoose={onChoose} />);
  const dialog = await screen.findByRole("alertdialog");
  expect(within(dialog).getByText(/Every row to send is flagged: Send all but flagged would send nothing/)).toBeTruthy();
  await userEvent.click(within(dialog).getByRole("button", { name: "Send all but flagged (sends nothing)" }));
  expect(onChoose).toHaveBeenLastCalledWith("sendUnflagged");
});

it("marks an input of the chosen sheet one-off or not, kept with the limits", async () => {
  const onChange = jest.fn();
  const inputs = [
    { key: "calc.bonus.amount", header: "Bonus: amount", type: "currency" as const },
    { key: "calc.basic_salary.amount", header: "Basic salary: amount", type: "currency" as const },
  ];
  wrap(<PushCheckSettingsView settings={DEFAULT_PUSH_CHECK} onChange={onChange} inputs={inputs} />);
  const bonus = screen.getByRole("switch", { name: /One-off: a new Bonus: amount/ });
  const salary = screen.getByRole("switch", { name: /One-off: a new Basic salary: amount/ });
  expect(bonus).toHaveProperty("checked", true);
  expect(salary).toHaveProperty("checked", false);
  await userEvent.click(bonus);
  expect(onChange).toHaveBeenLastCalledWith({ ...DEFAULT_PUSH_CHECK, oneOff: { "calc.bonus.amount": false } });
});

it("lists rows awaiting review: per row Approve and send or Return with a note (a note required); the preparer's own rows offer no choice", async () => {
  const onChoose = jest.fn();
  const awaiting = [
    { rowIndex: 0, name: "Aoife Byrne (0011)", preparedBy: "Anne Byrne", reasons: ["Raised 60 %"], mayReview: true },
    { rowIndex: 1, name: "Conor Walsh (0012)", preparedBy: "Anne Byrne", reasons: ["New bonus"], mayReview: true },
    { rowIndex: 2, name: "Ciara Lynch (0013)", preparedBy: "Bob Reid", reasons: ["No payslip last period"], mayReview: false },
  ];
  wrap(<PushCheckDialog review={{ sheets: [sheet({ flags: [], awaiting })] }} onChoose={onChoose} />);
  const dialog = await screen.findByRole("alertdialog");
  expect(within(dialog).getByText(/flagged rows are not sent, they wait for another person's review/)).toBeTruthy();
  expect(within(dialog).getByText("Bob Reid prepared these rows, so a second person must review them.")).toBeTruthy();
  expect(
    within(dialog)
      .getAllByRole("radiogroup")
      .map((g) => g.getAttribute("aria-label")),
  ).toEqual(["Review: Aoife Byrne (0011)", "Review: Conor Walsh (0012)"]);
  const group = (name: string) => within(dialog).getByRole("radiogroup", { name: `Review: ${name}` });
  await userEvent.click(within(group("Aoife Byrne (0011)")).getByRole("radio", { name: "Approve and send" }));
  await userEvent.click(within(group("Conor Walsh (0012)")).getByRole("radio", { name: "Return with a note" }));
  const send = within(dialog).getByRole("button", { name: "Send" });
  // A return needs its note.
  expect(send.hasAttribute("disabled") || send.getAttribute("aria-disabled") === "true").toBe(true);
  await userEvent.type(within(dialog).getByRole("textbox", { name: "Note for Anne Byrne" }), "Ask the client");
  await userEvent.click(send);
  expect(onChoose).toHaveBeenLastCalledWith({
    choice: "send",
    review: new Map([
      [
        "Inputs Monthly 2026-10-31",
        new Map([
          [0, { action: "approve" }],
          [1, { action: "return", note: "Ask the client" }],
        ]),
      ],
    ]),
  });
  // For all: both rows approved at once.
  await userEvent.click(within(dialog).getByRole("button", { name: "Approve and send all" }));
  await userEvent.click(send);
  expect(onChoose.mock.lastCall[0].review.get("Inputs Monthly 2026-10-31")).toEqual(
    new Map([
      [0, { action: "approve" }],
      [1, { action: "approve" }],
    ]),
  );
});

it("turns on Pushes with flagged rows need a second person, kept with the check's settings", async () => {
  const onChange = jest.fn();
  wrap(<PushCheckSettingsView settings={DEFAULT_PUSH_CHECK} onChange={onChange} />);
  const box = screen.getByRole("checkbox", { name: "Pushes with flagged rows need a second person" });
  expect((box as HTMLInputElement).checked).toBe(false);
  await userEvent.click(box);
  expect(onChange).toHaveBeenLastCalledWith({ ...DEFAULT_PUSH_CHECK, secondPerson: true });
});
