/** The task pane inside Excel: waits for Office, then mounts the pane over the real workbook. */
import { createOfficeWorkbook } from "../excel";
import { mountPane } from "./mount";

void Office.onReady((info) => {
  const container = document.getElementById("root");
  if (!container) return;
  if (info.host !== Office.HostType.Excel) {
    container.textContent =
      "This pane runs inside Excel. To try it in a browser, open preview.html from the same server instead.";
    return;
  }
  mountPane({
    container,
    workbook: createOfficeWorkbook(),
    partitionKey: Office.context.partitionKey,
    origin: window.location.origin,
  });
});
