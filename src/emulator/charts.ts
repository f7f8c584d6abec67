/**
 * Worksheet.charts in the preview: the subset the add-in uses, with Excel's semantics. A chart holds its source
 * range (not a copy of the values), so it always shows the cells as they are now, as Excel's charts do.
 * - ChartCollection.add(type, sourceData, seriesBy) (ExcelApi 1.1): "Columns" makes each column of the source a
 *   series; a first row of text gives the series' names; a first column of text (when the source has more than one
 *   column) gives the categories. Names "Chart 1", "Chart 2", ... unless renamed.
 * - ChartCollection.getItem / getItemOrNullObject (1.1 / 1.4), Chart.name, Chart.delete, Chart.setPosition,
 *   Chart.title.text (1.1), ChartAxis.setCategoryNames (1.7: the category names come from that range).
 * chartData() reads what a chart shows from the cells, for the preview's drawing and the tests.
 */
import type { ChartModel, Rect, SheetModel } from "./model";
import { parseAddress } from "./model";
import { ACTION_BYTES, ClientObject, Collection, invalidArgument, jsonBytes, type ProxyContext, type RangeTarget } from "./proxy";
import { PreviewExcelError } from "./values";

const CHART_TYPES = new Set(["ColumnClustered", "ColumnStacked", "BarClustered", "Line", "Pie"]);

interface RangeLike {
  _t(): RangeTarget;
}

export class ChartCollection extends Collection<ChartModel, Chart> {
  constructor(
    context: ProxyContext,
    private readonly sheet: () => SheetModel,
  ) {
    super(context);
  }
  protected _list(): ChartModel[] {
    return this.sheet().charts;
  }
  protected _wrap(chart: ChartModel): Chart {
    return new Chart(this.context, () => chart, chart);
  }
  add(type: string, sourceData: RangeLike, seriesBy: string = "Auto"): Chart {
    let created: ChartModel | undefined;
    this.context._enqueue({
      bytes: ACTION_BYTES + jsonBytes([type, seriesBy]),
      mutates: true,
      run: () => {
        if (!CHART_TYPES.has(type)) throw invalidArgument(`The preview does not draw charts of type "${type}".`);
        if (!["Auto", "Columns", "Rows"].includes(seriesBy)) throw invalidArgument();
        const { sheet, rect } = sourceData._t();
        if (sheet !== this.sheet()) throw invalidArgument("The chart's source data must be on its sheet in the preview.");
        created = sheet.addChart(type, rect, seriesBy === "Rows" ? "Rows" : "Columns");
      },
    });
    return new Chart(this.context, () => created ?? null);
  }
  getItem(name: string): Chart {
    return new Chart(this.context, () => {
      const found = this.sheet().charts.find((c) => c.name.toLowerCase() === name.toLowerCase());
      if (!found) throw new PreviewExcelError("ItemNotFound", `The requested resource doesn't exist: chart "${name}".`);
      return found;
    });
  }
  getItemOrNullObject(name: string): Chart {
    return new Chart(this.context, () => this.sheet().charts.find((c) => c.name.toLowerCase() === name.toLowerCase()) ?? null);
  }
}

export class Chart extends ClientObject<ChartModel> {
  private _title?: ChartTitle;
  private _axes?: ChartAxes;
  get name(): string {
    return this._get("name");
  }
  set name(v: string) {
    this._set("name", v, (c) => {
      if (c.sheet.charts.some((o) => o !== c && o.name.toLowerCase() === v.toLowerCase()))
        throw new PreviewExcelError("InvalidArgument", `A chart named "${v}" is already on this sheet.`);
      c.name = v;
    });
  }
  get title(): ChartTitle {
    return (this._title ??= new ChartTitle(this.context, () => this._t()));
  }
  get axes(): ChartAxes {
    return (this._axes ??= new ChartAxes(this.context, () => this._t()));
  }
  /** Top-left and (optionally) bottom-right cells, e.g. "A20" and "H37". */
  setPosition(startCell: string, endCell?: string): void {
    this._do((c) => {
      const from = parseAddress(startCell);
      const to = endCell ? parseAddress(endCell) : { ...from, r: from.r + 15, c: from.c + 7 };
      c.position = { r: from.r, c: from.c, rows: to.r - from.r + 1, cols: to.c - from.c + 1 };
    });
  }
  delete(): void {
    this._do((c) => c.sheet.deleteChart(c));
  }
  protected _scalars(): string[] {
    return ["name"];
  }
  protected _read(_prop: string, c: ChartModel): unknown {
    return c.name;
  }
  protected override _nav(prop: string) {
    return prop === "title" ? this.title : undefined;
  }
}

export class ChartTitle extends ClientObject<ChartModel> {
  get text(): string {
    return this._get("text");
  }
  set text(v: string) {
    this._set("text", v, (c) => (c.title = String(v)));
  }
  protected _scalars(): string[] {
    return ["text"];
  }
  protected _read(_prop: string, c: ChartModel): unknown {
    return c.title;
  }
}

export class ChartAxes {
  private _category?: ChartAxis;
  constructor(
    readonly context: ProxyContext,
    private readonly chart: () => ChartModel,
  ) {}
  get categoryAxis(): ChartAxis {
    return (this._category ??= new ChartAxis(this.context, this.chart));
  }
}

export class ChartAxis extends ClientObject<ChartModel> {
  /** The category names are the cells of this range (several columns: joined, as Excel's multi-level labels read). */
  setCategoryNames(sourceData: RangeLike): void {
    this._do((c) => {
      const { sheet, rect } = sourceData._t();
      if (sheet !== c.sheet) throw invalidArgument("The category names must be on the chart's sheet in the preview.");
      c.categories = { ...rect };
    });
  }
  protected _scalars(): string[] {
    return [];
  }
  protected _read(): unknown {
    return undefined;
  }
}

export interface ChartData {
  name: string;
  type: string;
  title: string;
  categories: string[];
  series: { name: string; values: (number | null)[] }[];
  /** Where the chart sits on the sheet (cells it covers). */
  position: Rect;
}

const isText = (v: unknown) => typeof v === "string" && v !== "";

/** What a chart shows, read from its sheet's cells now (series by columns, as the overview's chart is made). */
export function chartData(chart: ChartModel): ChartData {
  const { sheet, source: s } = chart;
  const value = (r: number, c: number) => sheet.valueAt(r, c);
  const byColumns = chart.seriesBy === "Columns";
  // Series run along columns (or rows): turn the source so that series are "columns" of a grid.
  const rows = byColumns ? s.rows : s.cols;
  const cols = byColumns ? s.cols : s.rows;
  const at = (i: number, k: number) => (byColumns ? value(s.r + i, s.c + k) : value(s.r + k, s.c + i));
  const namesRow = Array.from({ length: cols }, (_, k) => at(0, k)).every((v) => isText(v) || v === null);
  const labelCol =
    cols > 1 && Array.from({ length: rows - (namesRow ? 1 : 0) }, (_, i) => at(i + (namesRow ? 1 : 0), 0)).some(isText);
  const first = namesRow ? 1 : 0;
  const from = labelCol ? 1 : 0;
  const n = rows - first;
  let categories = Array.from({ length: n }, (_, i) => (labelCol ? String(at(first + i, 0) ?? "") : String(i + 1)));
  if (chart.categories) {
    const c = chart.categories;
    categories = Array.from({ length: n }, (_, i) =>
      Array.from({ length: c.cols }, (_, k) => (i < c.rows ? String(value(c.r + i, c.c + k) ?? "") : ""))
        .filter(Boolean)
        .join(" "),
    );
  }
  const series = Array.from({ length: cols - from }, (_, j) => ({
    name: namesRow ? String(at(0, from + j) ?? "") : `Series${j + 1}`,
    values: Array.from({ length: n }, (_, i) => {
      const v = at(first + i, from + j);
      return typeof v === "number" ? v : null;
    }),
  }));
  return { name: chart.name, type: chart.type, title: chart.title, categories, series, position: chart.position };
}
