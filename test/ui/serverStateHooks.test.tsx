/** @jest-environment jsdom */
import type { PayrollApi } from "../../src/api";
/** Lists for the pickers: one request per list however many panels show it; reload and failures reach all of them. */
import { act, renderHook, waitFor } from "@testing-library/react";
import { QueryClient } from "@tanstack/react-query";
import { createClientReads, useClientEmployees, useClientView, useListFor } from "../../src/ui/serverState";
import "../support/patientWaits";

// One QueryClient for the pane's life, as in the shell; each connection's reads are numbered.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
let connections = 0;
function readsOf(load: jest.Mock, listWaves: jest.Mock = jest.fn(async () => [])) {
  return createClientReads({ listEmployees: load, listWaves, onWrite: () => () => undefined } as unknown as PayrollApi, {
    queryClient,
    connection: ++connections,
  });
}

describe("useClientEmployees", () => {
  it("loads once for every panel of a client, reloads for all, and reads afresh for a new connection", async () => {
    let n = 0;
    const load = jest.fn(async () => [`employee list ${++n}`]);
    const services = { reads: readsOf(load), clientId: 1 };
    const both = renderHook(({ s }) => [useClientEmployees(s), useClientEmployees(s)], { initialProps: { s: services } });
    await waitFor(() => expect(both.result.current[0].data).toEqual(["employee list 1"]));
    expect(both.result.current[1].data).toEqual(["employee list 1"]);
    expect(load).toHaveBeenCalledTimes(1);

    act(() => both.result.current[1].reload());
    await waitFor(() => expect(both.result.current[0].data).toEqual(["employee list 2"]));
    expect(both.result.current[1].data).toEqual(["employee list 2"]);
    expect(load).toHaveBeenCalledTimes(2);

    // A write elsewhere invalidates the list: both panels show what the service has now.
    act(() => services.reads.invalidate(1, "employees"));
    await waitFor(() => expect(both.result.current[1].data).toEqual(["employee list 3"]));
    expect(load).toHaveBeenCalledTimes(3);

    // Reconnecting gives the shell new reads: read again, even for the same client.
    both.rerender({ s: { reads: readsOf(load), clientId: 1 } });
    await waitFor(() => expect(both.result.current[0].data).toEqual(["employee list 4"]));
    expect(load).toHaveBeenCalledTimes(4);
    both.unmount();
  });

  it("reports a failure with a retry that reads again, and ignores other clients' and lists' changes", async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce(["back"]);
    const services = { reads: readsOf(load), clientId: 1 };
    const { result } = renderHook(() => useClientEmployees(services));
    await waitFor(() => expect(result.current.error).toBe("offline"));
    expect(result.current.status).toMatchObject({ loading: false, error: "offline" });
    act(() => result.current.status.onRetry!());
    await waitFor(() => expect(result.current.data).toEqual(["back"]));
    act(() => {
      services.reads.invalidate(2, "employees");
      services.reads.invalidate(1, "waves");
    });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("has no list while there is no connection", () => {
    const { result } = renderHook(() => useClientEmployees(null));
    expect(result.current).toMatchObject({ data: null, loading: false, error: null });
  });
});

describe("useClientView", () => {
  it("builds on the shared lists, and is built again when one of its lists of its client is invalidated", async () => {
    let n = 0;
    const listWaves = jest.fn(async () => [`wave list ${++n}`]);
    const services = { reads: readsOf(jest.fn(), listWaves), clientId: 1 };
    const build = jest.fn(async (reads: ReturnType<typeof readsOf>) => `built on ${String(await reads.waves(1))}`);
    const { result } = renderHook(() => useClientView({ scope: services, name: "probe", lists: ["waves"], load: build }));
    await waitFor(() => expect(result.current.data).toBe("built on wave list 1"));
    act(() => services.reads.invalidate(1, "employees"));
    act(() => services.reads.invalidate(2, "waves"));
    expect(build).toHaveBeenCalledTimes(1);
    act(() => services.reads.invalidate(1, "waves"));
    await waitFor(() => expect(result.current.data).toBe("built on wave list 2"));
    expect(listWaves).toHaveBeenCalledTimes(2);
  });
});

describe("useListFor", () => {
  it("loads for the ID, again when it changes, and has nothing for null", async () => {
    const load = jest.fn(async (id: number) => [`payslips of ${id}`]);
    const services = { reads: readsOf(jest.fn()), clientId: 1 };
    const { result, rerender } = renderHook(({ id }) => useListFor({ scope: services, name: "payslips", id, load }), {
      initialProps: { id: 7 as number | null },
    });
    await waitFor(() => expect(result.current.data).toEqual(["payslips of 7"]));
    rerender({ id: 8 });
    await waitFor(() => expect(result.current.data).toEqual(["payslips of 8"]));
    rerender({ id: null });
    expect(result.current).toMatchObject({ data: null, loading: false });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
