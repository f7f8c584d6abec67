/**
 * The input sheet picker's options: one group per client (the chosen client's first), each sheet with its pending
 * changes counted ("Inputs Monthly 2026-01-31 · 3 changes").
 */
import type { SheetGroup } from "../model/inputSheetGroups";

const label = (sheet: string, counts?: ReadonlyMap<string, { changes: readonly unknown[] }>) => {
  const n = counts?.get(sheet)?.changes.length ?? 0;
  return n === 0 ? sheet : `${sheet} · ${n} change${n === 1 ? "" : "s"}`;
};

export function SheetOptions(props: {
  sheets: readonly string[];
  groups?: readonly SheetGroup[];
  counts?: ReadonlyMap<string, { changes: readonly unknown[] }>;
}) {
  // The groups are read after the list: until then (or if they lack a sheet) the flat list.
  const grouped = props.groups && props.groups.reduce((n, g) => n + g.sheets.length, 0) === props.sheets.length;
  if (!grouped || !props.groups)
    return (
      <>
        {props.sheets.map((s) => (
          <option key={s} value={s}>
            {label(s, props.counts)}
          </option>
        ))}
      </>
    );
  return (
    <>
      {props.groups.map((g) => (
        <optgroup key={String(g.clientId)} label={g.label}>
          {g.sheets.map((s) => (
            <option key={s} value={s}>
              {label(s, props.counts)}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
