/**
 * Rig for the pay run / leave / employees / calculations flow tests: a real sandbox, a PayrollApi whose fetch
 * logs every request and can fail chosen requests by method and path, and the Excel layer over the preview
 * workbook. (The input-sheet rig in ./helpers faults bulk_input only.)
 */
import type { FetchLike } from "../../src/api";
import type { SandboxOptions } from "../../src/sandbox";
import { injectFault, startStack, type Stack } from "./stack";

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
      return injectFault(rule.fault, url, init);
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

export interface PathRig extends Stack {
  faults: PathFaults;
}

export async function startPathRig(options: SandboxOptions = {}): Promise<PathRig> {
  const faults = new PathFaults();
  const stack = await startStack(faults.fetch, { employees: 12, recalcMs: 20, reportJobMs: 50, ...options });
  return { ...stack, faults };
}
