/**
 * Cell-edit mode around the Excel layer's batches: while a person types in a cell Excel holds every request (the
 * session runs them with delayForCellEdit), so a batch that waits is watched and the pane told, which shows
 * CELL_EDIT_MESSAGE meanwhile. The probe itself is a request, so it lives with the session (session.ts).
 */

/** What the pane shows while a batch waits for the user to finish typing in a cell. */
export const CELL_EDIT_MESSAGE = "Finish editing the cell (Enter or Esc) to continue";

type CellEditListener = (waiting: boolean) => void;
const cellEditListeners = new Set<CellEditListener>();

/**
 * Hear when a batch starts or stops waiting on cell-edit mode (the shell shows CELL_EDIT_MESSAGE meanwhile).
 * Returns the function that stops listening.
 */
export function onCellEditWait(listener: CellEditListener): () => void {
  cellEditListeners.add(listener);
  return () => void cellEditListeners.delete(listener);
}

export function reportCellEditWait(waiting: boolean): void {
  for (const l of [...cellEditListeners]) l(waiting);
}

export interface CellEditWatch {
  /** How long a batch runs before the layer asks whether it waits on cell-edit mode (about 2 s). */
  afterMs: number;
  probe: () => Promise<boolean>;
  onWait: (waiting: boolean) => void;
}

/**
 * Run alongside a batch started with delayForCellEdit: once it has taken `afterMs`, probe (then every `afterMs`,
 * or every half second while waiting) and report when the batch starts and stops waiting on cell-edit mode. A
 * batch that is only slow is never reported: the probe answers "not editing" then.
 */
export async function watchCellEdit<T>(batch: Promise<T>, watch: CellEditWatch): Promise<T> {
  let done = false;
  let waiting = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    const editing = await watch.probe().catch(() => false);
    if (done) return;
    if (editing !== waiting) {
      waiting = editing;
      watch.onWait(editing);
    }
    timer = setTimeout(() => void tick(), editing ? Math.min(500, watch.afterMs) : watch.afterMs);
  };
  timer = setTimeout(() => void tick(), watch.afterMs);
  try {
    return await batch;
  } finally {
    done = true;
    clearTimeout(timer);
    if (waiting) watch.onWait(false);
  }
}
