/** Whether a workbook batch is waiting for the user to finish typing in a cell (the Excel layer reports it). */
import * as React from "react";
import { CELL_EDIT_MESSAGE, onCellEditWait } from "../excel";

/** CELL_EDIT_MESSAGE while a batch waits on cell-edit mode, else null. */
export function useCellEditWait(subscribe: typeof onCellEditWait = onCellEditWait): string | null {
  const [waiting, setWaiting] = React.useState(false);
  React.useEffect(() => subscribe(setWaiting), [subscribe]);
  return waiting ? CELL_EDIT_MESSAGE : null;
}
