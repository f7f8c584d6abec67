/**
 * "Prepared by": the name a person types once in the pane, remembered on this computer in the add-in's own storage
 * beside the remembered key (./keyStore: same partitioning by Office.context.partitionKey), never in the workbook
 * settings. Every push writes it on its Change history lines (FlowContext.preparedBy).
 */
import { availableLocalStorage, type KeyStoreOptions, storageItemName } from "./keyStore";

const ITEM = "payroll-addin.preparedBy";
let where: { storage: Storage | null; item: string } | null = null;

/** Where the name is kept: called once when the pane mounts (with the partition key); by default unpartitioned. */
export function keepPreparedByIn({ storage, partitionKey }: KeyStoreOptions): void {
  where = { storage, item: storageItemName(ITEM, partitionKey) };
}

const place = () => (where ??= { storage: availableLocalStorage(), item: ITEM });

/** The remembered name, or "" when none was typed (or storage is blocked). */
export function preparedBy(): string {
  const { storage, item } = place();
  try {
    return storage?.getItem(item) ?? "";
  } catch {
    return "";
  }
}

/** Remember the name (trimmed); an empty name forgets it. */
export function setPreparedBy(name: string): void {
  const { storage, item } = place();
  const value = name.trim().slice(0, 100);
  try {
    if (value) storage?.setItem(item, value);
    else storage?.removeItem(item);
  } catch {
    // Storage blocked or full: the name is not remembered.
  }
}
