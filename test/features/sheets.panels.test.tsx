/** @jest-environment jsdom */
/** The Imports and Input sheets views: labelled, keyboard-usable controls that hand back data through callbacks. */
import * as React from "react";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { ImportsView, type ImportsViewProps } from "../../src/features/imports/panel/ImportsView";
import { InputSheetsView, type InputSheetsViewProps } from "../../src/features/inputSheets/panel/InputSheetsView";
import { renderInFluent as wrap, expectAllLabelled } from "../support/fluentDom";

function importsProps(over: Partial<ImportsViewProps> = {}): ImportsViewProps {
  return {
    customFields: false,
    onCustomFieldsChange: jest.fn(),
    servicePeriod: true,
    onServicePeriodChange: jest.fn(),
    waveForm: "full",
    onWaveFormChange: jest.fn(),
    busy: false,
    onImportEmployees: jest.fn(),
    onImportWaves: jest.fn(),
    onImportPayPoints: jest.fn(),
    outcome: null,
    ...over,
  };
}

describe("ImportsView", () => {
  it("labels every control and reports choices", async () => {
    const user = userEvent.setup();
    const props = importsProps();
    const { container } = wrap(<ImportsView {...props} />);
    expectAllLabelled(container);
    await user.click(screen.getByRole("checkbox", { name: "Custom fields as columns" }));
    expect(props.onCustomFieldsChange).toHaveBeenCalledWith(true);
    await user.click(screen.getByRole("checkbox", { name: "Current service period columns" }));
    expect(props.onServicePeriodChange).toHaveBeenCalledWith(false);
    await user.click(screen.getByRole("radio", { name: "Simplified" }));
    expect(props.onWaveFormChange).toHaveBeenCalledWith("simplified");
    await user.click(screen.getByRole("button", { name: "Import employees" }));
    await user.click(screen.getByRole("button", { name: "Import payment frequencies" }));
    await user.click(screen.getByRole("button", { name: "Import pay points" }));
    expect(props.onImportEmployees).toHaveBeenCalledTimes(1);
    expect(props.onImportWaves).toHaveBeenCalledTimes(1);
    expect(props.onImportPayPoints).toHaveBeenCalledTimes(1);
  });

  it("works from the keyboard and disables imports while busy", async () => {
    const user = userEvent.setup();
    const props = importsProps();
    const { rerender } = wrap(<ImportsView {...props} />);
    screen.getByRole("button", { name: "Import employees" }).focus();
    await user.keyboard("{Enter}");
    expect(props.onImportEmployees).toHaveBeenCalledTimes(1);
    rerender(
      <FluentProvider theme={webLightTheme}>
        <ImportsView {...props} busy outcome={{ intent: "success", text: "Employees: 40 rows written" }} />
      </FluentProvider>,
    );
    expect(screen.getByRole("button", { name: "Import employees" })).toHaveProperty("disabled", true);
    expect(screen.getByText("Employees: 40 rows written")).toBeTruthy();
  });
});

function inputsProps(over: Partial<InputSheetsViewProps> = {}): InputSheetsViewProps {
  return {
    loading: false,
    loadError: null,
    onReload: jest.fn(),
    waves: [
      { value: 11, label: "Monthly" },
      { value: 12, label: "Weekly" },
    ],
    waveId: 11,
    onWaveChange: jest.fn(),
    periods: [
      { value: "2026-11-30", label: "2026-11-30 (20 payslips)" },
      { value: "2026-10-31", label: "2026-10-31 (20 payslips, finalised)" },
    ],
    payslipDate: "2026-11-30",
    onPeriodChange: jest.fn(),
    inputs: [
      { key: "calc.basic_salary.amount", label: "Basic salary: amount", itemLabel: "Basic salary", kind: "standing" },
      { key: "calc.overtime.hours", label: "Overtime: hours", itemLabel: "Overtime", kind: "payslip" },
      { key: "calc.overtime.rate", label: "Overtime: rate", itemLabel: "Overtime", kind: "payslip" },
    ],
    selectedInputs: new Set(),
    onInputToggle: jest.fn(),
    onKindChange: jest.fn(),
    onBuild: jest.fn(),
    sheets: ["Inputs Monthly 2026-11-30"],
    sheetName: "Inputs Monthly 2026-11-30",
    onSheetChange: jest.fn(),
    chunkSize: "100",
    onChunkSizeChange: jest.fn(),
    chunkSizeProblem: null,
    onPush: jest.fn(),
    busy: false,
    outcome: null,
    ...over,
  };
}

describe("InputSheetsView", () => {
  it("labels every control; wave, period and inputs come back through callbacks", async () => {
    const user = userEvent.setup();
    const props = inputsProps();
    const { container } = wrap(<InputSheetsView {...props} />);
    expectAllLabelled(container);
    await user.selectOptions(screen.getByRole("combobox", { name: "Wave (pay frequency)" }), "12");
    expect(props.onWaveChange).toHaveBeenCalledWith(12);
    await user.selectOptions(screen.getByRole("combobox", { name: "Period (payslip date)" }), "2026-10-31");
    expect(props.onPeriodChange).toHaveBeenCalledWith("2026-10-31");
    const rate = screen.getByRole("checkbox", { name: "Overtime: rate" }); // the API name only in the tooltip
    expect(container.querySelector('label[title="API name: calc.overtime.rate"]')).not.toBeNull();
    rate.focus();
    await user.keyboard(" ");
    expect(props.onInputToggle).toHaveBeenCalledWith("calc.overtime.rate", true);
    // Inputs are grouped by item.
    expect(screen.getByRole("group", { name: "Overtime" })).toBeTruthy();
  });

  it("builds only with an input chosen", async () => {
    const user = userEvent.setup();
    const props = inputsProps();
    const { rerender } = wrap(<InputSheetsView {...props} />);
    expect(screen.getByRole("button", { name: "New input sheet" })).toHaveProperty("disabled", true);
    rerender(
      <FluentProvider theme={webLightTheme}>
        <InputSheetsView {...props} selectedInputs={new Set(["calc.basic_salary.amount"])} />
      </FluentProvider>,
    );
    expect(screen.getByText("Inputs to edit (1 chosen)")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "New input sheet" }));
    expect(props.onBuild).toHaveBeenCalledTimes(1);
  });

  it("offers, beside each ticked input only, This payslip only or From this period on", async () => {
    const user = userEvent.setup();
    const props = inputsProps({ selectedInputs: new Set(["calc.basic_salary.amount"]) });
    wrap(<InputSheetsView {...props} />);
    const kind = screen.getByRole("combobox", { name: "Basic salary: amount changes" });
    expect((kind as HTMLSelectElement).value).toBe("standing");
    expect(screen.getByRole("option", { name: "From this period on", selected: true })).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Overtime: rate changes" })).toBeNull();
    await user.selectOptions(kind, "This payslip only");
    expect(props.onKindChange).toHaveBeenCalledWith("calc.basic_salary.amount", "payslip");
  });

  it("offers the four push modes, and blocks them on a bad chunk size", async () => {
    const user = userEvent.setup();
    const props = inputsProps();
    const { rerender } = wrap(<InputSheetsView {...props} />);
    for (const name of ["Push changes", "Push all rows", "Push selected rows", "Retry failed"]) {
      await user.click(screen.getByRole("button", { name }));
    }
    expect((props.onPush as jest.Mock).mock.calls.map((c) => c[0])).toEqual(["changed", "all", "selected", "retry"]);
    // Rows per request sits under Advanced, folded at first.
    expect(screen.queryByRole("spinbutton", { name: "Rows per request" })).toBeNull();
    const advanced = screen.getByRole("button", { name: "Advanced" });
    expect(advanced.getAttribute("aria-expanded")).toBe("false");
    await user.click(advanced);
    await user.type(screen.getByRole("spinbutton", { name: "Rows per request" }), "5");
    expect(props.onChunkSizeChange).toHaveBeenLastCalledWith("1005");
    rerender(
      <FluentProvider theme={webLightTheme}>
        <InputSheetsView {...props} chunkSize="0" chunkSizeProblem="Enter a whole number from 1 to 1000." />
      </FluentProvider>,
    );
    expect(screen.getByText("Enter a whole number from 1 to 1000.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Push changes" })).toHaveProperty("disabled", true);
  });

  it("is organised in steps that fold, a folded step hidden but kept", async () => {
    const user = userEvent.setup();
    wrap(<InputSheetsView {...inputsProps()} sheetTools={<p>Tools of the sheet</p>} afterPush={<p>Every sheet</p>} />);
    const steps = ["1. Build an input sheet", "2. Edit and fill", "3. Push", "4. Push all"];
    expect(
      screen.getAllByRole("region").map((r) => r.getAttribute("aria-labelledby") && r.querySelector("h3")?.textContent),
    ).toEqual([...steps.slice(0, 3), "Advanced", steps[3]]);
    const edit = screen.getByRole("button", { name: "2. Edit and fill" });
    expect(edit.getAttribute("aria-expanded")).toBe("true");
    await user.click(edit);
    expect(edit.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByText("Tools of the sheet").closest("[hidden]")).not.toBeNull();
    expect(screen.getByRole("button", { name: "Push changes" })).toBeTruthy();
  });

  it("disables the push buttons of a sheet built for a finalised period, saying why", () => {
    const reason =
      "The period ending 25/10/2026 is finalised: the service accepts no changes to its payslips, so this sheet is read only.";
    wrap(<InputSheetsView {...inputsProps()} readOnlyReason={reason} />);
    for (const name of ["Push changes", "Push all rows", "Push selected rows", "Retry failed"])
      expect(screen.getByRole("button", { name })).toHaveProperty("disabled", true);
    expect(screen.getByText(reason)).toBeTruthy();
  });

  it("says what is missing when there is nothing to work with", () => {
    wrap(
      <InputSheetsView
        {...inputsProps({
          waves: [],
          waveId: null,
          periods: [],
          payslipDate: null,
          inputs: [],
          sheets: [],
          sheetName: null,
          loadError: "Could not load the waves and inputs: offline",
        })}
      />,
    );
    expect(screen.getByText("Could not load the waves and inputs: offline")).toBeTruthy();
    expect(screen.getByText("Build an input sheet first.")).toBeTruthy();
    expect(screen.getByText("The client's calculations offer no inputs.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Push changes" })).toHaveProperty("disabled", true);
  });
});
