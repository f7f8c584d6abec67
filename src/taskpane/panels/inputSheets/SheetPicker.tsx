/** The input sheet that steps 2 and 3 (edit and fill, push) work on: one of the workbook's input sheets. */
import { Field, Select } from "@fluentui/react-components";

export interface SheetPickerProps {
  sheets: string[];
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
        {props.sheets.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
    </Field>
  );
}
