/** The pane's shared list reads (react-query): one request per list and client until invalidated; a caller's cancel is its own. */
import type { PayrollApi, RequestInfo } from "../../src/api";
import { createClientReads, createPaneQueryClient, forgetOtherConnections } from "../../src/ui/serverState";
import { isAbortError } from "../../src/ui/services";
import { ITEMS, wave } from "../support/fixtures";

function countingApi() {
  const calls: string[] = [];
  let waves = [wave(1, "Monthly")];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const listeners: ((write: RequestInfo) => void)[] = [];
  let calculations = 0;
  const api = {
    listWaves: async (id: number) => (calls.push(`waves ${id}`), await gate, waves),
    getItemsAndOutputs: async (id: number) => (calls.push(`items ${id}`), ITEMS),
    listEmployees: async (id: number, include?: string[]) => (
      calls.push(`employees ${id}${include?.length ? ` with ${include.join(",")}` : ""}`),
      []
    ),
    listClientCalculations: async (id: number) => (calls.push(`calculations ${id}`), [{ n: ++calculations }]),
    listPaymentRuns: async (id: number) => (calls.push(`runs ${id}`), []),
    listLeaveTypes: async (id: number) => (calls.push(`leave types ${id}`), {}),
    onWrite: (listener: (write: RequestInfo) => void) => (listeners.push(listener), () => undefined),
  } as unknown as PayrollApi;
  /** What PayrollApi tells its listeners once a write has ended. */
  const wrote = (method: RequestInfo["method"], path: string) => listeners.forEach((l) => l({ method, path }));
  return { api, calls, release, wrote, setWaves: (w: typeof waves) => (waves = w) };
}

describe("createClientReads", () => {
  it("reads each list of each client once, however many callers ask at once or later", async () => {
    const rig = countingApi();
    const reads = createClientReads(rig.api);
    const pending = [reads.waves(1), reads.waves(1), reads.read("waves", 1), reads.waves(2)];
    rig.release();
    const [a, b, c] = await Promise.all(pending);
    expect(a).toBe(b);
    expect(b).toBe(c);
    await reads.waves(1);
    await Promise.all([reads.itemsAndOutputs(1), reads.itemsAndOutputs(1)]);
    expect(rig.calls).toEqual(["waves 1", "waves 2", "items 1"]);
  });

  it("reads again after invalidate, only the lists of the client named", async () => {
    const rig = countingApi();
    rig.release();
    const reads = createClientReads(rig.api);
    expect((await reads.waves(1)).map((w) => w.id)).toEqual([1]);
    await reads.waves(2);
    rig.setWaves([wave(1, "Monthly"), wave(2, "Weekly")]);
    expect((await reads.waves(1)).map((w) => w.id)).toEqual([1]);
    reads.invalidate(1, "waves", "itemsAndOutputs");
    reads.invalidate(2, "employees");
    expect((await reads.waves(1)).map((w) => w.id)).toEqual([1, 2]);
    expect((await reads.waves(2)).map((w) => w.id)).toEqual([1]);
    expect(rig.calls).toEqual(["waves 1", "waves 2", "waves 1"]);
  });

  it("keeps nothing across connections: each connection's reads have their own cache", async () => {
    const rig = countingApi();
    rig.release();
    await createClientReads(rig.api).waves(1);
    await createClientReads(rig.api).waves(1);
    expect(rig.calls).toEqual(["waves 1", "waves 1"]);
  });

  it("on one QueryClient, a new connection's reads ask afresh and the previous connection's queries are dropped", async () => {
    const rig = countingApi();
    rig.release();
    const queryClient = createPaneQueryClient();
    const first = createClientReads(rig.api, { queryClient, connection: 1 });
    await first.waves(1);
    const second = createClientReads(rig.api, { queryClient, connection: 2 });
    await second.waves(1);
    expect(rig.calls).toEqual(["waves 1", "waves 1"]);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(2);
    forgetOtherConnections(queryClient, second);
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey[1]),
    ).toEqual([2]);
    forgetOtherConnections(queryClient, null);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it("a read still on its way when its connection is dropped stops, and is not asked again with that connection's key", async () => {
    const old = countingApi();
    const queryClient = createPaneQueryClient();
    const first = createClientReads(old.api, { queryClient, connection: 1 });
    const pending = first.waves(1).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 0));
    const second = createClientReads(countingApi().api, { queryClient, connection: 2 });
    forgetOtherConnections(queryClient, second);
    old.release();
    expect(isAbortError(await pending)).toBe(true);
    expect(old.calls).toEqual(["waves 1"]);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it("sets react-query up without retries (the PayrollApi retries what is safe) and with a stale time", () => {
    const defaults = createPaneQueryClient().getDefaultOptions().queries;
    expect(defaults?.retry).toBe(false);
    expect(defaults?.staleTime).toBeGreaterThan(0);
  });

  it("forgets a failed read, so the next caller asks again", async () => {
    const reads = createClientReads({
      ...countingApi().api,
      getItemsAndOutputs: jest.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce(ITEMS),
    } as unknown as PayrollApi);
    await expect(reads.itemsAndOutputs(1)).rejects.toThrow("offline");
    await expect(reads.itemsAndOutputs(1)).resolves.toBe(ITEMS);
  });

  it("a cancelled caller stops waiting; the shared read goes on for the others", async () => {
    const rig = countingApi();
    const reads = createClientReads(rig.api);
    const controller = new AbortController();
    const cancelled = reads.waves(1, { signal: controller.signal });
    const other = reads.waves(1);
    controller.abort();
    const error = await cancelled.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    rig.release();
    expect((await other).map((w) => w.id)).toEqual([1]);
    expect(rig.calls).toEqual(["waves 1"]);
  });
});

describe("a write through the connection's api", () => {
  it("marks the employees with payslips and the calculations stale: the next read asks again, nothing is read at once", async () => {
    const rig = countingApi();
    rig.release();
    const reads = createClientReads(rig.api);
    await Promise.all([reads.read("employeesWithPayslips", 1), reads.read("calculations", 1), reads.read("calculations", 2)]);
    await reads.waves(1);
    expect(reads.isFresh("calculations", 1)).toBe(true);
    rig.calls.length = 0;

    // A new wave changes neither list (the wave form invalidates the waves itself; PayrollApi tells of no report).
    rig.wrote("POST", "/clients/1/waves");
    expect(reads.isFresh("calculations", 1)).toBe(true);

    // A push names its client: only that client's lists, and not the waves.
    rig.wrote("POST", "/clients/1/bulk_input");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rig.calls).toEqual([]);
    expect([reads.isFresh("calculations", 1), reads.isFresh("employeesWithPayslips", 1)]).toEqual([false, false]);
    expect([reads.isFresh("calculations", 2), reads.isFresh("waves", 1)]).toEqual([true, true]);
    expect(await reads.read("calculations", 1)).toEqual([{ n: 3 }]);
    await reads.read("employeesWithPayslips", 1);
    await reads.read("calculations", 2);
    await reads.waves(1);
    expect(rig.calls).toEqual(["calculations 1", "employees 1 with service_periods,recent_payslips"]);

    // A path naming no client (an employee's, a calculation's) may change any client's.
    rig.calls.length = 0;
    rig.wrote("PATCH", "/employees/7");
    await reads.read("calculations", 2);
    await reads.read("calculations", 1);
    expect(rig.calls).toEqual(["calculations 2", "calculations 1"]);
  });

  it("a read under way when a write ends is asked again: its answer may predate the write", async () => {
    let answer = 0;
    let open: () => void = () => undefined;
    const listeners: ((write: RequestInfo) => void)[] = [];
    const api = {
      listClientCalculations: async () => {
        const n = ++answer;
        if (n === 1) await new Promise<void>((resolve) => (open = resolve));
        return [{ n }];
      },
      onWrite: (listener: (write: RequestInfo) => void) => (listeners.push(listener), () => undefined),
    } as unknown as PayrollApi;
    const reads = createClientReads(api);
    const reading = reads.read("calculations", 1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    listeners.forEach((l) => l({ method: "POST", path: "/clients/1/bulk_input" }));
    open();
    expect(await reading).toEqual([{ n: 2 }]);
    expect(reads.isFresh("calculations", 1)).toBe(true);
    expect(await reads.read("calculations", 1)).toEqual([{ n: 2 }]);
    expect(answer).toBe(2);
  });
});
