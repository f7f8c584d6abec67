/**
 * The Month end panel's view: the overview of every client the key reaches, the nett pay limit, and Build input sheet
 * for the overview's selected row. Data and callbacks only.
 */
import { Checkbox, Field, Input, Select, Text } from "@fluentui/react-components";
import { FeatureView, type FeatureViewProps, ActionRow, Section } from "../../../ui/parts/layout";

export interface MonthEndViewProps extends FeatureViewProps {
  /** How many clients the key reaches. */
  clients: number;
  /** The nett pay limit, in per cent, as typed. */
  limit: string;
  limitProblem: string;
  onLimitChange(value: string): void;
  /** The rows' order: "client" (by client name) or "deadline" (nearest finalisation deadline first). */
  order: string;
  onOrderChange(value: string): void;
  /** The chart shows only the nett pay of the rows due this week. */
  chartDueThisWeek: boolean;
  onChartDueThisWeekChange(value: boolean): void;
  onOverview(): void;
  onBuild(): void;
}

export function MonthEndView(props: MonthEndViewProps) {
  return (
    <FeatureView outcome={props.outcome}>
      <Text>
        Every client this key reaches ({props.clients}), one row per pay frequency with an open period, on the sheet
        &quot;Month-end overview&quot;: its pay date, finalisation deadline and how long is left, and a chart of nett pay.
        Refreshing replaces the rows; notes you add right of the table stay.
      </Text>
      <Section title="Overview" hint="Two requests per client, whatever its number of employees.">
        <Field
          label="Nett pay move that needs attention (±%)"
          hint="Against the previous period's total. Kept in this workbook."
          validationState={props.limitProblem ? "error" : "none"}
          validationMessage={props.limitProblem || undefined}
        >
          <Input value={props.limit} inputMode="decimal" onChange={(_, d) => props.onLimitChange(d.value)} />
        </Field>
        <Field
          label="Order rows by"
          hint="The finalisation deadline counts working days before the pay date. Kept in this workbook."
        >
          <Select value={props.order} onChange={(_, d) => props.onOrderChange(d.value)}>
            <option value="client">Client name</option>
            <option value="deadline">Finalisation deadline, nearest first</option>
          </Select>
        </Field>
        <Checkbox
          label="Chart only what is due this week"
          checked={props.chartDueThisWeek}
          onChange={(_, d) => props.onChartDueThisWeekChange(d.checked === true)}
        />
        <ActionRow
          busy={props.busy}
          actions={[{ label: "Month-end overview", onClick: props.onOverview, primary: true, disabled: !!props.limitProblem }]}
        />
      </Section>
      <Section
        title="A row without an input sheet"
        hint="Select its row on the overview, then build its input sheet with the inputs last used for that client."
      >
        <ActionRow busy={props.busy} actions={[{ label: "Build input sheet", onClick: props.onBuild }]} />
      </Section>
    </FeatureView>
  );
}
