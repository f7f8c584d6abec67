/** A range's format proxies: column width, fill colour and bold, read as Excel reads them (one value for the
 * range, or null when its cells differ). */
import { MAX_COLS, type SheetModel } from "./model";
import { ACTION_BYTES, ClientObject, invalidArgument, type ProxyContext, type RangeTarget } from "./proxy";
import { PreviewExcelError } from "./values";
import { FormatProtection } from "./protection";

/** The most cells a single value may be written to at once. */
export const MAX_SCALAR_FILL = 2_000_000;

export class RangeFormat extends ClientObject<RangeTarget> {
  private _fill?: RangeFill;
  private _font?: RangeFont;
  constructor(
    context: ProxyContext,
    resolve: () => RangeTarget,
    private readonly range: () => RangeTarget,
  ) {
    super(context, resolve);
  }
  get columnWidth(): number {
    return this._get("columnWidth");
  }
  set columnWidth(v: number) {
    this._set("columnWidth", v, ({ sheet, rect }) => {
      if (typeof v !== "number" || !(v >= 0) || v > 1800) throw invalidArgument();
      for (let c = rect.c; c < rect.c + Math.min(rect.cols, MAX_COLS); c++) sheet.columnWidths.set(c, v);
    });
  }
  get fill(): RangeFill {
    return (this._fill ??= new RangeFill(this.context, this.range));
  }
  get font(): RangeFont {
    return (this._font ??= new RangeFont(this.context, this.range));
  }
  private _protection?: FormatProtection;
  /** Range.format.protection (ExcelApi 1.2): the cells' locked flag. */
  get protection(): FormatProtection {
    return (this._protection ??= new FormatProtection(this.context, this.range));
  }
  protected _scalars(): string[] {
    return ["columnWidth"];
  }
  protected _read(_prop: string, { sheet, rect }: RangeTarget): unknown {
    const widths = new Set<number>();
    for (let c = rect.c; c < rect.c + Math.min(rect.cols, 256); c++) widths.add(sheet.columnWidth(c));
    return widths.size === 1 ? [...widths][0] : null;
  }
  protected override _nav(prop: string) {
    return prop === "fill" ? this.fill : prop === "font" ? this.font : prop === "protection" ? this.protection : undefined;
  }
}

/** Same value for every cell of the range, or null when they differ (Excel's convention). */
function uniform<V>({ sheet, rect }: RangeTarget, read: (r: number, c: number) => V): V | null {
  const rows = Math.min(rect.rows, 10_000);
  const cols = Math.min(rect.cols, 256);
  const first = read(rect.r, rect.c);
  for (let i = 0; i < rows; i++) for (let k = 0; k < cols; k++) if (read(rect.r + i, rect.c + k) !== first) return null;
  void sheet;
  return first;
}

function cellsOf(
  { sheet, rect }: RangeTarget,
  fn: (cell: ReturnType<SheetModel["cellForWrite"]>) => void,
  create: boolean,
): void {
  if (rect.rows * rect.cols > MAX_SCALAR_FILL && create)
    throw new PreviewExcelError("RangeExceedsLimit", "The range is too large for this operation in the preview.");
  const rEnd = create ? rect.r + rect.rows : Math.min(rect.r + rect.rows, sheet.rowsData.length);
  for (let r = rect.r; r < rEnd; r++) {
    for (let c = rect.c; c < rect.c + rect.cols; c++) {
      const cell = create ? sheet.cellForWrite(r, c) : sheet.cell(r, c);
      if (cell) fn(cell);
    }
  }
}

function normaliseColor(v: unknown): string {
  if (typeof v !== "string") throw invalidArgument();
  const named: Record<string, string> = {
    red: "#FF0000",
    green: "#008000",
    yellow: "#FFFF00",
    white: "#FFFFFF",
    black: "#000000",
    orange: "#FFA500",
    blue: "#0000FF",
  };
  const c = named[v.toLowerCase()] ?? v.toUpperCase();
  if (!/^#[0-9A-F]{6}$/.test(c)) throw invalidArgument(`"${v}" is not a colour.`);
  return c;
}

export class RangeFill extends ClientObject<RangeTarget> {
  get color(): string {
    return this._get("color");
  }
  set color(v: string) {
    this._set("color", v, (t) => {
      const color = normaliseColor(v);
      cellsOf(t, (cell) => (cell.fill = color), true);
    });
  }
  clear(): void {
    // A fill is a cell format: a protected sheet allows clearing it where it allows formatting cells, as Excel does.
    this._do((t) => cellsOf(t, (cell) => (cell.fill = undefined), false), ACTION_BYTES, "format");
  }
  protected _scalars(): string[] {
    return ["color"];
  }
  protected _read(_prop: string, t: RangeTarget): unknown {
    return uniform(t, (r, c) => t.sheet.cell(r, c)?.fill ?? "#FFFFFF");
  }
}

export class RangeFont extends ClientObject<RangeTarget> {
  get bold(): boolean {
    return this._get("bold");
  }
  set bold(v: boolean) {
    this._set("bold", v, (t) => cellsOf(t, (cell) => (cell.bold = v ? true : undefined), true));
  }
  protected _scalars(): string[] {
    return ["bold"];
  }
  protected _read(_prop: string, t: RangeTarget): unknown {
    return uniform(t, (r, c) => t.sheet.cell(r, c)?.bold ?? false);
  }
}
