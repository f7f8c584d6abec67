/**
 * Remembered mappings for Fill from a sheet. A client's own file has the same headers every month ("Staff ref",
 * "Gross €", "OT hrs"), so after a fill the key column's header and each source header's input are remembered per
 * client (document settings; headers and input keys only, nothing secret). Next month a source whose key header is
 * found again gets that mapping back, with the headers that are new or missing this month named.
 * Pure: the flow (../flows/fill) reads and writes the setting.
 */
import { z } from "zod";
import { type FillMapping, type KeyColumn, normHeader } from "./fill";

/** Document-settings key of a client's remembered mappings. */
export const fillMemorySettingKey = (clientId: number) => `payroll.fillMappings.${clientId}`;

/** Kept per client: one mapping per key header (a timesheet and a commission list are two files). */
const MAX_REMEMBERED = 20;

const RememberedMapping = z.object({
  /** The key column's header as the file wrote it. */
  keyHeader: z.string(),
  keyKind: z.enum(["number", "ppsn", "employeeId"]),
  /** Every other source header (as written) and the input key it filled, or null when it was not used. */
  columns: z.array(z.object({ header: z.string(), input: z.string().nullable() })),
  /** The day of the fill, YYYY-MM-DD. */
  usedOn: z.iso.date(),
});
export type RememberedMapping = z.infer<typeof RememberedMapping>;

/** A client's remembered mappings as stored; anything not understood is dropped (never an error). */
export function parseFillMemory(value: unknown): RememberedMapping[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => {
    const parsed = RememberedMapping.safeParse(v);
    return parsed.success ? [parsed.data] : [];
  });
}

/** What a fill used, to remember: the key header and kind, every other header with its input (or null). */
export function mappingToRemember(
  headers: readonly string[],
  key: KeyColumn,
  mapping: FillMapping,
  usedOn: string,
): RememberedMapping {
  return {
    keyHeader: headers[key.column] ?? "",
    keyKind: key.kind,
    columns: headers.flatMap((header, i) => (i === key.column || !header.trim() ? [] : [{ header, input: mapping[i] ?? null }])),
    usedOn,
  };
}

/** The list with `entry` in the place of the one for the same key header, newest first, at most 20. */
export function rememberMapping(list: readonly RememberedMapping[], entry: RememberedMapping): RememberedMapping[] {
  const same = normHeader(entry.keyHeader);
  return [entry, ...list.filter((m) => normHeader(m.keyHeader) !== same)].slice(0, MAX_REMEMBERED);
}

export interface AppliedMapping {
  key: KeyColumn;
  mapping: FillMapping;
  /** The day it was last used (YYYY-MM-DD). */
  usedOn: string;
  /** Source headers the remembered mapping did not have (left as the add-in proposed them). */
  newHeaders: string[];
  /** Remembered headers this source no longer has. */
  missingHeaders: string[];
  /** Remembered headers whose input this input sheet does not have (left as the add-in proposed them). */
  inputsNotOnSheet: string[];
}

/**
 * The remembered mapping for a source: the one whose key header the source has (several: the one sharing the most
 * headers, then the newest). Headers compare as lower-case letters and digits, as the key detection does. A header
 * remembered as "Not used" stays not used; a new header keeps what `proposed` gave it. null when none fits.
 */
export function applyRememberedMapping(
  list: readonly RememberedMapping[],
  headers: readonly string[],
  inputKeys: readonly string[],
  proposed: FillMapping,
): AppliedMapping | null {
  const normed = headers.map(normHeader);
  const candidates = list
    .map((m) => ({ m, keyColumn: normed.indexOf(normHeader(m.keyHeader)) }))
    .filter((c) => c.keyColumn >= 0 && normHeader(c.m.keyHeader) !== "")
    .map((c) => ({ ...c, shared: c.m.columns.filter((col) => normed.includes(normHeader(col.header))).length }));
  if (candidates.length === 0) return null;
  const best = candidates.reduce((a, b) => (b.shared > a.shared ? b : a));
  const { m, keyColumn } = best;
  const remembered = new Map(m.columns.map((c) => [normHeader(c.header), c]));
  const offered = new Set(inputKeys);
  const newHeaders: string[] = [];
  const inputsNotOnSheet: string[] = [];
  const used = new Set<string>();
  const mapping = headers.map((header, i): string | null => {
    if (i === keyColumn) return null;
    const r = remembered.get(normed[i]);
    if (!r) {
      if (header.trim()) newHeaders.push(header);
      return null;
    }
    if (r.input === null) return null;
    if (!offered.has(r.input)) {
      inputsNotOnSheet.push(header);
      return null;
    }
    used.add(r.input);
    return r.input;
  });
  // New headers and those whose input is not here keep the add-in's proposal, unless its input is already taken.
  proposed.forEach((p, i) => {
    if (i === keyColumn || mapping[i] !== null || !p || used.has(p) || rememberedAsUnused(remembered, normed[i])) return;
    mapping[i] = p;
    used.add(p);
  });
  const missingHeaders = m.columns.map((c) => c.header).filter((h) => !normed.includes(normHeader(h)));
  return {
    key: { column: keyColumn, kind: m.keyKind },
    mapping,
    usedOn: m.usedOn,
    newHeaders,
    missingHeaders,
    inputsNotOnSheet,
  };
}

const rememberedAsUnused = (remembered: ReadonlyMap<string, { input: string | null }>, normed: string) =>
  remembered.get(normed)?.input === null;
