/** Mounts the task pane into a page: shared by the Office entry (index.tsx) and the browser preview. */
import { createRoot, type Root } from "react-dom/client";
import type { WorkbookPort } from "../excel";
import { App } from "./App";
import { availableLocalStorage, createKeyStore } from "./keyStore";
import { defaultServiceUrl } from "./flows/connection";

export interface MountOptions {
  container: HTMLElement;
  workbook: WorkbookPort;
  /** Office.context.partitionKey when running in Office (officePartitionKey, src/excel); undefined in the preview. */
  partitionKey?: string | null;
  /** The page's origin: the default service root (the servers proxy /v1). */
  origin: string;
}

export function mountPane({ container, workbook, partitionKey, origin }: MountOptions): Root {
  const keyStore = createKeyStore({ storage: availableLocalStorage(), partitionKey });
  const root = createRoot(container);
  root.render(<App workbook={workbook} keyStore={keyStore} defaultServiceUrl={defaultServiceUrl(origin)} />);
  return root;
}
