/**
 * The workbook's document settings (Workbook.settings): JSON values by key, kept in the model. Excel keeps about 2 MB
 * of an add-in's settings (WorkbookModel.settingsLimitBytes) and refuses a save past it with InvalidArgument
 * ("The argument is invalid or missing or has an incorrect format", office-js #3957); so does the preview.
 */
import type { WorkbookModel } from "./model";
import { ACTION_BYTES, ClientObject, Collection, invalidArgument, jsonBytes } from "./proxy";
import { PreviewExcelError } from "./values";

/** Stores `value` under `key` unless all the settings would then take more than the workbook's limit (UTF-8 JSON). */
function store(model: WorkbookModel, key: string, value: unknown): void {
  const copy = JSON.parse(JSON.stringify(value)) as unknown;
  let total = jsonBytes(key) + jsonBytes(copy);
  for (const [k, v] of model.settings) if (k !== key) total += jsonBytes(k) + jsonBytes(v);
  if (total > model.settingsLimitBytes) throw invalidArgument();
  model.settings.set(key, copy);
}

interface SettingTarget {
  key: string;
  deleted?: boolean;
}

export class SettingCollection extends Collection<SettingTarget, Setting> {
  protected _list(): SettingTarget[] {
    return [...this.context.model.settings.keys()].map((key) => ({ key }));
  }
  protected _wrap(item: SettingTarget): Setting {
    return new Setting(this.context, () => item, item);
  }
  add(key: string, value: unknown): Setting {
    this.context._enqueue({
      bytes: ACTION_BYTES + jsonBytes(key) + jsonBytes(value),
      mutates: true,
      run: () => {
        if (typeof key !== "string" || key === "" || key.length > 255)
          throw invalidArgument("A setting key must be 1 to 255 characters.");
        if (value === undefined) throw invalidArgument("A setting needs a value.");
        store(this.context.model, key, value);
      },
    });
    return new Setting(this.context, () => ({ key }));
  }
  getItem(key: string): Setting {
    return new Setting(this.context, () => {
      if (!this.context.model.settings.has(key))
        throw new PreviewExcelError("ItemNotFound", `The requested resource doesn't exist: setting "${key}".`);
      return { key };
    });
  }
  getItemOrNullObject(key: string): Setting {
    return new Setting(this.context, () => (this.context.model.settings.has(key) ? { key } : null));
  }
}

export class Setting extends ClientObject<SettingTarget> {
  get key(): string {
    return this._get("key");
  }
  get value(): unknown {
    return this._get("value");
  }
  set value(v: unknown) {
    this._set("value", v, (t) => store(this.context.model, t.key, v));
  }
  delete(): void {
    this._do((t) => void this.context.model.settings.delete(t.key));
  }
  protected _scalars(): string[] {
    return ["key", "value"];
  }
  protected _read(prop: string, t: SettingTarget): unknown {
    if (prop === "key") return t.key;
    if (!this.context.model.settings.has(t.key))
      throw new PreviewExcelError("ItemNotFound", `The requested resource doesn't exist: setting "${t.key}".`);
    return this.context.model.settings.get(t.key);
  }
}
