/** Loads a list the panel's pickers need (employees, pay runs, leave types) once per client, with reload. */
import * as React from "react";

export interface ClientList<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload(): void;
}

export function useClientList<T>(clientId: number | null, load: ((clientId: number) => Promise<T>) | null): ClientList<T> {
  const [state, setState] = React.useState<{ data: T | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: false,
  });
  const [generation, setGeneration] = React.useState(0);
  const loader = React.useRef(load);
  loader.current = load;
  React.useEffect(() => {
    if (clientId === null || !loader.current) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    loader.current(clientId).then(
      (data) => live && setState({ data, error: null, loading: false }),
      (e: unknown) => live && setState({ data: null, error: e instanceof Error ? e.message : String(e), loading: false }),
    );
    return () => {
      live = false;
    };
  }, [clientId, generation]);
  const reload = React.useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, reload };
}
