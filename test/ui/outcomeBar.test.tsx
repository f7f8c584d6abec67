/** @jest-environment jsdom */
import * as React from "react";
import { render, screen } from "@testing-library/react";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { OutcomeBar, type Outcome } from "../../src/ui/parts/layout";
import "../support/fluentDom";

describe("OutcomeBar's live regions", () => {
  const wrap = (outcome: Outcome) => (
    <FluentProvider theme={webLightTheme}>
      <OutcomeBar outcome={outcome} />
    </FluentProvider>
  );

  it("keeps both regions in the page before any outcome, so the first one is read out", () => {
    render(wrap(null));
    expect(screen.getByRole("status").getAttribute("aria-live")).toBe("polite");
    expect([screen.getByRole("status").textContent, screen.getByRole("alert").textContent]).toEqual(["", ""]);
  });

  it("puts results in the polite region and failures in the alert region, and a repeated outcome in anew", () => {
    const { rerender } = render(wrap(null));
    const status = screen.getByRole("status");
    const alert = screen.getByRole("alert");
    rerender(wrap({ intent: "success", text: "Employees: 12 rows written." }));
    const first = status.firstElementChild;
    expect([status.textContent, alert.textContent]).toEqual(["Employees: 12 rows written.", ""]);
    rerender(wrap({ intent: "success", text: "Employees: 12 rows written." })); // the same words, a new outcome
    expect(status.textContent).toBe("Employees: 12 rows written.");
    expect(status.firstElementChild).not.toBe(first);
    rerender(wrap({ intent: "error", text: "Importing failed: offline" }));
    expect([status.textContent, alert.textContent]).toEqual(["", "Importing failed: offline"]);
    expect(screen.getByRole("status")).toBe(status); // the same regions throughout
  });
});
