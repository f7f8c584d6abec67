/** The Calculations view's Add or change an item section (insert / upsert / update) for the chosen employee or payslip. */
import { Button, Dropdown, Field, Input, Option, Text } from "@fluentui/react-components";
import type { ItemDefinition } from "../../../contract";
import { fieldError } from "../../../ui/components/fieldError";
import { RadioChoice, Section } from "../../../ui/parts/layout";
import type { ListStatus } from "../../../ui/parts/pickers";
import { usePartStyles } from "../../../ui/parts/styles";
import type { ScopeKind } from "./SheetSections";

export type Operation = "" | "insert" | "upsert" | "update";

const OPERATIONS: { value: Operation; label: string }[] = [
  { value: "upsert", label: "Upsert" },
  { value: "insert", label: "Insert" },
  { value: "update", label: "Update" },
];

export interface AddItemProps {
  busy: boolean;
  scope: ScopeKind;
  employeeId: number | null;
  payslipId: number | null;
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
}

export function AddItemSection(p: AddItemProps) {
  const styles = usePartStyles();
  const item = p.items.find((i) => String(i.id) === p.itemId);
  const addTarget = p.scope === "payslip" ? p.payslipId !== null : p.scope === "employee" && p.employeeId !== null;
  return (
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
  );
}
