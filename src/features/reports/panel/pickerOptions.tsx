/** How the report pickers show their options: one Option each, grouped under their `group` when they have one. */
import { Option, OptionGroup } from "@fluentui/react-components";
import type { PickerOption } from "../model";

export function renderOption(o: PickerOption) {
  return (
    <Option key={String(o.value)} value={String(o.value)} text={o.label}>
      {o.label}
    </Option>
  );
}

function groupOptions<V extends string | number>(options: readonly PickerOption<V>[]): [string | undefined, PickerOption<V>[]][] {
  const groups = new Map<string | undefined, PickerOption<V>[]>();
  for (const o of options) {
    const list = groups.get(o.group) ?? [];
    list.push(o);
    groups.set(o.group, list);
  }
  return [...groups.entries()];
}

/** A filtered list's options: at most `max`, grouped, then "No match" or "N more: type to narrow the list". */
export function filteredOptions<V extends string | number>(filtered: readonly PickerOption<V>[], max: number) {
  const shown = filtered.slice(0, max);
  return (
    <>
      {groupOptions(shown).map(([group, options]) =>
        group ? (
          <OptionGroup key={group} label={group}>
            {options.map(renderOption)}
          </OptionGroup>
        ) : (
          options.map(renderOption)
        ),
      )}
      {filtered.length === 0 ? (
        <Option key="__none" value="__none" text="No match" disabled>
          No match
        </Option>
      ) : null}
      {filtered.length > shown.length ? (
        <Option key="__more" value="__more" text="More" disabled>
          {`${filtered.length - shown.length} more: type to narrow the list`}
        </Option>
      ) : null}
    </>
  );
}
