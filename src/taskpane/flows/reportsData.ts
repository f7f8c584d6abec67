/**
 * Loads what the report forms pick from: for each chosen client, only the lists the report needs
 * (REPORT_NEEDS), at most five requests per client, cached for the pane's session so switching reports
 * does not ask again.
 */
import type { PayrollClient } from "../../client";
import type { ReportId } from "../../contract";
import { REPORT_NEEDS, type ClientReportData } from "../../sheets/reports";

export type ReportDataClient = Pick<
  PayrollClient,
  "listWaves" | "listEmployees" | "getItemsAndOutputs" | "listLeaveTypes" | "listPaymentRuns"
>;

/** Per client, the lists loaded so far (a promise each, so concurrent loads share one request). */
export class ReportDataCache {
  readonly #entries = new Map<number, Map<string, Promise<unknown>>>();

  get<T>(clientId: number, list: string, load: () => Promise<T>): Promise<T> {
    let lists = this.#entries.get(clientId);
    if (!lists) this.#entries.set(clientId, (lists = new Map()));
    let pending = lists.get(list) as Promise<T> | undefined;
    if (!pending) {
      pending = load();
      lists.set(list, pending);
      // A failed load is forgotten so that the next attempt asks again.
      pending.catch(() => lists?.delete(list));
    }
    return pending;
  }

  clear(): void {
    this.#entries.clear();
  }
}

export async function loadReportData(
  client: ReportDataClient,
  clients: readonly { id: number; name: string }[],
  reportId: ReportId,
  cache: ReportDataCache = new ReportDataCache(),
  options: { signal?: AbortSignal } = {},
): Promise<ClientReportData[]> {
  const o = { signal: options.signal };
  return Promise.all(
    clients.map(async (c) => {
      const data: ClientReportData = { clientId: c.id, clientName: c.name };
      await Promise.all(
        REPORT_NEEDS[reportId].map(async (need) => {
          switch (need) {
            case "waves":
              data.waves = await cache.get(c.id, need, () => client.listWaves(c.id, o));
              break;
            case "employees":
              data.employees = await cache.get(c.id, need, () => client.listEmployees(c.id, undefined, o));
              break;
            case "itemsAndOutputs":
              data.itemsAndOutputs = await cache.get(c.id, need, () => client.getItemsAndOutputs(c.id, o));
              break;
            case "leaveTypes":
              data.leaveTypes = await cache.get(c.id, need, () => client.listLeaveTypes(c.id, o));
              break;
            case "paymentRuns":
              data.paymentRuns = await cache.get(c.id, need, () => client.listPaymentRuns(c.id, o));
              break;
          }
        }),
      );
      return data;
    }),
  );
}
