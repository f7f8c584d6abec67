/**
 * Async reports as a job queue: jobs run one at a time, each taking `jobMs`; at most `capacity` jobs may be queued
 * or running (more gives 429). Finished results stay available for polling for `keepMs`.
 */
import { randomUUID } from "node:crypto";

export type JobState = { state: "running" } | { state: "complete"; rows: unknown[] } | { state: "failed"; message: string };

interface Job {
  uuid: string;
  clientId: number;
  run: () => unknown[];
  result?: JobState;
  finishedAt?: number;
}

export class ReportQueue {
  private readonly jobs = new Map<string, Job>();
  private readonly waiting: Job[] = [];
  private active: Job | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly capacity: number,
    private readonly jobMs: number,
    private readonly keepMs = 15 * 60_000,
  ) {}

  /** Queues a job, or returns null when the queue is full. */
  enqueue(clientId: number, run: () => unknown[]): string | null {
    this.prune();
    if (this.pendingCount() >= this.capacity) return null;
    const job: Job = { uuid: randomUUID(), clientId, run };
    this.jobs.set(job.uuid, job);
    this.waiting.push(job);
    this.next();
    return job.uuid;
  }

  /** Unknown UUIDs (or another client's) give undefined. */
  poll(clientId: number, uuid: string): JobState | undefined {
    const job = this.jobs.get(uuid);
    if (!job || job.clientId !== clientId) return undefined;
    return job.result ?? { state: "running" };
  }

  pendingCount(): number {
    return this.waiting.length + (this.active ? 1 : 0);
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private next(): void {
    if (this.active || this.closed) return;
    const job = this.waiting.shift();
    if (!job) return;
    this.active = job;
    this.timer = setTimeout(() => {
      this.timer = null;
      try {
        job.result = { state: "complete", rows: job.run() };
      } catch (err) {
        job.result = { state: "failed", message: err instanceof Error ? err.message : "Report failed" };
      }
      job.finishedAt = Date.now();
      this.active = null;
      this.next();
    }, this.jobMs);
    this.timer.unref();
  }

  private prune(): void {
    const cutoff = Date.now() - this.keepMs;
    for (const [uuid, job] of this.jobs) if (job.finishedAt !== undefined && job.finishedAt < cutoff) this.jobs.delete(uuid);
  }
}
