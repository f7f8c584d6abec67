/** @jest-environment jsdom */
/** Next period's view: the inputs whose values it would copy, each with its tick, and the button. Props in, callbacks out. */
import * as React from "react";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NextPeriodView } from "../../../src/features/inputSheets/panel/NextPeriod";
import { renderInFluent as wrap, expectAllLabelled } from "../../support/fluentDom";

const props = (over: Partial<React.ComponentProps<typeof NextPeriodView>> = {}) => ({
  lines: [
    { key: "calc.basic_salary.amount", text: "Basic salary: 4 employees, €12,000.00", ticked: true },
    { key: "calc.bonus.amount", text: "Bonus: 3 employees, €1,250.00", ticked: false },
  ],
  standing: "",
  onTick: jest.fn(),
  onNextPeriod: jest.fn(),
  busy: false,
  disabled: false,
  ...over,
});

describe("NextPeriodView", () => {
  it("lists the values it would copy, one tick per input, and Next period", async () => {
    const user = userEvent.setup();
    const p = props();
    const { container } = wrap(<NextPeriodView {...p} />);
    expectAllLabelled(container);
    const list = screen.getByRole("group", { name: "Copy these values as pending changes" });
    expect(list.textContent).toContain("Copy these values as pending changes");
    const salary = screen.getByRole("checkbox", { name: "Basic salary: 4 employees, €12,000.00" }) as HTMLInputElement;
    const bonus = screen.getByRole("checkbox", { name: "Bonus: 3 employees, €1,250.00" }) as HTMLInputElement;
    expect([salary.checked, bonus.checked]).toEqual([true, false]);
    await user.click(bonus);
    expect(p.onTick).toHaveBeenCalledWith("calc.bonus.amount", true);
    await user.click(salary);
    expect(p.onTick).toHaveBeenCalledWith("calc.basic_salary.amount", false);
    await user.click(screen.getByRole("button", { name: "Next period" }));
    expect(p.onNextPeriod).toHaveBeenCalled();
  });

  it("lists nothing when the sheet has no values to copy, and says which inputs carry by themselves", () => {
    const standing = "Basic salary carries by itself: it was pushed from 25/11/2026 on.";
    wrap(<NextPeriodView {...props({ lines: [], standing })} />);
    expect(screen.queryByRole("group", { name: "Copy these values as pending changes" })).toBeNull();
    expect(screen.queryAllByRole("checkbox")).toHaveLength(0);
    expect(screen.getByText(standing)).toBeTruthy();
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
