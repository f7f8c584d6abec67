/** @jest-environment jsdom */
/**
 * The panels' shared parts: list states on the pickers (loading, failed with retry, empty), the payslip picker,
 * the run helper's wording, the confirm-then-delete hook, and the Employees view's termination code message.
 */
import * as React from "react";
import { act, render, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { rowOutcome, useConfirmSelectedRows, useFlowRunner, wroteRows } from "../../src/ui/parts/hooks";
import { OutcomeBar, type Outcome } from "../../src/ui/parts/layout";
import { ChoicePicker, EmployeePicker, PayslipPicker } from "../../src/ui/parts/pickers";
import { payslipLabel } from "../../src/ui/flows/payslips";
import { terminationCodeMessage } from "../../src/features/employees/panel/ServicePeriodsSection";
import type { ProgressApi, ProgressTask } from "../../src/ui/services";
import type { WorkbookPort } from "../../src/excel";
import { renderInFluent as wrap } from "../support/fluentDom";

const employees = [{ id: 1001, number: "E001", first_name: "Aoife", last_name: "Byrne" }];

describe("EmployeePicker list states", () => {
  it("says the employees are loading, then that the client has none", () => {
    const { rerender } = wrap(
      <EmployeePicker
        label="Employee"
        employees={[]}
        value={null}
        onChange={jest.fn()}
        status={{ loading: true, error: null }}
      />,
    );
    expect(screen.getByText("Loading employees…")).toBeTruthy();
    rerender(
      <FluentProvider theme={webLightTheme}>
        <EmployeePicker
          label="Employee"
          employees={[]}
          value={null}
          onChange={jest.fn()}
          status={{ loading: false, error: null }}
        />
      </FluentProvider>,
    );
    expect(screen.queryByText("Loading employees…")).toBeNull();
    expect(screen.getByText("This client has no employees.")).toBeTruthy();
  });

  it("shows a failed load as an error with a button that loads the list again", async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    wrap(
      <EmployeePicker
        label="Employee"
        employees={[]}
        value={null}
        onChange={jest.fn()}
        status={{ loading: false, error: "The service did not answer.", onRetry }}
      />,
    );
    expect(screen.getByText("Could not load the employees: The service did not answer.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Load the employees again" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("says nothing extra once the list is there", () => {
    wrap(
      <EmployeePicker
        label="Employee"
        employees={employees}
        value={null}
        onChange={jest.fn()}
        status={{ loading: false, error: null }}
      />,
    );
    expect(screen.queryByText(/Loading|no employees|Could not/)).toBeNull();
  });
});

describe("PayslipPicker", () => {
  const picker = (props: Partial<React.ComponentProps<typeof PayslipPicker>>) => (
    <FluentProvider theme={webLightTheme}>
      <PayslipPicker payslips={null} value={null} onChange={jest.fn()} employeeChosen {...props} />
    </FluentProvider>
  );

  it("tells apart no employee, loading, none and failed", () => {
    const { rerender } = render(picker({ employeeChosen: false }));
    expect(screen.getByText("Choose an employee first.")).toBeTruthy();
    rerender(picker({ payslips: null }));
    expect(screen.getByText("Loading payslips…")).toBeTruthy();
    rerender(picker({ payslips: [] }));
    expect(screen.getByText("This employee has no payslips.")).toBeTruthy();
    expect((screen.getByRole("combobox", { name: "Payslip" }) as HTMLButtonElement).disabled).toBe(true);
    rerender(picker({ payslips: null, status: { loading: false, error: "offline" } }));
    expect(screen.getByText("Could not load the payslips: offline")).toBeTruthy();
  });

  it("picks a payslip with the keyboard", async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(
      picker({
        payslips: [
          { id: 5, label: "2026-10-31 · finalised" },
          { id: 6, label: "2026-11-30 · open" },
        ],
        onChange,
      }),
    );
    act(() => screen.getByRole("combobox", { name: "Payslip" }).focus());
    await user.keyboard("{Enter}{ArrowDown}{Enter}");
    expect(onChange).toHaveBeenLastCalledWith(6);
  });

  it("labels a payslip with its date in Office's display language (en-IE outside Office), state and nett pay in euros", () => {
    expect(payslipLabel({ date: "2026-11-30", special: false, finalised: false, nett_pay: 2873.8 })).toBe(
      "30/11/2026 · open · nett €2,873.80",
    );
    expect(payslipLabel({ date: "2026-10-31", special: true, finalised: true })).toBe("31/10/2026 (special) · finalised");
  });
});

describe("useFlowRunner", () => {
  /** A progress API that runs the work at once with a signal the test can abort. */
  function progressWith(controller: AbortController): ProgressApi {
    return {
      busy: false,
      run: <T,>(_label: string, work: (task: ProgressTask) => Promise<T>) =>
        work({ signal: controller.signal, update: () => undefined }),
    };
  }

  it("turns the result into the outcome, and words failures and cancels as asked (or by default)", async () => {
    const outcomes: Outcome[] = [];
    const { result } = renderHook(() =>
      useFlowRunner({ progress: progressWith(new AbortController()) }, (o) => outcomes.push(o)),
    );
    const run = result.current;
    await act(async () => {
      await run(
        "Importing",
        async () => 3,
        (n) => ({ intent: "success", text: `${n} rows` }),
      );
      await run(
        "Importing",
        () => Promise.reject(new Error("offline")),
        () => ({ intent: "success", text: "no" }),
      );
      await run(
        "Importing",
        () => Promise.reject(new Error("offline")),
        () => ({ intent: "success", text: "no" }),
        { failed: (m) => `Nothing was sent: ${m}` },
      );
      const abort = Object.assign(new Error("stop"), { name: "AbortError" });
      await run(
        "Importing",
        () => Promise.reject(abort),
        () => ({ intent: "success", text: "no" }),
      );
      await run(
        "Importing",
        () => Promise.reject(abort),
        () => ({ intent: "success", text: "no" }),
        {
          afterCancel: "No sheet was built.",
        },
      );
    });
    expect(outcomes.filter(Boolean)).toEqual([
      { intent: "success", text: "3 rows" },
      { intent: "error", text: "Importing failed: offline" },
      { intent: "error", text: "Nothing was sent: offline" },
      { intent: "info", text: "Importing: cancelled." },
      { intent: "info", text: "Importing: cancelled. No sheet was built." },
    ]);
  });
});

describe("OutcomeBar", () => {
  it("announces errors as alerts and the rest as status", () => {
    const { rerender } = wrap(<OutcomeBar outcome={{ intent: "error", text: "It failed" }} />);
    expect(screen.getByRole("alert").textContent).toContain("It failed");
    rerender(
      <FluentProvider theme={webLightTheme}>
        <OutcomeBar outcome={{ intent: "success", text: "Done" }} />
      </FluentProvider>,
    );
    expect(screen.getByRole("status").textContent).toContain("Done");
  });
});

describe("ChoicePicker", () => {
  it("shows a failed list as an error (not as an empty one) with a retry, and an empty one as empty", async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    const picker = (choices: { id: number; label: string }[] | null, error: string | null) => (
      <FluentProvider theme={webLightTheme}>
        <ChoicePicker
          label="Pay run"
          choices={choices}
          value={null}
          onChange={jest.fn()}
          placeholder="Choose a pay run"
          what="pay runs"
          emptyHint="This client has no pay runs."
          status={{ loading: false, error, onRetry }}
        />
      </FluentProvider>
    );
    const { rerender } = render(picker([], "offline"));
    expect(screen.getByText("Could not load the pay runs: offline")).toBeTruthy();
    expect(screen.queryByText("This client has no pay runs.")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Load the pay runs again" }));
    expect(onRetry).toHaveBeenCalled();
    rerender(picker(null, null));
    expect(screen.getByText("Loading pay runs…")).toBeTruthy();
    rerender(picker([], null));
    expect(screen.getByText("This client has no pay runs.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load the pay runs again" })).toBeNull();
  });
});

describe("terminationCodeMessage", () => {
  it("leaves a blank code alone (End service just waits) and flags one that is not a whole number", () => {
    expect(terminationCodeMessage("")).toBeUndefined();
    expect(terminationCodeMessage(" 3 ")).toBeUndefined();
    expect(terminationCodeMessage("3a")).toBe("Enter a whole number");
    expect(terminationCodeMessage("-1")).toBe("Enter a whole number");
  });
});

describe("useConfirmSelectedRows", () => {
  function setup(selected: () => Promise<number[]>) {
    const outcomes: Outcome[] = [];
    const workbook = { selectedRowIndexes: jest.fn(selected) } as unknown as WorkbookPort;
    const hook = renderHook(() => useConfirmSelectedRows<number[]>({ workbook }, (o) => outcomes.push(o)));
    return { hook, outcomes, workbook };
  }

  it("lists what the selected rows will touch, acts on the plan once confirmed, and closes on cancel", async () => {
    const { hook, workbook } = setup(async () => [2, 5]);
    await act(async () => {
      hook.result.current.ask("Leave days", async (rows) => ({ items: rows.map((r) => `Row ${r + 1}`), plan: rows }));
      await Promise.resolve();
    });
    expect(workbook.selectedRowIndexes).toHaveBeenCalledWith("Leave days");
    expect(hook.result.current.confirm).toMatchObject({ items: ["Row 3", "Row 6"] });
    const act1 = jest.fn();
    act(() => hook.result.current.confirmed(act1));
    expect(act1).toHaveBeenCalledWith([2, 5]);
    expect(hook.result.current.confirm).toBeNull();

    await act(async () => {
      hook.result.current.ask("Leave days", async (rows) => ({ items: ["x"], plan: rows }));
      await Promise.resolve();
    });
    act(() => hook.result.current.cancel());
    const act2 = jest.fn();
    act(() => hook.result.current.confirmed(act2));
    expect(act2).not.toHaveBeenCalled();
  });

  it("says why there is nothing to do, and turns a failed selection read into an error outcome", async () => {
    const nothing = setup(async () => []);
    await act(async () => {
      nothing.hook.result.current.ask("Employees", async () => ({ warning: "Select rows first." }));
      await Promise.resolve();
    });
    expect(nothing.outcomes.at(-1)).toEqual({ intent: "warning", text: "Select rows first." });
    expect(nothing.hook.result.current.confirm).toBeNull();

    const failing = setup(async () => Promise.reject(new Error("The sheet is missing.")));
    await act(async () => {
      failing.hook.result.current.ask("Employees", async () => ({ warning: "unused" }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(failing.outcomes.at(-1)).toEqual({ intent: "error", text: "The sheet is missing." });
  });
});

describe("outcome wording", () => {
  it("words sheets written in the singular or plural, and row writes by their counts", () => {
    expect(wroteRows("leave type")({ rowCount: 1, sheetName: "Leave types" }).text).toBe(
      '1 leave type written to "Leave types".',
    );
    expect(wroteRows("payslip")({ rowCount: 3, sheetName: "P" }).text).toBe('3 payslips written to "P".');
    const counts = { Failed: 0, Invalid: 0, "Not sent": 0 };
    expect(rowOutcome({ summary: "2 saved.", counts })).toEqual({ intent: "success", text: "2 saved." });
    expect(rowOutcome({ summary: "1 saved.", counts: { ...counts, Invalid: 1 } })).toEqual({
      intent: "warning",
      text: "1 saved. See the Status and Message columns.",
    });
  });
});
