/**
 * The input sheet that steps 2 and 3 (edit and fill, push) work on: one of the workbook's input sheets, grouped by
 * client (./SheetOptions), each with its pending changes counted beside its name.
 */
import { Field, Select } from "@fluentui/react-components";
import type { SheetGroup } from "../model/inputSheetGroups";
import { SheetOptions } from "./SheetOptions";

export interface SheetPickerProps {
  sheets: string[];
  /** The sheets grouped by client (./SheetOptions); without it, one flat list. */
  sheetGroups?: readonly SheetGroup[];
  /** Each sheet's pending changes, counted beside its name. */
  pendingCounts?: ReadonlyMap<string, { changes: readonly unknown[] }>;
  sheetName: string | null;
  onSheetChange(name: string): void;
}

export function SheetPicker(props: SheetPickerProps) {
  return (
    <Field label="Input sheet" hint={props.sheets.length === 0 ? "Build an input sheet first." : undefined}>
      <Select
        value={props.sheetName ?? ""}
        onChange={(_, d) => props.onSheetChange(d.value)}
        disabled={props.sheets.length === 0}
      >
        {props.sheets.length === 0 && <option value="">No input sheets</option>}
        <SheetOptions sheets={props.sheets} groups={props.sheetGroups} counts={props.pendingCounts} />
      </Select>
    </Field>
  );
}
