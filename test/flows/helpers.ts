/**
 * Flow-test rig: a real sandbox, a real PayrollClient whose fetch can be made to fail on chosen bulk_input
 * requests, and the real Excel layer over the preview workbook (installed as the global Excel).
 */
import { PayrollClient, type FetchLike } from "../../src/client";
import { createOfficeWorkbook, type WorkbookPort } from "../../src/excel";
import { createPreviewWorkbook, installPreviewExcel, type WorkbookModel } from "../../src/preview/workbook";
import { startSandbox, type SandboxOptions } from "../../src/sandbox";

/** What to do with the n-th bulk_input request. */
export type Fault =
  | { kind: "network-before" } // the request never reaches the service
  | { kind: "network-after" } // the service applies it, the answer is lost
  | { kind: "status"; status: 429 | 500 | 503; retryAfter?: string };

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

export class FaultyFetch {
  readonly sent: SentRequest[] = [];
  /** bulk_input request number (1-based, counted over the rig's life) to fault. */
  readonly faults = new Map<number, Fault>();
  bulkCount = 0;

  readonly fetch: FetchLike = async (url, init) => {
    const path = new URL(url).pathname.replace(/^\/v1/, "");
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    this.sent.push({ method: init.method ?? "GET", path, body });
    if (path.endsWith("/bulk_input")) {
      const fault = this.faults.get(++this.bulkCount);
      if (fault?.kind === "network-before") throw new TypeError("fetch failed");
      if (fault?.kind === "network-after") {
        const response = await fetch(url, init);
        await response.text();
        throw new TypeError("fetch failed: socket closed");
      }
      if (fault?.kind === "status") {
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (fault.retryAfter) headers["retry-after"] = fault.retryAfter;
        return new Response(JSON.stringify({ message: `Injected HTTP ${fault.status}` }), { status: fault.status, headers });
      }
    }
    return fetch(url, init);
  };

  count(pathPart: string | RegExp, method?: string): number {
    return this.sent.filter(
      (r) =>
        (method ? r.method === method : true) &&
        (typeof pathPart === "string" ? r.path.includes(pathPart) : pathPart.test(r.path)),
    ).length;
  }

  /** Entities sent in all bulk_input requests so far. */
  bulkEntities(): { id: string; payslip_date?: string; attributes: Record<string, unknown> }[] {
    return this.sent.filter((r) => r.path.endsWith("/bulk_input")).flatMap((r) => (r.body as { entities: never[] }).entities);
  }

  reset(): void {
    this.sent.length = 0;
  }
}

export interface Rig {
  client: PayrollClient;
  /** A client without fault injection, for checking what the service holds. */
  check: PayrollClient;
  faulty: FaultyFetch;
  workbook: WorkbookPort;
  model: WorkbookModel;
  close(): Promise<void>;
}

export async function startRig(options: SandboxOptions = {}): Promise<Rig> {
  const sandbox = await startSandbox({ employees: 12, recalcMs: 30, ...options });
  const faulty = new FaultyFetch();
  const common = { baseUrl: sandbox.url, apiKey: sandbox.apiKey, requestsPerSecond: 0, maxConcurrent: 0, timeoutMs: 10_000 };
  const client = new PayrollClient({ ...common, maxRetries: 0, fetch: faulty.fetch });
  const check = new PayrollClient(common);
  const model = installPreviewExcel(globalThis, createPreviewWorkbook());
  const workbook = createOfficeWorkbook();
  return { client, check, faulty, workbook, model, close: () => sandbox.close() };
}

/** A person types into a cell of the first table on the sheet (row = 0-based data row, column by header). */
export function typeInto(model: WorkbookModel, sheetName: string, rowIndex: number, header: string, text: string): void {
  const sheet = model.getSheet(sheetName);
  const table = sheet.tables()[0];
  const headers = Array.from({ length: table.cols }, (_, k) => String(sheet.valueAt(table.r, table.c + k)));
  const k = headers.indexOf(header);
  if (k < 0) throw new Error(`No column "${header}" on ${sheetName}: ${headers.join(", ")}`);
  model.editCell(sheet, table.r + 1 + rowIndex, table.c + k, text);
}

/** Select data rows [first, last] of the sheet's table, as a person would. */
export function selectRows(model: WorkbookModel, sheetName: string, first: number, last: number): void {
  const sheet = model.getSheet(sheetName);
  const table = sheet.tables()[0];
  model.select(sheet, { r: table.r + 1 + first, c: table.c, rows: last - first + 1, cols: 1 });
}

/** Fill colour of a data cell of the sheet's table. */
export function fillOf(model: WorkbookModel, sheetName: string, rowIndex: number, header: string): string | undefined {
  const sheet = model.getSheet(sheetName);
  const table = sheet.tables()[0];
  const headers = Array.from({ length: table.cols }, (_, k) => String(sheet.valueAt(table.r, table.c + k)));
  return sheet.cell(table.r + 1 + rowIndex, table.c + headers.indexOf(header))?.fill;
}

/** The table as records keyed by header. */
export async function readRecords(workbook: WorkbookPort, sheetName: string): Promise<Record<string, unknown>[]> {
  const table = await workbook.readTable(sheetName);
  if (!table) throw new Error(`No table on ${sheetName}`);
  return table.rows.map((row) => Object.fromEntries(table.columns.map((h, i) => [h, row[i]])));
}
