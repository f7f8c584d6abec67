/** The Input sheets view's push section: the input sheet, its editing tools, the push buttons and the chunk size. */
import * as React from "react";
import { Button, Field, Input, Select } from "@fluentui/react-components";
import type { PushMode } from "../../../sheets/pushPlan";
import { Section } from "../parts/layout";
import { fieldError } from "../../components/fieldError";
import { usePartStyles } from "../parts/styles";
import type { SheetGroup } from "../../../sheets/inputSheetGroups";
import { SheetOptions } from "./SheetOptions";

export interface PushSectionProps {
  sheets: string[];
  /** The sheets grouped by client (./SheetOptions); without it, one flat list. */
  sheetGroups?: readonly SheetGroup[];
  /** Each sheet's pending changes, counted beside its name. */
  pendingCounts?: ReadonlyMap<string, { changes: readonly unknown[] }>;
  sheetName: string | null;
  onSheetChange(name: string): void;
  chunkSize: string;
  onChunkSizeChange(value: string): void;
  chunkSizeProblem: string | null;
  onPush(mode: PushMode): void;
  /** The chosen sheet's editing tools (pending changes, fill from a sheet), under the sheet picker. */
  sheetTools?: React.ReactNode;
  /** More push actions beside the push buttons (Overwrite conflicts). */
  pushExtras?: React.ReactNode;
  busy: boolean;
}

const PUSH_BUTTONS: { mode: PushMode; label: string; primary?: boolean }[] = [
  { mode: "changed", label: "Push changes", primary: true },
  { mode: "all", label: "Push all rows" },
  { mode: "selected", label: "Push selected rows" },
  { mode: "retry", label: "Retry failed" },
];

export function PushSection(props: PushSectionProps) {
  const styles = usePartStyles();
  const canPush = !props.busy && props.sheetName !== null && !props.chunkSizeProblem;
  return (
    <Section
      title="Push an input sheet"
      hint="Sends the edited input cells through bulk input; each row gets a Status and Message, and a line goes to the Push log sheet."
    >
      <Field label="Input sheet" hint={props.sheets.length === 0 ? "Build an input sheet first." : undefined}>
        <Select
          value={props.sheetName ?? ""}
          onChange={(_, d) => props.onSheetChange(d.value)}
          disabled={props.sheets.length === 0}
        >
          {props.sheets.length === 0 && <option value="">No input sheets</option>}
          <SheetOptions sheets={props.sheets} groups={props.sheetGroups} counts={props.pendingCounts} />
        </Select>
      </Field>
      {props.sheetTools}
      <div className={styles.row}>
        {PUSH_BUTTONS.map((b) => (
          <Button
            key={b.mode}
            appearance={b.primary ? "primary" : "secondary"}
            disabled={!canPush}
            onClick={() => props.onPush(b.mode)}
          >
            {b.label}
          </Button>
        ))}
        {props.pushExtras}
      </div>
      <Field
        label="Rows per request"
        hint="Rows sent in one bulk input request (1 to 1000)."
        {...fieldError(props.chunkSizeProblem)}
      >
        <Input type="number" min={1} max={1000} value={props.chunkSize} onChange={(_, d) => props.onChunkSizeChange(d.value)} />
      </Field>
    </Section>
  );
}
