/** @jest-environment jsdom */
import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { computeAccessibleName } from "dom-accessibility-api";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { REPORT_IDS, type ReportId, type Employee } from "../../../src/contract";

/** The reports the service document marks beta. */
const BETA_REPORTS: readonly ReportId[] = ["leave_liability_v2", "tracked_balances"];
import { REPORT_TITLES } from "../../../src/features/reports/flows/reports";
import { defaultParams, type ClientReportData, type ReportParams } from "../../../src/features/reports/model";
import { ReportsForm } from "../../../src/features/reports/panel/ReportsForm";
import { ReportsView, type ReportsViewProps } from "../../../src/features/reports/panel/ReportsView";
import { BASIC_SALARY, paymentRun as run, wave } from "../../support/fixtures";
import "../../support/fluentDom";

const employee = (id: number, number: string, wave_id: number, first: string): Employee => ({
  id,
  number,
  first_name: first,
  last_name: "Byrne",
  wave_id,
  custom_fields: { "21": "Dublin" },
});

const DATA: ClientReportData = {
  clientId: 1,
  clientName: "Liffey",
  waves: [wave(10, "Monthly"), wave(11, "Weekly")],
  employees: [employee(100, "1", 10, "Aoife"), employee(101, "2", 11, "Brian"), employee(102, "3", 10, "Ciara")],
  paymentRuns: [run(1, 10, 118, "2025-11-30"), run(2, 10, 119, "2025-12-31"), run(3, 11, 520, "2025-12-26")],
  leaveTypes: { "4": "Annual leave", "5": "Sick leave" },
  itemsAndOutputs: {
    system_items: [BASIC_SALARY],
    custom_items: [],
    outputs: [
      { name: "gross_pay", label: "Gross pay", category: "total" },
      { name: "nett_pay", label: "Nett pay", category: "total" },
    ],
    accounts: [
      { name: "basic_salary", label: "Basic salary" },
      { name: "gross_pay", label: "Gross pay" },
      { name: "nett_pay", label: "Nett pay" },
    ],
  },
};

function Harness({ initial, data, seen }: { initial: ReportParams; data: ClientReportData[]; seen: ReportParams[] }) {
  const [params, setParams] = React.useState(initial);
  return (
    <FluentProvider theme={webLightTheme}>
      <ReportsForm
        data={data}
        params={params}
        onChange={(p) => {
          seen.push(p);
          setParams(p);
        }}
      />
    </FluentProvider>
  );
}

function renderForm(reportId: ReportParams["reportId"], data: ClientReportData[] = [DATA]) {
  const seen: ReportParams[] = [];
  const initial = defaultParams(reportId, data, new Date(2026, 2, 10));
  render(<Harness initial={initial} data={data} seen={seen} />);
  return { seen, last: () => seen[seen.length - 1] };
}

/** Items of the open picker: Fluent's multi-select Combobox uses menu item checkboxes, the Dropdown options. */
function items(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>("[role=option],[role=menuitemcheckbox]"));
}
function item(name: string | RegExp): HTMLElement {
  const found = items().filter((o) => (typeof name === "string" ? o.textContent === name : name.test(o.textContent ?? "")));
  if (found.length !== 1)
    throw new Error(
      `expected one item ${String(name)}, found ${found.length}: ${items()
        .map((o) => o.textContent)
        .join(" | ")}`,
    );
  return found[0];
}

/** Every interactive control has an accessible name (a visible label). */
function expectAllLabelled() {
  const controls = [
    ...screen.queryAllByRole("combobox"),
    ...screen.queryAllByRole("textbox"),
    ...screen.queryAllByRole("switch"),
    ...screen.queryAllByRole("button"),
    ...Array.from(document.querySelectorAll("input[type=date]")),
  ];
  expect(controls.length).toBeGreaterThan(0);
  for (const c of controls) expect(computeAccessibleName(c).trim()).not.toBe("");
}

describe("report forms", () => {
  it.each(["transaction_history", "variance", "comparison_leave", "leave_liability_v2", "tracked_balances"] as const)(
    "%s: every control is labelled and no control asks for an ID",
    (reportId) => {
      renderForm(reportId);
      expectAllLabelled();
      for (const input of screen.queryAllByRole("textbox")) expect(computeAccessibleName(input)).not.toMatch(/\bID\b/);
    },
  );

  it("transaction_history: accounts and custom fields are picked with the keyboard", async () => {
    const user = userEvent.setup();
    const { last } = renderForm("transaction_history");
    // Date fields show Office's display language (en-IE: day/month/year); the form keeps ISO dates.
    expect(screen.getByLabelText(/^From/)).toHaveProperty("value", "01/01/2026");
    expect(screen.getByLabelText(/^To/)).toHaveProperty("value", "31/12/2026");
    const accounts = screen.getByRole("combobox", { name: /Accounts/ });
    expect(accounts).toHaveProperty("value", "Gross pay, Nett pay");
    await user.click(accounts);
    await user.keyboard("basic");
    expect(items().map((o) => o.textContent)).toEqual(["Basic salary"]);
    await user.keyboard("{ArrowDown}{Enter}{Escape}");
    expect(last()).toMatchObject({ accountNames: ["gross_pay", "nett_pay", "basic_salary"] });

    const fields = screen.getByRole("combobox", { name: /Employee fields/ });
    await user.click(fields);
    const options = items().map((o) => o.textContent);
    expect(options).toEqual(["First name", "Last name", "Custom field 21 (e.g. “Dublin”) · 3 employees"]);
    await user.click(item(/Custom field 21/));
    expect(last()).toMatchObject({ customFields: ["21"] });
  });

  it("employees: all by default, or a multi-select narrowed to the chosen pay frequency", async () => {
    const user = userEvent.setup();
    const { last } = renderForm("tracked_balances");
    const all = screen.getByRole("switch", { name: "All employees" });
    expect((all as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole("combobox", { name: /Pay frequencies/ }));
    await user.click(item("Monthly"));
    await user.keyboard("{Escape}");
    await user.click(all);
    expect(last()).toMatchObject({ waveIds: [10], employeeIds: [] });
    await user.click(screen.getByRole("combobox", { name: /^Employees/ }));
    expect(items().map((o) => o.textContent)).toEqual(["1 · Aoife Byrne", "3 · Ciara Byrne"]);
    await user.click(item("3 · Ciara Byrne"));
    expect(last()).toMatchObject({ employeeIds: [102] });
  });

  it("variance: the period is a pay run of the chosen wave; changing the wave picks its last run", async () => {
    const user = userEvent.setup();
    const { last } = renderForm("variance");
    expect(screen.getByRole("combobox", { name: /Period/ }).textContent).toContain("Period ending 31/12/2025");
    await user.click(screen.getByRole("combobox", { name: /Pay frequency/ }));
    await user.click(item("Weekly"));
    expect(last()).toMatchObject({ waveId: 11, paymentRunId: 3 });
    await user.click(screen.getByRole("combobox", { name: /Pay frequency/ }));
    await user.click(item("Monthly"));
    await user.click(screen.getByRole("combobox", { name: /Period/ }));
    // The open period (after the last pay run) comes first: it has no pay run of its own yet.
    expect(items().map((o) => o.textContent)).toEqual([
      "Open period ending 31/01/2026 (not finalised)",
      "Period ending 31/12/2025",
      "Period ending 30/11/2025",
    ]);
    await user.click(item("Period ending 30/11/2025"));
    expect(last()).toMatchObject({ waveId: 10, paymentRunId: 1 });
  });

  it("comparison_leave: leave types from leave_types; several clients hide the ID-bound filters", async () => {
    const user = userEvent.setup();
    const other: ClientReportData = { ...DATA, clientId: 2, clientName: "Boyne", leaveTypes: { "9": "Parental leave" } };
    const { last } = renderForm("comparison_leave", [DATA, other]);
    expect(screen.queryByRole("combobox", { name: /Pay frequencies/ })).toBeNull();
    expect(screen.getByText("With several clients every pay frequency and employee is included.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: /Clear Leave types/ }));
    expect(last()).toMatchObject({ leaveTypes: [] });
    expect(screen.getByText("Choose at least one leave type.")).toBeTruthy();
    await user.click(screen.getByRole("combobox", { name: /Leave types/ }));
    expect(items().map((o) => o.textContent)).toEqual(["Annual leave", "Parental leave", "Sick leave"]);
  });
});

describe("reports view", () => {
  function props(over: Partial<ReportsViewProps> = {}): ReportsViewProps {
    const params = defaultParams("tracked_balances", [DATA], new Date(2026, 2, 10));
    return {
      reportOptions: [{ value: "tracked_balances", label: "Tracked balances (beta)" }],
      reportId: "tracked_balances",
      onReportChange: jest.fn(),
      clientOptions: [{ value: 1, label: "Liffey" }],
      clientIds: [1],
      onClientsChange: jest.fn(),
      loading: false,
      loadError: null,
      onReload: jest.fn(),
      data: [DATA],
      params,
      onParamsChange: jest.fn(),
      mode: "sync",
      onModeChange: jest.fn(),
      estimate: { employees: 3, cells: 12, suggestAsync: false, reason: "About 12 cells (3 employees)." },
      sheetName: "Tracked balances",
      onSheetNameChange: jest.fn(),
      sheetNameProblem: null,
      problems: [],
      notices: [],
      busy: false,
      onRun: jest.fn(),
      running: null,
      onCancel: jest.fn(),
      outcome: null,
      reportSheets: [],
      onRefresh: jest.fn(),
      ...over,
    };
  }
  const wrap = (p: ReportsViewProps) =>
    render(
      <FluentProvider theme={webLightTheme}>
        <ReportsView {...p} />
      </FluentProvider>,
    );

  it("suggests a background job for large requests and lets the user take it", async () => {
    const user = userEvent.setup();
    const p = props({
      estimate: { employees: 20000, cells: 80000, suggestAsync: true, reason: "About 80,000 cells (20000 employees)." },
    });
    wrap(p);
    expect(screen.getByText(/This report looks large\. About 80,000 cells/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Use a background job" }));
    expect(p.onModeChange).toHaveBeenCalledWith("async");
    expectAllLabelled();
  });

  it("Run is disabled while there are problems; a running report shows status, elapsed time and Cancel", async () => {
    const user = userEvent.setup();
    const blocked = props({ problems: ["Choose the date of the balances."] });
    const { unmount } = wrap(blocked);
    expect((screen.getByRole("button", { name: "Run report" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Choose the date of the balances.")).toBeTruthy();
    unmount();

    const running = props({
      busy: true,
      running: {
        label: "Report: Tracked balances",
        startedAt: Date.now() - 75_000,
        status: "Waiting for the service: 0 of 1 finished, checked 7 times.",
      },
    });
    wrap(running);
    expect(screen.getByRole("timer", { name: "Elapsed time" }).textContent).toMatch(/^Elapsed 1:1[56]$/);
    await user.click(screen.getByRole("button", { name: "Cancel Report: Tracked balances" }));
    expect(running.onCancel).toHaveBeenCalled();
  });

  it("lists report sheets with a Refresh button each", async () => {
    const user = userEvent.setup();
    const p = props({ reportSheets: [{ sheetName: "Variance", description: "Variance · Liffey" }] });
    wrap(p);
    await user.click(
      within(screen.getByRole("region", { name: "Report sheets" })).getByRole("button", { name: "Refresh Variance" }),
    );
    expect(p.onRefresh).toHaveBeenCalledWith("Variance");
  });
});

describe("report titles", () => {
  it("mark exactly the document's beta reports", () => {
    for (const id of REPORT_IDS) expect(REPORT_TITLES[id].endsWith("(beta)")).toBe(BETA_REPORTS.includes(id));
  });
});
