import type { ConnectedServices } from "../../../ui/context";
import type { FlowRunner } from "../../../ui/parts/hooks";
import type { PushCheckOptions } from "../flows/pushCheck";

/** What the Input sheets panel gives its workbook-wide push actions (Push all, Undo push in the Change history). */
export interface WorkbookPushProps {
  services: ConnectedServices;
  chunkSize: number;
  run: FlowRunner;
  busy: boolean;
  /** After the action: the input sheets' snapshots may have moved. */
  onDone(): void;
  /** The check before sending (usePushCheck) that every push goes through, an undo included. */
  check(): PushCheckOptions;
}
