/** State behind the progress area: one entry per running task, each with its own AbortController. */
import * as React from "react";
import type { ProgressApi, ProgressTask } from "../ui/services";

export interface ProgressEntry {
  id: number;
  label: string;
  done: number;
  total?: number;
  detail?: string;
  cancelling: boolean;
}

export interface ProgressController {
  api: ProgressApi;
  entries: ProgressEntry[];
  cancel(id: number): void;
}

/** The shell's progress state: `api` goes into AppServices, `entries`/`cancel` feed <ProgressArea>. */
export function useProgressController(): ProgressController {
  const [entries, setEntries] = React.useState<ProgressEntry[]>([]);
  const controllers = React.useRef(new Map<number, AbortController>());
  const nextId = React.useRef(1);

  const patch = React.useCallback((id: number, change: Partial<ProgressEntry>) => {
    setEntries((list) => list.map((e) => (e.id === id ? { ...e, ...change } : e)));
  }, []);

  const run = React.useCallback(
    async <T>(label: string, work: (task: ProgressTask) => Promise<T>): Promise<T> => {
      const id = nextId.current++;
      const controller = new AbortController();
      controllers.current.set(id, controller);
      setEntries((list) => [...list, { id, label, done: 0, cancelling: false }]);
      const task: ProgressTask = {
        signal: controller.signal,
        update: (done, total, detail) => patch(id, { done, total, detail }),
      };
      try {
        return await work(task);
      } finally {
        controllers.current.delete(id);
        setEntries((list) => list.filter((e) => e.id !== id));
      }
    },
    [patch],
  );

  const cancel = React.useCallback(
    (id: number) => {
      const controller = controllers.current.get(id);
      if (!controller || controller.signal.aborted) return;
      patch(id, { cancelling: true });
      controller.abort();
    },
    [patch],
  );

  const busy = entries.length > 0;
  const api = React.useMemo<ProgressApi>(() => ({ run, busy }), [run, busy]);
  return { api, entries, cancel };
}
