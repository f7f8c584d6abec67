/**
 * Office's batching pattern for custom functions: each call pushes an operation and returns a promise; the first
 * push of a batch schedules one flush a moment later, by which time Excel (or the preview) has made the other calls
 * of the same recalculation. The flush gets every operation gathered and settles each one's promise.
 */
export interface Pending<Op, R> {
  op: Op;
  resolve(value: R): void;
  reject(error: unknown): void;
}

export class Batcher<Op, R> {
  private queue: Pending<Op, R>[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly run: (batch: Pending<Op, R>[]) => Promise<void>,
    private readonly delayMs = 30,
  ) {}

  push(op: Op): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ op, resolve, reject });
      this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
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
