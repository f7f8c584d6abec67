import * as React from "react";
import { Input, type InputProps } from "@fluentui/react-components";
import { dateInputPattern, displayLocale, formatDate, parseDateInput } from "../locale";

export interface DateFieldProps extends Omit<InputProps, "value" | "onChange" | "type" | "defaultValue"> {
  /** ISO date ("2025-01-31"), or "" for none. */
  value: string;
  /** Called with the ISO date once the text is a real date, or "" when the field is emptied. */
  onChange: (iso: string) => void;
}

/**
 * A date field in Office's display language (locale.ts): shows 31/01/2025 under en-IE and reads what is typed in
 * that order (or ISO). Replaces <input type="date">, which a browser shows in its own locale (month/day/year in a
 * US-English webview) whatever Office's language is. Put it inside a Fluent <Field> for its label.
 */
export function DateField({ value, onChange, onBlur, ...rest }: DateFieldProps) {
  const locale = displayLocale();
  const [text, setText] = React.useState(() => formatDate(value, locale));
  const latest = React.useRef(text);
  latest.current = text;
  // A new value from outside (a default filled in, a reset) replaces the text unless the text already says it.
  React.useEffect(() => {
    if ((parseDateInput(latest.current, locale) ?? "") !== value) setText(formatDate(value, locale));
  }, [value, locale]);
  const invalid = text.trim() !== "" && parseDateInput(text, locale) === null;
  return (
    <Input
      {...rest}
      type="text"
      inputMode="numeric"
      placeholder={dateInputPattern(locale)}
      value={text}
      aria-invalid={invalid || undefined}
      onChange={(_, d) => {
        setText(d.value);
        const iso = parseDateInput(d.value, locale);
        if (iso !== null) onChange(iso);
        else if (d.value.trim() === "") onChange("");
      }}
      onBlur={(e) => {
        const iso = parseDateInput(text, locale);
        if (iso !== null) setText(formatDate(iso, locale));
        onBlur?.(e);
      }}
    />
  );
}
