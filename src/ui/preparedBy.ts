/**
 * "Prepared by": the name a person types once in the pane, remembered on this computer in the add-in's own storage
 * beside the remembered key (./keyStore: same partitioning by Office.context.partitionKey), never in the workbook
 * settings. Every push writes it on its Change history lines (FlowContext.preparedBy); the pane asks for it before
 * the first push (inputSheets/usePreparedBy) and sends nothing without it. Where storage is blocked the name is kept
 * for this session only, so a push is still possible (asked again next time the pane opens).
 */
import { availableLocalStorage, type KeyStoreOptions, storageItemName } from "./keyStore";

const ITEM = "payroll-addin.preparedBy";
let where: { storage: Storage | null; item: string } | null = null;
/** The name typed in this session: used where storage is blocked (or forgot it). */
let session = "";

/** Where the name is kept: called once when the pane mounts (with the partition key); by default unpartitioned. */
export function keepPreparedByIn({ storage, partitionKey }: KeyStoreOptions): void {
  where = { storage, item: storageItemName(ITEM, partitionKey) };
  session = "";
}

const place = () => (where ??= { storage: availableLocalStorage(), item: ITEM });

/** The remembered name (else the one typed in this session), or "" when none was typed. */
export function preparedBy(): string {
  const { storage, item } = place();
  try {
    return storage?.getItem(item) || session;
  } catch {
    return session;
  }
}

/** Remember the name (trimmed); an empty name forgets it. */
export function setPreparedBy(name: string): void {
  const { storage, item } = place();
  const value = name.trim().slice(0, 100);
  session = value;
  try {
    if (value) storage?.setItem(item, value);
    else storage?.removeItem(item);
  } catch {
    // Storage blocked or full: the name is not remembered.
  }
}
