/**
 * Labelled pickers for the report forms: a filterable multi-select (empty = "all"), a single choice and a date.
 * Data and callbacks only; keyboard use is Fluent's (arrows, Enter/Space to toggle, Escape to close, typing filters).
 */
import * as React from "react";
import { Button, Combobox, Dropdown, Field, Option, OptionGroup, makeStyles, tokens } from "@fluentui/react-components";
import type { PickerOption } from "../../sheets/reports";
import { fieldError } from "../components/fieldError";
import { DateField as LocaleDateInput } from "../components/DateField";

const useStyles = makeStyles({
  row: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS },
  grow: { flexGrow: 1, minWidth: 0 },
});

/** A picker's labelled field: hint, and the validation message as an error. */
function PickerField(props: {
  label: string;
  hint?: string;
  required?: boolean;
  validationMessage?: string;
  children: React.ComponentProps<typeof Field>["children"];
}) {
  const { label, hint, required, validationMessage } = props;
  return (
    <Field label={label} hint={hint} required={required} {...fieldError(validationMessage)}>
      {props.children}
    </Field>
  );
}

/** Options shown at once; typing narrows long lists (hundreds of employees). */
const MAX_SHOWN = 150;

export interface MultiPickerProps<V extends string | number> {
  label: string;
  options: readonly PickerOption<V>[];
  selected: readonly V[];
  onChange(selected: V[]): void;
  /** Shown while nothing is selected, e.g. "All pay frequencies". */
  placeholder: string;
  hint?: string;
  required?: boolean;
  validationMessage?: string;
  disabled?: boolean;
}

export function MultiPicker<V extends string | number>(props: MultiPickerProps<V>) {
  const styles = useStyles();
  const [open, setOpen] = React.useState(false);
  const [query, setQuery] = React.useState("");
  const byKey = React.useMemo(() => new Map(props.options.map((o) => [String(o.value), o])), [props.options]);
  const selectedKeys = props.selected.map(String);
  const labels = selectedKeys.map((k) => byKey.get(k)?.label ?? k);
  const summary = labels.length === 0 ? "" : labels.length <= 2 ? labels.join(", ") : `${labels.length} selected`;

  const q = query.trim().toLowerCase();
  const filtered = q ? props.options.filter((o) => o.label.toLowerCase().includes(q)) : props.options;
  const shown = filtered.slice(0, MAX_SHOWN);
  const groups = groupOptions(shown);

  return (
    <PickerField {...props}>
      {(fieldProps) => (
        <div className={styles.row}>
          <Combobox
            {...fieldProps}
            className={styles.grow}
            multiselect
            freeform
            disabled={props.disabled}
            placeholder={props.placeholder}
            value={open ? query : summary}
            selectedOptions={selectedKeys}
            onOpenChange={(_, data) => {
              setOpen(data.open);
              if (!data.open) setQuery("");
            }}
            onChange={(event) => setQuery(event.target.value)}
            onOptionSelect={(_, data) => {
              const next = data.selectedOptions.filter((k) => byKey.has(k)).map((k) => byKey.get(k)!.value);
              props.onChange(next);
            }}
          >
            {groups.map(([group, options]) =>
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
          </Combobox>
          {props.selected.length > 0 ? (
            <Button
              size="small"
              appearance="subtle"
              disabled={props.disabled}
              onClick={() => props.onChange([])}
              aria-label={`Clear ${props.label}`}
            >
              Clear
            </Button>
          ) : null}
        </div>
      )}
    </PickerField>
  );
}

function renderOption(o: PickerOption) {
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

export interface SinglePickerProps<V extends string | number> {
  label: string;
  options: readonly PickerOption<V>[];
  value: V | null;
  onChange(value: V): void;
  placeholder: string;
  hint?: string;
  validationMessage?: string;
  disabled?: boolean;
}

export function SinglePicker<V extends string | number>(props: SinglePickerProps<V>) {
  const byKey = new Map(props.options.map((o) => [String(o.value), o]));
  const current = props.value === null ? undefined : byKey.get(String(props.value));
  return (
    <PickerField {...props} required>
      <Dropdown
        disabled={props.disabled || props.options.length === 0}
        placeholder={props.placeholder}
        value={current?.label ?? ""}
        selectedOptions={current ? [String(current.value)] : []}
        onOptionSelect={(_, data) => {
          const picked = data.optionValue === undefined ? undefined : byKey.get(data.optionValue);
          if (picked) props.onChange(picked.value);
        }}
      >
        {props.options.map(renderOption)}
      </Dropdown>
    </PickerField>
  );
}

export interface DateFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: string;
  validationMessage?: string;
  disabled?: boolean;
}

/** A date in Office's display language (dd/mm/yyyy under en-IE), value "YYYY-MM-DD". */
export function DateField(props: DateFieldProps) {
  return (
    <PickerField {...props} required>
      <LocaleDateInput value={props.value} disabled={props.disabled} onChange={props.onChange} />
    </PickerField>
  );
}
