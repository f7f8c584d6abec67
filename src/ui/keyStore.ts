/**
 * Where the API key lives: in memory, and in the add-in's own localStorage only when the user ticks
 * "Remember on this computer". Storage keys are prefixed with Office.context.partitionKey when Office
 * gives one, so that one add-in instance cannot read another context's key. Never in the workbook.
 */

const KEY_ITEM = "payroll-addin.apiKey";
const SERVICE_URL_ITEM = "payroll-addin.serviceUrl";

export interface KeyStore {
  /** The key in memory, if any (loaded from storage at start when it was remembered). */
  apiKey(): string | null;
  /** Whether the current key is also kept in browser storage. */
  remembered(): boolean;
  /** False when browser storage is missing or blocked: the key can then live in memory only. */
  readonly canRemember: boolean;
  /** Keep the key; `remember` also writes it to storage, otherwise any stored copy is removed. */
  save(apiKey: string, remember: boolean): void;
  /** Remove the key from memory and storage. */
  forget(): void;
  /** The custom service base URL (not secret), or null for the default. */
  serviceUrl(): string | null;
  setServiceUrl(url: string | null): void;
}

export interface KeyStoreOptions {
  /** window.localStorage in the add-in; null when unavailable. */
  storage: Storage | null;
  /** Office.context.partitionKey; undefined/empty where Office does not partition storage. */
  partitionKey?: string | null;
}

/** Storage item name for a partition (exported for tests). */
export function storageItemName(item: string, partitionKey?: string | null): string {
  return partitionKey ? `${partitionKey}${item}` : item;
}

/** localStorage if the browser lets us use it (it throws or is null when blocked). */
export function availableLocalStorage(): Storage | null {
  try {
    const storage = globalThis.localStorage;
    if (!storage) return null;
    const probe = "payroll-addin.probe";
    storage.setItem(probe, "1");
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

export function createKeyStore({ storage, partitionKey }: KeyStoreOptions): KeyStore {
  const keyItem = storageItemName(KEY_ITEM, partitionKey);
  const urlItem = storageItemName(SERVICE_URL_ITEM, partitionKey);
  const read = (item: string): string | null => {
    try {
      return storage?.getItem(item) ?? null;
    } catch {
      return null;
    }
  };
  const write = (item: string, value: string | null): void => {
    if (!storage) return;
    try {
      if (value === null) storage.removeItem(item);
      else storage.setItem(item, value);
    } catch {
      // Storage blocked or full: the key stays in memory only.
    }
  };

  let memoryKey: string | null = read(keyItem);
  let isRemembered = memoryKey !== null;

  return {
    apiKey: () => memoryKey,
    remembered: () => isRemembered,
    canRemember: storage !== null,
    save(apiKey, remember) {
      memoryKey = apiKey;
      write(keyItem, remember ? apiKey : null);
      isRemembered = remember && read(keyItem) === apiKey;
    },
    forget() {
      memoryKey = null;
      isRemembered = false;
      write(keyItem, null);
    },
    serviceUrl: () => read(urlItem),
    setServiceUrl: (url) => write(urlItem, url),
  };
}
