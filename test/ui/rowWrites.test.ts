/** The per-row request runner: bounded concurrency and a definite state for every row on any failure. */
import { NetworkError, RateLimitedError, ServerError, ValidationError } from "../../src/api";
import type { RowAnnotation, WorkbookPort } from "../../src/excel";
import { runRowRequests, rowsWith, type RowRequest } from "../../src/ui/flows/rowWrites";

/** A workbook that only records annotations (the state each row shows), applied like the Excel layer does. */
function annotatingWorkbook() {
  const shown = new Map<number, RowAnnotation>();
  let calls = 0;
  const workbook = {
    annotateRows: async (_sheet: string, annotations: readonly RowAnnotation[], opts?: { clearOthers?: boolean }) => {
      calls += 1;
      if (opts?.clearOthers ?? true) shown.clear();
      for (const a of annotations) shown.set(a.rowIndex, a);
    },
  } as unknown as WorkbookPort;
  return { workbook, shown, calls: () => calls };
}

const request = (row: number, behave: () => Promise<unknown>): RowRequest<unknown> => ({
  kind: row % 2 === 0 ? "even" : "odd",
  rowIndexes: [row],
  send: behave,
  succeeded: () => rowsWith([row], "Saved", `saved ${row}`),
});
const later = <T>(ms: number, value: T) => new Promise<T>((r) => setTimeout(() => r(value), ms));
const info = { method: "POST" as const, path: "/x" };

describe("runRowRequests", () => {
  it("keeps at most `concurrency` requests in flight and saves every row", async () => {
    const { workbook, shown } = annotatingWorkbook();
    let inFlight = 0;
    let peak = 0;
    const requests = Array.from({ length: 12 }, (_, i) =>
      request(i, async () => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await later(5, null);
        inFlight -= 1;
        return {};
      }),
    );
    const result = await runRowRequests(requests, { workbook, sheetName: "S", concurrency: 3, flushEvery: 4 });
    expect(peak).toBe(3);
    expect(result.requests).toBe(12);
    expect(result.sent).toEqual({ even: 6, odd: 6 });
    expect([...shown.values()].every((a) => a.status === "Saved")).toBe(true);
    expect(shown.size).toBe(12);
  });

  it("a refusal fails only its row; a 429 fails its row and leaves the rest Not sent", async () => {
    const { workbook, shown } = annotatingWorkbook();
    const requests = [
      request(0, async () => ({})),
      request(1, async () =>
        Promise.reject(new ValidationError(info, 422, "Date is in a finalised period", { date: "finalised" })),
      ),
      request(2, async () => ({})),
      request(3, async () => Promise.reject(new RateLimitedError(info, 2000))),
      request(4, async () => ({})),
      request(5, async () => ({})),
    ];
    const result = await runRowRequests(requests, {
      workbook,
      sheetName: "S",
      concurrency: 1,
      errorHeader: (k) => (k === "date" ? "Date" : null),
    });
    expect(result.stoppedBy).toBe("the service is busy (HTTP 429)");
    expect([0, 1, 2, 3, 4, 5].map((i) => shown.get(i)?.status)).toEqual([
      "Saved",
      "Failed",
      "Saved",
      "Failed",
      "Not sent",
      "Not sent",
    ]);
    expect(shown.get(1)).toMatchObject({
      message: "Not saved: Date is in a finalised period — Date: finalised",
      errorColumns: ["Date"],
    });
    expect(shown.get(4)!.message).toMatch(/^Not sent: stopped after an earlier request failed \(the service is busy/);
  });

  it("no definite answer (network, 5xx) says the change may have been applied", async () => {
    for (const error of [new NetworkError(info), new ServerError(info, 502)]) {
      const { workbook, shown } = annotatingWorkbook();
      await runRowRequests([request(0, async () => Promise.reject(error)), request(1, async () => ({}))], {
        workbook,
        sheetName: "S",
        concurrency: 1,
      });
      expect(shown.get(0)!.status).toBe("Failed");
      expect(shown.get(0)!.message).toMatch(/^Not confirmed: .*may have applied it/);
      expect(shown.get(1)!.status).toBe("Not sent");
    }
  });

  it("cancel stops starting requests, lets the one in flight finish, and marks the rest Not sent", async () => {
    const { workbook, shown } = annotatingWorkbook();
    const controller = new AbortController();
    const requests = [0, 1, 2, 3].map((i) =>
      request(i, async () => {
        if (i === 0) controller.abort();
        return later(5, {});
      }),
    );
    const result = await runRowRequests(requests, { workbook, sheetName: "S", concurrency: 1, signal: controller.signal });
    expect(result.stoppedBy).toBe("cancelled");
    expect([0, 1, 2, 3].map((i) => shown.get(i)?.status)).toEqual(["Saved", "Not sent", "Not sent", "Not sent"]);
    expect(shown.get(1)!.message).toBe("Not sent: cancelled — run it again for these rows");
    expect(shown.get(1)!.tone).toBe("warning");
  });

  it("marks every row waiting before the first request goes", async () => {
    const { workbook, shown } = annotatingWorkbook();
    let seenBeforeSend: string | undefined;
    await runRowRequests(
      [
        request(0, async () => {
          seenBeforeSend = shown.get(1)?.status;
          return {};
        }),
        request(1, async () => ({})),
      ],
      { workbook, sheetName: "S", concurrency: 1 },
    );
    expect(seenBeforeSend).toBe("Not sent");
  });
});
