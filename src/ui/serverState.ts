/**
 * Server state through @tanstack/react-query: the lists several panels and flows read for a client — waves,
 * items_and_outputs, the employee list, pay runs, leave types, and the Input sheets tab's employees with their
 * payslips and calculations — are read once and shared by all of them (every panel mounts when a client is chosen;
 * without this the Reports, Input sheets and Pay runs panels each asked for the same waves, and the input-sheet build
 * read again the two largest lists its pickers had just read).
 *
 * The shell keeps one QueryClient and makes new reads on every connect, numbered: the connection's number is the
 * second part of every key, and the shell removes the previous connection's queries, so nothing read with one key
 * or from one service outlives it. Keys:
 *   ["list", connection, clientId, list]                       one shared list of one client
 *   ["view", connection, name, { clients, lists }, ...args]    something a panel builds from lists (read again with them)
 * A write that changes a list calls `reads.invalidate(clientId, list…)`: the list and every view built on it are
 * read again, once, for whoever shows them. Besides, every write through the connection's PayrollApi (`onWrite`)
 * marks the lists it may change stale (`changedByWrite`): nothing is read at once, the next read asks the service.
 */
import { QueryClient, isCancelledError, useQuery, type QueryKey } from "@tanstack/react-query";
import * as React from "react";
import { AbortedError, type PayrollApi, type RequestInfo } from "../api";
import type { Calculation, Employee, ItemsAndOutputs, LeaveTypes, PaymentRun, Wave } from "../contract";

/**
 * What each shared list holds. `employees` is the plain list (no include); `employeesWithPayslips` the list with
 * service periods and recent payslips (the input sheets' periods and rows, ~14 MB at 5,000 employees) and
 * `calculations` every calculation of the client (its inputs and values, ~6 MB): both read by the Input sheets
 * pickers and reused by the build. Other lists with includes are read fresh.
 */
export interface SharedLists {
  waves: Wave[];
  itemsAndOutputs: ItemsAndOutputs;
  employees: Employee[];
  paymentRuns: PaymentRun[];
  leaveTypes: LeaveTypes;
  employeesWithPayslips: Employee[];
  calculations: Calculation[];
}
export type SharedList = keyof SharedLists;

const LOADERS: { [K in SharedList]: (api: PayrollApi, clientId: number) => Promise<SharedLists[K]> } = {
  waves: (c, id) => c.listWaves(id),
  itemsAndOutputs: (c, id) => c.getItemsAndOutputs(id),
  employees: (c, id) => c.listEmployees(id),
  paymentRuns: (c, id) => c.listPaymentRuns(id),
  leaveTypes: (c, id) => c.listLeaveTypes(id),
  employeesWithPayslips: (c, id) => c.listEmployees(id, ["service_periods", "recent_payslips"]),
  calculations: (c, id) => c.listClientCalculations(id),
};

/**
 * What a write leaves stale, by its path: the client it names (null: a path under /employees, /payslips,
 * /calculations or /leave_days names none, so every client's) and the lists. A push, an undo, an employee,
 * calculation, inherited-calculation, service-period, leave or profile write may change the employees' payslips
 * and the calculations (values, payslips recalculated, employees added or gone). A new wave changes neither: its
 * form invalidates the waves list itself.
 */
function changedByWrite(write: RequestInfo): { clientId: number | null; lists: SharedList[] } | null {
  if (write.method === "POST" && /^\/clients\/\d+\/waves$/.test(write.path)) return null;
  const client = /^\/clients\/(\d+)\//.exec(write.path);
  return { clientId: client ? Number(client[1]) : null, lists: ["employeesWithPayslips", "calculations"] };
}

/** Lists change only through this pane's writes (which invalidate them) or someone else's: read again after 5 min. */
export const LIST_STALE_MS = 5 * 60_000;

export interface ReadOptions {
  /** Stops this caller waiting (AbortedError); the request itself goes on for the others that share it. */
  signal?: AbortSignal;
}

type ReadList<K extends SharedList> = (clientId: number, options?: ReadOptions) => Promise<SharedLists[K]>;

/** The shared reads of one connection, handed to panels (AppServices.reads) and to flows that read shared lists. */
export interface ClientReads {
  readonly queryClient: QueryClient;
  /** The connection's number, part of every key. */
  readonly connection: number;
  /** The query of one list (key and loader), for useQuery. */
  listQuery<K extends SharedList>(list: K, clientId: number): { queryKey: QueryKey; queryFn: () => Promise<SharedLists[K]> };
  read<K extends SharedList>(list: K, clientId: number, options?: ReadOptions): Promise<SharedLists[K]>;
  waves: ReadList<"waves">;
  itemsAndOutputs: ReadList<"itemsAndOutputs">;
  employees: ReadList<"employees">;
  paymentRuns: ReadList<"paymentRuns">;
  leaveTypes: ReadList<"leaveTypes">;
  /** After a write that changed these lists (e.g. a new wave): read them, and the views built on them, again. */
  invalidate(clientId: number, ...lists: SharedList[]): void;
  /** True when the next read of this list costs no request: it is held, not invalidated, and younger than its staleTime. */
  isFresh(list: SharedList, clientId: number): boolean;
}

/** react-query for this pane: no retries (the PayrollApi retries what is safe to repeat), no refetch on focus. */
export function createPaneQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: LIST_STALE_MS, refetchOnWindowFocus: false } },
  });
}

const listKey = (connection: number, clientId: number, list: SharedList): QueryKey => ["list", connection, clientId, list];

interface ViewScope {
  clients: number[];
  lists: SharedList[];
}

/**
 * True when a query of this connection holds one of `lists` of `clientId` (null: of any client), or a view built on
 * one of them.
 */
function touches(key: QueryKey, connection: number, clientId: number | null, lists: readonly SharedList[]): boolean {
  if (key[1] !== connection) return false;
  if (key[0] === "list") return (clientId === null || key[2] === clientId) && lists.includes(key[3] as SharedList);
  if (key[0] !== "view") return false;
  const scope = key[3] as ViewScope;
  return (clientId === null || scope.clients.includes(clientId)) && scope.lists.some((l) => lists.includes(l));
}

/**
 * The shared reads over a connection's client. The shell passes its QueryClient and the connection's number;
 * without them (flows' tests) the reads get a QueryClient of their own.
 */
export function createClientReads(
  api: PayrollApi,
  { queryClient = createPaneQueryClient(), connection = 0 }: { queryClient?: QueryClient; connection?: number } = {},
): ClientReads {
  const writes = writeClock();
  const listQuery = <K extends SharedList>(list: K, clientId: number) => ({
    queryKey: listKey(connection, clientId, list),
    queryFn: () => {
      writes.asked(clientId, list);
      return LOADERS[list](api, clientId);
    },
  });
  async function read<K extends SharedList>(list: K, clientId: number, options: ReadOptions = {}): Promise<SharedLists[K]> {
    const query = listQuery(list, clientId);
    let data: SharedLists[K];
    try {
      data = await waitFor(queryClient.fetchQuery(query), options.signal);
    } catch (e) {
      if (!isCancelledError(e)) throw e;
      // An invalidation replaced the read this caller waited for: wait for the new one instead. A removed query
      // means the connection was replaced or forgotten: stop, rather than ask again with its key and refill the cache.
      if (!queryClient.getQueryCache().find({ queryKey: query.queryKey, exact: true })) throw new AbortedError();
      return read(list, clientId, options);
    }
    if (!writes.predates(clientId, list)) return data;
    // Asked for before a write that may have changed it had ended (a read under way during a push): ask again.
    await queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: "none" });
    return read(list, clientId, options);
  }
  const reads: ClientReads = {
    queryClient,
    connection,
    listQuery,
    read,
    waves: (id, o) => read("waves", id, o),
    itemsAndOutputs: (id, o) => read("itemsAndOutputs", id, o),
    employees: (id, o) => read("employees", id, o),
    paymentRuns: (id, o) => read("paymentRuns", id, o),
    leaveTypes: (id, o) => read("leaveTypes", id, o),
    invalidate(clientId, ...lists) {
      void queryClient.invalidateQueries({ predicate: (q) => touches(q.queryKey, connection, clientId, lists) });
    },
    isFresh(list, clientId) {
      const query = queryClient.getQueryCache().find({ queryKey: listKey(connection, clientId, list), exact: true });
      return (
        query !== undefined &&
        query.state.status === "success" &&
        !query.isStaleByTime(LIST_STALE_MS) &&
        !writes.predates(clientId, list)
      );
    },
  };
  api.onWrite((write) => {
    const changed = changedByWrite(write);
    if (!changed) return;
    writes.wrote(changed.clientId, changed.lists);
    // Marked stale, not read again now: the pickers keep what they show, and the next read (a build) asks afresh.
    void queryClient.invalidateQueries({
      predicate: (q) => touches(q.queryKey, connection, changed.clientId, changed.lists),
      refetchType: "none",
    });
  });
  return reads;
}

/**
 * Which list answers were asked for before a write that may have changed them ended. react-query forgets an
 * invalidation when a read under way at the time succeeds, so the reads count writes themselves.
 */
function writeClock() {
  let count = 0;
  const written = new Map<string, number>(); // "<clientId or *> <list>" → count at its last write
  const askedAt = new Map<string, number>(); // "<clientId> <list>" → count when its last read was asked for
  const at = (clientId: number | null, list: SharedList) => `${clientId ?? "*"} ${list}`;
  return {
    asked: (clientId: number, list: SharedList) => void askedAt.set(at(clientId, list), count),
    wrote(clientId: number | null, lists: readonly SharedList[]) {
      count += 1;
      for (const list of lists) written.set(at(clientId, list), count);
    },
    predates(clientId: number, list: SharedList): boolean {
      const last = Math.max(written.get(at(clientId, list)) ?? -1, written.get(at(null, list)) ?? -1);
      return (askedAt.get(at(clientId, list)) ?? -1) < last;
    },
  };
}

/** Drops every query of other connections than `reads`' (the shell calls it on connect and Forget). */
export function forgetOtherConnections(queryClient: QueryClient, reads: ClientReads | null): void {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[1] !== reads?.connection });
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

// ---- hooks for panels ------------------------------------------------------------------------------------------

/** Where a list the pickers need stands: still loading, or failed with a message (and a way to try again). */
export interface ListStatus {
  loading: boolean;
  error: string | null;
  onRetry?(): void;
}

export interface LoadedList<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload(): void;
  /** loading/error/reload in the shape the pickers take. */
  status: ListStatus;
}

/** What the list hooks need of the shell's services (null until connected with a client). */
export type ReadsScope = { reads: ClientReads; clientId: number } | null;

const NO_QUERY_CLIENT = new QueryClient();

function useLoaded<T>(
  reads: ClientReads | null,
  key: QueryKey,
  load: ((signal: AbortSignal) => Promise<T>) | null,
  reload: () => void,
  staleTime?: number,
): LoadedList<T> {
  const query = useQuery(
    {
      queryKey: key,
      queryFn: ({ signal }) => load!(signal),
      enabled: load !== null,
      ...(staleTime === undefined ? {} : { staleTime }),
    },
    reads?.queryClient ?? NO_QUERY_CLIENT,
  );
  const loading = load !== null && query.isFetching;
  const error = !loading && query.error ? query.error.message : null;
  const status = React.useMemo(() => ({ loading, error, onRetry: reload }), [loading, error, reload]);
  return { data: load === null ? null : (query.data ?? null), error, loading, reload, status };
}

/** One shared list of the chosen client; reload() reads it again for every panel that shows it. */
export function useClientList<K extends SharedList>(scope: ReadsScope, list: K): LoadedList<SharedLists[K]> {
  const reads = scope?.reads ?? null;
  const clientId = scope?.clientId ?? -1;
  const reload = React.useCallback(() => reads?.invalidate(clientId, list), [reads, clientId, list]);
  return useLoaded(
    reads,
    listKey(reads?.connection ?? -1, clientId, list),
    reads ? () => reads.listQuery(list, clientId).queryFn() : null,
    reload,
  );
}

/** The chosen client's employees (GET /clients/:id/employees, the plain list), shared by the panels' pickers. */
export function useClientEmployees(scope: ReadsScope) {
  return useClientList(scope, "employees");
}

interface UseClientViewProps<T> {
  scope: ReadsScope;
  name: string;
  lists: readonly SharedList[];
  load: (reads: ClientReads, signal: AbortSignal) => Promise<T>;
  /** Whose lists (default the chosen client). */
  clients?: readonly number[];
  args?: readonly unknown[];
}

/**
 * Something a panel builds from shared lists of some clients (default: the chosen one), read again whenever one of
 * `lists` of those clients is invalidated — by a write, or by reload() here, which invalidates them for every panel.
 * With no `lists`, it is something no write here changes, read once per client and again only by its reload().
 * `args` tell apart views of the same name (e.g. a report id); `load` gets the shared reads and a signal.
 */
export function useClientView<T>({ scope, name, lists, load, ...options }: UseClientViewProps<T>): LoadedList<T> {
  const reads = scope?.reads ?? null;
  const clients = options.clients ?? (scope ? [scope.clientId] : []);
  const key: QueryKey = [
    "view",
    reads?.connection ?? -1,
    name,
    { clients: [...clients], lists: [...lists] },
    ...(options.args ?? []),
  ];
  const keyText = JSON.stringify(key);
  const reload = React.useCallback(() => {
    const own = JSON.parse(keyText) as [string, number, string, ViewScope];
    const { clients: ids, lists: changed } = own[3];
    // A view built on no shared list (lists []) is read again only by its own reload.
    if (changed.length === 0) void reads?.queryClient.invalidateQueries({ queryKey: own, exact: true });
    for (const id of ids) reads?.invalidate(id, ...changed);
  }, [reads, keyText]);
  return useLoaded(reads, key, reads ? (signal) => load(reads, signal) : null, reload);
}

interface UseListForProps<T> {
  scope: ReadsScope;
  name: string;
  id: number | null;
  load: (id: number, signal: AbortSignal) => Promise<T>;
}

/**
 * A list read for one ID (e.g. an employee's payslips), which no write here invalidates: read again whenever the ID
 * comes back into use (staleTime 0; an earlier answer for it shows meanwhile). Nothing while `id` is null.
 */
export function useListFor<T>({ scope, name, id, load }: UseListForProps<T>): LoadedList<T> {
  const reads = scope?.reads ?? null;
  const key: QueryKey = ["view", reads?.connection ?? -1, name, { clients: scope ? [scope.clientId] : [], lists: [] }, id];
  const keyText = JSON.stringify(key);
  const reload = React.useCallback(
    () => void reads?.queryClient.invalidateQueries({ queryKey: JSON.parse(keyText) as QueryKey, exact: true }),
    [reads, keyText],
  );
  return useLoaded(reads, key, reads && id !== null ? (signal) => load(id, signal) : null, reload, 0);
}
