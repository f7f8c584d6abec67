import type { BulkInputResult } from "../../src/contract";
import {
  BULK_STATUSES,
  ROW_STATES,
  countStatuses,
  describeStatusCounts,
  matchBulkResults,
  rowsWith,
  serviceErrors,
  STATUS_TONE,
  cancelledText,
  notSentMessage,
  stoppedNote,
  waitingMessage,
  withDetails,
} from "../../src/ui/sheets/rowOutcomes";

const result = (id: string, extra: Partial<BulkInputResult> = {}): BulkInputResult => ({
  id,
  success: "true",
  message: `ok ${id}`,
  ...extra,
});

describe("matchBulkResults", () => {
  it("pairs by position when the answer lines up with the request", () => {
    const rows = [{ employeeId: 1 }, { employeeId: 2 }];
    const results = [result("1"), result("2")];
    expect(matchBulkResults(rows, results)).toEqual(results);
  });

  it("pairs by employee ID when the order differs, using each result once", () => {
    const rows = [{ employeeId: 1 }, { employeeId: 2 }, { employeeId: 1 }];
    const [a, b] = [result("2"), result("1", { message: "first 1" })];
    const matched = matchBulkResults(rows, [a, b]);
    expect(matched).toEqual([b, a, undefined]);
  });

  it("also matches the payslip date when both the row and the result have one", () => {
    const rows = [
      { employeeId: 7, payslipDate: "2024-02-29" },
      { employeeId: 7, payslipDate: "2024-01-31" },
    ];
    const jan = result("7", { payslip_date: "2024-01-31" });
    const feb = result("7", { payslip_date: "2024-02-29" });
    // Not lined up (an extra result), so the rows are matched by ID and date.
    expect(matchBulkResults(rows, [jan, result("8"), feb])).toEqual([feb, jan]);
    // A result without a date may answer any row of that employee; one for another date may not.
    const undated = result("7");
    expect(matchBulkResults(rows.slice(0, 1), [jan, undated])[0]).toBe(undated);
  });
});

describe("serviceErrors and withDetails", () => {
  const headerFor = (k: string) => (k === "first_name" ? "First name" : null);

  it("highlights only keys the sheet has a column for, and names the others by key", () => {
    expect(serviceErrors({ first_name: "is blank", "calc.x.y": "bad", first_name2: "x" }, headerFor)).toEqual({
      errorColumns: ["First name"],
      details: "First name: is blank; calc.x.y: bad; first_name2: x",
    });
    expect(serviceErrors(undefined, headerFor)).toEqual({ errorColumns: [], details: "" });
  });

  it("appends details unless there are none or the message already has them", () => {
    expect(withDetails("Refused", "First name: is blank")).toBe("Refused — First name: is blank");
    expect(withDetails("Refused (First name: is blank)", "First name: is blank")).toBe("Refused (First name: is blank)");
    expect(withDetails("Refused", "")).toBe("Refused");
  });
});

describe("counting and wording", () => {
  it("counts every status of the set, zeros included", () => {
    const outcomes = [...rowsWith([0, 1], "Saved", "ok"), ...rowsWith([2], "Deleted", "gone")];
    expect(countStatuses(ROW_STATES, outcomes)).toEqual({
      Saved: 2,
      Deleted: 1,
      Failed: 0,
      Conflict: 0,
      Held: 0,
      "Awaiting review": 0,
      Returned: 0,
      Invalid: 0,
      Unchanged: 0,
      "Not sent": 0,
    });
    expect(countStatuses(BULK_STATUSES, rowsWith([3], "Not sent", "later"))).toEqual({
      Saved: 0,
      Failed: 0,
      Conflict: 0,
      Held: 0,
      "Awaiting review": 0,
      Returned: 0,
      Invalid: 0,
      Unchanged: 0,
      "Not sent": 1,
    });
  });

  it("describes the non-zero counts in the statuses' order", () => {
    const counts = countStatuses(ROW_STATES, [...rowsWith([0], "Not sent", "x"), ...rowsWith([1, 2], "Saved", "y")]);
    expect(describeStatusCounts(ROW_STATES, counts, "nothing")).toBe("2 saved, 1 not sent");
    expect(describeStatusCounts(ROW_STATES, countStatuses(ROW_STATES, []), "nothing to do")).toBe("nothing to do");
  });

  it("ends a summary with why sending stopped, a cancel always as Cancelled", () => {
    expect(stoppedNote(null)).toBe("");
    expect(stoppedNote("cancelled")).toBe(" Cancelled.");
    expect(stoppedNote("network error")).toBe(" Stopped: network error.");
  });

  it("words waiting and never-sent rows, and a cancelled task, one way for every flow", () => {
    expect(waitingMessage("use Retry failed")).toBe(
      "Waiting to be sent — if this stays, the run was interrupted: use Retry failed",
    );
    expect(notSentMessage("cancelled", "use Retry failed")).toBe("Not sent: cancelled — use Retry failed");
    expect(notSentMessage("network error", "run it again")).toBe(
      "Not sent: stopped after an earlier request failed (network error) — run it again",
    );
    expect(notSentMessage(null, "run it again")).toMatch(/\(interrupted\)/);
    expect(cancelledText("Importing employees")).toBe("Importing employees: cancelled.");
    expect(cancelledText("Building input sheet", "No sheet was built.")).toBe(
      "Building input sheet: cancelled. No sheet was built.",
    );
  });

  it("gives every status one tone: Not sent, Conflict, Held, Awaiting review and Returned need another run (warning), Unchanged is plain", () => {
    expect(ROW_STATES.map((s) => STATUS_TONE[s])).toEqual([
      "success",
      "success",
      "error",
      "warning",
      "warning",
      "warning",
      "warning",
      "error",
      "neutral",
      "warning",
    ]);
  });
});
