/**
 * The Calculations view's sheet sections: whose calculations to view, what to do with the Calculations sheet
 * (save edited inputs, delete or show the selected rows), and the inherited calculations sheet.
 */
import { Button } from "@fluentui/react-components";
import { ActionRow, RadioChoice, Section } from "../../../ui/parts/layout";
import {
  EmployeePicker,
  type EmployeePayslipChoice,
  PayslipPicker,
  employeeSource,
  payslipSource,
} from "../../../ui/parts/pickers";
import { usePartStyles } from "../../../ui/parts/styles";

export type ScopeKind = "client" | "employee" | "payslip";

const SCOPES: { value: ScopeKind; label: string }[] = [
  { value: "client", label: "The client" },
  { value: "employee", label: "An employee" },
  { value: "payslip", label: "A payslip" },
];

export interface CalculationSheetProps extends EmployeePayslipChoice {
  busy: boolean;
  scope: ScopeKind;
  onScopeChange(s: ScopeKind): void;
  onView(): void;
  onSaveEdits(): void;
  onDeleteSelected(): void;
  onShowSelected(): void;
  shown: { title: string; lines: string[] } | null;
  onInherited(): void;
  onInheritedHistory(): void;
}

export function ScopeSection(p: CalculationSheetProps) {
  const styles = usePartStyles();
  const scopeReady =
    p.scope === "client" || (p.scope === "employee" && p.employeeId !== null) || (p.scope === "payslip" && p.payslipId !== null);
  return (
    <Section title="Calculations of">
      <RadioChoice aria-label="Calculations of" value={p.scope} options={SCOPES} onChange={p.onScopeChange} />
      {p.scope !== "client" && (
        <EmployeePicker label="Employee" value={p.employeeId} onChange={p.onEmployeeChange} {...employeeSource(p)} />
      )}
      {p.scope === "payslip" && <PayslipPicker {...payslipSource(p)} />}
      <Button className={styles.action} appearance="primary" disabled={p.busy || !scopeReady} onClick={p.onView}>
        View calculations
      </Button>
    </Section>
  );
}

export function CalculationsSheetSection(p: CalculationSheetProps) {
  const styles = usePartStyles();
  return (
    <Section
      title="The Calculations sheet"
      hint="Edit Input cells, then save them. Select rows first to delete them, or to show one as the service holds it now."
    >
      <ActionRow
        busy={p.busy}
        actions={[
          { label: "Save edited inputs", onClick: p.onSaveEdits },
          { label: "Delete selected…", onClick: p.onDeleteSelected },
          { label: "Show selected calculation", onClick: p.onShowSelected },
        ]}
      />
      {p.shown && (
        <ul className={styles.list} aria-label={p.shown.title} tabIndex={0}>
          {p.shown.lines.map((l, i) => (
            <li key={i}>{l}</li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function InheritedSection(p: CalculationSheetProps) {
  return (
    <Section
      title="Inherited calculations"
      hint="For the employee chosen above; or select a row of the Inherited calculations sheet to re-read it."
    >
      <ActionRow
        busy={p.busy}
        actions={[
          { label: "Inherited calculations to sheet", onClick: p.onInherited, disabled: p.employeeId === null },
          { label: "History of the selected row", onClick: p.onInheritedHistory },
        ]}
      />
    </Section>
  );
}
