/**
 * "Figures read": the PAYROLL functions tell the pane when an answer from the service arrived, so the pane can show
 * and keep in the document settings when the figures were last read ("Formulas read at 14:32"). The cache (cache.ts)
 * calls figuresRead() when a request it remembered succeeds; answers served from the cache are not a new read.
 */
const listeners = new Set<(at: Date) => void>();

/** Run `listener` each time the functions receive figures from the service; returns the unsubscribe function. */
export function onFiguresRead(listener: (at: Date) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function figuresRead(at = new Date()): void {
  for (const l of [...listeners]) l(at);
}
