/**
 * The shortest wait between report polls. The API document asks for no more than one poll every 10 s
 * (MIN_POLL_INTERVAL_MS), and the add-in in Office always keeps to it. Only the browser preview may lower it, when
 * its page is opened with `?reportPollMs=<ms>`: the e2e tests do, against the sandbox's short report jobs, so they
 * need not wait out real 10 s polls.
 */
import { MIN_POLL_INTERVAL_MS } from "../../../contract";

let floorMs = MIN_POLL_INTERVAL_MS;

export const reportPollFloorMs = (): number => floorMs;

/** Preview only (see above): lowers the floor for this page. */
export function lowerReportPollFloor(ms: number): void {
  if (Number.isFinite(ms) && ms > 0) floorMs = Math.min(ms, MIN_POLL_INTERVAL_MS);
}
