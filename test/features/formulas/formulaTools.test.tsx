/** @jest-environment jsdom */
/**
 * The formula tools in the pane (beside Refresh formulas): "Formulas read at …" kept in the document settings, the
 * offer to refresh figures read before this session, Refresh formulas' count of changed cells, and Explain this
 * figure's messages, with a WorkbookPort that holds settings, a selection and PAYROLL cells.
 */
import * as React from "react";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { FormulaCell, SelectedCell, SettingValue } from "../../../src/excel";
import { figuresRead } from "../../../src/functions/figuresRead";
import { App } from "../../../src/app/App";
import { readAtText } from "../../../src/features/formulas/panel/FormulaTools";
import { explainedText } from "../../../src/features/formulas/panel/useFormulaTools";
import { CLIENT_ID_SETTING } from "../../../src/ui/flows/clientChoice";
import { useAppServices } from "../../../src/ui/context";
import { FORMULAS_READ_SETTING } from "../../../src/ui/formulaFreshness";
import { createKeyStore } from "../../../src/ui/keyStore";
import { formatDateTime, formatTime } from "../../../src/ui/locale";
import type { PaneTab } from "../../../src/app/tabs";
import { CLIENTS, GOOD_KEY, fakeService, settingsOnlyWorkbook } from "../../support/fakes";
import "../../support/fluentDom";

const ORIGIN = "https://localhost:3000";
const TABS: PaneTab[] = [{ id: "probe", title: "Probe", Panel: () => <p>Probe panel</p> }];

function setup(
  settings: Record<string, SettingValue>,
  cells: { before: FormulaCell[]; after: FormulaCell[] },
  selection: SelectedCell,
) {
  const service = fakeService();
  const { workbook, settings: stored } = settingsOnlyWorkbook(settings);
  let reads = 0;
  workbook.formulaCells = async () => (reads++ === 0 ? cells.before : cells.after);
  workbook.selectedCell = async () => selection;
  localStorage.clear();
  const keyStore = createKeyStore({ storage: localStorage });
  const user = userEvent.setup();
  render(<App workbook={workbook} keyStore={keyStore} defaultServiceUrl={ORIGIN} createApi={service.createApi} tabs={TABS} />);
  return { user, stored };
}

async function connect(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^API key/), GOOD_KEY);
  await user.click(screen.getByRole("button", { name: "Connect" }));
  await screen.findByText("Probe panel");
}

const cell = (address: string, value: unknown): FormulaCell => ({
  sheetName: "Sheet1",
  address,
  formula: "=PAYROLL.AMOUNT(…)",
  value,
});
const CELLS = { before: [cell("C4", 100), cell("C5", 200)], after: [cell("C4", 100), cell("C5", 250)] };
const RANGE: SelectedCell = {
  sheetName: "Sheet1",
  address: "C4:C5",
  formula: '=PAYROLL.AMOUNT("paye","2026-01-01","2026-01-31")',
  value: 100,
};

it("offers Refresh formulas for figures read before this session, which then says how many cells changed", async () => {
  const earlier = new Date(Date.now() - 3 * 86_400_000);
  const { user, stored } = setup(
    { [CLIENT_ID_SETTING]: CLIENTS[0].id, [FORMULAS_READ_SETTING]: earlier.toISOString() },
    CELLS,
    RANGE,
  );
  await connect(user);
  expect(await screen.findByText(`Formulas read at ${formatDateTime(earlier)}`)).toBeTruthy();
  expect(screen.getByText(/were read at .*, before this session, and may be out of date/)).toBeTruthy();
  const offers = screen.getAllByRole("button", { name: "Refresh formulas" });
  expect(offers).toHaveLength(2); // beside Explain this figure, and in the offer
  await user.click(offers[1]);
  expect(await screen.findByText("Refreshed 2 PAYROLL cells: 1 changed value.")).toBeTruthy();
  // The functions read figures: the time shows, the offer goes, and the time is kept in the document settings.
  const now = new Date();
  act(() => figuresRead(now));
  expect(await screen.findByText(`Formulas read at ${formatTime(now)}`)).toBeTruthy();
  expect(screen.queryByText(/before this session/)).toBeNull();
  await waitFor(() => expect(stored.get(FORMULAS_READ_SETTING)).toBe(now.toISOString()));
});

it("Explain this figure on a range of several cells shows the flow's message as it is", async () => {
  const { user } = setup({ [CLIENT_ID_SETTING]: CLIENTS[0].id }, CELLS, RANGE);
  await connect(user);
  expect(screen.queryByText(/Formulas read at/)).toBeNull(); // never read: nothing to show, nothing offered
  await user.click(screen.getByRole("button", { name: "Explain this figure" }));
  expect(
    await screen.findByText(/^Select one cell: Explain this figure explains one PAYROLL.AMOUNT cell at a time/),
  ).toBeTruthy();
});

it("words the outcome: the sheet, the count and the total, and Refresh formulas when the cell shows an older figure", () => {
  const result = {
    sheetName: "Explain Sheet1 C4",
    tableName: "T",
    rowCount: 12,
    address: "",
    requests: 1,
    total: 4200,
    explains: "",
    matchesCell: true,
  };
  expect(explainedText("Sheet1!C4", result)).toEqual({
    intent: "success",
    text: 'Explained Sheet1!C4: 12 transactions, total 4,200.00, on sheet "Explain Sheet1 C4".',
  });
  const stale = explainedText("Sheet1!C4", { ...result, rowCount: 1, matchesCell: false });
  expect(stale.intent).toBe("warning");
  expect(stale.text).toMatch(/1 transaction, .* press Refresh formulas to read it again\.$/);
  const at = new Date(2026, 10, 26, 14, 32);
  expect(readAtText(at, new Date(2026, 10, 26, 18, 0))).toBe(formatTime(at));
  expect(readAtText(at, new Date(2026, 10, 27, 9, 0))).toBe(formatDateTime(at));
});

it("an old outcome of Explain this figure goes once other work starts in the pane", async () => {
  let finish: () => void = () => undefined;
  function WorkPanel() {
    const { progress } = useAppServices();
    return (
      <button onClick={() => void progress.run("Other work", () => new Promise<void>((resolve) => (finish = resolve)))}>
        Start other work
      </button>
    );
  }
  const service = fakeService();
  const { workbook } = settingsOnlyWorkbook({ [CLIENT_ID_SETTING]: CLIENTS[0].id });
  workbook.selectedCell = async () => RANGE;
  localStorage.clear();
  const user = userEvent.setup();
  render(
    <App
      workbook={workbook}
      keyStore={createKeyStore({ storage: localStorage })}
      defaultServiceUrl={ORIGIN}
      createApi={service.createApi}
      tabs={[{ id: "work", title: "Work", Panel: WorkPanel }]}
    />,
  );
  await user.type(screen.getByLabelText(/^API key/), GOOD_KEY);
  await user.click(screen.getByRole("button", { name: "Connect" }));
  await user.click(await screen.findByRole("button", { name: "Explain this figure" }));
  const error = /^Select one cell: Explain this figure explains one PAYROLL.AMOUNT cell at a time/;
  expect(await screen.findByText(error)).toBeTruthy();
  await user.click(screen.getByRole("button", { name: "Start other work" }));
  await waitFor(() => expect(screen.queryByText(error)).toBeNull());
  act(() => finish());
});
