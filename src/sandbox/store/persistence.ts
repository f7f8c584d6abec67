/**
 * --data FILE: the state survives restarts and crashes, and nothing is acknowledged before it is on disk.
 *
 * - The snapshot, FILE: the whole state, written with write-file-atomic (temporary file, fsync, rename) so a crash
 *   never leaves half a file. Newline-delimited JSON: a header line {format, version, seq, journal_seq}, then
 *   [table, [record, ...]] lines of up to BATCH records (payslips as value tuples). Line by line, no single string
 *   holds the whole state, and writing it yields to the event loop between batches.
 * - The write-ahead log (writeAheadLog.ts; called the journal in file names, messages and the header's journal_seq),
 *   FILE.journal.<n>: one framed record per group of changes, holding the full current form of every record
 *   inserted or changed (or null for a removed one), numbered by `seq`. durable() appends the changes made so far
 *   and fsyncs before it resolves; every reply waits for it (the onSend hook in http/app.ts), so a
 *   write is acknowledged only once it is on disk. Concurrent requests share one append and fsync (group commit).
 * - Compaction, in the background when changes pause or the journal reaches the snapshot's size, and at shutdown
 *   (see scheduleSave): start a new segment, write the snapshot with journal_seq = the
 *   last seq of the older segments, then delete them. At load: the snapshot, then every journal record with a seq
 *   above its journal_seq, in order. A crash at any point leaves either the old snapshot with all its segments or
 *   the new snapshot with segments whose older records are skipped: nothing is lost or applied twice (and replaying
 *   a record is idempotent anyway, since it carries whole records). The snapshot is fuzzy (requests keep changing
 *   the state while it is written); the newer segment replays over it whatever changed meanwhile.
 */
import { createReadStream, promises as fs } from "node:fs";
import { dirname } from "node:path";
import { createInterface } from "node:readline";
import writeFileAtomic from "write-file-atomic";
import { HttpError } from "../http/errors";
import { fsyncDir, listWalSegments, readWalFrames, WalSegmentWriter, truncateDurably } from "./writeAheadLog";
import { Store, type PayslipRec, type Seq, type TableName } from "./store";

const FORMAT = "payroll-sandbox-state";
const VERSION = 3;

const PAYSLIP_FIELDS = [
  "id",
  "employee_id",
  "client_id",
  "wave_id",
  "date",
  "period_offset",
  "special",
  "finalised",
  "dirty",
  "ss_released",
  "payment_run_id",
  "snapshot_id",
  "created_at",
  "updated_at",
] as const satisfies readonly (keyof PayslipRec)[];

function encode(table: TableName, record: object): unknown {
  if (table !== "payslips") return record;
  const p = record as PayslipRec;
  return PAYSLIP_FIELDS.map((f) => p[f]);
}

function decode(table: TableName, value: unknown): { id: number } {
  if (table !== "payslips") return value as { id: number };
  const values = value as unknown[];
  return Object.fromEntries(PAYSLIP_FIELDS.map((f, i) => [f, values[i]])) as unknown as PayslipRec;
}

const BATCH = 5000;
const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The state as file bytes, built batch by batch; with yieldBetweenBatches other work runs between batches.
 * journalSeq: the last journal record the state includes. The header is made last, so its ID counters cover every
 * record written even when requests added some during the yields.
 */
export async function serialise(store: Store, yieldBetweenBatches = false, journalSeq = 0): Promise<Buffer> {
  const chunks: Buffer[] = [Buffer.alloc(0)];
  for (const [name, table] of Object.entries(store.tables()) as [TableName, { byId: Map<number, object> }][]) {
    let batch: unknown[] = [];
    const flush = async () => {
      if (!batch.length) return;
      chunks.push(Buffer.from(`${JSON.stringify([name, batch])}\n`));
      batch = [];
      if (yieldBetweenBatches) await nextTick();
    };
    for (const record of table.byId.values()) {
      batch.push(encode(name, record));
      if (batch.length >= BATCH) await flush();
    }
    await flush();
  }
  const header = { format: FORMAT, version: VERSION, seq: store.seq, journal_seq: journalSeq };
  chunks[0] = Buffer.from(`${JSON.stringify(header)}\n`);
  return Buffer.concat(chunks);
}

/** One write-ahead log record: the ID counters after the changes, and each changed record's table, ID and form (null: removed). */
interface WalRecord {
  seq: number;
  ids: Seq;
  changes: [TableName, number, unknown][];
}

export interface PersistenceOptions {
  /** Quiet time after a change before a compaction starts. */
  debounceMs?: number;
  /** Where problems found at load (a torn last record) are reported; stderr by default. */
  log?: (line: string) => void;
}

export class Persistence {
  private readonly debounceMs: number;
  private readonly log: (line: string) => void;
  private store: Store | null = null;
  private writer: WalSegmentWriter | null = null;
  /** The newest journal segment found at load. */
  private lastSegment = 0;
  /** seq of the last journal record written (or replayed), and of the last one the snapshot includes. */
  private lastSeq = 0;
  private snapshotSeq = 0;
  /** store.changeCount as of the last append that reached the disk. */
  private durableCount = 0;
  /** Appends and segment switches run one at a time. */
  private lock: Promise<unknown> = Promise.resolve();
  /** The append being written, which later callers of durable() wait for and then share the next one. */
  private appending: Promise<void> | null = null;
  private broken: HttpError | null = null;
  private timer: NodeJS.Timeout | null = null;
  private compacting: Promise<void> | null = null;
  private compactAgain = false;
  private lastCompactionMs = 0;
  private closing = false;
  /** store.changeCount when shutdown began: the changes the last append and snapshot cover. */
  private closingAt: number | null = null;
  /** Size of the last snapshot (compaction starts when the current journal segment reaches it). */
  private snapshotBytes = 0;

  constructor(
    readonly file: string,
    options: PersistenceOptions | number = {},
  ) {
    const o = typeof options === "number" ? { debounceMs: options } : options;
    this.debounceMs = o.debounceMs ?? 1000;
    this.log = o.log ?? ((line) => process.stderr.write(`${line}\n`));
  }

  /**
   * The stored state (snapshot, then the journal replayed over it), or null when there is none. A file that is
   * not sandbox state, or a journal damaged before its end, is an error: nothing is overwritten.
   */
  async load(): Promise<Store | null> {
    await takeLock(this.file);
    const segments = await listWalSegments(this.file);
    const snapshot = await fs.stat(this.file).catch(() => null);
    if (!snapshot) {
      if (segments.length)
        throw new Error(
          `${this.file} is missing but its journal ${segments[0].path} exists; restore the file or move the journal away`,
        );
      return null;
    }
    const store = await this.readSnapshot();
    this.snapshotBytes = snapshot.size;
    const tables = store.tables() as unknown as Record<string, TableLike>;
    this.lastSeq = this.snapshotSeq;
    for (const [i, segment] of segments.entries()) {
      const bytes = await fs.readFile(segment.path);
      const read = readWalFrames(bytes);
      for (const payload of read.payloads) {
        const record = parseRecord(payload, segment.path);
        if (record.seq <= this.snapshotSeq) continue; // already in the snapshot
        if (record.seq !== this.lastSeq + 1)
          throw new Error(`${segment.path}: journal record ${record.seq} follows ${this.lastSeq}; records are missing`);
        applyRecord(store, tables, record);
        this.lastSeq = record.seq;
      }
      if (read.problem) {
        if (i !== segments.length - 1)
          throw new Error(`${segment.path} is damaged (${read.problem}) and newer journal segments follow it`);
        // A crash in the middle of an append: the record was never acknowledged (its fsync had not returned).
        this.log(
          `sandbox --data: dropped the last ${bytes.length - read.validBytes} bytes of ${segment.path}: ${read.problem} (a write cut off by a crash, never acknowledged)`,
        );
        await truncateDurably(segment.path, read.validBytes);
      }
    }
    this.lastSegment = segments.at(-1)?.n ?? 0;
    // Recalculation state is not persisted: figures are computed from the inputs, so every payslip loads clean.
    for (const p of store.payslips.byId.values()) if (p.dirty) p.dirty = false;
    return store;
  }

  /**
   * Starts persisting `store` (the loaded one, or a new demo when load() found nothing): tracks its changes, writes
   * a first snapshot when there is none (awaited, so the journal always has a base) and opens a journal segment.
   */
  async open(store: Store, loaded: boolean): Promise<void> {
    this.store = store;
    store.trackChanges();
    this.durableCount = store.changeCount;
    if (!loaded) await this.writeSnapshot(store, false, 0);
    this.writer = await WalSegmentWriter.create(this.file, this.lastSegment + 1);
    if (this.lastSeq > this.snapshotSeq) this.scheduleSave();
  }

  /** Resolves once every change made so far is on disk; rejects with a 503 HttpError when it cannot be written. */
  async durable(): Promise<void> {
    const store = this.store;
    if (!store) return;
    // After shutdown began, a change made since cannot be confirmed: the last snapshot may not hold it.
    if (this.closingAt !== null && store.changeCount > this.closingAt)
      throw new HttpError(503, "The sandbox is stopping; the change is not confirmed");
    await this.appendUpTo(store.changeCount);
  }

  private async appendUpTo(target: number): Promise<void> {
    while (this.durableCount < target) {
      if (this.broken) throw this.broken;
      this.appending ??= this.exclusive(() => this.appendChanges()).finally(() => (this.appending = null));
      await this.appending.catch((err: unknown) => {
        // The caller hears only that nothing was confirmed (a 503 it may retry); the cause goes to the log.
        this.log(`sandbox --data: a journal append failed: ${String(err)}`);
        throw new HttpError(503, "The change could not be written to disk, so it is not confirmed; retry later");
      });
    }
  }

  private async appendChanges(): Promise<void> {
    const store = this.store!;
    const count = store.changeCount;
    const changes = store.takeChanges();
    if (changes.size) {
      const tables = store.tables() as unknown as Record<string, TableLike>;
      const record: WalRecord = { seq: this.lastSeq + 1, ids: store.seq, changes: [] };
      for (const [name, ids] of changes)
        for (const id of ids) {
          const r = tables[name].get(id);
          record.changes.push([name, id, r ? encode(name, r) : null]);
        }
      try {
        await this.writer!.append(JSON.stringify(record));
      } catch (err) {
        store.restoreChanges(changes);
        if (this.writer!.broken)
          this.broken = new HttpError(
            503,
            "The --data journal cannot be written (a partial record could not be removed), so changes are not confirmed; restart the sandbox",
          );
        throw err;
      }
      this.lastSeq = record.seq;
      if (this.writer!.bytes >= this.snapshotBytes && !this.compacting && !this.closing) this.compactInBackground();
    }
    this.durableCount = Math.max(this.durableCount, count);
  }

  /**
   * A change was made (the journal already holds it): compact once changes have paused for debounceMs, or for twice
   * the last compaction's time if longer, so a large state (seconds per snapshot, hundreds of MB of disk writes that
   * slow every fsync) is not rewritten during a push. appendChanges() compacts sooner when the journal has grown to
   * the snapshot's size, which bounds the replay at load.
   */
  scheduleSave(): void {
    if (!this.store || this.closing) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.compactInBackground();
      },
      Math.max(this.debounceMs, 2 * this.lastCompactionMs),
    );
    this.timer.unref();
  }

  private compactInBackground(): void {
    this.compact().catch((err) => this.log(`sandbox --data: compaction failed, retried after the next change: ${String(err)}`));
  }

  /** Writes the snapshot and drops the journal segments it covers; one compaction at a time. */
  compact(): Promise<void> {
    if (this.compacting) {
      this.compactAgain = true;
      return this.compacting;
    }
    this.compacting = this.runCompaction().finally(() => {
      this.compacting = null;
      if (this.compactAgain) {
        this.compactAgain = false;
        this.scheduleSave();
      }
    });
    return this.compacting;
  }

  private async runCompaction(): Promise<void> {
    const store = this.store!;
    let covered = 0;
    let newSnapshot = false;
    /** Segments numbered below this are covered by the snapshot once it is written. */
    let keepFrom = 0;
    await this.exclusive(async () => {
      covered = this.lastSeq;
      keepFrom = this.writer!.segment.n;
      // Nothing journaled since the last snapshot: only older segments (left by a restart) to delete.
      if (covered === this.snapshotSeq) return;
      const next = await WalSegmentWriter.create(this.file, keepFrom + 1);
      const old = this.writer!;
      this.writer = next;
      keepFrom = next.segment.n;
      newSnapshot = true;
      await old.close();
    });
    const started = performance.now();
    // Crash here: the old snapshot and all segments remain. After the rename: the new snapshot skips the old records.
    if (newSnapshot) await this.writeSnapshot(store, true, covered);
    const older = (await listWalSegments(this.file)).filter((segment) => segment.n < keepFrom);
    for (const segment of older) await fs.unlink(segment.path);
    if (older.length) await fsyncDir(dirname(this.file));
    if (newSnapshot) this.lastCompactionMs = performance.now() - started;
  }

  private async writeSnapshot(store: Store, yieldBetweenBatches: boolean, journalSeq: number): Promise<void> {
    const bytes = await serialise(store, yieldBetweenBatches, journalSeq);
    await writeFileAtomic(this.file, bytes);
    await fsyncDir(dirname(this.file));
    this.snapshotSeq = journalSeq;
    this.snapshotBytes = bytes.length;
  }

  /** At shutdown: waits for pending writes and a last compaction, then closes the journal. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const store = this.store;
    if (!store || this.closing) return;
    this.closing = true;
    this.closingAt = store.changeCount;
    const appended = await this.appendUpTo(this.closingAt).then(
      () => true,
      () => false,
    );
    await this.compacting?.catch(() => undefined);
    // When the journal cannot take the last changes, the snapshot still can: it is written from memory.
    if (appended) await this.compact();
    else await this.writeSnapshot(store, false, this.lastSeq);
    const writer = this.writer!;
    await writer.close();
    // Everything is in the snapshot: an empty last segment is not kept (restarts would pile them up).
    if (writer.bytes === 0 && this.lastSeq === this.snapshotSeq) {
      await fs.unlink(writer.segment.path);
      await fsyncDir(dirname(this.file));
    }
    await fs.unlink(lockPath(this.file)).catch(() => undefined);
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.lock.then(fn);
    this.lock = run.catch(() => undefined);
    return run;
  }

  private async readSnapshot(): Promise<Store> {
    const store = new Store();
    const tables = store.tables() as unknown as Record<string, TableLike>;
    const lines = createInterface({ input: createReadStream(this.file, "utf8"), crlfDelay: Infinity });
    let n = 0;
    for await (const line of lines) {
      n++;
      if (line.trim() === "") continue;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new Error(`${this.file} line ${n} is not valid JSON; move the file away or pass another --data file`);
      }
      if (n === 1) {
        const header = value as { format?: string; version?: number; seq?: Seq; journal_seq?: number };
        if (header?.format !== FORMAT || header.version !== VERSION)
          throw new Error(`${this.file} is not a payroll sandbox state file (version ${VERSION})`);
        store.seq = { ...header.seq };
        this.snapshotSeq = header.journal_seq ?? 0;
        continue;
      }
      const [name, records] = value as [TableName, unknown[]];
      const table = tables[name];
      if (!table || !Array.isArray(records)) throw new Error(`${this.file} line ${n}: not a [table, records] line`);
      for (const record of records) table.insert(decode(name, record));
    }
    if (n === 0) throw new Error(`${this.file} is empty; move it away or pass another --data file`);
    return store;
  }
}

interface TableLike {
  get(id: number): object | undefined;
  replace(r: { id: number }): void;
  insert(r: { id: number }): unknown;
  remove(r: object): void;
}

const lockPath = (file: string) => `${file}.lock`;

/**
 * One sandbox per --data file: two would delete each other's journal segments and lose acknowledged writes.
 * FILE.lock holds the owner's PID; a lock whose process is gone (a SIGKILLed sandbox) is taken over.
 */
async function takeLock(file: string): Promise<void> {
  const path = lockPath(file);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await fs.writeFile(path, `${process.pid}\n`, { flag: "wx" });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = Number((await fs.readFile(path, "utf8").catch(() => "")).trim());
    if (owner > 0 && owner !== process.pid && processAlive(owner))
      throw new Error(`${file} is in use by another sandbox (PID ${owner}); stop it or choose another --data file`);
    await fs.unlink(path).catch(() => undefined);
  }
  throw new Error(`could not lock ${file} (${path} keeps reappearing)`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function parseRecord(payload: string, path: string): WalRecord {
  try {
    const r = JSON.parse(payload) as WalRecord;
    if (Number.isInteger(r.seq) && Array.isArray(r.changes)) return r;
  } catch {
    // reported below
  }
  // The checksum matched, so this is not a torn write: refuse rather than guess.
  throw new Error(`${path} holds a journal record that is not one; move the journal away to start from the snapshot`);
}

/** Replays one record: each record replaced by its journaled form (in its place, so list orders stay), or removed. */
function applyRecord(store: Store, tables: Record<string, TableLike>, record: WalRecord): void {
  for (const [name, id, value] of record.changes) {
    const table = tables[name];
    if (!table) throw new Error(`journal record ${record.seq} names an unknown table ${name}`);
    const existing = table.get(id);
    if (value !== null) table.replace(decode(name, value));
    else if (existing) table.remove(existing);
  }
  for (const [kind, n] of Object.entries(record.ids)) store.seq[kind] = Math.max(store.seq[kind] ?? 0, n);
}
