/**
 * Fill from a sheet: matched values from the client's own file become pending changes of the chosen input sheet;
 * problems are listed here and on the "Fill problems" sheet. The view (./FillFromSheetView) wired to its hook.
 */
import * as React from "react";
import { FillFromSheetView } from "./FillFromSheetView";
import { type FillFromSheetProps, useFillFromSheet } from "./useFillFromSheet";

export function FillFromSheet(props: FillFromSheetProps) {
  return <FillFromSheetView {...useFillFromSheet(props)} />;
}
