/**
 * The Calculations panel's view: view the calculations of the client, an employee or a payslip; save edited
 * inputs; delete selected rows (confirmed); look at one calculation; add or change an item (insert / upsert /
 * update); inherited calculations and their history; Regular Hours for many employees from a sheet.
 * Data and callbacks only; the sections live in calculations/.
 */
import { deleteQuestion, FeatureView, type FeatureViewProps } from "../../../ui/parts/layout";
import { type AddItemProps, AddItemSection } from "./AddItemSection";
import { type RegularHoursProps, RegularHoursSection } from "./RegularHoursSection";
import { type CalculationSheetProps, CalculationsSheetSection, InheritedSection, ScopeSection } from "./SheetSections";

export interface CalculationsViewProps extends FeatureViewProps, CalculationSheetProps, AddItemProps, RegularHoursProps {
  confirm: { items: string[] } | null;
  onConfirmDelete(): void;
  onCancelDelete(): void;
}

export function CalculationsView(p: CalculationsViewProps) {
  return (
    <FeatureView outcome={p.outcome} deleting={deleteQuestion("Delete these calculations?", p)}>
      <ScopeSection {...p} />
      <CalculationsSheetSection {...p} />
      <AddItemSection {...p} />
      <InheritedSection {...p} />
      <RegularHoursSection {...p} />
    </FeatureView>
  );
}
