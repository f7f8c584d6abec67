/**
 * PayrollApi.onWrite: told after every request that may have changed the service's data, answered or not (a write
 * that failed may still have been applied), and never after a read or a report, so the pane can mark what it holds
 * stale.
 */
import { PayrollApi, ServerError, type FetchLike, type RequestInfo } from "../../src/api";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A service answering a few routes; `failing` answers 503 to bulk_input. */
function service(failing = false) {
  const fetch: FetchLike = async (url, init) => {
    const path = new URL(url).pathname.replace(/^\/v1/, "");
    const method = init.method ?? "GET";
    if (path === "/clients/1/bulk_input")
      return failing ? json(503, { message: "down" }) : json(200, [{ id: "7", success: "true", message: "Updated" }]);
    if (method === "PATCH" && path === "/employees/7") return json(200, { message: "Updated", id: 7, number: "7" });
    if (path === "/clients/1/waves") return method === "POST" ? json(200, { message: "Created", id: 9 }) : json(200, []);
    if (path === "/clients/1/reports/variance") return json(200, []);
    return json(404, { message: "Not found" });
  };
  return new PayrollApi({ baseUrl: "https://payroll.test", apiKey: "k", fetch, maxRetries: 0, requestsPerSecond: 0 });
}

describe("PayrollApi.onWrite", () => {
  it("is told of each write once it has ended, with its method and path; not of reads or reports", async () => {
    const api = service();
    const told: RequestInfo[] = [];
    api.onWrite((w) => told.push(w));
    await api.listWaves(1);
    await api.runReport(1, "variance", { wave_id: 1, period_offset: 0 });
    expect(told).toEqual([]);
    const sending = api.bulkInput(1, [{ id: "7", attributes: { job_title: "Fitter" } }]);
    expect(told).toEqual([]); // not before it has ended
    await sending;
    await api.updateEmployee(7, { job_title: "Fitter" });
    await api.createWave(1, { frequency: "monthly", last_day_of_month: 31, first_end_date: "2026-01-31" });
    expect(told).toEqual([
      { method: "POST", path: "/clients/1/bulk_input" },
      { method: "PATCH", path: "/employees/7" },
      { method: "POST", path: "/clients/1/waves" },
    ]);
  });

  it("is told of a write that failed too, and a listener's failure never changes the write's outcome", async () => {
    const api = service(true);
    const told: string[] = [];
    api.onWrite(() => {
      throw new Error("listener broke");
    });
    const stop = api.onWrite((w) => told.push(`${w.method} ${w.path}`));
    await expect(api.bulkInput(1, [{ id: "7", attributes: { job_title: "Fitter" } }])).rejects.toBeInstanceOf(ServerError);
    expect(told).toEqual(["POST /clients/1/bulk_input"]);
    stop();
    await expect(api.bulkInput(1, [{ id: "7", attributes: { job_title: "Fitter" } }])).rejects.toBeInstanceOf(ServerError);
    expect(told).toHaveLength(1);
    const ok = service();
    ok.onWrite(() => {
      throw new Error("listener broke");
    });
    await expect(ok.bulkInput(1, [{ id: "7", attributes: { job_title: "Fitter" } }])).resolves.toHaveLength(1);
  });
});
