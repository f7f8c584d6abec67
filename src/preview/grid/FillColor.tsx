/**
 * Home > Fill Color for the preview's grid: a person colours the selected cells (or takes the fill off), as an
 * accountant does in Excel. The choices are Excel's built-in cell-style fills (Good, Bad, Neutral, Note) and a few
 * palette colours: the ones the add-in must never clear. A format change: no Worksheet.onChanged, as in Excel.
 */
import * as React from "react";
import type { Rect, SheetModel, WorkbookModel } from "../../emulator/model";

/** Excel's cell styles and palette colours offered, by name. */
export const FILL_CHOICES: readonly { name: string; color: string | null }[] = [
  { name: "No Fill", color: null },
  { name: "Good", color: "#C6EFCE" },
  { name: "Bad", color: "#FFC7CE" },
  { name: "Neutral", color: "#FFEB9C" },
  { name: "Note", color: "#FFFFCC" },
  { name: "Yellow", color: "#FFFF00" },
  { name: "Light Blue", color: "#00B0F0" },
  { name: "Gold, Lighter 80%", color: "#FFF2CC" },
  { name: "Blue, Lighter 80%", color: "#DDEBF7" },
];

export interface FillColorProps {
  workbook: WorkbookModel;
  sheet: SheetModel;
  areas: readonly Rect[];
  className?: string;
}

export function FillColor({ workbook, sheet, areas, className }: FillColorProps): React.JSX.Element {
  return (
    <select
      className={className}
      data-testid="fill-color"
      aria-label="Fill Color"
      value=""
      onChange={(e) => {
        const choice = FILL_CHOICES.find((c) => c.name === e.target.value);
        if (choice) for (const area of areas) workbook.colourCells(sheet, area, choice.color);
      }}
    >
      <option value="" disabled>
        Fill Color
      </option>
      {FILL_CHOICES.map((c) => (
        <option key={c.name} value={c.name}>
          {c.name}
        </option>
      ))}
    </select>
  );
}
