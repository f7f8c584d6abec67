/**
 * The Month end panel's view: the overview of every client the key reaches, the nett pay limit, and Build input sheet
 * for the overview's selected row. Data and callbacks only.
 */
import { Field, Input, Text } from "@fluentui/react-components";
import { ActionRow, type Outcome, OutcomeBar, Section } from "../../../ui/parts/layout";
import { usePartStyles } from "../../../ui/parts/styles";

export interface MonthEndViewProps {
  busy: boolean;
  /** How many clients the key reaches. */
  clients: number;
  /** The nett pay limit, in per cent, as typed. */
  limit: string;
  limitProblem: string;
  onLimitChange(value: string): void;
  onOverview(): void;
  onBuild(): void;
  outcome: Outcome;
}

export function MonthEndView(props: MonthEndViewProps) {
  const styles = usePartStyles();
  return (
    <div className={styles.root}>
      <Text>
        Every client this key reaches ({props.clients}), one row per pay frequency with an open period, on the sheet
        &quot;Month-end overview&quot;, with a chart of nett pay this period and the previous one. Refreshing replaces the rows;
        notes you add right of the table stay.
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
      <OutcomeBar outcome={props.outcome} />
    </div>
  );
}
