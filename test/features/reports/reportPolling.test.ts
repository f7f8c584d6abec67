/** The report poll floor: the document's 10 s unless the preview lowers it (its ?reportPollMs= test seam). */
import { MIN_POLL_INTERVAL_MS } from "../../../src/contract";
import { lowerReportPollFloor, reportPollFloorMs } from "../../../src/features/reports/flows/reportPolling";

it("is the document's 10 s until the preview lowers it; nonsense is ignored and it never rises above 10 s", () => {
  expect(reportPollFloorMs()).toBe(MIN_POLL_INTERVAL_MS);
  for (const ms of [Number.NaN, 0, -5, Number(null)]) lowerReportPollFloor(ms);
  expect(reportPollFloorMs()).toBe(MIN_POLL_INTERVAL_MS);
  lowerReportPollFloor(60_000);
  expect(reportPollFloorMs()).toBe(MIN_POLL_INTERVAL_MS);
  lowerReportPollFloor(1_500);
  expect(reportPollFloorMs()).toBe(1_500);
});
