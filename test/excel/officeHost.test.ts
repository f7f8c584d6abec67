/** The Office host adapter: the one reader of the Office global, with the guard each of its readers has always had. */
import {
  officeCanDownload,
  officeDisplayLanguage,
  officePartitionKey,
  officeTheme,
  onOfficeReady,
  supportsExcelApi,
} from "../../src/excel/officeHost";

const g = globalThis as { Office?: unknown };
afterEach(() => delete g.Office);

test("without Office: no language, no theme, no partition, every requirement set assumed", () => {
  expect(officeDisplayLanguage()).toBeUndefined();
  expect(officeTheme()).toBeUndefined();
  expect(officePartitionKey()).toBeUndefined();
  expect(supportsExcelApi("1.9")).toBe(true);
});

test("reads the page's Office: display language, theme, partition key and Office's own requirement-set check", () => {
  const asked: unknown[] = [];
  g.Office = {
    context: {
      displayLanguage: "de-DE",
      officeTheme: { isDarkTheme: true },
      partitionKey: "part-A",
      requirements: {
        isSetSupported: (name: string, version: string) => (asked.push([name, version]), version === "1.7"),
      },
    },
  };
  expect(officeDisplayLanguage()).toBe("de-DE");
  expect(officeTheme()).toEqual({ isDarkTheme: true });
  expect(officePartitionKey()).toBe("part-A");
  expect([supportsExcelApi("1.7"), supportsExcelApi("1.9")]).toEqual([true, false]);
  expect(asked).toEqual([
    ["ExcelApi", "1.7"],
    ["ExcelApi", "1.9"],
  ]);
});

test("Office.context throwing before onReady: language and theme are absent, the partition key is not guessed", () => {
  g.Office = {
    get context(): never {
      throw new Error("Office.js has not been initialized");
    },
  };
  expect(officeDisplayLanguage()).toBeUndefined();
  expect(officeTheme()).toBeUndefined();
  // A key stored without its partition would be readable from another context: the read fails instead.
  expect(() => officePartitionKey()).toThrow("Office.js has not been initialized");
});

test("onOfficeReady says whether the host is Excel", async () => {
  const seen: boolean[] = [];
  for (const host of ["Excel", "Word"]) {
    g.Office = {
      HostType: { Excel: "Excel" },
      onReady: (callback: (info: { host: string }) => void) => Promise.resolve(callback({ host })),
    };
    onOfficeReady((inExcel) => seen.push(inExcel));
  }
  await Promise.resolve();
  expect(seen).toEqual([true, false]);
});

test("offers downloads only in a browser: outside Office, in the preview's stand-in and in Excel on the web", () => {
  expect(officeCanDownload()).toBe(true);
  expect(officeCanDownload({ Office: { preview: true, context: {} } })).toBe(true);
  expect(officeCanDownload({ Office: { context: { platform: "OfficeOnline" } } })).toBe(true);
  for (const platform of ["PC", "Mac", "iOS", "Android", "Universal", undefined])
    expect([platform, officeCanDownload({ Office: { context: { platform } } })]).toEqual([platform, false]);
  const throwing = {
    get context(): never {
      throw new Error("Office.context before Office.onReady");
    },
  };
  expect(officeCanDownload({ Office: throwing })).toBe(false);
});
