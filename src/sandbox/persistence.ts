/**
 * --data FILE: the state is loaded from FILE at start (when it exists) and saved to it after changes (debounced)
 * and at shutdown. write-file-atomic writes a temporary file and renames it, so a crash never leaves half a file.
 *
 * Format: newline-delimited JSON. The first line is a header {format, version, seq}; every other line is
 * [table, [record, ...]] with up to BATCH records. Payslips, the bulk of the state (about a million at 10,000
 * employees per client), are stored as value tuples. Line by line, no single string has to hold the whole state
 * (at that scale it would approach V8's maximum string length), and saving yields to the event loop between
 * batches so requests keep being served; a change made during a save triggers another save.
 */
import { createReadStream, promises as fs } from "node:fs";
import { createInterface } from "node:readline";
import writeFileAtomic from "write-file-atomic";
import { Store, type PayslipRec, type TableName } from "./store";

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

/** The state as file bytes, built batch by batch; with yieldBetweenBatches other work runs between batches. */
export async function serialise(store: Store, yieldBetweenBatches = false): Promise<Buffer> {
  const chunks: Buffer[] = [Buffer.from(`${JSON.stringify({ format: FORMAT, version: VERSION, seq: store.seq })}\n`)];
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
  return Buffer.concat(chunks);
}

export class Persistence {
  private timer: NodeJS.Timeout | null = null;
  private saving: Promise<void> = Promise.resolve();
  /** Changes seen, and how many the last completed save covered. */
  private changes = 0;

  constructor(
    readonly file: string,
    private readonly debounceMs = 1000,
  ) {}

  /** The stored state, or null when the file does not exist. A file that is not sandbox state is an error. */
  async load(): Promise<Store | null> {
    try {
      await fs.access(this.file);
    } catch {
      return null;
    }
    const store = new Store();
    const tables = store.tables() as Record<string, { insert(r: { id: number }): unknown }>;
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
        const header = value as { format?: string; version?: number; seq?: Record<string, number> };
        if (header?.format !== FORMAT || header.version !== VERSION)
          throw new Error(`${this.file} is not a payroll sandbox state file (version ${VERSION})`);
        store.seq = { ...header.seq };
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

  /** Records a change and saves after debounceMs of quiet. */
  scheduleSave(store: Store): void {
    this.changes++;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const covered = this.changes;
      void this.save(store, true)
        .then(() => {
          // Changes made while the save was running may be only partly in the file: save again.
          if (this.changes !== covered) this.scheduleSave(store);
        })
        .catch(() => undefined); // a failed save is retried by the next change or at shutdown
    }, this.debounceMs);
    this.timer.unref();
  }

  /** Saves now in one go (cancelling a pending debounced save) and waits for it: at shutdown. */
  async flush(store: Store): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    await this.save(store, false);
  }

  private save(store: Store, yieldBetweenBatches: boolean): Promise<void> {
    // Saves run one after another so an older state never overwrites a newer one.
    this.saving = this.saving
      .catch(() => undefined)
      .then(async () => writeFileAtomic(this.file, await serialise(store, yieldBetweenBatches)));
    return this.saving;
  }
}
