/**
 * Table.columns: the preview has `add` only. Excel's reference: "index: Optional. Specifies the relative position of
 * the new column. If null or -1, the addition happens at the end. ... name: Optional. Specifies the name of the new
 * column." (ExcelApi 1.1 with an index inside the table; 1.4 for a null or -1 index and for the name.)
 */
import type { TableModel } from "./model";
import { ACTION_BYTES, checkWritable, jsonBytes, type ProxyContext } from "./proxy";

export class TableColumnCollection {
  constructor(
    readonly context: ProxyContext,
    private readonly table: () => TableModel,
  ) {}
  add(index?: number | null, values?: unknown[][] | null, name?: string | null): { isNullObject: boolean } {
    const atEnd = index === null || index === undefined || index === -1;
    if (atEnd || (name !== null && name !== undefined))
      this.context._enqueue({
        bytes: 0,
        mutates: false,
        run: () => this.context.model.requirements.require("TableColumnCollection.add(index null, name)"),
      });
    this.context._enqueue({
      bytes: ACTION_BYTES + jsonBytes(values ?? null) + jsonBytes(name ?? null),
      mutates: true,
      run: () => {
        const t = this.table();
        checkWritable({ sheet: t.sheet });
        const rect = this.context.model.addTableColumn(t, index, values, name);
        t.sheet.workbook.fireChanged(t.sheet, rect, "ColumnInserted");
      },
    });
    return { isNullObject: false };
  }
}
