/** The task pane inside Excel: waits for Office, then mounts the pane over the real workbook. */
import { officePartitionKey, onOfficeReady } from "../excel";
import { deferredWorkbook } from "./deferredWorkbook";
import { mountPane } from "./mount";

onOfficeReady((inExcel) => {
  const container = document.getElementById("root");
  if (!container) return;
  if (!inExcel) {
    container.textContent =
      "This pane runs inside Excel. To try it in a browser, open preview.html from the same server instead.";
    return;
  }
  mountPane({
    container,
    // Office's workbook code is a chunk of its own, fetched at the pane's first workbook call (after Connect).
    workbook: deferredWorkbook(() =>
      Promise.all([
        import(/* webpackChunkName: "excel" */ "../excel/officeWorkbook"),
        import(/* webpackChunkName: "excel" */ "./sheetSettings"),
      ]).then(([{ createOfficeWorkbook }, { sheetSettings }]) => createOfficeWorkbook({ sheetSettings })),
    ),
    partitionKey: officePartitionKey(),
    origin: window.location.origin,
  });
});
