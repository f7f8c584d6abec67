/** The variance report's parameters. Data and callbacks only. */
import { Text } from "@fluentui/react-components";
import { paymentRunOptions, periodEndOptions, waveOptions, type VarianceParams } from "../../../sheets/reports";
import { formatDate } from "../../locale";
import { SinglePicker } from "../ReportsPickers";
import type { SubFormProps } from "./formParts";
import { EmployeesPicker } from "./scopePickers";

/** One client: a pay frequency, one of its pay runs and employees. Several clients: a period end date, everyone. */
export function VarianceForm({ data, params, set, disabled }: SubFormProps<VarianceParams>) {
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
          )}
          value={params.periodEndDate}
          onChange={(periodEndDate) => set({ periodEndDate })}
          disabled={disabled}
        />
        <Text size={200}>With several clients every employee is included.</Text>
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
          const runs = paymentRunOptions(data[0]?.paymentRuns ?? [], waveId, formatDate);
          set({ waveId, paymentRunId: runs[0]?.value ?? null, employeeIds: null });
        }}
        disabled={disabled}
      />
      <SinglePicker
        label="Period (pay run)"
        placeholder={params.waveId === null ? "Choose a pay frequency first" : "This pay frequency has no pay runs"}
        hint="Compared with the period before it."
        options={params.waveId === null ? [] : paymentRunOptions(data[0]?.paymentRuns ?? [], params.waveId, formatDate)}
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
    </>
  );
}
