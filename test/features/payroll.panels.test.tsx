/** @jest-environment jsdom */
/** The Pay runs, Leave, Employees and Calculations views: labelled, keyboard-usable, data and callbacks only. */
import * as React from "react";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { PayRunsView, type PayRunsViewProps } from "../../src/features/payRuns/panel/PayRunsView";
import { LeaveView, type LeaveViewProps } from "../../src/features/leave/panel/LeaveView";
import { EmployeesView, type EmployeesViewProps } from "../../src/features/employees/panel/EmployeesView";
import { CalculationsView, type CalculationsViewProps } from "../../src/features/calculations/panel/CalculationsView";
import { BASIC_SALARY, EMPLOYER_LOAN } from "../support/fixtures";
import { renderInFluent as wrap, expectAllLabelled } from "../support/fluentDom";

/**
 * Puts the keyboard focus on a control. Fluent's dropdowns update their state on focus, so a bare element.focus()
 * outside act() is what made React warn that an update was not wrapped in act(...).
 */
const focusOn = (control: HTMLElement) => act(() => control.focus());

const employees = [
  { id: 1001, number: "E001", first_name: "Aoife", last_name: "Byrne" },
  { id: 1002, number: "E002", first_name: "Brian", last_name: "Walsh" },
];

function payRunsProps(over: Partial<PayRunsViewProps> = {}): PayRunsViewProps {
  return {
    busy: false,
    runs: [
      { id: 7, label: "2026-10-31 · Monthly · €10,000.00" },
      { id: 6, label: "2026-09-30 · Monthly · €9,000.00" },
    ],
    runId: null,
    onRunChange: jest.fn(),
    onPayRunsToSheet: jest.fn(),
    onRunPayslips: jest.fn(),
    onJournal: jest.fn(),
    posted: null,
    downloads: true,
    onPayslipPack: jest.fn(),
    onJournalFile: jest.fn(),
    employees,
    employeeId: null,
    onEmployeeChange: jest.fn(),
    onEmployeePayslips: jest.fn(),
    payslips: [],
    payslipId: null,
    onPayslipChange: jest.fn(),
    onPayslipDetail: jest.fn(),
    onOpenPdf: jest.fn(),
    onOpenSelectedPdf: jest.fn(),
    onRecentPayslips: jest.fn(),
    outcome: null,
    ...over,
  };
}

describe("PayRunsView", () => {
  it("labels every control; run actions wait for a chosen run; a run is picked with the keyboard", async () => {
    const user = userEvent.setup();
    const props = payRunsProps();
    const { container, rerender } = wrap(<PayRunsView {...props} />);
    expectAllLabelled(container);
    const [payslipsButton] = screen.getAllByRole("button", { name: "Payslips to sheet" });
    expect((payslipsButton as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Journal to sheet" }) as HTMLButtonElement).disabled).toBe(true);

    focusOn(screen.getByRole("combobox", { name: "Pay run" }));
    await user.keyboard("{Enter}");
    await user.keyboard("{ArrowDown}{Enter}");
    expect(props.onRunChange).toHaveBeenLastCalledWith(6);

    rerender(
      <FluentProvider theme={webLightTheme}>
        <PayRunsView {...props} runId={6} />
      </FluentProvider>,
    );
    await user.click(screen.getAllByRole("button", { name: "Payslips to sheet" })[0]);
    await user.click(screen.getByRole("button", { name: "Journal to sheet" }));
    expect(props.onRunPayslips).toHaveBeenCalledTimes(1);
    expect(props.onJournal).toHaveBeenCalledTimes(1);
  });

  it("offers the handover pack for a chosen run: downloads in a browser, sheets in Excel; says whether it was posted", async () => {
    const user = userEvent.setup();
    const props = payRunsProps();
    const { rerender } = wrap(<PayRunsView {...props} />);
    const pdf = screen.getByRole("button", { name: "Download payslips as one PDF" }) as HTMLButtonElement;
    expect(pdf.disabled).toBe(true);
    expect(screen.queryByText(/posted to accounting/)).toBeNull();
    const again = (over: Partial<PayRunsViewProps>) =>
      rerender(
        <FluentProvider theme={webLightTheme}>
          <PayRunsView {...props} {...over} />
        </FluentProvider>,
      );
    again({ runId: 7, posted: false });
    expect(screen.getByText("This pay run is not yet posted to accounting.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Download payslips as one PDF" }));
    await user.click(screen.getByRole("button", { name: "Download journal as CSV" }));
    expect(props.onPayslipPack).toHaveBeenCalledTimes(1);
    expect(props.onJournalFile).toHaveBeenCalledTimes(1);

    again({ runId: 7, posted: true, downloads: false });
    expect(screen.getByText("This pay run was posted to accounting.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Download payslips as one PDF" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Payslip pack to sheet" }));
    await user.click(screen.getByRole("button", { name: "Journal import to sheet" }));
    expect(props.onPayslipPack).toHaveBeenCalledTimes(2);
    expect(props.onJournalFile).toHaveBeenCalledTimes(2);
  });

  it("finds an employee by typing part of the name", async () => {
    const user = userEvent.setup();
    const props = payRunsProps();
    wrap(<PayRunsView {...props} />);
    await user.type(screen.getByRole("combobox", { name: "Employee" }), "walsh");
    const options = screen.getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["E002 · Brian Walsh"]);
    await user.keyboard("{ArrowDown}{Enter}");
    expect(props.onEmployeeChange).toHaveBeenCalledWith(1002);
  });

  it("disables every action while work runs and shows the outcome", () => {
    wrap(
      <PayRunsView
        {...payRunsProps({ busy: true, runId: 7, outcome: { intent: "warning", text: "Journal does not balance" } })}
      />,
    );
    const buttons = screen.getAllByRole("button").filter((b): b is HTMLButtonElement => b.tagName === "BUTTON");
    expect(buttons.length).toBeGreaterThan(5);
    for (const b of buttons) expect([b.textContent, b.disabled]).toEqual([b.textContent, true]);
    expect(screen.getByText("Journal does not balance")).toBeTruthy();
  });
});

function leaveProps(over: Partial<LeaveViewProps> = {}): LeaveViewProps {
  return {
    busy: false,
    employees,
    balanceDate: "2026-10-31",
    onBalanceDateChange: jest.fn(),
    onLeaveTypes: jest.fn(),
    onBalances: jest.fn(),
    loadEmployeeIds: [],
    onLoadEmployeeIdsChange: jest.fn(),
    blankRows: true,
    onBlankRowsChange: jest.fn(),
    onLoadDays: jest.fn(),
    onSaveDays: jest.fn(),
    onDeleteSelected: jest.fn(),
    confirm: null,
    onConfirmDelete: jest.fn(),
    onCancelDelete: jest.fn(),
    checkEmployeeId: null,
    onCheckEmployeeChange: jest.fn(),
    onCheckBalance: jest.fn(),
    checked: null,
    outcome: null,
    ...over,
  };
}

describe("LeaveView", () => {
  it("labels every control, rejects a bad date, and picks several employees", async () => {
    const user = userEvent.setup();
    const props = leaveProps();
    const { container, rerender } = wrap(<LeaveView {...props} />);
    expectAllLabelled(container);
    await user.click(screen.getByRole("button", { name: "Every employee's balances to sheet" }));
    expect(props.onBalances).toHaveBeenCalled();
    focusOn(screen.getByRole("combobox", { name: "Load the existing days of" }));
    await user.keyboard("{ArrowDown}");
    // Fluent's multi-select Combobox lists its items as menu item checkboxes.
    await user.click(screen.getByRole("menuitemcheckbox", { name: "E002 · Brian Walsh" }));
    expect(props.onLoadEmployeeIdsChange).toHaveBeenLastCalledWith([1002]);

    rerender(
      <FluentProvider theme={webLightTheme}>
        <LeaveView {...props} balanceDate="31/10/2026" />
      </FluentProvider>,
    );
    expect((screen.getByRole("button", { name: "Every employee's balances to sheet" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Enter a date as dd/mm/yyyy")).toBeTruthy(); // Office's display language, en-IE here
  });

  it("asks before deleting: Escape cancels, Delete confirms", async () => {
    const user = userEvent.setup();
    const props = leaveProps({ confirm: { items: ["Leave day 12 on 2026-12-01", "Leave day 13 on 2026-12-02"] } });
    wrap(<LeaveView {...props} />);
    const dialog = screen.getByRole("alertdialog", { name: "Delete these leave days?" });
    expect(
      within(dialog)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Leave day 12 on 2026-12-01", "Leave day 13 on 2026-12-02"]);
    await user.keyboard("{Escape}");
    expect(props.onCancelDelete).toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(props.onConfirmDelete).toHaveBeenCalled();
  });

  it("shows one employee's balances", () => {
    wrap(<LeaveView {...leaveProps({ checkEmployeeId: 1001, checked: [{ type: "Annual leave", balance: 12.5 }] })} />);
    expect(within(screen.getByRole("list", { name: "Leave balances" })).getByText("Annual leave: 12.5")).toBeTruthy();
  });
});

function employeesProps(over: Partial<EmployeesViewProps> = {}): EmployeesViewProps {
  return {
    busy: false,
    manualNumbers: false,
    onSaveEmployees: jest.fn(),
    onDeleteSelected: jest.fn(),
    confirm: null,
    onConfirm: jest.fn(),
    onCancelConfirm: jest.fn(),
    onServicePeriods: jest.fn(),
    action: "end_service",
    onActionChange: jest.fn(),
    actionDate: "2026-11-30",
    onActionDateChange: jest.fn(),
    terminationCode: "",
    onTerminationCodeChange: jest.fn(),
    onRunAction: jest.fn(),
    employees,
    employeeId: null,
    onEmployeeChange: jest.fn(),
    onEmployeeDetail: jest.fn(),
    onProfileMappings: jest.fn(),
    onEmployeeServicePeriods: jest.fn(),
    periods: null,
    profileId: "",
    onProfileIdChange: jest.fn(),
    profileInputs: "",
    onProfileInputsChange: jest.fn(),
    onCreateMapping: jest.fn(),
    mappingError: null,
    wave: { frequency: "monthly", firstEndDate: "", lastDayOfMonth: "", customName: "" },
    onWaveChange: jest.fn(),
    customNameAllowed: false,
    waveErrors: {},
    onCreateWave: jest.fn(),
    outcome: null,
    ...over,
  };
}

describe("EmployeesView", () => {
  it("labels every control; End service needs a numeric termination code", async () => {
    const user = userEvent.setup();
    const props = employeesProps();
    const { container, rerender } = wrap(<EmployeesView {...props} />);
    expectAllLabelled(container);
    expect((screen.getByRole("button", { name: "End service for selected rows" }) as HTMLButtonElement).disabled).toBe(true);
    rerender(
      <FluentProvider theme={webLightTheme}>
        <EmployeesView {...props} terminationCode="3" />
      </FluentProvider>,
    );
    await user.click(screen.getByRole("button", { name: "End service for selected rows" }));
    expect(props.onRunAction).toHaveBeenCalled();
    await user.click(screen.getByRole("radio", { name: "Undo end of service" }));
    expect(props.onActionChange).toHaveBeenCalledWith("undo_end_service");
  });

  it("shows undo without date fields, custom wave names only when the client allows them, and validation messages", () => {
    wrap(
      <EmployeesView
        {...employeesProps({
          action: "undo_end_service",
          customNameAllowed: true,
          waveErrors: { last_day_of_month: "is required for a monthly frequency" },
        })}
      />,
    );
    expect(screen.queryByLabelText("Termination date")).toBeNull();
    expect((screen.getByRole("button", { name: "Undo end of service for selected rows" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(screen.getByLabelText("Custom name (optional)")).toBeTruthy();
    expect(screen.getByText("is required for a monthly frequency")).toBeTruthy();
  });

  it("mentions manual numbering and confirms deletes", async () => {
    const user = userEvent.setup();
    const props = employeesProps({
      manualNumbers: true,
      confirm: { title: "Delete 1 employee? This cannot be undone.", items: ["E001 Aoife Byrne"] },
    });
    wrap(<EmployeesView {...props} />);
    expect(screen.getByText(/numbers employees manually/)).toBeTruthy();
    const dialog = screen.getByRole("alertdialog", { name: "Delete 1 employee? This cannot be undone." });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(props.onCancelConfirm).toHaveBeenCalled();
    expect(props.onConfirm).not.toHaveBeenCalled();
  });
});

function calcProps(over: Partial<CalculationsViewProps> = {}): CalculationsViewProps {
  return {
    busy: false,
    scope: "employee",
    onScopeChange: jest.fn(),
    employees,
    employeeId: null,
    onEmployeeChange: jest.fn(),
    payslips: [],
    payslipId: null,
    onPayslipChange: jest.fn(),
    onView: jest.fn(),
    onSaveEdits: jest.fn(),
    onDeleteSelected: jest.fn(),
    onShowSelected: jest.fn(),
    shown: null,
    confirm: null,
    onConfirmDelete: jest.fn(),
    onCancelDelete: jest.fn(),
    items: [BASIC_SALARY, EMPLOYER_LOAN],
    itemId: "",
    onItemChange: jest.fn(),
    inputs: {},
    onInputChange: jest.fn(),
    operation: "",
    onOperationChange: jest.fn(),
    instanceId: "",
    onInstanceIdChange: jest.fn(),
    formErrors: {},
    onAdd: jest.fn(),
    onInherited: jest.fn(),
    onInheritedHistory: jest.fn(),
    regularHoursProblem: null,
    effectiveDate: "",
    onEffectiveDateChange: jest.fn(),
    onBuildRegularHours: jest.fn(),
    onSaveRegularHours: jest.fn(),
    outcome: null,
    ...over,
  };
}

describe("CalculationsView", () => {
  it("labels every control; viewing waits for the employee", async () => {
    const { container } = wrap(<CalculationsView {...calcProps()} />);
    expectAllLabelled(container);
    expect((screen.getByRole("button", { name: "View calculations" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the chosen item's inputs, and the operation only for multi-instance items", async () => {
    const user = userEvent.setup();
    const props = calcProps({
      employeeId: 1001,
      itemId: "employer_loan",
      operation: "update",
      formErrors: { calculation_id: "must be a calculation ID (a whole number)" },
    });
    const { container } = wrap(<CalculationsView {...props} />);
    expectAllLabelled(container);
    await user.type(screen.getByRole("textbox", { name: "Input: balance" }), "5");
    expect(props.onInputChange).toHaveBeenLastCalledWith("balance", "5");
    await user.click(screen.getByRole("radio", { name: "Insert" }));
    expect(props.onOperationChange).toHaveBeenCalledWith("insert");
    expect(screen.getByText("must be a calculation ID (a whole number)")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save item" }));
    expect(props.onAdd).toHaveBeenCalled();
  });

  it("asks for an employee or payslip before adding an item when viewing the whole client", () => {
    wrap(<CalculationsView {...calcProps({ scope: "client", employeeId: 1001, itemId: "basic_salary" })} />);
    expect(screen.getByText("Choose an employee or a payslip above to add an item to it.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Save item" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("explains Regular Hours v1 instead of offering the sheet", () => {
    wrap(
      <CalculationsView
        {...calcProps({ itemId: "basic_salary", regularHoursProblem: "This client is not migrated to Regular Hours v2." })}
      />,
    );
    expect(screen.queryByRole("radio", { name: "Insert" })).toBeNull();
    expect(screen.getByText("This client is not migrated to Regular Hours v2.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Build Regular Hours sheet" })).toBeNull();
  });
});
