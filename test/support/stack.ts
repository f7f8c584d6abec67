/**
 * What the two flow-test rigs (./helpers for input sheets, ./pathRig for the other flows) share: a real sandbox,
 * a PayrollApi over the rig's fetch (no retries, so an injected fault reaches the flow) and a plain one for
 * checking what the service holds, the real Excel layer over the preview workbook, and how an injected fault answers.
 */
import { PayrollApi, type FetchLike } from "../../src/api";
import { createOfficeWorkbook, type WorkbookPort } from "../../src/excel";
import { createPreviewWorkbook, installPreviewExcel, type WorkbookModel } from "../../src/emulator";
import { startSandbox, type SandboxOptions } from "../../src/sandbox";

export type InjectedFault =
  | { kind: "network-before" } // the request never reaches the service
  | { kind: "network-after" } // the service applies it, the answer is lost
  | { kind: "status"; status: number; message?: string; retryAfter?: string }
  | { kind: "hang-until-abort" };

/** The answer (or failure) a faulted request gets instead of the service's. */
export async function injectFault(fault: InjectedFault, url: string, init: RequestInit): Promise<Response> {
  if (fault.kind === "network-before") throw new TypeError("fetch failed");
  if (fault.kind === "network-after") {
    await (await fetch(url, init)).text();
    throw new TypeError("fetch failed: socket closed");
  }
  if (fault.kind === "status") {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (fault.retryAfter) headers["retry-after"] = fault.retryAfter;
    return new Response(JSON.stringify({ message: fault.message ?? `Injected HTTP ${fault.status}` }), {
      status: fault.status,
      headers,
    });
  }
  return new Promise((_, reject) =>
    init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
  );
}

export interface Stack {
  url: string;
  apiKey: string;
  api: PayrollApi;
  /** A client without fault injection, for checking what the service holds. */
  check: PayrollApi;
  workbook: WorkbookPort;
  model: WorkbookModel;
  close(): Promise<void>;
}

export async function startStack(fetchFn: FetchLike, options: SandboxOptions): Promise<Stack> {
  const sandbox = await startSandbox(options);
  const common = { baseUrl: sandbox.url, apiKey: sandbox.apiKey, requestsPerSecond: 0, maxConcurrent: 0, timeoutMs: 10_000 };
  const api = new PayrollApi({ ...common, maxRetries: 0, fetch: fetchFn });
  const check = new PayrollApi(common);
  const model = installPreviewExcel(globalThis, createPreviewWorkbook());
  const workbook = createOfficeWorkbook();
  return { url: sandbox.url, apiKey: sandbox.apiKey, api, check, workbook, model, close: () => sandbox.close() };
}
