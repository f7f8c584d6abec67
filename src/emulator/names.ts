/**
 * Workbook.names, as far as the preview needs them: defined names exist, can be added and looked up, and share
 * one namespace with tables (model.ts checkTableName and addName), as in Excel.
 */
import type { DefinedName, WorkbookModel } from "./model";
import { ACTION_BYTES, ClientObject, Collection, jsonBytes } from "./proxy";
import { PreviewExcelError } from "./values";

export class NamedItemCollection extends Collection<DefinedName, NamedItem> {
  protected _list(): DefinedName[] {
    return [...this.context.model.names.values()];
  }
  protected _wrap(item: DefinedName): NamedItem {
    return new NamedItem(this.context, () => item, item);
  }
  /** NamedItemCollection.add(name, reference, comment) (ExcelApi 1.4): the reference as a formula ("=Pay!$A$1") or a range. */
  add(name: string, reference: string | { address?: string }, comment?: string): NamedItem {
    let created: DefinedName | undefined;
    this.context._enqueue({
      bytes: ACTION_BYTES + jsonBytes([name, typeof reference === "string" ? reference : "", comment ?? ""]),
      mutates: true,
      run: () => {
        const formula = typeof reference === "string" ? reference : `=${reference.address ?? ""}`;
        created = this.context.model.addName(name, formula.startsWith("=") ? formula : `=${formula}`);
      },
    });
    return new NamedItem(this.context, () => created ?? null);
  }
  getItem(name: string): NamedItem {
    return new NamedItem(this.context, () => {
      const item = lookup(this.context.model, name);
      if (!item) throw new PreviewExcelError("ItemNotFound", `The requested resource doesn't exist: name "${name}".`);
      return item;
    });
  }
  getItemOrNullObject(name: string): NamedItem {
    return new NamedItem(this.context, () => lookup(this.context.model, name) ?? null);
  }
}

const lookup = (model: WorkbookModel, name: string) => model.names.get(String(name).toLowerCase());

export class NamedItem extends ClientObject<DefinedName> {
  get name(): string {
    return this._get("name");
  }
  get formula(): string {
    return this._get("formula");
  }
  protected _scalars(): string[] {
    return ["name", "formula"];
  }
  protected _read(prop: string, item: DefinedName): unknown {
    return prop === "name" ? item.name : item.formula;
  }
  delete(): void {
    this._view((item) => void this.context.model.names.delete(item.name.toLowerCase()));
  }
}
