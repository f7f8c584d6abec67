/** Office's batching pattern: calls made together go in one flush; later calls start the next batch. */
import { Batcher } from "../../src/functions/batcher";
import { FormulaCache } from "../../src/functions/cache";
import { FormulaError } from "../../src/functions/errors";

describe("Batcher", () => {
  it("gathers the calls of one moment into one run and settles each", async () => {
    const runs: number[][] = [];
    const b = new Batcher<number, number>(async (batch) => {
      runs.push(batch.map((p) => p.op));
      for (const p of batch) {
        if (p.op < 0) p.reject(new Error(`bad ${p.op}`));
        else p.resolve(p.op * 2);
      }
    }, 5);
    const first = [1, 2, -3].map((n) => b.push(n).catch((e: Error) => e.message));
    expect(await Promise.all(first)).toEqual([2, 4, "bad -3"]);
    expect(await b.push(10)).toBe(20);
    expect(runs).toEqual([[1, 2, -3], [10]]);
  });

  it("waits until the calls stop (each call waits the delay again), at most maxWaitMs after the first", async () => {
    jest.useFakeTimers();
    try {
      const runs: number[][] = [];
      const b = new Batcher<number, number>(
        async (batch) => {
          runs.push(batch.map((p) => p.op));
          for (const p of batch) p.resolve(p.op);
        },
        30,
        200,
      );
      // Calls 20 ms apart, as Excel may hand a large recalculation over in parts: one batch.
      for (let i = 1; i <= 5; i++) {
        void b.push(i);
        await jest.advanceTimersByTimeAsync(20);
      }
      await jest.advanceTimersByTimeAsync(30);
      expect(runs).toEqual([[1, 2, 3, 4, 5]]);
      // A steady stream is still sent once maxWaitMs has passed since its first call.
      for (let i = 10; i < 30; i++) {
        void b.push(i);
        await jest.advanceTimersByTimeAsync(20);
      }
      await jest.advanceTimersByTimeAsync(30);
      expect(runs.length).toBeGreaterThanOrEqual(3);
      expect(runs[1].length).toBeLessThanOrEqual(11); // 200 ms of calls 20 ms apart
      expect(runs.slice(1).flat()).toEqual(Array.from({ length: 20 }, (_, i) => 10 + i));
    } finally {
      jest.useRealTimers();
    }
  });

  it("fails every call of a run that throws", async () => {
    const b = new Batcher<number, number>(async () => {
      throw new Error("service down");
    }, 1);
    const calls = [b.push(1), b.push(2)].map((p) => p.catch((e: Error) => e.message));
    expect(await Promise.all(calls)).toEqual(["service down", "service down"]);
  });
});

describe("FormulaCache", () => {
  it("keeps argument errors, drops other failures, and clears per client", async () => {
    const c = new FormulaCache();
    const settle = (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        () => undefined,
      );
    const argument = Promise.reject(new FormulaError("#N/A", "Unknown account"));
    const network = Promise.reject(new Error("offline"));
    c.remember(FormulaCache.key(1, "a"), argument);
    c.remember(FormulaCache.key(1, "b"), network);
    c.remember(FormulaCache.key(2, "a"), Promise.resolve(5));
    await Promise.all([argument, network].map(settle));
    expect([c.has("1|a"), c.has("1|b"), c.has("2|a")]).toEqual([true, false, true]);
    c.clear(1);
    expect([c.has("1|a"), c.has("2|a")]).toEqual([false, true]);
    let loads = 0;
    const load = async () => ++loads;
    expect(await c.memo("2|n", load)).toBe(1);
    expect(await c.memo("2|n", load)).toBe(1);
    c.clear();
    expect(c.size).toBe(0);
  });
});
