/** @jest-environment jsdom */
/* The Month end panel's view: its controls are named, a bad limit says why and keeps the overview from running. */
import { fireEvent, screen } from "@testing-library/react";
import { expectAllLabelled, renderInFluent } from "../../support/fluentDom";
import { MonthEndView, type MonthEndViewProps } from "../../../src/features/monthEnd/panel/MonthEndView";

const props = (extra: Partial<MonthEndViewProps> = {}): MonthEndViewProps => ({
  busy: false,
  clients: 3,
  limit: "25",
  limitProblem: "",
  onLimitChange: jest.fn(),
  order: "client",
  onOrderChange: jest.fn(),
  chartDueThisWeek: false,
  onChartDueThisWeekChange: jest.fn(),
  onOverview: jest.fn(),
  onBuild: jest.fn(),
  outcome: null,
  ...extra,
});

it("runs the overview and the build, and names every control", () => {
  const p = props();
  const { container } = renderInFluent(<MonthEndView {...p} />);
  expect(screen.getByText(/Every client this key reaches \(3\)/)).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Month-end overview" }));
  fireEvent.click(screen.getByRole("button", { name: "Build input sheet" }));
  expect(p.onOverview).toHaveBeenCalledTimes(1);
  expect(p.onBuild).toHaveBeenCalledTimes(1);
  fireEvent.change(screen.getByLabelText(/Nett pay move that needs attention/), { target: { value: "30" } });
  expect(p.onLimitChange).toHaveBeenCalledWith("30");
  fireEvent.change(screen.getByLabelText(/Order rows by/), { target: { value: "deadline" } });
  expect(p.onOrderChange).toHaveBeenCalledWith("deadline");
  fireEvent.click(screen.getByLabelText("Chart only what is due this week"));
  expect(p.onChartDueThisWeekChange).toHaveBeenCalledWith(true);
  expectAllLabelled(container);
});

it("a bad limit is named and the overview cannot run; busy disables both buttons", () => {
  const { unmount } = renderInFluent(<MonthEndView {...props({ limit: "-5", limitProblem: "Enter a percentage above 0." })} />);
  expect(screen.getByText("Enter a percentage above 0.")).toBeTruthy();
  expect((screen.getByRole("button", { name: "Month-end overview" }) as HTMLButtonElement).disabled).toBe(true);
  expect((screen.getByRole("button", { name: "Build input sheet" }) as HTMLButtonElement).disabled).toBe(false);
  unmount();
  renderInFluent(<MonthEndView {...props({ busy: true })} />);
  expect((screen.getByRole("button", { name: "Build input sheet" }) as HTMLButtonElement).disabled).toBe(true);
  expect((screen.getByRole("button", { name: "Month-end overview" }) as HTMLButtonElement).disabled).toBe(true);
});
