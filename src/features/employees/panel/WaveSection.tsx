/** The Employees view's New payment frequency section (a wave). */
import { Button, Dropdown, Field, Input, Option } from "@fluentui/react-components";
import { fieldError } from "../../../ui/components/fieldError";
import { DateField } from "../../../ui/components/DateField";
import { Section } from "../../../ui/parts/layout";
import { usePartStyles } from "../../../ui/parts/styles";

export interface WaveFormState {
  frequency: "weekly" | "fortnightly" | "monthly";
  firstEndDate: string;
  lastDayOfMonth: string;
  customName: string;
}

export interface WaveProps {
  busy: boolean;
  wave: WaveFormState;
  onWaveChange(w: WaveFormState): void;
  customNameAllowed: boolean;
  waveErrors: Record<string, string>;
  onCreateWave(): void;
}

const FREQUENCIES: { value: WaveFormState["frequency"]; label: string }[] = [
  { value: "weekly", label: "Weekly" },
  { value: "fortnightly", label: "Fortnightly" },
  { value: "monthly", label: "Monthly" },
];

export function WaveSection(p: WaveProps) {
  const styles = usePartStyles();
  const w = p.wave;
  return (
    <Section title="New payment frequency">
      <Field label="Frequency">
        <Dropdown
          value={FREQUENCIES.find((f) => f.value === w.frequency)?.label ?? w.frequency}
          selectedOptions={[w.frequency]}
          onOptionSelect={(_, d) => p.onWaveChange({ ...w, frequency: d.optionValue as WaveFormState["frequency"] })}
        >
          {FREQUENCIES.map((f) => (
            <Option key={f.value} value={f.value}>
              {f.label}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label="First period end date" {...fieldError(p.waveErrors.first_end_date)}>
        <DateField value={w.firstEndDate} onChange={(iso) => p.onWaveChange({ ...w, firstEndDate: iso })} />
      </Field>
      {w.frequency === "monthly" && (
        <Field label="Last day of month (1–31)" {...fieldError(p.waveErrors.last_day_of_month)}>
          <Input
            inputMode="numeric"
            value={w.lastDayOfMonth}
            onChange={(_, d) => p.onWaveChange({ ...w, lastDayOfMonth: d.value })}
          />
        </Field>
      )}
      {p.customNameAllowed && (
        <Field label="Custom name (optional)" {...fieldError(p.waveErrors.custom_name)}>
          <Input value={w.customName} onChange={(_, d) => p.onWaveChange({ ...w, customName: d.value })} />
        </Field>
      )}
      <Button className={styles.action} disabled={p.busy} onClick={p.onCreateWave}>
        Create payment frequency
      </Button>
    </Section>
  );
}
