/**
 * Rig for the pay run / leave / people / calculations flow tests: a real sandbox, a PayrollClient whose fetch
 * logs every request and can fail chosen requests by method and path, and the Excel layer over the preview
 * workbook. (The input-sheet rig in ./helpers faults bulk_input only.)
 */
import { PayrollClient, type FetchLike } from "../../src/client";
import { createOfficeWorkbook, type WorkbookPort } from "../../src/excel";
import { createPreviewWorkbook, installPreviewExcel, type WorkbookModel } from "../../src/preview/workbook";
import { startSandbox, type SandboxOptions } from "../../src/sandbox";

export type PathFault =
  | { kind: "network-before" }
  | { kind: "network-after" }
  | { kind: "status"; status: 202 | 404 | 422 | 429 | 500 | 503; message?: string }
  | { kind: "hang-until-abort" };

export interface PathRule {
  method?: string;
  path: RegExp;
  /** Which matching requests to fault (1-based counts); all when omitted. */
  nth?: number[];
  fault: PathFault;
  seen?: number;
}

export class PathFaults {
  readonly sent: { method: string; path: string; body: unknown }[] = [];
  rules: PathRule[] = [];

  readonly fetch: FetchLike = async (url, init) => {
    const path = new URL(url).pathname.replace(/^\/v1/, "");
    const method = init.method ?? "GET";
    this.sent.push({ method, path, body: typeof init.body === "string" ? JSON.parse(init.body) : undefined });
    for (const rule of this.rules) {
      if ((rule.method && rule.method !== method) || !rule.path.test(path)) continue;
      rule.seen = (rule.seen ?? 0) + 1;
      if (rule.nth && !rule.nth.includes(rule.seen)) continue;
      const f = rule.fault;
      if (f.kind === "network-before") throw new TypeError("fetch failed");
      if (f.kind === "network-after") {
        await (await fetch(url, init)).text();
        throw new TypeError("fetch failed: socket closed");
      }
      if (f.kind === "status") {
        return new Response(JSON.stringify({ message: f.message ?? `Injected HTTP ${f.status}` }), {
          status: f.status,
          headers: { "content-type": "application/json" },
        });
      }
      if (f.kind === "hang-until-abort") {
        return new Promise((_, reject) =>
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
        );
      }
    }
    return fetch(url, init);
  };

  count(pathPart: RegExp, method?: string): number {
    return this.sent.filter((r) => (!method || r.method === method) && pathPart.test(r.path)).length;
  }

  reset(): void {
    this.sent.length = 0;
    this.rules = [];
  }
}

export interface PathRig {
  url: string;
  apiKey: string;
  client: PayrollClient;
  check: PayrollClient;
  faults: PathFaults;
  workbook: WorkbookPort;
  model: WorkbookModel;
  close(): Promise<void>;
}

export async function startPathRig(options: SandboxOptions = {}): Promise<PathRig> {
  const sandbox = await startSandbox({ employees: 12, recalcMs: 20, reportJobMs: 50, ...options });
  const faults = new PathFaults();
  const common = { baseUrl: sandbox.url, apiKey: sandbox.apiKey, requestsPerSecond: 0, maxConcurrent: 0, timeoutMs: 10_000 };
  const client = new PayrollClient({ ...common, maxRetries: 0, fetch: faults.fetch });
  const check = new PayrollClient(common);
  const model = installPreviewExcel(globalThis, createPreviewWorkbook());
  const workbook = createOfficeWorkbook();
  return { url: sandbox.url, apiKey: sandbox.apiKey, client, check, faults, workbook, model, close: () => sandbox.close() };
}
