/** @jest-environment jsdom */
/** Next period's view: the choice to copy values and the button. Props in, callbacks out. */
import * as React from "react";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NextPeriodView } from "../../../src/features/inputSheets/panel/NextPeriod";
import { renderInFluent as wrap, expectAllLabelled } from "../../support/fluentDom";

const props = (over: Partial<React.ComponentProps<typeof NextPeriodView>> = {}) => ({
  copyValues: false,
  onCopyValuesChange: jest.fn(),
  onNextPeriod: jest.fn(),
  busy: false,
  disabled: false,
  ...over,
});

describe("NextPeriodView", () => {
  it("offers Copy values as pending changes and Next period", async () => {
    const user = userEvent.setup();
    const p = props();
    const { container } = wrap(<NextPeriodView {...p} />);
    expectAllLabelled(container);
    await user.click(screen.getByRole("checkbox", { name: /Copy values as pending changes/ }));
    expect(p.onCopyValuesChange).toHaveBeenCalledWith(true);
    await user.click(screen.getByRole("button", { name: "Next period" }));
    expect(p.onNextPeriod).toHaveBeenCalled();
  });

  it("cannot start without a chosen sheet, or while a task runs", () => {
    const { unmount } = wrap(<NextPeriodView {...props({ disabled: true })} />);
    expect((screen.getByRole("button", { name: "Next period" }) as HTMLButtonElement).disabled).toBe(true);
    unmount();
    wrap(<NextPeriodView {...props({ busy: true })} />);
    expect((screen.getByRole("button", { name: "Next period" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("offers to carry what the last Next period left behind, and not while a task runs", async () => {
    const user = userEvent.setup();
    const onCarry = jest.fn();
    const { unmount } = wrap(
      <NextPeriodView {...props({ offer: { label: "Carry these 2 values into 25/12/2026", onCarry } })} />,
    );
    await user.click(screen.getByRole("button", { name: "Carry these 2 values into 25/12/2026" }));
    expect(onCarry).toHaveBeenCalledTimes(1);
    unmount();
    wrap(<NextPeriodView {...props({ busy: true, offer: { label: "Carry it into 25/12/2026", onCarry } })} />);
    expect((screen.getByRole("button", { name: "Carry it into 25/12/2026" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("offers nothing to carry when nothing was left behind", () => {
    wrap(<NextPeriodView {...props()} />);
    expect(screen.queryByRole("button", { name: /^Carry/ })).toBeNull();
  });
});
