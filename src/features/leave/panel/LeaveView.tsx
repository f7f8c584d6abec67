/**
 * The Leave panel's view: leave types and balances to sheets; the Leave days sheet (load, save, delete selected
 * with confirmation); one employee's exact balances. Data and callbacks only.
 */
import { Button, Checkbox, Field, Text } from "@fluentui/react-components";
import { deleteQuestion, FeatureView, type FeatureViewProps, ActionRow, Section } from "../../../ui/parts/layout";
import { fieldError } from "../../../ui/components/fieldError";
import { DateField } from "../../../ui/components/DateField";
import { dateInputPattern } from "../../../ui/locale";
import {
  EmployeePicker,
  type EmployeeOption,
  type ListStatus,
  MultiEmployeePicker,
  employeeSource,
} from "../../../ui/parts/pickers";
import { usePartStyles } from "../../../ui/parts/styles";

export interface LeaveViewProps extends FeatureViewProps {
  employees: readonly EmployeeOption[];
  employeesStatus?: ListStatus;
  balanceDate: string;
  onBalanceDateChange(value: string): void;
  onLeaveTypes(): void;
  onBalances(): void;
  loadEmployeeIds: readonly number[];
  onLoadEmployeeIdsChange(ids: number[]): void;
  blankRows: boolean;
  onBlankRowsChange(value: boolean): void;
  onLoadDays(): void;
  onSaveDays(): void;
  onDeleteSelected(): void;
  /** Set while the pane asks to confirm a delete. */
  confirm: { items: string[] } | null;
  onConfirmDelete(): void;
  onCancelDelete(): void;
  checkEmployeeId: number | null;
  onCheckEmployeeChange(id: number | null): void;
  onCheckBalance(): void;
  checked: { type: string; balance: number }[] | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function LeaveView(p: LeaveViewProps) {
  const styles = usePartStyles();
  const dateOk = DATE.test(p.balanceDate);
  return (
    <FeatureView outcome={p.outcome} deleting={deleteQuestion("Delete these leave days?", p)}>
      <Section title="Leave types and balances">
        <Button className={styles.action} disabled={p.busy} onClick={p.onLeaveTypes}>
          Leave types to sheet
        </Button>
        <Field label="Balances at" {...fieldError(dateOk ? null : `Enter a date as ${dateInputPattern()}`)}>
          <DateField value={p.balanceDate} onChange={p.onBalanceDateChange} />
        </Field>
        <Text size={200}>
          One report over all employees (comparison_leave): balances as of each employee's last payslip on or before the date.
        </Text>
        <Button className={styles.action} appearance="primary" disabled={p.busy || !dateOk} onClick={p.onBalances}>
          Every employee's balances to sheet
        </Button>
      </Section>

      <Section
        title="Leave days sheet"
        hint="Rows without a Leave day ID are added; edited rows are updated. Blank hours mean a full day; choose the leave type by name."
      >
        <MultiEmployeePicker
          label="Load the existing days of"
          value={p.loadEmployeeIds}
          onChange={p.onLoadEmployeeIdsChange}
          {...employeeSource(p)}
          emptyHint={
            p.blankRows
              ? "None chosen: the sheet gets only blank rows for new days."
              : "None chosen: no existing days are loaded."
          }
        />
        <Checkbox
          label="Add a blank row per employee for new days"
          checked={p.blankRows}
          onChange={(_, d) => p.onBlankRowsChange(d.checked === true)}
        />
        <ActionRow
          busy={p.busy}
          actions={[
            { label: "Load leave days", onClick: p.onLoadDays },
            { label: "Save leave days", onClick: p.onSaveDays, primary: true },
            { label: "Delete selected days…", onClick: p.onDeleteSelected },
          ]}
        />
      </Section>

      <Section title="One employee's exact balances">
        <EmployeePicker label="Employee" value={p.checkEmployeeId} onChange={p.onCheckEmployeeChange} {...employeeSource(p)} />
        <Button className={styles.action} disabled={p.busy || p.checkEmployeeId === null || !dateOk} onClick={p.onCheckBalance}>
          Show balances at {dateOk ? p.balanceDate : "the date"}
        </Button>
        {p.checked && (
          <ul className={styles.list} aria-label="Leave balances" tabIndex={0}>
            {p.checked.length === 0 ? (
              <li>No leave types.</li>
            ) : (
              p.checked.map((b) => <li key={b.type}>{`${b.type}: ${b.balance}`}</li>)
            )}
          </ul>
        )}
      </Section>
    </FeatureView>
  );
}
