/**
 * --data FILE: the state is loaded from FILE at start (when it exists) and saved to it after changes (debounced)
 * and at shutdown. write-file-atomic writes a temporary file and renames it, so a crash never leaves half a file.
 */
import { promises as fs } from "node:fs";
import writeFileAtomic from "write-file-atomic";
import { Store, type StoreData } from "./store";

const FORMAT = "payroll-sandbox-state";
const VERSION = 1;

export class Persistence {
  private timer: NodeJS.Timeout | null = null;
  private saving: Promise<void> = Promise.resolve();

  constructor(
    readonly file: string,
    private readonly debounceMs = 1000,
  ) {}

  /** The stored state, or null when the file does not exist. A file that is not sandbox state is an error. */
  async load(): Promise<Store | null> {
    let text: string;
    try {
      text = await fs.readFile(this.file, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
    let parsed: { format?: string; version?: number; data?: StoreData };
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${this.file} is not valid JSON; move it away or pass another --data file`);
    }
    if (parsed.format !== FORMAT || parsed.version !== VERSION || !parsed.data) {
      throw new Error(`${this.file} is not a payroll sandbox state file (version ${VERSION})`);
    }
    return Store.fromJSON(parsed.data);
  }

  scheduleSave(store: Store): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.save(store);
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
    // Saves run one after another so an older snapshot never overwrites a newer one.
    this.saving = this.saving
      .catch(() => undefined)
      .then(() => writeFileAtomic(this.file, JSON.stringify({ format: FORMAT, version: VERSION, data: store.toJSON() })));
    return this.saving;
  }
}
