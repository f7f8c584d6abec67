import { Button, Tooltip } from "@fluentui/react-components";

export interface RefreshFormulasProps {
  onRefresh(): void;
  disabled?: boolean;
}

/** Refresh formulas: the PAYROLL formulas forget their cached figures and read them again from the service. */
export function RefreshFormulas({ onRefresh, disabled }: RefreshFormulasProps) {
  return (
    <Tooltip content="PAYROLL formulas in this workbook read their figures again from the service" relationship="description">
      <Button size="small" onClick={onRefresh} disabled={disabled} style={{ alignSelf: "flex-start" }}>
        Refresh formulas
      </Button>
    </Tooltip>
  );
}
