/** The task pane inside Excel: waits for Office, then mounts the pane over the real workbook. */
import { createOfficeWorkbook, officePartitionKey, onOfficeReady } from "../excel";
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
    workbook: createOfficeWorkbook(),
    partitionKey: officePartitionKey(),
    origin: window.location.origin,
  });
});
