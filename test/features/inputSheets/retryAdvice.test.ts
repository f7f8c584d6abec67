import { asRetryable, isRetryable, retryAdvice } from "../../../src/features/inputSheets/model/retryAdvice";
import { chunkOutcomes, unconfirmedOutcomes } from "../../../src/features/inputSheets/model/pushPlan";

const row = (rowIndex: number) => ({ rowIndex, employeeId: 10 + rowIndex, payslipDate: "2026-11-25", attributes: {} });

describe("Retry failed is suggested only for failures a retry can fix", () => {
  it("a row the service refused (a finalised payslip, an invalid value) is not retryable; one never answered is", () => {
    const refused = chunkOutcomes(
      [row(0), row(1)],
      [
        { id: "10", success: "false", message: "Payslip 5 (2026-10-25) is finalised and cannot be updated" },
        {
          id: "11",
          success: "false",
          message: "Invalid input",
          errors: { "calc.overtime.hours": "must be at least 0 (got -5)" },
        },
      ],
      { inputs: [] },
    );
    expect(refused.map(isRetryable)).toEqual([false, false]);
    expect(unconfirmedOutcomes([row(2)], "the service failed (HTTP 503)").map(isRetryable)).toEqual([true]);
    expect(chunkOutcomes([row(3)], [], { inputs: [] }).map(isRetryable)).toEqual([true]);
    expect(isRetryable({ status: "Not sent" })).toBe(true);
    expect(isRetryable({ status: "Invalid" })).toBe(false);
    expect(asRetryable([{ status: "Failed" as const }]).map(isRetryable)).toEqual([true]);
  });

  it("words the advice by kind: a retry for the unanswered, the Message for the refused, nothing when all saved", () => {
    expect(retryAdvice([{ status: "Saved" }, { status: "Invalid" }])).toBe("");
    expect(retryAdvice([{ status: "Failed" }])).toBe(
      " 1 row the service refused: a retry would fail the same way, so see its Message.",
    );
    expect(retryAdvice([{ status: "Failed", retryable: true }, { status: "Not sent" }])).toBe(
      " Use Retry failed to resend 2 rows.",
    );
    const mixed = retryAdvice([{ status: "Failed", retryable: true }, { status: "Failed" }, { status: "Failed" }]);
    expect(mixed).toBe(
      " Use Retry failed to resend 1 row. 2 rows the service refused: a retry would fail the same way, so see their Message.",
    );
  });
});
