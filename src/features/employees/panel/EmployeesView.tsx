/**
 * The Employees panel's view: save the Employees sheet (create/update), delete selected employees with
 * confirmation, service periods (import; End service / Reinstate / Undo for the selected rows), one employee's
 * record and profile mappings, and a new payment frequency. Data and callbacks only; the sections live in
 * employees/.
 */
import { ActionRow, DeleteDialog, type Outcome, OutcomeBar, Section } from "../../../ui/parts/layout";
import { usePartStyles } from "../../../ui/parts/styles";
import { type OneEmployeeProps, OneEmployeeSection } from "./OneEmployeeSection";
import { type ServicePeriodsProps, ServicePeriodsSection } from "./ServicePeriodsSection";
import { type WaveProps, WaveSection } from "./WaveSection";

export interface EmployeesViewProps extends ServicePeriodsProps, OneEmployeeProps, WaveProps {
  busy: boolean;
  manualNumbers: boolean;
  onSaveEmployees(): void;
  onDeleteSelected(): void;
  confirm: { title: string; items: string[] } | null;
  onConfirm(): void;
  onCancelConfirm(): void;
  outcome: Outcome;
}

export function EmployeesView(p: EmployeesViewProps) {
  const styles = usePartStyles();
  return (
    <div className={styles.root}>
      <Section
        title="Employees sheet"
        hint={`Edit rows of the Employees sheet, or add rows with a blank Employee ID for new employees${p.manualNumbers ? " (this client numbers employees manually: give each new employee a Number)" : ""}. Only changed cells are sent.`}
      >
        <ActionRow
          busy={p.busy}
          actions={[
            { label: "Save employees", onClick: p.onSaveEmployees, primary: true },
            { label: "Delete selected employees…", onClick: p.onDeleteSelected },
          ]}
        />
      </Section>
      <ServicePeriodsSection {...p} />
      <OneEmployeeSection {...p} />
      <WaveSection {...p} />
      <OutcomeBar outcome={p.outcome} />
      <DeleteDialog title={p.confirm?.title ?? ""} confirm={p.confirm} onConfirm={p.onConfirm} onCancel={p.onCancelConfirm} />
    </div>
  );
}
