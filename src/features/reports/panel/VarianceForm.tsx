/** The variance report's parameters. Data and callbacks only. */
import { Checkbox, Text } from "@fluentui/react-components";
import { OPEN_PERIOD_RUN, paymentRunOptions, periodEndOptions, waveOptions, type VarianceParams } from "../model";
import { formatDate } from "../../../ui/locale";
import { SinglePicker } from "./ReportsPickers";
import type { SubFormProps } from "./formParts";
import { EmployeesPicker } from "./scopePickers";

/** Employees and accounts with no change are left out of the sheet unless this is ticked. */
function ShowUnchanged({ params, set, disabled }: Pick<SubFormProps<VarianceParams>, "params" | "set" | "disabled">) {
  return (
    <Checkbox
      label="Show unchanged (employees and accounts whose figures did not move)"
      checked={params.showUnchanged ?? false}
      onChange={(_, d) => set({ showUnchanged: d.checked === true })}
      disabled={disabled}
    />
  );
}

/** One client: a pay frequency, one of its pay runs and employees. Several clients: a period end date, everyone. */
export function VarianceForm({ data, params, set, disabled }: SubFormProps<VarianceParams>) {
  const waves = data[0]?.waves ?? [];
  const runOptions = (waveId: number) =>
    paymentRunOptions(data[0]?.paymentRuns ?? [], waves.find((w) => w.id === waveId) ?? waveId, formatDate);
  if (data.length > 1)
    return (
      <>
        <SinglePicker
          label="Period"
          placeholder="Choose a period"
          hint="Each client's pay frequencies with a pay run ending on this date are compared with their previous period."
          options={periodEndOptions(
            data.map((d) => d.paymentRuns ?? []),
            formatDate,
            data.map((d) => d.waves ?? []),
          )}
          value={params.periodEndDate}
          onChange={(periodEndDate) => set({ periodEndDate })}
          disabled={disabled}
        />
        <Text size={200}>With several clients every employee is included.</Text>
        <ShowUnchanged params={params} set={set} disabled={disabled} />
      </>
    );
  return (
    <>
      <SinglePicker
        label="Pay frequency"
        placeholder="Choose a pay frequency"
        options={waveOptions(data[0]?.waves ?? [])}
        value={params.waveId}
        onChange={(waveId) => {
          const runs = runOptions(waveId);
          const latest = runs.find((r) => r.value !== OPEN_PERIOD_RUN) ?? runs[0];
          set({ waveId, paymentRunId: latest?.value ?? null, employeeIds: null });
        }}
        disabled={disabled}
      />
      <SinglePicker
        label="Period (pay run)"
        placeholder={params.waveId === null ? "Choose a pay frequency first" : "This pay frequency has no pay runs"}
        hint="Compared with the period before it. The open period compares the payslips not yet finalised."
        options={params.waveId === null ? [] : runOptions(params.waveId)}
        value={params.paymentRunId}
        onChange={(paymentRunId) => set({ paymentRunId })}
        disabled={disabled}
      />
      <EmployeesPicker
        data={data}
        waveIds={params.waveId === null ? null : [params.waveId]}
        employeeIds={params.employeeIds}
        onChange={(employeeIds) => set({ employeeIds })}
        disabled={disabled}
      />
      <ShowUnchanged params={params} set={set} disabled={disabled} />
    </>
  );
}
