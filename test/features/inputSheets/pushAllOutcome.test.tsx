/** @jest-environment jsdom */
import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { pushAllSummary, sheetAttention, type SheetPushSummary } from "../../../src/features/inputSheets/flows/pushAll";
import { pushAllOutcome } from "../../../src/features/inputSheets/panel/PushAll";
import { OutcomeBar } from "../../../src/ui/parts/layout";
import { BULK_STATUSES, countStatuses } from "../../../src/ui/sheets/rowOutcomes";
import "../../support/fluentDom";

/** A sheet's counts by status: zero but for those given. */
const counts = (c: Partial<NonNullable<SheetPushSummary["counts"]>> = {}) => ({ ...countStatuses(BULK_STATUSES, []), ...c });
const sheet = (name: string, outcome: SheetPushSummary["outcome"], c: SheetPushSummary["counts"]): SheetPushSummary => ({
  sheetName: name,
  client: { id: 1, name: "Liffey" },
  outcome,
  summary: `${name}: done.`,
  counts: c,
});

describe("Push all input sheets' outcome", () => {
  const sheets = [
    sheet("A", "pushed", counts({ Saved: 2 })),
    sheet("B", "pushed", counts({ Saved: 1, Unchanged: 3 })),
    sheet("C", "pushed", counts({ Saved: 1, Failed: 4 })),
  ];

  it("is a warning naming the failed rows when a pushed sheet has them, never '3 pushed'", () => {
    expect(pushAllSummary(sheets)).toBe("3 input sheets: 2 pushed, 1 with 4 failed rows.");
    expect(sheets.map(sheetAttention)).toEqual(["none", "none", "rows"]);
    const outcome = pushAllOutcome({ sheets, summary: pushAllSummary(sheets), attention: true });
    expect(outcome.intent).toBe("warning");
    expect(outcome.details!.map((d) => d.intent)).toEqual(["success", "success", "warning"]);
  });

  it("sums conflicts and invalid rows by kind, and counts sheets not pushed", () => {
    const mixed = [
      sheet("A", "pushed", counts({ Conflict: 1 })),
      sheet("B", "pushed", counts({ Invalid: 1 })),
      sheet("C", "skipped", null),
      sheet("D", "failed", null),
    ];
    expect(pushAllSummary(mixed)).toBe("4 input sheets: 0 pushed, 2 with 1 conflict, 1 invalid rows, 2 not pushed.");
    expect(pushAllOutcome({ sheets: mixed, summary: "", attention: true }).details!.map((d) => d.intent)).toEqual([
      "warning",
      "warning",
      "skipped",
      "error",
    ]);
    expect(pushAllSummary([sheet("A", "pushed", counts({ Saved: 1 }))])).toBe("1 input sheet: 1 pushed.");
    expect(pushAllSummary([])).toBe("The workbook has no input sheets to push.");
  });

  it("shows one line per sheet with its own icon inside the message, right under the sentence", () => {
    const outcome = pushAllOutcome({ sheets, summary: pushAllSummary(sheets), attention: true });
    render(
      <FluentProvider theme={webLightTheme}>
        <OutcomeBar outcome={outcome} />
      </FluentProvider>,
    );
    const status = screen.getByRole("status");
    expect(status.textContent).toMatch(/^3 input sheets: 2 pushed, 1 with 4 failed rows\./);
    const items = within(status).getAllByRole("listitem");
    expect(items.map((i) => i.textContent)).toEqual(["Liffey: A: done.", "Liffey: B: done.", "Liffey: C: done."]);
    expect(items.map((i) => within(i).getByRole("img").getAttribute("aria-label"))).toEqual(["Done", "Done", "Needs attention"]);
  });

  it("names a sheet's client by the service's name, says so when the name is not known, and names none for a sheet without one", () => {
    const lines = [
      sheet("A", "pushed", counts({ Saved: 1 })),
      { ...sheet("B", "pushed", counts({ Saved: 1 })), client: { id: 7, name: null } },
      { ...sheet("Notes", "skipped", null), client: null, summary: "Skipped: not an input sheet built by the add-in." },
    ];
    const outcome = pushAllOutcome({ sheets: lines, summary: pushAllSummary(lines), attention: true });
    expect(outcome.details!.map((d) => d.text)).toEqual([
      "Liffey: A: done.",
      "Client name not known: B: done.",
      "Skipped: not an input sheet built by the add-in.",
    ]);
  });
});
