/**
 * Loads what the report forms pick from: for each chosen client, only the lists the report needs (REPORT_NEEDS),
 * at most five requests per client. They come through the pane's shared reads (src/taskpane/serverState), so
 * switching reports, and the other panels showing the same lists, do not ask again.
 */
import type { ReportId } from "../../contract";
import { REPORT_NEEDS, type ClientReportData } from "../../sheets/reports";
import type { ClientReads } from "../serverState";

export type ReportDataReads = Pick<ClientReads, "waves" | "employees" | "itemsAndOutputs" | "leaveTypes" | "paymentRuns">;

export async function loadReportData(
  reads: ReportDataReads,
  clients: readonly { id: number; name: string }[],
  reportId: ReportId,
  options: { signal?: AbortSignal } = {},
): Promise<ClientReportData[]> {
  return Promise.all(
    clients.map(async (c) => {
      const data: ClientReportData = { clientId: c.id, clientName: c.name };
      await Promise.all(
        REPORT_NEEDS[reportId].map(async (need) => {
          switch (need) {
            case "waves":
              data.waves = await reads.waves(c.id, options);
              break;
            case "employees":
              data.employees = await reads.employees(c.id, options);
              break;
            case "itemsAndOutputs":
              data.itemsAndOutputs = await reads.itemsAndOutputs(c.id, options);
              break;
            case "leaveTypes":
              data.leaveTypes = await reads.leaveTypes(c.id, options);
              break;
            case "paymentRuns":
              data.paymentRuns = await reads.paymentRuns(c.id, options);
              break;
          }
        }),
      );
      return data;
    }),
  );
}
