/** The check's settings, kept in the workbook: whether every push asks first, and the limits of a flag. */
import * as React from "react";
import { Checkbox, Field, Input } from "@fluentui/react-components";
import type { PushCheckSettings } from "../../../sheets/pushCheck";
import { usePartStyles } from "../parts/styles";

type Limit = "amountPercent" | "amountEuro" | "otherPercent";
const LIMITS: { key: Limit; label: string }[] = [
  { key: "amountPercent", label: "Amounts: %" },
  { key: "amountEuro", label: "Amounts: €" },
  { key: "otherPercent", label: "Hours and quantities: %" },
];

export function PushCheckSettingsView(props: { settings: PushCheckSettings; onChange(next: PushCheckSettings): void }) {
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
    </div>
  );
}
