/**
 * Loads a list a panel's pickers need for one ID (a client's employees or pay runs, an employee's payslips), again
 * when the ID (or the source it is read from) changes, and on reload(). While `id` is null there is no list (data
 * null, not loading).
 */
import * as React from "react";
import type { CachedList, ClientReads } from "../clientReads";
import type { ConnectedServices } from "../context";
import type { ListStatus } from "./payrollParts";

export interface LoadedList<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload(): void;
  /** loading/error/reload in the shape the pickers take. */
  status: ListStatus;
}

export function useListFor<T>(
  id: number | null,
  load: ((id: number) => Promise<T>) | null,
  source: object | null = null,
): LoadedList<T> {
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
  }, [id, generation, source]);
  const reload = React.useCallback(() => setGeneration((g) => g + 1), []);
  const status = React.useMemo(
    () => ({ loading: state.loading, error: state.error, onRetry: reload }),
    [state.loading, state.error, reload],
  );
  return { ...state, reload, status };
}

/**
 * Something the panel builds from the shared lists of the chosen client (ClientReads: one request per list, however
 * many panels show it), read again whenever one of `lists` is invalidated — by a write, or by reload() here, which
 * invalidates them for every panel that shows them.
 */
export function useClientReads<T>(
  services: Pick<ConnectedServices, "reads" | "clientId"> | null,
  lists: readonly CachedList[],
  load: (reads: ClientReads, clientId: number) => Promise<T>,
): LoadedList<T> {
  const reads = services?.reads ?? null;
  const clientId = services?.clientId ?? null;
  const listsKey = lists.join(",");
  const loaded = useListFor(clientId, reads ? (id) => load(reads, id) : null, reads);
  const { reload: readAgain } = loaded;
  React.useEffect(() => {
    if (!reads) return;
    const watched = listsKey.split(",");
    return reads.subscribe((id, changed) => {
      if (id === clientId && changed.some((list) => watched.includes(list))) readAgain();
    });
  }, [reads, clientId, listsKey, readAgain]);
  const reload = React.useCallback(() => {
    if (reads && clientId !== null) reads.invalidate(clientId, ...(listsKey.split(",") as CachedList[]));
  }, [reads, clientId, listsKey]);
  const status = React.useMemo(
    () => ({ loading: loaded.loading, error: loaded.error, onRetry: reload }),
    [loaded.loading, loaded.error, reload],
  );
  return { data: loaded.data, error: loaded.error, loading: loaded.loading, reload, status };
}

/** The chosen client's employees (GET /clients/:id/employees, the plain list), shared by the panels' pickers. */
export function useClientEmployees(services: Pick<ConnectedServices, "reads" | "clientId"> | null) {
  return useClientReads(services, ["employees"], (reads, id) => reads.employees(id));
}
