/**
 * Keeps the period picker true when a period is finalised in the service (flows/periodProbe): after the pane's
 * pushes (bulk input: a push found the payslips refused, say) and when the pane gets the focus back (the accountant returns from
 * the service's screens; at most once per half minute), one small read asks whether the chosen period is finalised now; when it is, the employees
 * with their payslips are read again, so the picker says "finalised" without Reload choices.
 */
import * as React from "react";
import type { Employee } from "../../../contract";
import type { ConnectedServices } from "../../../ui/context";
import { finalisedSince } from "../flows/periodProbe";

/** Writes come in bursts (a push's chunks): one look after the last. */
const AFTER_WRITES_MS = 1_000;
/** In Excel the pane gets the focus back at every click into it after the grid: one look per half minute at most. */
const FOCUS_EVERY_MS = 30_000;

export function useFinalisedProbe(
  services: ConnectedServices | null,
  employees: readonly Employee[] | null | undefined,
  waveId: number | null,
  payslipDate: string | null,
): void {
  const api = services?.api;
  const reads = services?.reads;
  const clientId = services?.clientId ?? null;
  React.useEffect(() => {
    if (!api || !reads || clientId === null || !employees || waveId === null || payslipDate === null) return;
    let live = true;
    let running = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const controller = new AbortController();
    const look = () => {
      if (!live || running) return;
      running = true;
      finalisedSince(api, employees, waveId, payslipDate, controller.signal)
        .then((now) => {
          if (now && live) reads.invalidate(clientId, "employeesWithPayslips");
        })
        .catch(() => undefined) // a failed look changes nothing: the next one, or Reload choices, tells
        .finally(() => {
          running = false;
        });
    };
    const afterWrite = (write: { path: string }) => {
      // Only a push can find the period's payslips finalised (refused); a new wave or an employee's change cannot.
      if (!write.path.endsWith("/bulk_input")) return;
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(look, AFTER_WRITES_MS);
    };
    let focusedAt = -Infinity;
    const onFocus = () => {
      if (Date.now() - focusedAt < FOCUS_EVERY_MS) return;
      focusedAt = Date.now();
      look();
    };
    const offWrite = api.onWrite(afterWrite);
    window.addEventListener("focus", onFocus);
    return () => {
      live = false;
      controller.abort();
      if (timer !== null) clearTimeout(timer);
      offWrite();
      window.removeEventListener("focus", onFocus);
    };
  }, [api, reads, clientId, employees, waveId, payslipDate]);
}
