/** Connecting: check the key with GET /clients/, and turn failures into messages that never hold the key. */
import {
  ConfigurationError,
  NetworkError,
  PayrollApi,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  UnexpectedResponseError,
} from "../api";
import type { Client } from "../contract";

export type ApiFactory = (options: { baseUrl: string; apiKey: string }) => PayrollApi;

export const defaultApiFactory: ApiFactory = ({ baseUrl, apiKey }) => new PayrollApi({ baseUrl, apiKey });

export interface Connection {
  api: PayrollApi;
  clients: Client[];
  baseUrl: string;
}

/** Builds a client and confirms the key with GET /clients/ (the document's authentication check). */
export async function connect(
  baseUrl: string,
  apiKey: string,
  createApi: ApiFactory = defaultApiFactory,
  signal?: AbortSignal,
): Promise<Connection> {
  const api = createApi({ baseUrl, apiKey });
  const clients = await api.listClients({ signal });
  return { api, baseUrl, clients: [...clients].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id) };
}

/** Why a custom service base URL cannot be used, or null when it is fine. */
export function serviceUrlProblem(text: string): string | null {
  const value = text.trim();
  if (value === "") return "Enter the service's base address, for example https://payroll.example.com.";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "The service address is not a valid URL. It should look like https://payroll.example.com.";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "The service address must start with https:// or http://.";
  if (url.username || url.password) return "The service address must not contain a user name or password.";
  if (url.search || url.hash) return "The service address must not contain ? or # parts.";
  if (/\/v1\/?$/.test(url.pathname)) return "Leave out /v1: the add-in adds it to the service address.";
  return null;
}

/** Normalised custom base URL (no trailing slash). Call only when serviceUrlProblem() is null. */
export function normaliseServiceUrl(text: string): string {
  return text.trim().replace(/\/+$/, "");
}

/** A message for a failed connection. Built from the error's type only, so it can never echo the key. */
export function connectionErrorMessage(error: unknown, baseUrl: string): string {
  if (error instanceof UnauthorizedError) return "The service did not accept this API key. Check the key and try again.";
  // The client's configuration messages are written for the user and never include the key.
  if (error instanceof ConfigurationError) return error.message;
  if (error instanceof RateLimitedError) return "The service is busy (too many requests). Wait a moment and try again.";
  if (error instanceof TimeoutError) return `The service at ${baseUrl} did not answer in time. Try again.`;
  if (error instanceof NetworkError)
    return `Could not reach the service at ${baseUrl}. Check the service address and your network.`;
  if (error instanceof ServerError && [502, 503, 504].includes(error.status ?? 0))
    return `The payroll service behind ${baseUrl} could not be reached (HTTP ${error.status}). Check that it is running, then try again.`;
  if (error instanceof ServerError)
    return `The service at ${baseUrl} had an internal error (HTTP ${error.status}). Try again later.`;
  if (error instanceof UnexpectedResponseError)
    return `The address ${baseUrl} did not answer like the payroll service. Check the service address.`;
  return "Connecting failed for an unexpected reason. Try again.";
}
