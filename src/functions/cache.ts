/**
 * Per-connection cache of what the PAYROLL functions asked the service, as promises: a figure asked for twice
 * while its request is in flight is asked once. Failures that say something about the arguments (FormulaError:
 * an unknown account, employee or leave type) stay until the next refresh; any other failure (network, busy
 * service) is dropped so that the next calculation asks again. Keys start with the client ID.
 */
import { FormulaError } from "./errors";
import { figuresRead } from "./figuresRead";

export class FormulaCache {
  private readonly entries = new Map<string, Promise<unknown>>();

  static key(clientId: number, ...parts: (string | number | null)[]): string {
    return [clientId, ...parts.map((p) => (p === null ? "*" : String(p)))].join("|");
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get<T>(key: string): Promise<T> | undefined {
    return this.entries.get(key) as Promise<T> | undefined;
  }

  /** The cached promise for `key`, or `load()`'s, remembered. */
  memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    const found = this.entries.get(key);
    if (found) return found as Promise<T>;
    const p = load();
    this.remember(key, p);
    return p;
  }

  /** Remember a promise (dropped again when it fails for a reason other than its arguments). */
  remember(key: string, p: Promise<unknown>): void {
    this.entries.set(key, p);
    p.then(
      () => figuresRead(),
      (e) => {
        if (!(e instanceof FormulaError) && this.entries.get(key) === p) this.entries.delete(key);
      },
    );
  }

  /** Forget one client's entries, or all. */
  clear(clientId?: number): void {
    if (clientId === undefined) return this.entries.clear();
    const prefix = `${clientId}|`;
    for (const k of [...this.entries.keys()]) if (k.startsWith(prefix)) this.entries.delete(k);
  }

  get size(): number {
    return this.entries.size;
  }
}
