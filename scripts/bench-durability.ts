/**
 * What durable acknowledgements cost: bulk_input writes per second acknowledged by the sandbox, with and without
 * --data (the journal fsyncs before each reply; concurrent requests share one fsync), one request at a time and
 * many at once; and the journal's own append + fdatasync latency on this disk.
 * Run: npx tsx scripts/bench-durability.ts [employees per client, default 500] [writes per run, default 400]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { startSandbox, type RunningSandbox } from "../src/sandbox";
import { WalSegmentWriter } from "../src/sandbox/store/writeAheadLog";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : NaN;
};
const ms = (since: number) => `${(performance.now() - since).toFixed(0)} ms`;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

/** `writes` bulk_input requests (10 employees each), `concurrency` in flight; acknowledged writes/s and reply median. */
async function run(s: RunningSandbox, ids: number[], writes: number, concurrency: number) {
  const replyMs: number[] = [];
  let next = 0;
  let acknowledged = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < writes) {
      const i = next++;
      const entities = Array.from({ length: 10 }, (_, k) => ({
        id: String(ids[(i * 10 + k) % ids.length]),
        attributes: { job_title: `Bench ${i}.${k}` },
      }));
      const t = performance.now();
      const r = await fetch(`${s.url}/v1/clients/1/bulk_input`, {
        method: "POST",
        headers: { Authorization: s.apiKey, "Content-Type": "application/json" },
        body: JSON.stringify({ entities }),
      });
      const body = (await r.json()) as { success: string }[];
      replyMs.push(performance.now() - t);
      if (r.status === 200 && body.every((e) => e.success === "true")) acknowledged++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: acknowledged / seconds, replyMedian: median(replyMs), acknowledged };
}

async function main(): Promise<void> {
  const employees = Number(process.argv[2] ?? 500);
  const writes = Number(process.argv[3] ?? 400);
  console.log(`Durability bench: ${employees} employees per client, ${writes} bulk_input requests of 10 entities per run`);
  console.log(`Node ${process.version}; load average at start (1, 5, 15 min): ${load()}`);
  const dir = mkdtempSync(join(tmpdir(), "sandbox-durability-"));
  try {
    // The disk: append + fdatasync of a 2 KB journal record, 200 times.
    const writer = await WalSegmentWriter.create(join(dir, "probe"), 1);
    const syncMs: number[] = [];
    const record = JSON.stringify({ seq: 1, ids: {}, changes: [["employees", 1, { pad: "x".repeat(2000) }]] });
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      await writer.append(record);
      syncMs.push(performance.now() - t);
    }
    await writer.close();
    console.log(`journal append + fdatasync (2 KB record): median ${median(syncMs).toFixed(2)} ms`);

    console.log(
      `${"mode".padEnd(26)} ${"concurrency".padStart(11)} ${"acked writes/s".padStart(15)} ${"reply median".padStart(13)}`,
    );
    const timings: string[] = [];
    for (const data of [false, true]) {
      let t = performance.now();
      const s = await startSandbox({ employees, recalcMs: 1500, dataFile: data ? join(dir, "state.ndjson") : undefined });
      timings.push(`start ${data ? "with --data, new file (demo + first snapshot)" : "in memory (demo)"}: ${ms(t)}`);
      try {
        t = performance.now();
        await fetch(`${s.url}/v1/clients/1/employees`, { headers: { Authorization: s.apiKey } }).then((r) => r.text());
        timings.push(`GET /clients/1/employees ${data ? "with --data (records behind a Proxy)" : "in memory"}: ${ms(t)}`);
        const list = (await (
          await fetch(`${s.url}/v1/clients/1/employees`, { headers: { Authorization: s.apiKey } })
        ).json()) as {
          employee: { id: number };
        }[];
        const ids = list.map((e) => e.employee.id);
        for (const concurrency of [1, 16]) {
          const r = await run(s, ids, writes, concurrency);
          if (r.acknowledged !== writes) throw new Error(`only ${r.acknowledged} of ${writes} writes acknowledged`);
          console.log(
            `${(data ? "--data (journal, fsync)" : "in memory").padEnd(26)} ${String(concurrency).padStart(11)} ${r.perSecond
              .toFixed(0)
              .padStart(15)} ${`${r.replyMedian.toFixed(2)} ms`.padStart(13)}`,
          );
        }
      } finally {
        t = performance.now();
        await s.close();
        if (data) timings.push(`stop with --data (last compaction): ${ms(t)}`);
      }
    }
    const t = performance.now();
    const again = await startSandbox({ employees, dataFile: join(dir, "state.ndjson") });
    timings.push(`restart with --data (load the snapshot): ${ms(t)}`);
    await again.close();
    for (const line of timings) console.log(line);
    console.log(`load average at end (1, 5, 15 min): ${load()}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
