/** @jest-environment jsdom */
/** Lists for the pickers: one request per list however many panels show it; reload and failures reach all of them. */
import { act, renderHook, waitFor } from "@testing-library/react";
import { useListFor, useSharedList } from "./useListFor";

describe("useSharedList", () => {
  it("loads once for every panel of a connection, reloads for all, and loads afresh once no panel shows it", async () => {
    const owner = {};
    let n = 0;
    const load = jest.fn(async () => [`employee list ${++n}`]);
    const both = renderHook(() => [useSharedList(owner, "employees:1", load), useSharedList(owner, "employees:1", load)]);
    await waitFor(() => expect(both.result.current[0].data).toEqual(["employee list 1"]));
    expect(both.result.current[1].data).toEqual(["employee list 1"]);
    expect(load).toHaveBeenCalledTimes(1);

    act(() => both.result.current[1].reload());
    await waitFor(() => expect(both.result.current[0].data).toEqual(["employee list 2"]));
    expect(load).toHaveBeenCalledTimes(2);

    both.unmount();
    const later = renderHook(() => useSharedList(owner, "employees:1", load));
    await waitFor(() => expect(later.result.current.data).toEqual(["employee list 3"]));
    later.unmount();
  });

  it("keeps other keys and connections apart, and reports a failure with a retry", async () => {
    const owner = {};
    const failing = jest.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce(["back"]);
    const other = jest.fn(async () => ["client 2"]);
    const { result } = renderHook(() => [
      useSharedList(owner, "employees:1", failing),
      useSharedList(owner, "employees:2", other),
    ]);
    await waitFor(() => expect(result.current[0].error).toBe("offline"));
    expect(result.current[0].status).toMatchObject({ loading: false, error: "offline" });
    expect(result.current[1].data).toEqual(["client 2"]);
    act(() => result.current[0].status.onRetry!());
    await waitFor(() => expect(result.current[0].data).toEqual(["back"]));
    expect(result.current[0].error).toBeNull();
  });

  it("has no list while there is no connection", () => {
    const load = jest.fn(async () => []);
    const { result } = renderHook(() => useSharedList(null, null, load));
    expect(result.current).toMatchObject({ data: null, loading: false, error: null });
    expect(load).not.toHaveBeenCalled();
  });
});

describe("useListFor", () => {
  it("loads for the ID, again when it changes, and has nothing for null", async () => {
    const load = jest.fn(async (id: number) => [`payslips of ${id}`]);
    const { result, rerender } = renderHook(({ id }) => useListFor(id, load), { initialProps: { id: 7 as number | null } });
    await waitFor(() => expect(result.current.data).toEqual(["payslips of 7"]));
    rerender({ id: 8 });
    await waitFor(() => expect(result.current.data).toEqual(["payslips of 8"]));
    rerender({ id: null });
    expect(result.current).toMatchObject({ data: null, loading: false });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
