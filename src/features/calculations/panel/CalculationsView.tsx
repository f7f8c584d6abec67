/**
 * The Calculations panel's view: view the calculations of the client, an employee or a payslip; save edited
 * inputs; delete selected rows (confirmed); look at one calculation; add or change an item (insert / upsert /
 * update); inherited calculations and their history; Regular Hours for many employees from a sheet.
 * Data and callbacks only; the sections live in calculations/.
 */
import { DeleteDialog, type Outcome, OutcomeBar } from "../../../ui/parts/layout";
import { usePartStyles } from "../../../ui/parts/styles";
import { type AddItemProps, AddItemSection } from "./AddItemSection";
import { type RegularHoursProps, RegularHoursSection } from "./RegularHoursSection";
import { type CalculationSheetProps, CalculationsSheetSection, InheritedSection, ScopeSection } from "./SheetSections";

export interface CalculationsViewProps extends CalculationSheetProps, AddItemProps, RegularHoursProps {
  busy: boolean;
  confirm: { items: string[] } | null;
  onConfirmDelete(): void;
  onCancelDelete(): void;
  outcome: Outcome;
}

export function CalculationsView(p: CalculationsViewProps) {
  const styles = usePartStyles();
  return (
    <div className={styles.root}>
      <ScopeSection {...p} />
      <CalculationsSheetSection {...p} />
      <AddItemSection {...p} />
      <InheritedSection {...p} />
      <RegularHoursSection {...p} />
      <OutcomeBar outcome={p.outcome} />
      <DeleteDialog
        title="Delete these calculations?"
        confirm={p.confirm}
        onConfirm={p.onConfirmDelete}
        onCancel={p.onCancelDelete}
      />
    </div>
  );
}
