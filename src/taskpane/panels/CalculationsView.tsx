/**
 * The Calculations panel's view: view the calculations of the client, an employee or a payslip; save edited
 * inputs; delete selected rows (confirmed); look at one calculation; add or change an item (insert / upsert /
 * update); inherited calculations and their history; Regular Hours for many employees from a sheet.
 * Data and callbacks only.
 */
import { Button, Dropdown, Field, Input, Option, Text } from "@fluentui/react-components";
import type { ItemDefinition } from "../../contract";
import { ActionRow, DeleteDialog, type Outcome, OutcomeBar, RadioChoice, Section } from "./parts/layout";
import { fieldError } from "../components/fieldError";
import { DateField } from "../components/DateField";
import {
  type Choice,
  EmployeePicker,
  type EmployeeOption,
  type ListStatus,
  PayslipPicker,
  employeeSource,
} from "./parts/pickers";
import { usePartStyles } from "./parts/styles";

export type ScopeKind = "client" | "employee" | "payslip";
export type Operation = "" | "insert" | "upsert" | "update";

const SCOPES: { value: ScopeKind; label: string }[] = [
  { value: "client", label: "The client" },
  { value: "employee", label: "An employee" },
  { value: "payslip", label: "A payslip" },
];
const OPERATIONS: { value: Operation; label: string }[] = [
  { value: "upsert", label: "Upsert" },
  { value: "insert", label: "Insert" },
  { value: "update", label: "Update" },
];

export interface CalculationsViewProps {
  busy: boolean;
  scope: ScopeKind;
  onScopeChange(s: ScopeKind): void;
  employees: readonly EmployeeOption[];
  employeesStatus?: ListStatus;
  employeeId: number | null;
  onEmployeeChange(id: number | null): void;
  /** The chosen employee's payslips; null while they load or before an employee is chosen. */
  payslips: readonly Choice[] | null;
  payslipsStatus?: ListStatus;
  payslipId: number | null;
  onPayslipChange(id: number | null): void;
  onView(): void;
  onSaveEdits(): void;
  onDeleteSelected(): void;
  onShowSelected(): void;
  shown: { title: string; lines: string[] } | null;
  confirm: { items: string[] } | null;
  onConfirmDelete(): void;
  onCancelDelete(): void;

  items: readonly ItemDefinition[];
  /** The items_and_outputs list's loading/error state. */
  itemsStatus?: ListStatus;
  itemId: string;
  onItemChange(id: string): void;
  inputs: Record<string, string>;
  onInputChange(name: string, value: string): void;
  operation: Operation;
  onOperationChange(op: Operation): void;
  instanceId: string;
  onInstanceIdChange(v: string): void;
  formErrors: Record<string, string>;
  onAdd(): void;

  onInherited(): void;
  onInheritedHistory(): void;

  regularHoursProblem: string | null;
  effectiveDate: string;
  onEffectiveDateChange(v: string): void;
  onBuildRegularHours(): void;
  onSaveRegularHours(): void;
  outcome: Outcome;
}

export function CalculationsView(p: CalculationsViewProps) {
  const styles = usePartStyles();
  const item = p.items.find((i) => String(i.id) === p.itemId);
  const scopeReady =
    p.scope === "client" || (p.scope === "employee" && p.employeeId !== null) || (p.scope === "payslip" && p.payslipId !== null);
  const addTarget = p.scope === "payslip" ? p.payslipId !== null : p.scope === "employee" && p.employeeId !== null;
  const dateOk = p.effectiveDate === "" || /^\d{4}-\d{2}-\d{2}$/.test(p.effectiveDate);
  return (
    <div className={styles.root}>
      <Section title="Calculations of">
        <RadioChoice aria-label="Calculations of" value={p.scope} options={SCOPES} onChange={p.onScopeChange} />
        {p.scope !== "client" && (
          <EmployeePicker label="Employee" value={p.employeeId} onChange={p.onEmployeeChange} {...employeeSource(p)} />
        )}
        {p.scope === "payslip" && (
          <PayslipPicker
            payslips={p.payslips}
            value={p.payslipId}
            onChange={p.onPayslipChange}
            employeeChosen={p.employeeId !== null}
            status={p.payslipsStatus}
          />
        )}
        <Button className={styles.action} appearance="primary" disabled={p.busy || !scopeReady} onClick={p.onView}>
          View calculations
        </Button>
      </Section>

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

      <Section
        title="Add or change an item"
        hint={
          p.scope === "client"
            ? "Choose an employee or a payslip above to add an item to it."
            : `For the ${p.scope === "payslip" ? "payslip" : "employee"} chosen above. Blank inputs are left as they are.`
        }
      >
        <Field
          label="Item"
          validationState={p.itemsStatus?.error ? "error" : "none"}
          validationMessage={p.itemsStatus?.error ? `Could not load the items: ${p.itemsStatus.error}` : undefined}
          hint={p.itemsStatus?.loading ? "Loading the client's items…" : undefined}
        >
          <Dropdown
            value={item ? item.label : ""}
            selectedOptions={p.itemId ? [p.itemId] : []}
            placeholder="Choose an item"
            disabled={p.items.length === 0}
            onOptionSelect={(_, d) => p.onItemChange(d.optionValue ?? "")}
          >
            {p.items.map((i) => (
              <Option key={String(i.id)} value={String(i.id)} text={i.label}>
                {`${i.label} (${i.category})`}
              </Option>
            ))}
          </Dropdown>
        </Field>
        {item?.inputs.map((name) => (
          <Field key={name} label={`Input: ${name}`} {...fieldError(p.formErrors[name])}>
            <Input value={p.inputs[name] ?? ""} onChange={(_, d) => p.onInputChange(name, d.value)} />
          </Field>
        ))}
        {item?.multi_instance && (
          <>
            <Field
              label="Operation"
              hint="insert adds another instance; update changes the instance given below; upsert updates the first or adds one"
            >
              <RadioChoice value={p.operation || "upsert"} options={OPERATIONS} onChange={p.onOperationChange} />
            </Field>
            {p.operation === "update" && (
              <Field label="Instance (calculation ID)" {...fieldError(p.formErrors.calculation_id)}>
                <Input inputMode="numeric" value={p.instanceId} onChange={(_, d) => p.onInstanceIdChange(d.value)} />
              </Field>
            )}
          </>
        )}
        {(p.formErrors.inputs || p.formErrors.form) && <Text role="alert">{p.formErrors.inputs ?? p.formErrors.form}</Text>}
        <Button className={styles.action} disabled={p.busy || !item || !addTarget} onClick={p.onAdd}>
          Save item
        </Button>
      </Section>

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

      <Section title="Regular Hours (week_hours)">
        {p.regularHoursProblem ? (
          <Text>{p.regularHoursProblem}</Text>
        ) : (
          <>
            <Text size={200}>
              Build the sheet, edit the rows (one per employee), then save. Employees with finalised payslips need an effective
              date after their last finalised payslip.
            </Text>
            <Button className={styles.action} disabled={p.busy} onClick={p.onBuildRegularHours}>
              Build Regular Hours sheet
            </Button>
            <Field
              label="Default effective date (for rows without one)"
              {...fieldError(dateOk ? null : "Enter a date, or leave it blank")}
            >
              <DateField value={p.effectiveDate} onChange={p.onEffectiveDateChange} />
            </Field>
            <Button className={styles.action} appearance="primary" disabled={p.busy || !dateOk} onClick={p.onSaveRegularHours}>
              Save Regular Hours
            </Button>
          </>
        )}
      </Section>
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
