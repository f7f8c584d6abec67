/**
 * Fill from a sheet: choose the client's sheet (or use the selected range), read it, check the key column and
 * the mapping the add-in proposes (both can be changed), then fill: matched values become pending changes of the
 * chosen input sheet; problems are listed here and on the "Fill problems" sheet.
 */
import * as React from "react";
import { Button, Field, Select, Text } from "@fluentui/react-components";
import type { ClientReads } from "../../serverState";
import type { WorkbookPort } from "../../../excel";
import { type FillMapping, type FillProblem, KEY_KINDS, type KeyColumn, type KeyKind } from "../../../sheets/fill";
import { type FillProposal, fillFromSheet, fillSourceSheets, proposeFill } from "../../flows/fill";
import { Section } from "../parts/layout";
import type { FlowRunner } from "../parts/hooks";
import { usePartStyles } from "../parts/styles";

const SELECTION = "\u0000selection";
const MAX_LISTED = 20;

export interface FillFromSheetViewProps {
  sources: string[];
  source: string;
  onSourceChange(value: string): void;
  /** The list may be stale (a sheet pasted in since): look again when the picker is focused. */
  onSourcesFocus(): void;
  onRead(): void;
  proposal: Pick<FillProposal, "source" | "meta"> | null;
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
          <Text weight="semibold">Fill problems (nothing changed for these)</Text>
          <ul>
            {props.problems.slice(0, MAX_LISTED).map((x, i) => (
              <li key={i}>
                Row {x.sourceRow}: {x.message}
              </li>
            ))}
          </ul>
          {props.problems.length > MAX_LISTED && (
            <Text size={200}>…and {props.problems.length - MAX_LISTED} more on the Fill problems sheet.</Text>
          )}
        </div>
      )}
    </Section>
  );
}

/** The section wired to the flows. */
export function FillFromSheet(props: {
  workbook: WorkbookPort;
  /** The pane's shared lists: the employees, for a PPSN key. */
  reads: ClientReads | null;
  sheetName: string | null;
  inputSheets: readonly string[];
  run: FlowRunner;
  busy: boolean;
}) {
  const { workbook, reads, sheetName, run } = props;
  const [sources, setSources] = React.useState<string[]>([]);
  const [source, setSource] = React.useState(SELECTION);
  const [proposal, setProposal] = React.useState<FillProposal | null>(null);
  const [keyColumn, setKeyColumn] = React.useState<KeyColumn | null>(null);
  const [mapping, setMapping] = React.useState<FillMapping>([]);
  const [problems, setProblems] = React.useState<FillProblem[] | null>(null);

  const refreshSources = React.useCallback(() => {
    fillSourceSheets(workbook, props.inputSheets)
      .then(setSources)
      .catch(() => setSources([]));
  }, [workbook, props.inputSheets]);
  React.useEffect(refreshSources, [refreshSources]);
  React.useEffect(() => {
    setProposal(null);
    setProblems(null);
  }, [sheetName]);

  const read = async () => {
    if (!sheetName) return;
    setProblems(null);
    const chosen = source === SELECTION ? ({ selection: true } as const) : { sheetName: source };
    const result = await run(
      "Reading the source",
      () => proposeFill(workbook, sheetName, chosen),
      (r) => ({
        intent: r.key ? "info" : "warning",
        text: r.key
          ? `Key column "${r.source.headers[r.key.column]}" (${KEY_KINDS.find((k) => k.kind === r.key!.kind)!.label}); ${r.mapping.filter(Boolean).length} column(s) mapped. Check them, then Fill input sheet.`
          : "No key column found: choose the column holding the employee Number, PPSN or Employee ID.",
      }),
      { failed: (m) => `Could not read the source: ${m}` },
    );
    if (result) {
      setProposal(result);
      setKeyColumn(result.key);
      setMapping(result.mapping);
    }
  };

  const fill = async () => {
    if (!sheetName || !proposal || !keyColumn) return;
    const result = await run(
      `Fill from a sheet: ${sheetName}`,
      (task) => fillFromSheet(workbook, reads, sheetName, { ...proposal, key: keyColumn, mapping }, { signal: task.signal }),
      (r) => ({ intent: r.plan.problems.length > 0 ? "warning" : "success", text: r.summary }),
      { failed: (m) => `Nothing was filled: ${m}` },
    );
    if (result) setProblems(result.plan.problems);
  };

  return (
    <FillFromSheetView
      sources={sources}
      source={source}
      onSourceChange={(v) => {
        setSource(v);
        setProposal(null);
      }}
      onSourcesFocus={refreshSources}
      onRead={() => void read()}
      proposal={proposal}
      keyColumn={keyColumn}
      onKeyColumnChange={(k) => {
        setKeyColumn(k);
        if (k) setMapping((m) => m.map((x, i) => (i === k.column ? null : x)));
      }}
      mapping={mapping}
      onMappingChange={(column, inputKey) => setMapping((m) => m.map((x, i) => (i === column ? inputKey : x)))}
      onFill={() => void fill()}
      problems={problems}
      busy={props.busy}
      disabled={!sheetName}
    />
  );
}
