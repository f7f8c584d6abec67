/** @jest-environment jsdom */
import { createKeyStore, storageItemName } from "../../src/ui/keyStore";

describe("keyStore", () => {
  beforeEach(() => localStorage.clear());

  it("keeps the key in memory only unless remembering is chosen", () => {
    const store = createKeyStore({ storage: localStorage });
    store.save("k-1", false);
    expect(store.apiKey()).toBe("k-1");
    expect(store.remembered()).toBe(false);
    expect(localStorage.length).toBe(0);
  });

  it("remembers the key under the Office partition key and finds it again in a new instance", () => {
    createKeyStore({ storage: localStorage, partitionKey: "part-A" }).save("k-2", true);
    expect(localStorage.getItem(storageItemName("payroll-addin.apiKey", "part-A"))).toBe("k-2");
    expect(localStorage.getItem("payroll-addin.apiKey")).toBeNull();
    expect(createKeyStore({ storage: localStorage, partitionKey: "part-A" }).apiKey()).toBe("k-2");
    expect(createKeyStore({ storage: localStorage, partitionKey: "part-B" }).apiKey()).toBeNull();
  });

  it("unticking remember removes the stored copy; forget removes memory and storage", () => {
    const store = createKeyStore({ storage: localStorage });
    store.save("k-3", true);
    store.save("k-3", false);
    expect(localStorage.length).toBe(0);
    store.save("k-4", true);
    store.forget();
    expect(store.apiKey()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it("works in memory when storage is unavailable or throws", () => {
    const none = createKeyStore({ storage: null });
    expect(none.canRemember).toBe(false);
    none.save("k-5", true);
    expect(none.apiKey()).toBe("k-5");
    expect(none.remembered()).toBe(false);

    const throwing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceeded");
      },
      removeItem: () => undefined,
    } as unknown as Storage;
    const blocked = createKeyStore({ storage: throwing });
    blocked.save("k-6", true);
    expect(blocked.apiKey()).toBe("k-6");
    expect(blocked.remembered()).toBe(false);
  });
});
