/**
 * --data FILE: the state is loaded from FILE at start (when it exists) and saved to it after changes (debounced)
 * and at shutdown. write-file-atomic writes a temporary file and renames it, so a crash never leaves half a file.
 *
 * Format: newline-delimited JSON. The first line is a header {format, version, seq}; every other line is
 * [table, record]. Payslips, the bulk of the state (about a million at 10,000 employees per client), are stored as
 * value tuples. One line per record keeps both directions streamable: no single string has to hold the whole
 * state, which at that scale would approach V8's maximum string length.
 */
import { createReadStream, promises as fs } from "node:fs";
import { createInterface } from "node:readline";
import writeFileAtomic from "write-file-atomic";
import { Store, type PayslipRec, type TableName } from "./store";

const FORMAT = "payroll-sandbox-state";
const VERSION = 2;

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

/** The state as file bytes, built in chunks. */
export function serialise(store: Store): Buffer {
  const chunks: Buffer[] = [Buffer.from(`${JSON.stringify({ format: FORMAT, version: VERSION, seq: store.seq })}\n`)];
  let lines: string[] = [];
  const flush = () => {
    if (lines.length) chunks.push(Buffer.from(lines.join("")));
    lines = [];
  };
  for (const [name, table] of Object.entries(store.tables()) as [TableName, { byId: Map<number, object> }][]) {
    for (const record of table.byId.values()) {
      lines.push(`${JSON.stringify([name, encode(name, record)])}\n`);
      if (lines.length >= 20_000) flush();
    }
  }
  flush();
  return Buffer.concat(chunks);
}

export class Persistence {
  private timer: NodeJS.Timeout | null = null;
  private saving: Promise<void> = Promise.resolve();

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
        if (header?.format !== FORMAT || header.version !== VERSION) throw new Error(`${this.file} is not a payroll sandbox state file (version ${VERSION})`);
        store.seq = { ...header.seq };
        continue;
      }
      const [name, record] = value as [TableName, unknown];
      const table = tables[name];
      if (!table) throw new Error(`${this.file} line ${n}: unknown table ${JSON.stringify(name)}`);
      table.insert(decode(name, record));
    }
    if (n === 0) throw new Error(`${this.file} is empty; move it away or pass another --data file`);
    return store;
  }

  scheduleSave(store: Store): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.save(store).catch(() => undefined); // a failed save is retried by the next change or at shutdown
    }, this.debounceMs);
    this.timer.unref();
  }

  /** Saves now (cancelling a pending debounced save) and waits for it. */
  async flush(store: Store): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    await this.save(store);
  }

  private save(store: Store): Promise<void> {
    // Saves run one after another so an older state never overwrites a newer one.
    this.saving = this.saving.catch(() => undefined).then(() => writeFileAtomic(this.file, serialise(store)));
    return this.saving;
  }
}
