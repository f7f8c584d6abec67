/**
 * The global `Excel` namespace of the preview: Excel.run over a preview workbook, plus the enums
 * the Excel layer may use. installPreviewExcel puts it on globalThis so officeWorkbook.ts runs unchanged.
 */
import * as api from "./api";
import { RequestContext, ClientObject } from "./api";
import { gateApiCalls } from "./requirements";

// Every API call above ExcelApi 1.1 is held to its requirement set (requirements.ts).
gateApiCalls(api);
import { WorkbookModel, type PreviewWorkbookOptions } from "./model";
import { PreviewExcelError } from "./values";

export type Batch<T> = (context: RequestContext) => Promise<T>;

/** Excel.RunOptions: the preview honours delayForCellEdit. */
export interface RunOptions {
  delayForCellEdit?: boolean;
}

export interface PreviewExcelNamespace {
  run<T>(batch: Batch<T>): Promise<T>;
  run<T>(object: RequestContext | ClientObject<unknown>, batch: Batch<T>): Promise<T>;
  run<T>(options: RunOptions, batch: Batch<T>): Promise<T>;
  RequestContext: new () => RequestContext;
  CalculationType: { recalculate: "Recalculate"; full: "Full"; fullRebuild: "FullRebuild" };
  SheetVisibility: { visible: "Visible"; hidden: "Hidden"; veryHidden: "VeryHidden" };
  ClearApplyTo: { all: "All"; formats: "Formats"; contents: "Contents" };
  ErrorCodes: Record<string, string>;
  /** The workbook this namespace works on (preview only). */
  preview: WorkbookModel;
}

export function createPreviewWorkbook(options?: PreviewWorkbookOptions): WorkbookModel {
  return new WorkbookModel(options);
}

export function createPreviewExcel(workbook: WorkbookModel): PreviewExcelNamespace {
  async function run<T>(a: Batch<T> | RequestContext | ClientObject<unknown> | RunOptions, b?: Batch<T>): Promise<T> {
    const batch = typeof a === "function" ? a : b;
    if (typeof batch !== "function") throw new PreviewExcelError("InvalidArgument", "Excel.run needs a batch function.");
    const options = typeof a === "object" && !(a instanceof RequestContext) && !(a instanceof ClientObject) ? a : undefined;
    // A proxy's context is always a RequestContext: proxies are only made from one.
    const reuse =
      typeof a === "function" || options
        ? undefined
        : a instanceof RequestContext
          ? a
          : ((a as ClientObject<unknown>).context as RequestContext);
    const context = reuse ?? new RequestContext(workbook);
    if (options?.delayForCellEdit) context.delayForCellEdit = true;
    const pending = batch(context);
    if (!pending || typeof (pending as Promise<T>).then !== "function")
      throw new PreviewExcelError(
        "RunMustReturnPromise",
        'The batch function passed to the ".run" method didn\'t return a promise.',
      );
    try {
      const result = await pending;
      await context.sync();
      return result;
    } finally {
      if (!reuse) context._close();
    }
  }
  return {
    run: run as PreviewExcelNamespace["run"],
    RequestContext: class extends RequestContext {
      constructor() {
        super(workbook);
      }
    },
    CalculationType: { recalculate: "Recalculate", full: "Full", fullRebuild: "FullRebuild" },
    SheetVisibility: { visible: "Visible", hidden: "Hidden", veryHidden: "VeryHidden" },
    ClearApplyTo: { all: "All", formats: "Formats", contents: "Contents" },
    ErrorCodes: {
      accessDenied: "AccessDenied",
      apiNotFound: "ApiNotFound",
      generalException: "GeneralException",
      invalidArgument: "InvalidArgument",
      invalidOperation: "InvalidOperation",
      itemAlreadyExists: "ItemAlreadyExists",
      itemNotFound: "ItemNotFound",
      notImplemented: "NotImplemented",
      propertyNotLoaded: "PropertyNotLoaded",
      requestPayloadSizeLimitExceeded: "RequestPayloadSizeLimitExceeded",
      responsePayloadSizeLimitExceeded: "ResponsePayloadSizeLimitExceeded",
    },
    preview: workbook,
  };
}

/** The part of the `Office` global the preview provides: requirement sets and the display language. */
export interface PreviewOffice {
  readonly preview: true;
  context: {
    displayLanguage: string;
    requirements: { isSetSupported(name: string, version?: string): boolean };
  };
}

export interface PreviewHostOptions {
  /** Office.context.displayLanguage of the host the preview plays; default "en-IE" (an Irish accountant's Office). */
  displayLanguage?: string;
}

/**
 * Define the global `Excel` (and a minimal `OfficeExtension` when absent) over a preview workbook, and an `Office`
 * with `context.requirements.isSetSupported` (the host's ExcelApi level, see requirements.ts) and
 * `context.displayLanguage`, unless a real Office is loaded. Returns the workbook, so callers (the grid view,
 * tests) can watch and inspect it.
 */
export function installPreviewExcel(
  target: object = globalThis,
  workbook: WorkbookModel = createPreviewWorkbook(),
  host: PreviewHostOptions = {},
): WorkbookModel {
  const g = target as Record<string, unknown>;
  g.Excel = createPreviewExcel(workbook);
  if (g.OfficeExtension === undefined) g.OfficeExtension = { Error: PreviewExcelError };
  if (g.Office === undefined || (g.Office as Partial<PreviewOffice>).preview === true) {
    const office: PreviewOffice = {
      preview: true,
      context: {
        displayLanguage: host.displayLanguage ?? "en-IE",
        requirements: { isSetSupported: (name, version) => workbook.requirements.isSetSupported(name, version) },
      },
    };
    g.Office = office;
  }
  return workbook;
}
