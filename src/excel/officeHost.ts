/**
 * The Office host adapter: the one module that reads the `Office` global. The pane asks it for Office's display
 * language (dates), theme (the Fluent theme), partition key (where the API key may be stored) and the ExcelApi
 * requirement sets the host supports (the Excel layer's optional calls).
 *
 * `Office` is absent in unit tests, is a small stand-in in the browser preview (requirement sets and the display
 * language only), and in some hosts its `context` throws until Office.onReady: each accessor keeps the guard its
 * caller has always had. The accessors take the globals to read (tests pass a stand-in); the default is the page's.
 */

/** The part of Office.OfficeTheme the pane reads (isDarkTheme is missing in older Office and in Outlook). */
export interface OfficeThemeColors {
  bodyBackgroundColor?: string;
  bodyForegroundColor?: string;
  isDarkTheme?: boolean;
}

/** The subset of the Office global read here. */
interface OfficeGlobal {
  /** Set by the browser preview's stand-in (src/emulator/excel.ts), never by Office. */
  preview?: boolean;
  context?: {
    displayLanguage?: string;
    officeTheme?: OfficeThemeColors;
    partitionKey?: string;
    /** Office.context.platform: "OfficeOnline", "PC", "Mac", "iOS", "Android", "Universal". */
    platform?: unknown;
    requirements?: { isSetSupported(name: string, minVersion?: string): boolean };
    document?: {
      addHandlerAsync?(type: unknown, handler: () => void, callback?: (result: { status: unknown }) => void): void;
      removeHandlerAsync?(type: unknown, options: { handler: () => void }): void;
    };
  };
  EventType?: { OfficeThemeChanged?: unknown };
}

/** Where the adapter finds Office: the page's globals, or a stand-in. */
export interface OfficeGlobals {
  Office?: OfficeGlobal;
}

const pageGlobals = (): OfficeGlobals => globalThis as OfficeGlobals;

/** Office's display language ("en-IE", "de-DE"), or undefined outside Office and before Office.onReady. */
export function officeDisplayLanguage(from: OfficeGlobals = pageGlobals()): string | undefined {
  try {
    return from.Office?.context?.displayLanguage;
  } catch {
    return undefined; // Office.context before Office.onReady throws in some hosts
  }
}

/** Office's theme now, or undefined outside Office (and before Office.onReady). */
export function officeTheme(from: OfficeGlobals = pageGlobals()): OfficeThemeColors | undefined {
  try {
    return from.Office?.context?.officeTheme ?? undefined;
  } catch {
    return undefined; // Office.context before Office.onReady throws in some hosts
  }
}

/**
 * Calls `handler` on Office's theme change event where the host accepts it (it is documented for Outlook only: a
 * refused or throwing registration is ignored). Returns the function that removes it.
 */
export function onOfficeThemeChanged(handler: () => void, from: OfficeGlobals = pageGlobals()): () => void {
  const eventType = from.Office?.EventType?.OfficeThemeChanged;
  const document = from.Office?.context?.document;
  let registered = false;
  if (eventType !== undefined && document?.addHandlerAsync) {
    try {
      document.addHandlerAsync(eventType, handler, (result) => {
        registered = result.status !== "failed";
      });
    } catch {
      // Not supported by this host.
    }
  }
  return () => {
    if (registered)
      try {
        document?.removeHandlerAsync?.(eventType, { handler });
      } catch {
        // The host dropped the handler already.
      }
  };
}

/**
 * Office.context.partitionKey: the prefix that keeps one add-in context's storage from another's; undefined or empty
 * where Office does not partition storage. Read after Office.onReady, and deliberately unguarded: a key stored
 * without the partition it should have is worse than a pane that does not start.
 */
export function officePartitionKey(from: OfficeGlobals = pageGlobals()): string | undefined {
  return from.Office?.context?.partitionKey;
}

/**
 * Whether the pane can offer a file as a download (a Blob and an <a download>): only where it runs in a browser,
 * i.e. outside Office (the preview's stand-in) and in Excel on the web (platform "OfficeOnline"). Excel's desktop and
 * mobile webviews give no dependable download (the Mac's drops it silently; Windows' shows it in a bar at the foot
 * of the pane that is easily missed), so there the pane writes the file's contents to a sheet (docs/handover.md).
 */
export function officeCanDownload(from: OfficeGlobals = pageGlobals()): boolean {
  const office = from.Office;
  if (office === undefined || office.preview === true) return true;
  try {
    return office.context?.platform === "OfficeOnline";
  } catch {
    return false; // Office.context before Office.onReady throws in some hosts
  }
}

/** Whether the host supports an ExcelApi requirement set (e.g. "1.9"): Office's own check, or true outside Office. */
export function supportsExcelApi(version: string): boolean {
  const office = pageGlobals().Office;
  const requirements = office !== undefined ? office.context?.requirements : undefined;
  return requirements ? requirements.isSetSupported("ExcelApi", version) : true;
}

/** Calls `ready` once Office has started, saying whether the host is Excel (the pane's entry, src/app/index.tsx). */
export function onOfficeReady(ready: (inExcel: boolean) => void): void {
  void Office.onReady((info) => ready(info.host === Office.HostType.Excel));
}
