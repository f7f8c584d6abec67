/**
 * Range.getCellProperties (ExcelApi 1.9) and the OfficeExtension.ClientResult it answers with. The preview answers
 * `address` and `format.fill.color` (a cell without fill reads "#FFFFFF", as RangeFill.color does); asking for
 * anything else fails rather than answering without it.
 */
import { rectAddress } from "./model";
import { ACTION_BYTES, jsonBytes, type ProxyContext, type RangeTarget } from "./proxy";
import { PreviewExcelError } from "./values";
import { quoteSheetName } from "../xl/excelConventions";

/** OfficeExtension.ClientResult: a method's answer, readable after the sync that ran it. */
export class ClientResult<V> {
  private _value: V | undefined;
  private _ready = false;
  get value(): V {
    if (!this._ready)
      throw new PreviewExcelError(
        "ValueNotLoaded",
        'The value of the result object has not been loaded yet. Before reading the value property, call "context.sync()" on the associated request context.',
      );
    return this._value as V;
  }
  _set(value: V): void {
    this._value = value;
    this._ready = true;
  }
}

/** The part of Excel.CellPropertiesLoadOptions the preview answers. */
export interface CellPropertiesOptions {
  address?: boolean;
  format?: { fill?: { color?: boolean } };
}
export interface CellPropertiesAnswer {
  address?: string;
  format?: { fill?: { color: string } };
}

/** Cells one getCellProperties may answer in the preview (Excel's limit is the 5 MB response). */
const MAX_CELLS = 5_000_000;

export function queueCellProperties(
  context: ProxyContext,
  target: () => RangeTarget,
  options: CellPropertiesOptions,
): ClientResult<CellPropertiesAnswer[][]> {
  const result = new ClientResult<CellPropertiesAnswer[][]>();
  const format = options?.format;
  const unsupported =
    Object.keys(options ?? {}).some((k) => k !== "address" && k !== "format") ||
    (format !== undefined &&
      (Object.keys(format).some((k) => k !== "fill") || Object.keys(format.fill ?? {}).some((k) => k !== "color")));
  if (unsupported) throw new Error("The preview's getCellProperties answers address and format.fill.color only.");
  context._enqueue({
    bytes: ACTION_BYTES + jsonBytes(options),
    mutates: false,
    run: () => {
      const { sheet, rect } = target();
      if (rect.rows * rect.cols > MAX_CELLS)
        throw new PreviewExcelError("ResponsePayloadSizeLimitExceeded", "The response payload size has exceeded the limit.");
      const value = Array.from({ length: rect.rows }, (_, i) =>
        Array.from({ length: rect.cols }, (_, k) => {
          const r = rect.r + i;
          const c = rect.c + k;
          const out: CellPropertiesAnswer = {};
          if (options.address) out.address = `${quoteSheetName(sheet.name)}!${rectAddress({ r, c, rows: 1, cols: 1 })}`;
          if (format?.fill?.color) out.format = { fill: { color: sheet.cell(r, c)?.fill ?? "#FFFFFF" } };
          return out;
        }),
      );
      return { bytes: jsonBytes(value), commit: () => result._set(value) };
    },
  });
  return result;
}
