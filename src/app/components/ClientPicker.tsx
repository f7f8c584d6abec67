import { Field, Select, makeStyles } from "@fluentui/react-components";
import type { Client } from "../../contract";

export interface ClientPickerProps {
  clients: readonly Client[];
  /** The chosen client, or null. */
  clientId: number | null;
  /** The client ID the workbook remembers, when it is not in `clients` (the key cannot reach it). */
  unreachableId: number | null;
  disabled?: boolean;
  onChange(clientId: number): void;
}

// A native select is as wide as its longest option unless told otherwise: in a 320 px pane a long client name would
// push it past the pane's edge. It takes the pane's width instead (the open list still shows the whole names).
const useStyles = makeStyles({
  root: { minWidth: 0, maxWidth: "100%" },
  select: { minWidth: 0, width: "100%", textOverflow: "ellipsis" },
});

/** The client (company) this workbook works on. */
export function ClientPicker({ clients, clientId, unreachableId, disabled, onChange }: ClientPickerProps) {
  const styles = useStyles();
  const hint =
    unreachableId !== null
      ? `This workbook was linked to client ${unreachableId}, which this key cannot reach. Choose a client.`
      : clientId !== null
        ? `This workbook is linked to ${clients.find((c) => c.id === clientId)?.name ?? `client ${clientId}`}; it remembers the choice.`
        : "The workbook remembers the client you choose (not the key).";
  return (
    <Field label="Client" hint={hint}>
      <Select
        className={styles.root}
        select={{ className: styles.select }}
        value={clientId === null ? "" : String(clientId)}
        disabled={disabled || clients.length === 0}
        onChange={(_, data) => {
          const id = Number(data.value);
          if (data.value !== "" && Number.isInteger(id)) onChange(id);
        }}
      >
        <option value="" disabled>
          {clients.length === 0 ? "Connect to list clients" : "Choose a client…"}
        </option>
        {clients.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name} ({c.id})
          </option>
        ))}
      </Select>
    </Field>
  );
}
