/**
 * Loads a list a panel's pickers need for one ID (a client's employees or pay runs, an employee's payslips), again
 * when the ID changes, and on reload(). While `id` is null there is no list (data null, not loading).
 */
import * as React from "react";
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
