/**
 * Labelled pickers for the report forms: a filterable multi-select (empty = "all") and a single choice, and the
 * labelled field they share (dates use it around components/DateField). Data and callbacks only; keyboard use is
 * Fluent's (arrows, Enter/Space to toggle, Escape to close, typing filters).
 */
import * as React from "react";
import { Button, Combobox, Dropdown, Field, makeStyles, tokens } from "@fluentui/react-components";
import type { PickerOption } from "../model";
import { fieldError } from "../../../ui/components/fieldError";
import { filteredOptions, renderOption } from "./pickerOptions";

const useStyles = makeStyles({
  row: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS },
  grow: { flexGrow: 1, minWidth: 0 },
});

/** A picker's labelled field: hint, and the validation message as an error. */
export function PickerField(props: {
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
            {filteredOptions(filtered, MAX_SHOWN)}
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
