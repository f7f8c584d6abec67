/** Mounts the task pane into a page: shared by the Office entry (index.tsx) and the browser preview. */
import { createRoot, type Root } from "react-dom/client";
import type { WorkbookPort } from "../excel";
import { App } from "./App";
import { availableLocalStorage, createKeyStore } from "../ui/keyStore";
import { keepPreparedByIn } from "../ui/preparedBy";

export interface MountOptions {
  container: HTMLElement;
  workbook: WorkbookPort;
  /** Office.context.partitionKey when running in Office (officePartitionKey, src/excel); undefined in the preview. */
  partitionKey?: string | null;
  /** The page's origin: the default service root (the servers proxy /v1). */
  origin: string;
}

/**
 * The default service root: the page's own origin, where the servers proxy /v1 (as defaultServiceUrl in
 * flows/connection, which is not imported here: that module comes with the whole HTTP API, a chunk loaded later).
 */
function serviceRoot(origin: string): string {
  return origin.replace(/\/+$/, "");
}

export function mountPane({ container, workbook, partitionKey, origin }: MountOptions): Root {
  const keyStore = createKeyStore({ storage: availableLocalStorage(), partitionKey });
  keepPreparedByIn({ storage: availableLocalStorage(), partitionKey });
  const root = createRoot(container);
  root.render(<App workbook={workbook} keyStore={keyStore} defaultServiceUrl={serviceRoot(origin)} />);
  return root;
}
