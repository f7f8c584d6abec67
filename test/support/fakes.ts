/** Test doubles for the shell: a WorkbookPort holding only document settings, and a fake payroll service fetch. */
import type { SettingValue, WorkbookPort } from "../../src/excel";
import type { FetchLike } from "../../src/api";
import { PayrollApi } from "../../src/api";
import type { ApiFactory } from "../../src/app/connection";

export function settingsOnlyWorkbook(initial: Record<string, SettingValue> = {}) {
  const settings = new Map<string, SettingValue>(Object.entries(initial));
  const unsupported = () => Promise.reject(new Error("not used by the shell"));
  const workbook: WorkbookPort = {
    writeTable: unsupported,
    readTable: unsupported,
    writeColumnValues: unsupported,
    annotateRows: unsupported,
    selectedRowIndexes: unsupported,
    activeSheetName: unsupported,
    activateSheet: unsupported,
    listSheets: unsupported,
    appendRows: unsupported,
    deleteSheet: unsupported,
    writeHiddenTable: unsupported,
    readHiddenTable: unsupported,
    getSetting: async (key) => settings.get(key),
    setSetting: async (key, value) => void settings.set(key, value),
    removeSetting: async (key) => void settings.delete(key),
    onSheetChanged: unsupported,
    onSheetActivated: unsupported,
    onSheetRenamedOrDeleted: unsupported,
    fillCells: unsupported,
    selectCell: unsupported,
    selectedCells: unsupported,
    readValues: unsupported,
    selectedCell: unsupported,
    formulaCells: unsupported,
    linkCells: unsupported,
    writeColumnChart: unsupported,
  };
  return { workbook, settings };
}

export const GOOD_KEY = "good-key-123";

export const CLIENTS = [
  { id: 1, name: "Liffey Engineering Ltd", physical_address: null },
  { id: 2, name: "Shannon Foods", physical_address: null },
  { id: 3, name: "Boyne Logistics", physical_address: null },
];

/** A JSON answer as fetch gives it (jsdom has no Response). */
export function jsonResponse(body: unknown, status = 200): Response {
  const text = JSON.stringify(body);
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: { get: (name: string) => (name.toLowerCase() === "content-type" ? "application/json" : null) },
    text: async () => text,
    json: async () => body,
    arrayBuffer: async () => new TextEncoder().encode(text).buffer,
  } as unknown as Response;
}

/** A fetch that answers GET /v1/clients/ like the service: the clients for GOOD_KEY, 401 otherwise. Records calls. */
export function fakeService() {
  const calls: { url: string; authorization: string | null }[] = [];
  const fetch: FetchLike = async (url, init) => {
    const headers = new Headers(init.headers);
    calls.push({ url, authorization: headers.get("authorization") });
    if (headers.get("authorization") !== GOOD_KEY) return jsonResponse({ message: "Invalid API key" }, 401);
    if (new URL(url).pathname === "/v1/clients/") return jsonResponse(CLIENTS.map((client) => ({ client })));
    return jsonResponse({ message: "Not found" }, 404);
  };
  const createApi: ApiFactory = ({ baseUrl, apiKey }) => new PayrollApi({ baseUrl, apiKey, fetch, maxRetries: 0 });
  return { fetch, calls, createApi };
}
