/**
 * Loads what the report forms pick from: for each chosen client, only the lists the report needs (REPORT_NEEDS),
 * at most five requests per client. They come through the pane's shared reads (src/ui/serverState), so
 * switching reports, and the other panels showing the same lists, do not ask again.
 */
import type { ReportId } from "../../../contract";
import { REPORT_NEEDS, type ClientReportData } from "../model";
import type { ClientReads } from "../../../ui/serverState";

export type ReportDataReads = Pick<ClientReads, "read">;

export async function loadReportData(
  reads: ReportDataReads,
  clients: readonly { id: number; name: string }[],
  reportId: ReportId,
  options: { signal?: AbortSignal } = {},
): Promise<ClientReportData[]> {
  return Promise.all(
    clients.map(async (c) => {
      // Each need is named as the list it reads (waves, employees, itemsAndOutputs, leaveTypes, paymentRuns).
      const lists = await Promise.all(
        REPORT_NEEDS[reportId].map(async (need) => [need, await reads.read(need, c.id, options)] as const),
      );
      return { clientId: c.id, clientName: c.name, ...Object.fromEntries(lists) } as ClientReportData;
    }),
  );
}
