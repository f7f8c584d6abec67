/**
 * Worksheet.charts in the preview: the subset the add-in uses, with Excel's semantics. A chart holds its source
 * range (not a copy of the values), so it always shows the cells as they are now, as Excel's charts do.
 * - ChartCollection.add(type, sourceData, seriesBy) (ExcelApi 1.1): any type of Excel.ChartType (the preview draws
 *   each as clustered columns); the source may be on another sheet. "Columns" makes each column of the source a
 *   series; a first row of text gives the series' names; a first column of text (when the source has more than one
 *   column) gives the categories. Names "Chart 1", "Chart 2", ... unless renamed; two charts may share a name, as in
 *   Excel (a copied chart keeps its name on the desktop).
 * - ChartCollection.getItem / getItemOrNullObject (1.1 / 1.4): the first chart of that name. Chart.name,
 *   Chart.delete, Chart.setPosition (its cells checked), Chart.title.text (1.1), ChartAxis.setCategoryNames (1.7:
 *   the category names come from that range; several columns only if the preview is not set to refuse them).
 * - On a protected sheet, adding, changing or deleting a chart needs "Edit objects" (allowEditObjects): AccessDenied.
 * copyChart() is the person copying (or cutting) and pasting a chart: Excel on the web names the copy "Chart n"
 * (office-js #3034) when the workbook is set so (ChartBehaviour.keepNameOnCopy false).
 * chartData() reads what a chart shows from the cells, for the preview's drawing and the tests.
 */
import type { ChartModel, Rect, SheetModel } from "./model";
import { parseAddress, splitSheetAddress } from "./model";
import {
  ACTION_BYTES,
  checkEdit,
  ClientObject,
  Collection,
  invalidArgument,
  jsonBytes,
  type ProxyContext,
  type RangeTarget,
} from "./proxy";
import { PreviewExcelError } from "./values";

/** Excel.ChartType, every value but "Invalid" (from the Office JS reference, @types/office-js). */
export const CHART_TYPES: ReadonlySet<string> = new Set(
  (
    "ColumnClustered ColumnStacked ColumnStacked100 3DColumnClustered 3DColumnStacked 3DColumnStacked100 BarClustered " +
    "BarStacked BarStacked100 3DBarClustered 3DBarStacked 3DBarStacked100 LineStacked LineStacked100 LineMarkers " +
    "LineMarkersStacked LineMarkersStacked100 PieOfPie PieExploded 3DPieExploded BarOfPie XYScatterSmooth " +
    "XYScatterSmoothNoMarkers XYScatterLines XYScatterLinesNoMarkers AreaStacked AreaStacked100 3DAreaStacked " +
    "3DAreaStacked100 DoughnutExploded RadarMarkers RadarFilled Surface SurfaceWireframe SurfaceTopView " +
    "SurfaceTopViewWireframe Bubble Bubble3DEffect StockHLC StockOHLC StockVHLC StockVOHLC CylinderColClustered " +
    "CylinderColStacked CylinderColStacked100 CylinderBarClustered CylinderBarStacked CylinderBarStacked100 CylinderCol " +
    "ConeColClustered ConeColStacked ConeColStacked100 ConeBarClustered ConeBarStacked ConeBarStacked100 ConeCol " +
    "PyramidColClustered PyramidColStacked PyramidColStacked100 PyramidBarClustered PyramidBarStacked " +
    "PyramidBarStacked100 PyramidCol 3DColumn Line 3DLine 3DPie Pie XYScatter 3DArea Area Doughnut Radar Histogram " +
    "Boxwhisker Pareto RegionMap Treemap Waterfall Sunburst Funnel"
  ).split(" "),
);

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
        const sheet = this.sheet();
        checkEdit({ sheet }, "objects");
        if (!CHART_TYPES.has(type)) throw invalidArgument(`"${type}" is not a chart type.`);
        if (!["Auto", "Columns", "Rows"].includes(seriesBy)) throw invalidArgument();
        const source = sourceData._t();
        created = sheet.addChart(type, source.rect, seriesBy === "Rows" ? "Rows" : "Columns");
        if (source.sheet !== sheet) created.sourceSheet = source.sheet;
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

/** A cell of setPosition: a Range (its top-left, or for the end its bottom-right) or an address on the chart's sheet. */
function positionCell(chart: ChartModel, at: RangeLike | string, corner: "start" | "end"): { r: number; c: number } {
  let rect: Rect;
  if (typeof at === "string") {
    const { sheetName, local } = splitSheetAddress(at);
    if (sheetName !== undefined && sheetName.toLowerCase() !== chart.sheet.name.toLowerCase())
      throw invalidArgument("The chart's position must be on its own sheet.");
    rect = parseAddress(local);
  } else if (at && typeof (at as RangeLike)._t === "function") {
    const t = (at as RangeLike)._t();
    if (t.sheet !== chart.sheet) throw invalidArgument("The chart's position must be on its own sheet.");
    rect = t.rect;
  } else throw invalidArgument();
  return corner === "start" ? { r: rect.r, c: rect.c } : { r: rect.r + rect.rows - 1, c: rect.c + rect.cols - 1 };
}

export class Chart extends ClientObject<ChartModel> {
  private _title?: ChartTitle;
  private _axes?: ChartAxes;
  get name(): string {
    return this._get("name");
  }
  /** Excel lets two charts of a sheet share a name (getItem then finds the first). */
  set name(v: string) {
    this._set(
      "name",
      v,
      (c) => {
        if (typeof v !== "string") throw invalidArgument();
        c.name = v;
      },
      undefined,
      "objects",
    );
  }
  get title(): ChartTitle {
    return (this._title ??= new ChartTitle(this.context, () => this._t()));
  }
  get axes(): ChartAxes {
    return (this._axes ??= new ChartAxes(this.context, () => this._t()));
  }
  /**
   * Top-left cell and (optionally) the cell or range the chart covers to, e.g. "A20" and "H37": addresses or Ranges
   * of the chart's sheet; anything else is InvalidArgument. An end above or left of the start spans the two.
   */
  setPosition(startCell: RangeLike | string, endCell?: RangeLike | string): void {
    this._do(
      (c) => {
        const from = positionCell(c, startCell, "start");
        const to = endCell === undefined ? { r: from.r + 14, c: from.c + 7 } : positionCell(c, endCell, "end");
        const r = Math.min(from.r, to.r);
        const col = Math.min(from.c, to.c);
        c.position = { r, c: col, rows: Math.abs(to.r - from.r) + 1, cols: Math.abs(to.c - from.c) + 1 };
      },
      undefined,
      "objects",
    );
  }
  delete(): void {
    this._do((c) => c.sheet.deleteChart(c), undefined, "objects");
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
    this._set("text", v, (c) => (c.title = String(v)), undefined, "objects");
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
  /**
   * The category names are the cells of this range, on any sheet (several columns: joined, as Excel's multi-level
   * labels read; refused when the workbook is set to accept fewer columns, ChartBehaviour.categoryNameColumns).
   */
  setCategoryNames(sourceData: RangeLike): void {
    this._do(
      (c) => {
        const { sheet, rect } = sourceData._t();
        if (rect.cols > c.sheet.workbook.chartBehaviour.categoryNameColumns) throw invalidArgument();
        c.categories = { ...rect };
        c.categoriesSheet = sheet === c.sheet ? undefined : sheet;
      },
      undefined,
      "objects",
    );
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
  /** Each category's levels (one per category column: the client, then the wave), as Excel draws them, a level a line. */
  levels: string[][];
  series: { name: string; values: (number | null)[] }[];
  /** Where the chart sits on the sheet (cells it covers). */
  position: Rect;
}

const isText = (v: unknown) => typeof v === "string" && v !== "";

/** What a chart shows, read from its sheet's cells now (series by columns, as the overview's chart is made). */
export function chartData(chart: ChartModel): ChartData {
  const { source: s } = chart;
  const sheet = chart.sourceSheet ?? chart.sheet;
  const value = (r: number, c: number) => sheet.valueAt(r, c);
  const labels = chart.categoriesSheet ?? chart.sheet;
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
  let levels = Array.from({ length: n }, (_, i) => [labelCol ? String(at(first + i, 0) ?? "") : String(i + 1)]);
  if (chart.categories) {
    const c = chart.categories;
    levels = Array.from({ length: n }, (_, i) =>
      Array.from({ length: c.cols }, (_, k) => (i < c.rows ? String(labels.valueAt(c.r + i, c.c + k) ?? "") : "")).filter(
        Boolean,
      ),
    );
  }
  const categories = levels.map((l) => l.join(" "));
  const series = Array.from({ length: cols - from }, (_, j) => ({
    name: namesRow ? String(at(0, from + j) ?? "") : `Series${j + 1}`,
    values: Array.from({ length: n }, (_, i) => {
      const v = at(first + i, from + j);
      return typeof v === "number" ? v : null;
    }),
  }));
  return { name: chart.name, type: chart.type, title: chart.title, categories, levels, series, position: chart.position };
}

/**
 * The person copies a chart (Ctrl+C, Ctrl+V) onto `to`, or cuts and pastes it (`cut`): the copy shows the same
 * cells, title and category names. Its name is the original's, or "Chart n" where the workbook is set to play Excel
 * on the web (office-js #3034).
 */
export function copyChart(chart: ChartModel, to: SheetModel = chart.sheet, cut = false): ChartModel {
  const copy = to.addChart(chart.type, chart.source, chart.seriesBy);
  if (chart.sheet.workbook.chartBehaviour.keepNameOnCopy) copy.name = chart.name;
  copy.sourceSheet = (chart.sourceSheet ?? chart.sheet) === to ? undefined : (chart.sourceSheet ?? chart.sheet);
  copy.title = chart.title;
  copy.categories = chart.categories && { ...chart.categories };
  copy.categoriesSheet = (chart.categoriesSheet ?? chart.sheet) === to ? undefined : (chart.categoriesSheet ?? chart.sheet);
  copy.position = { ...chart.position, r: chart.position.r + (cut ? 0 : 2) };
  if (cut) chart.sheet.deleteChart(chart);
  chart.sheet.workbook.changed();
  return copy;
}
