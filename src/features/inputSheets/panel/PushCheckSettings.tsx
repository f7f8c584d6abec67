/**
 * The check's settings, kept in the workbook: whether every push asks first, whether flagged rows need a second
 * person's review (../model/review.ts), the limits of a flag, and per input of
 * the chosen sheet whether it is a one-off (a new bonus, commission or overtime is flagged only above the amount limit).
 */
import * as React from "react";
import { Checkbox, Field, Input, Switch } from "@fluentui/react-components";
import type { WorkbookPort } from "../../../excel";
import { type PushCheckSettings, isOneOff } from "../model/pushCheck";
import type { InputSheetMeta } from "../model/inputSheetModel";
import { readInputSheetMeta } from "../flows/inputs";
import { usePartStyles } from "../../../ui/parts/styles";

const NUMERIC = new Set(["number", "currency", "integer", "percent"]);

/** The number inputs of the chosen input sheet (none when no sheet or not an input sheet). */
export function useSheetInputs(workbook: WorkbookPort | undefined, sheetName: string | null): InputSheetMeta["inputs"] {
  const [inputs, setInputs] = React.useState<InputSheetMeta["inputs"]>([]);
  React.useEffect(() => {
    let live = true;
    if (!workbook || !sheetName) setInputs([]);
    else
      readInputSheetMeta(workbook, sheetName)
        .then((m) => live && setInputs((m?.inputs ?? []).filter((i) => NUMERIC.has(i.type))))
        .catch(() => live && setInputs([]));
    return () => {
      live = false;
    };
  }, [workbook, sheetName]);
  return inputs;
}

type Limit = "amountPercent" | "amountEuro" | "otherPercent";
const LIMITS: { key: Limit; label: string }[] = [
  { key: "amountPercent", label: "Amounts: %" },
  { key: "amountEuro", label: "Amounts: €" },
  { key: "otherPercent", label: "Hours and quantities: %" },
];

export function PushCheckSettingsView(props: {
  settings: PushCheckSettings;
  onChange(next: PushCheckSettings): void;
  /** The chosen sheet's number inputs: each can be marked one-off. */
  inputs?: InputSheetMeta["inputs"];
}) {
  const styles = usePartStyles();
  const { settings } = props;
  const [texts, setTexts] = React.useState<Record<Limit, string>>({ amountPercent: "", amountEuro: "", otherPercent: "" });
  React.useEffect(
    () =>
      setTexts({
        amountPercent: String(settings.amountPercent),
        amountEuro: String(settings.amountEuro),
        otherPercent: String(settings.otherPercent),
      }),
    [settings.amountPercent, settings.amountEuro, settings.otherPercent],
  );
  const bad = (t: string) => t.trim() === "" || !Number.isFinite(Number(t)) || Number(t) < 0;
  const change = (key: Limit, text: string) => {
    setTexts((t) => ({ ...t, [key]: text }));
    if (!bad(text)) props.onChange({ ...settings, [key]: Number(text) });
  };
  return (
    <div className={styles.group} role="group" aria-label="Check before push">
      <Checkbox
        label="Check before every push"
        checked={settings.enabled}
        onChange={(_, d) => props.onChange({ ...settings, enabled: d.checked === true })}
      />
      {/* Kept in the workbook's settings: everyone who opens it pushes under the same rule. */}
      <Checkbox
        label="Pushes with flagged rows need a second person"
        checked={settings.secondPerson}
        onChange={(_, d) => props.onChange({ ...settings, secondPerson: d.checked === true })}
      />
      <div className={styles.row}>
        {LIMITS.map((l) => (
          <Field
            key={l.key}
            label={`Flag beyond ${l.label}`}
            validationState={bad(texts[l.key]) ? "error" : "none"}
            validationMessage={bad(texts[l.key]) ? "Enter a number, 0 or more." : undefined}
          >
            <Input type="number" min={0} value={texts[l.key]} onChange={(_, d) => change(l.key, d.value)} />
          </Field>
        ))}
      </div>
      {(props.inputs ?? []).length > 0 && (
        <div role="group" aria-label="One-off items">
          {props.inputs!.map((i) => (
            // A switch, not a checkbox: the build's input checkboxes carry the same header in their names.
            <Switch
              key={i.key}
              label={`One-off: a new ${i.header} is flagged only above the amount limit`}
              checked={isOneOff(settings, i.key)}
              onChange={(_, d) => props.onChange({ ...settings, oneOff: { ...settings.oneOff, [i.key]: d.checked === true } })}
            />
          ))}
        </div>
      )}
    </div>
  );
}
