/**
 * Fill from a sheet, the view: choose the client's sheet (or use the selected range), read it, check the key column
 * and the mapping the add-in proposes or remembered from the client's last fill (both can be changed), then fill. Data and callbacks only (./useFillFromSheet
 * holds the state and calls the flows).
 */
import * as React from "react";
import { Button, Field, Select, Text } from "@fluentui/react-components";
import { type FillMapping, type FillProblem, KEY_KINDS, type KeyColumn, type KeyKind } from "../model/fill";
import type { FillProposal } from "../flows/fill";
import { Section } from "../../../ui/parts/layout";
import { usePartStyles } from "../../../ui/parts/styles";
import { RememberedMappingNote } from "./RememberedMappingNote";

/** The Source picker's value for "The selected range". */
export const SELECTION = "\u0000selection";
const MAX_LISTED = 20;

export interface FillFromSheetViewProps {
  sources: string[];
  source: string;
  onSourceChange(value: string): void;
  /** The list may be stale (a sheet pasted in since): look again when the picker is focused. */
  onSourcesFocus(): void;
  onRead(): void;
  proposal: Pick<FillProposal, "source" | "meta" | "remembered"> | null;
  keyColumn: KeyColumn | null;
  onKeyColumnChange(key: KeyColumn | null): void;
  mapping: FillMapping;
  onMappingChange(column: number, inputKey: string | null): void;
  onFill(): void;
  problems: readonly FillProblem[] | null;
  busy: boolean;
  disabled: boolean;
}

export function FillFromSheetView(props: FillFromSheetViewProps) {
  const styles = usePartStyles();
  const p = props.proposal;
  const key = props.keyColumn;
  const canFill = !props.busy && p !== null && key !== null && props.mapping.some((m, i) => m !== null && i !== key.column);
  return (
    <Section
      title="Fill from a sheet"
      hint="Values from the client's own file (headers in its first row), matched by employee, become pending changes here; nothing is sent."
    >
      <Field label="Source">
        <Select
          value={props.source}
          onChange={(_, d) => props.onSourceChange(d.value)}
          onFocus={props.onSourcesFocus}
          disabled={props.disabled}
        >
          <option value={SELECTION}>The selected range</option>
          {props.sources.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </Field>
      <div className={styles.row}>
        <Button onClick={props.onRead} disabled={props.busy || props.disabled}>
          Read source
        </Button>
      </div>
      {p && (
        <>
          <Text size={200}>
            {p.source.where}: {p.source.rows.length} row{p.source.rows.length === 1 ? "" : "s"}.
          </Text>
          <RememberedMappingNote remembered={p.remembered} />
          <Field label="Key column" hint={key ? undefined : "No Number, PPSN or Employee ID column was found: choose one."}>
            <Select
              value={key ? String(key.column) : ""}
              onChange={(_, d) =>
                props.onKeyColumnChange(d.value === "" ? null : { column: Number(d.value), kind: key?.kind ?? "number" })
              }
            >
              <option value="">Choose…</option>
              {p.source.headers.map((h, i) => (
                <option key={i} value={String(i)}>
                  {h || `Column ${i + 1}`}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Match by">
            <Select
              value={key?.kind ?? "number"}
              disabled={!key}
              onChange={(_, d) => key && props.onKeyColumnChange({ column: key.column, kind: d.value as KeyKind })}
            >
              {KEY_KINDS.map((k) => (
                <option key={k.kind} value={k.kind}>
                  {k.label}
                </option>
              ))}
            </Select>
          </Field>
          {p.source.headers.map((h, i) =>
            key && i === key.column ? null : (
              <Field key={i} label={`Column "${h || `Column ${i + 1}`}" fills`}>
                <Select
                  value={props.mapping[i] ?? ""}
                  onChange={(_, d) => props.onMappingChange(i, d.value === "" ? null : d.value)}
                >
                  <option value="">Not used</option>
                  {p.meta.inputs.map((input) => (
                    <option key={input.key} value={input.key}>
                      {input.header}
                    </option>
                  ))}
                </Select>
              </Field>
            ),
          )}
          <div className={styles.row}>
            <Button appearance="primary" onClick={props.onFill} disabled={!canFill}>
              Fill input sheet
            </Button>
          </div>
        </>
      )}
      {props.problems && props.problems.length > 0 && (
        <div className={styles.box} role="region" aria-label="Fill problems">
          <ProblemList title="Rows that did not fill" problems={props.problems.filter((p) => !p.rowFilled)} />
          <ProblemList
            title="Values not filled (the rest of their row was filled)"
            problems={props.problems.filter((p) => p.rowFilled)}
          />
        </div>
      )}
    </Section>
  );
}

/** One list of fill problems under its title, the first MAX_LISTED shown (all are on the Fill problems sheet). */
function ProblemList(props: { title: string; problems: readonly FillProblem[] }) {
  if (props.problems.length === 0) return null;
  return (
    <>
      <Text weight="semibold">{props.title}</Text>
      <ul aria-label={props.title}>
        {props.problems.slice(0, MAX_LISTED).map((x, i) => (
          <li key={i}>
            Row {x.sourceRow}: {x.message}
          </li>
        ))}
      </ul>
      {props.problems.length > MAX_LISTED && (
        <Text size={200}>…and {props.problems.length - MAX_LISTED} more on the Fill problems sheet.</Text>
      )}
    </>
  );
}
