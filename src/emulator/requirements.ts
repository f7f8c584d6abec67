/**
 * ExcelApi requirement sets in the preview. The manifest asks for ExcelApi 1.7, so the add-in may call an API of a
 * later set only after `Office.context.requirements.isSetSupported("ExcelApi", set)` said yes: a host without the
 * set answers such a call with ApiNotFound. The preview holds every call to that rule, whatever level the host it
 * plays has, so a missing check fails here and not first in an older Excel.
 */
import { PreviewExcelError } from "./values";

/**
 * The ExcelApi set that introduced each API the preview implements (Class.member, from the Office JS API reference
 * in @types/office-js), with one extra entry for protect's password argument. A test holds it to every public
 * member of the classes in api.ts.
 */
export const API_SETS: Readonly<Record<string, string>> = {
  "Workbook.getSelectedRange": "1.1",
  "Workbook.functions": "1.2",
  "Workbook.application": "1.1",
  "Application.calculate": "1.1",
  "Workbook.getSelectedRanges": "1.9",
  "Workbook.names": "1.1",
  "Workbook.protection": "1.7",
  "WorkbookProtection.protected": "1.7",
  "WorkbookProtection.protect": "1.7",
  "WorkbookProtection.unprotect": "1.7",
  "NamedItemCollection.add": "1.4",
  "NamedItemCollection.getItem": "1.1",
  "NamedItemCollection.getItemOrNullObject": "1.4",
  "NamedItem.name": "1.1",
  "NamedItem.formula": "1.7",
  "NamedItem.delete": "1.4",
  "WorksheetProtection.options": "1.2",
  "RangeFormat.protection": "1.2",
  "FormatProtection.locked": "1.2",
  "WorksheetCollection.getItem": "1.1",
  "WorksheetCollection.getActiveWorksheet": "1.1",
  "WorksheetCollection.add": "1.1",
  "WorksheetCollection.getItemOrNullObject": "1.4",
  "WorksheetCollection.onActivated": "1.7",
  "WorksheetCollection.onAdded": "1.7",
  "WorksheetCollection.onDeleted": "1.7",
  "SheetEventHandlers.add": "1.7",
  "Worksheet.onNameChanged": "1.17",
  "NameChangedHandlers.add": "1.17",
  "Worksheet.position": "1.1",
  "Range.insert": "1.1",
  "Range.delete": "1.1",
  "ActivatedHandlers.add": "1.7",
  "Worksheet.id": "1.1",
  "Worksheet.name": "1.1",
  "Worksheet.tables": "1.1",
  "Worksheet.getRange": "1.1",
  "Worksheet.activate": "1.1",
  "Worksheet.delete": "1.1",
  "Worksheet.visibility": "1.2",
  "Worksheet.protection": "1.2",
  "Worksheet.getUsedRangeOrNullObject": "1.4",
  "Worksheet.freezePanes": "1.7",
  "Worksheet.getRangeByIndexes": "1.7",
  "Worksheet.onChanged": "1.7",
  "EventHandlers.add": "1.7",
  "WorksheetProtection.protected": "1.2",
  "WorksheetProtection.protect": "1.2",
  "WorksheetProtection.unprotect": "1.2",
  "WorksheetProtection.protect(password)": "1.7",
  "WorksheetFreezePanes.freezeRows": "1.7",
  "WorksheetFreezePanes.unfreeze": "1.7",
  "Functions.date": "1.2",
  "FunctionResult.value": "1.2",
  "Range.values": "1.1",
  "Range.formulas": "1.1",
  "Range.numberFormat": "1.1",
  "Range.text": "1.1",
  "Range.address": "1.1",
  "Range.rowIndex": "1.1",
  "Range.columnIndex": "1.1",
  "Range.rowCount": "1.1",
  "Range.columnCount": "1.1",
  "Range.format": "1.1",
  "Range.worksheet": "1.1",
  "Range.getRow": "1.1",
  "Range.clear": "1.1",
  "Range.select": "1.1",
  "Range.getCellProperties": "1.9",
  "RangeAreas.address": "1.9",
  "RangeAreas.worksheet": "1.9",
  "RangeFormat.fill": "1.1",
  "RangeFormat.font": "1.1",
  "RangeFormat.columnWidth": "1.2",
  "RangeFill.color": "1.1",
  "RangeFill.clear": "1.1",
  "RangeFont.bold": "1.1",
  "TableCollection.getItem": "1.1",
  "TableCollection.add": "1.1",
  "TableCollection.getItemOrNullObject": "1.4",
  "Table.name": "1.1",
  "Table.getRange": "1.1",
  "Table.getHeaderRowRange": "1.1",
  "Table.getDataBodyRange": "1.1",
  "Table.delete": "1.1",
  "Table.convertToRange": "1.2",
  "Table.resize": "1.13",
  "Range.hyperlink": "1.7",
  "Worksheet.charts": "1.1",
  "ChartCollection.add": "1.1",
  "ChartCollection.getItem": "1.1",
  "ChartCollection.getItemOrNullObject": "1.4",
  "Chart.name": "1.1",
  "Chart.title": "1.1",
  "Chart.axes": "1.1",
  "Chart.setPosition": "1.1",
  "Chart.delete": "1.1",
  "ChartTitle.text": "1.1",
  "ChartAxes.categoryAxis": "1.1",
  "ChartAxis.setCategoryNames": "1.7",
  "Table.worksheet": "1.2",
  "TableRowCollection.add": "1.1",
  "TableColumnCollection.add": "1.1",
  "TableColumnCollection.add(index null, name)": "1.4",
  "SettingCollection.add": "1.4",
  "SettingCollection.getItem": "1.4",
  "SettingCollection.getItemOrNullObject": "1.4",
  "Setting.key": "1.4",
  "Setting.value": "1.4",
  "Setting.delete": "1.4",
};

export interface RequirementLevels {
  /** The level the manifest declares (<Set Name="ExcelApi" MinVersion="1.7"/>). */
  manifest: string;
  /**
   * The highest ExcelApi set of the host the preview plays. Default: the highest set of an API the preview implements
   * (API_SETS), so a later set's check answers false and the add-in takes the path the preview can run.
   */
  host: string;
  /**
   * The highest CustomFunctionsRuntime set of the host. Office documents 1.1 to 1.5 in Excel on the web; the preview's
   * functions runtime (asyncFunctions.ts) has what 1.1 to 1.3 add: streaming and cancelling (1.1), error values with
   * a message (CustomFunctions.Error, 1.2), and the further error codes (1.3). Default "1.3".
   */
  customFunctionsRuntime: string;
}

/** The highest ExcelApi set among the APIs the preview implements. */
export function implementedExcelApi(): string {
  return Object.values(API_SETS).reduce((a, b) => (compareVersions(a, b) >= 0 ? a : b), "1.1");
}

/** The CustomFunctionsRuntime sets Office has published (the requirement sets page lists 1.1 to 1.5). */
export const CUSTOM_FUNCTIONS_RUNTIME_SETS = ["1.1", "1.2", "1.3", "1.4", "1.5"] as const;

/** "1.10" > "1.9": compares minor versions as numbers. */
export function compareVersions(a: string, b: string): number {
  const [am, an = 0] = a.split(".").map(Number);
  const [bm, bn = 0] = b.split(".").map(Number);
  return am - bm || an - bn;
}

export class PreviewRequirements {
  readonly levels: RequirementLevels;
  /** The highest ExcelApi set isSetSupported has confirmed so far. */
  private confirmed: string;

  constructor(levels: Partial<RequirementLevels> = {}) {
    this.levels = {
      manifest: levels.manifest ?? "1.7",
      host: levels.host ?? implementedExcelApi(),
      customFunctionsRuntime: levels.customFunctionsRuntime ?? "1.3",
    };
    this.confirmed = this.levels.manifest;
  }

  /**
   * Office.context.requirements.isSetSupported for this host: per set and version (no version: the set's first),
   * names spelt as Office spells them; false for every set the preview does not implement (SharedRuntime, DialogApi,
   * ExcelApiOnline, ...), and for versions Office has not published.
   */
  isSetSupported(name: string, version?: string): boolean {
    if (typeof name !== "string") return false;
    const wanted = version === undefined || version === "" ? "1.1" : String(version);
    if (!/^\d+(\.\d+)?$/.test(wanted)) return false;
    switch (name) {
      case "ExcelApi": {
        const supported = compareVersions(wanted, this.levels.host) <= 0;
        if (supported && compareVersions(wanted, this.confirmed) > 0) this.confirmed = wanted;
        return supported;
      }
      case "CustomFunctionsRuntime":
        return (
          compareVersions(wanted, "1.1") >= 0 &&
          compareVersions(wanted, this.levels.customFunctionsRuntime) <= 0 &&
          compareVersions(wanted, CUSTOM_FUNCTIONS_RUNTIME_SETS[CUSTOM_FUNCTIONS_RUNTIME_SETS.length - 1]) <= 0
        );
      default:
        return false;
    }
  }

  /** Throws ApiNotFound when `api` is in a set the host lacks, or in one above the manifest's that was never checked. */
  require(api: string): void {
    const set = API_SETS[api];
    if (set === undefined) throw new Error(`The preview's API_SETS has no entry for ${api}.`);
    const beyondHost = compareVersions(set, this.levels.host) > 0;
    const unchecked = compareVersions(set, this.confirmed) > 0;
    if (beyondHost || unchecked)
      throw new PreviewExcelError(
        "ApiNotFound",
        `The API you are trying to use could not be found (${api}, ExcelApi ${set}). It may be available in a newer version of Excel.` +
          (beyondHost
            ? ""
            : ` The add-in's manifest asks for ExcelApi ${this.levels.manifest}: check isSetSupported("ExcelApi", "${set}") first.`),
      );
  }
}

interface Gated {
  context: {
    _enqueue(action: { bytes: number; mutates: boolean; run(): void }): void;
    model: { requirements: PreviewRequirements };
  };
}

/**
 * Hold every method call and property assignment of the API classes to API_SETS: each queues a check, at its place
 * in the batch, that fails the sync with ApiNotFound as a host without the set would (reading a loaded property
 * asks nothing of the host, so getters are left alone). ExcelApi 1.1 members are not wrapped.
 */
export function gateApiCalls(classes: Record<string, unknown>): void {
  for (const [name, cls] of Object.entries(classes)) {
    if (typeof cls !== "function" || !cls.prototype) continue;
    const proto = cls.prototype as Record<string, unknown>;
    for (const member of Object.getOwnPropertyNames(proto)) {
      const api = `${name}.${member}`;
      const set = API_SETS[api];
      if (set === undefined || set === "1.1") continue;
      const check = (self: Gated) =>
        self.context._enqueue({ bytes: 0, mutates: false, run: () => self.context.model.requirements.require(api) });
      const d = Object.getOwnPropertyDescriptor(proto, member)!;
      if (typeof d.value === "function") {
        const method = d.value as (...args: unknown[]) => unknown;
        proto[member] = function (this: Gated, ...args: unknown[]) {
          check(this);
          return method.apply(this, args);
        };
      } else if (d.set) {
        const setter = d.set;
        Object.defineProperty(proto, member, {
          ...d,
          set(this: Gated, v: unknown) {
            check(this);
            setter.call(this, v);
          },
        });
      }
    }
  }
}
