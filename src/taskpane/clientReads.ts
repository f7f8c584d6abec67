/**
 * The lists several panels and flows read for a client — waves, items_and_outputs, the employee list, pay runs,
 * leave types — read once per client for the pane's session and shared by all of them: every panel mounts when a
 * client is chosen, and without this the Reports, Input sheets and Pay runs panels each asked for the same waves.
 *
 * The shell (App) makes a new one when the user connects (or reconnects) and when another client is chosen, so
 * nothing outlives the connection or the client it was read for. A write that changes a list invalidates it, and
 * whoever shows the list (subscribe) reads it again: one request, however many panels show it.
 */
import { AbortedError, type PayrollClient } from "../client";
import type { Employee, ItemsAndOutputs, LeaveTypes, PaymentRun, Wave } from "../contract";

export type ReadsClient = Pick<
  PayrollClient,
  "listWaves" | "getItemsAndOutputs" | "listEmployees" | "listPaymentRuns" | "listLeaveTypes"
>;

/** What each cached list holds. `employees` is the plain list (no include): lists with includes are read fresh. */
export interface CachedLists {
  waves: Wave[];
  itemsAndOutputs: ItemsAndOutputs;
  employees: Employee[];
  paymentRuns: PaymentRun[];
  leaveTypes: LeaveTypes;
}
export type CachedList = keyof CachedLists;

const LOADERS: { [K in CachedList]: (client: ReadsClient, clientId: number) => Promise<CachedLists[K]> } = {
  waves: (c, id) => c.listWaves(id),
  itemsAndOutputs: (c, id) => c.getItemsAndOutputs(id),
  employees: (c, id) => c.listEmployees(id),
  paymentRuns: (c, id) => c.listPaymentRuns(id),
  leaveTypes: (c, id) => c.listLeaveTypes(id),
};

export interface ReadOptions {
  /** Stops this caller waiting (AbortedError); the request itself goes on for the others that share it. */
  signal?: AbortSignal;
}

/** Told which lists of which client were invalidated (once per invalidate call). */
export type ReadsListener = (clientId: number, lists: readonly CachedList[]) => void;

export class ClientReads {
  readonly #client: ReadsClient;
  readonly #entries = new Map<string, Promise<unknown>>();
  readonly #listeners = new Set<ReadsListener>();

  constructor(client: ReadsClient) {
    this.#client = client;
  }

  /** A client's list: from the cache, or read now, one request shared by every caller until it is invalidated. */
  read<K extends CachedList>(list: K, clientId: number, options: ReadOptions = {}): Promise<CachedLists[K]> {
    const key = `${clientId}:${list}`;
    let entry = this.#entries.get(key) as Promise<CachedLists[K]> | undefined;
    if (!entry) {
      const loading = LOADERS[list](this.#client, clientId);
      entry = loading;
      this.#entries.set(key, loading);
      // A failed read is forgotten, so that the next caller asks again.
      loading.catch(() => {
        if (this.#entries.get(key) === loading) this.#entries.delete(key);
      });
    }
    return waitFor(entry, options.signal);
  }

  waves = (clientId: number, o?: ReadOptions) => this.read("waves", clientId, o);
  itemsAndOutputs = (clientId: number, o?: ReadOptions) => this.read("itemsAndOutputs", clientId, o);
  employees = (clientId: number, o?: ReadOptions) => this.read("employees", clientId, o);
  paymentRuns = (clientId: number, o?: ReadOptions) => this.read("paymentRuns", clientId, o);
  leaveTypes = (clientId: number, o?: ReadOptions) => this.read("leaveTypes", clientId, o);

  /** After a write that changed these lists (e.g. a new wave): forget them and tell whoever shows them. */
  invalidate(clientId: number, ...lists: CachedList[]): void {
    for (const list of lists) this.#entries.delete(`${clientId}:${list}`);
    for (const listener of [...this.#listeners]) listener(clientId, lists);
  }

  subscribe(listener: ReadsListener): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }
}

/** The shared read, or an AbortedError as soon as this caller's signal aborts. */
function waitFor<T>(shared: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return shared;
  if (signal.aborted) return Promise.reject(new AbortedError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AbortedError());
    signal.addEventListener("abort", onAbort, { once: true });
    shared.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
