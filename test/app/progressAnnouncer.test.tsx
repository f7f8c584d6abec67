/** @jest-environment jsdom */
import * as React from "react";
import { render, screen } from "@testing-library/react";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { ProgressAnnouncer, progressNews } from "../../src/app/components/ProgressAnnouncer";
import type { ProgressEntry } from "../../src/app/progress";

const entry = (id: number, label: string, cancelling = false): ProgressEntry => ({ id, label, done: 0, cancelling });

describe("progressNews", () => {
  it("says a task started once, and that it is cancelling once; a count update says nothing", () => {
    expect(progressNews(new Map(), [entry(1, "Importing employees")])).toBe("Importing employees: started.");
    expect(progressNews(new Map([[1, false]]), [{ ...entry(1, "Importing employees"), done: 5, total: 9 }])).toBe("");
    expect(progressNews(new Map([[1, false]]), [entry(1, "Importing employees", true)])).toBe("Importing employees: cancelling.");
    expect(progressNews(new Map([[1, true]]), [entry(1, "Importing employees", true)])).toBe("");
    expect(progressNews(new Map([[1, false]]), [entry(1, "A"), entry(2, "B")])).toBe("B: started.");
  });
});

describe("ProgressAnnouncer", () => {
  const wrap = (entries: ProgressEntry[]) => (
    <FluentProvider theme={webLightTheme}>
      <ProgressAnnouncer entries={entries} />
    </FluentProvider>
  );

  it("is a polite live region that is there before anything runs, and puts the same words in anew for a new task", () => {
    const { rerender } = render(wrap([]));
    const region = screen.getByRole("status");
    expect([region.getAttribute("aria-live"), region.textContent]).toEqual(["polite", ""]);
    rerender(wrap([entry(1, "Importing employees")]));
    const first = region.firstElementChild;
    expect(region.textContent).toBe("Importing employees: started.");
    rerender(wrap([]));
    expect(region.textContent).toBe("Importing employees: started."); // the end is the panel's outcome
    rerender(wrap([entry(2, "Importing employees")]));
    expect(region.textContent).toBe("Importing employees: started.");
    expect(region.firstElementChild).not.toBe(first); // new text node: read again
  });
});
