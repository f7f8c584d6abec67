/**
 * Office's batching pattern for custom functions: each call pushes an operation and returns a promise; the batch is
 * sent a moment after the calls stop coming, by which time Excel (or the preview) has made the other calls of the
 * same recalculation. The flush gets every operation gathered and settles each one's promise.
 *
 * "A moment after the calls stop": each push waits `delayMs` again, up to `maxWaitMs` after the batch's first push.
 * Excel may hand a large recalculation to the runtime in several parts; a fixed delay from the first call would
 * split a 4,800-cell grid into several batches, each asking transaction_history for the same months again.
 */
export interface Pending<Op, R> {
  op: Op;
  resolve(value: R): void;
  reject(error: unknown): void;
}

export class Batcher<Op, R> {
  private queue: Pending<Op, R>[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private firstAt = 0;

  constructor(
    private readonly run: (batch: Pending<Op, R>[]) => Promise<void>,
    private readonly delayMs = 30,
    private readonly maxWaitMs = 1_000,
  ) {}

  push(op: Op): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const now = Date.now();
      if (this.queue.length === 0) this.firstAt = now;
      this.queue.push({ op, resolve, reject });
      if (this.timer) clearTimeout(this.timer);
      const wait = Math.max(0, Math.min(this.delayMs, this.firstAt + this.maxWaitMs - now));
      this.timer = setTimeout(() => void this.flush(), wait);
    });
  }

  /** Send what is gathered now (tests; the timer calls it otherwise). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    try {
      await this.run(batch);
    } catch (e) {
      for (const p of batch) p.reject(e);
    }
  }
}
