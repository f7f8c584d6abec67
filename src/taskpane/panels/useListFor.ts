/**
 * Loads a list a panel's pickers need for one ID (a client's employees or pay runs, an employee's payslips), again
 * when the ID changes, and on reload(). While `id` is null there is no list (data null, not loading).
 */
import * as React from "react";
import type { PayrollClient } from "../../client";
import type { ListStatus } from "./payrollParts";

export interface LoadedList<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload(): void;
  /** loading/error/reload in the shape the pickers take. */
  status: ListStatus;
}

export function useListFor<T>(id: number | null, load: ((id: number) => Promise<T>) | null): LoadedList<T> {
  const [state, setState] = React.useState<{ data: T | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: false,
  });
  const [generation, setGeneration] = React.useState(0);
  const loader = React.useRef(load);
  loader.current = load;
  React.useEffect(() => {
    if (id === null || !loader.current) {
      setState({ data: null, error: null, loading: false });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    loader.current(id).then(
      (data) => live && setState({ data, error: null, loading: false }),
      (e: unknown) => live && setState({ data: null, error: e instanceof Error ? e.message : String(e), loading: false }),
    );
    return () => {
      live = false;
    };
  }, [id, generation]);
  const reload = React.useCallback(() => setGeneration((g) => g + 1), []);
  const status = React.useMemo(
    () => ({ loading: state.loading, error: state.error, onRetry: reload }),
    [state.loading, state.error, reload],
  );
  return { ...state, reload, status };
}

type ListState<T> = { data: T | null; error: string | null; loading: boolean };

interface SharedEntry<T> {
  state: ListState<T>;
  load(): Promise<T>;
  listeners: Set<() => void>;
  seq: number;
}

const IDLE: ListState<never> = { data: null, error: null, loading: false };

/** Shared lists by connection (the client object) and key; an entry goes when its last panel unmounts. */
const sharedLists = new WeakMap<object, Map<string, SharedEntry<unknown>>>();

function fetchInto<T>(entry: SharedEntry<T>): void {
  const seq = ++entry.seq;
  const settle = (state: ListState<T>) => {
    if (seq !== entry.seq) return;
    entry.state = state;
    entry.listeners.forEach((notify) => notify());
  };
  settle({ ...entry.state, loading: true, error: null });
  entry.load().then(
    (data) => settle({ data, error: null, loading: false }),
    (e: unknown) => settle({ data: null, error: e instanceof Error ? e.message : String(e), loading: false }),
  );
}

function sharedEntry<T>(owner: object, key: string, load: () => Promise<T>): SharedEntry<T> {
  let byKey = sharedLists.get(owner);
  if (!byKey) sharedLists.set(owner, (byKey = new Map()));
  let entry = byKey.get(key) as SharedEntry<T> | undefined;
  if (!entry) {
    entry = { state: IDLE, load, listeners: new Set(), seq: 0 };
    byKey.set(key, entry as SharedEntry<unknown>);
    fetchInto(entry);
  }
  return entry;
}

/**
 * Like useListFor, but one request serves every panel that shows the same list of the same connection (the panels
 * are all mounted when a client is chosen, and four of them pick employees). reload() refetches it for all of them.
 */
export function useSharedList<T>(owner: object | null, key: string | null, load: () => Promise<T>): LoadedList<T> {
  const entry = owner && key !== null ? sharedEntry(owner, key, load) : null;
  const subscribe = React.useCallback(
    (notify: () => void) => {
      if (!entry || !owner || key === null) return () => undefined;
      entry.listeners.add(notify);
      return () => {
        entry.listeners.delete(notify);
        // Forget it once no panel shows it, so a panel mounted later (another client, back again) loads it fresh.
        if (entry.listeners.size === 0 && sharedLists.get(owner)?.get(key) === entry) sharedLists.get(owner)!.delete(key);
      };
    },
    [entry, owner, key],
  );
  const state = React.useSyncExternalStore(subscribe, () => (entry?.state ?? IDLE) as ListState<T>);
  const reload = React.useCallback(() => {
    if (entry) fetchInto(entry);
  }, [entry]);
  const status = React.useMemo(
    () => ({ loading: state.loading, error: state.error, onRetry: reload }),
    [state.loading, state.error, reload],
  );
  return { ...state, reload, status };
}

/** The chosen client's employees (GET /clients/:id/employees), shared by the panels' employee pickers. */
export function useClientEmployees(services: { client: PayrollClient; clientId: number } | null) {
  return useSharedList(services?.client ?? null, services ? `employees:${services.clientId}` : null, () =>
    services!.client.listEmployees(services!.clientId),
  );
}
