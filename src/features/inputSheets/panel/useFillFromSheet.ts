/**
 * Fill from a sheet's state and flow calls (flows/fill): the source sheets offered, the source chosen, the proposal
 * read from it (key column and mapping, both changeable), and the problems of the last fill. Gives the view's props.
 */
import * as React from "react";
import type { ClientReads } from "../../../ui/serverState";
import type { WorkbookPort } from "../../../excel";
import { type FillMapping, type FillProblem, KEY_KINDS, type KeyColumn } from "../model/fill";
import { type FillProposal, fillFromSheet, fillSourceSheets, proposeFill } from "../flows/fill";
import { formatDate } from "../../../ui/locale";
import type { FlowRunner } from "../../../ui/parts/hooks";
import { type FillFromSheetViewProps, SELECTION } from "./FillFromSheetView";

export interface FillFromSheetProps {
  workbook: WorkbookPort;
  /** The pane's shared lists: the employees, for a PPSN key. */
  reads: ClientReads | null;
  sheetName: string | null;
  inputSheets: readonly string[];
  run: FlowRunner;
  busy: boolean;
}

export function useFillFromSheet(props: FillFromSheetProps): FillFromSheetViewProps {
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
        text: r.remembered
          ? `Mapping as used on ${formatDate(r.remembered.usedOn)}: key column "${r.source.headers[r.key!.column]}"; ${r.mapping.filter(Boolean).length} column(s) mapped. Check them, then Fill input sheet.`
          : r.key
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

  return {
    sources,
    source,
    onSourceChange: (v) => {
      setSource(v);
      setProposal(null);
    },
    onSourcesFocus: refreshSources,
    onRead: () => void read(),
    proposal,
    keyColumn,
    onKeyColumnChange: (k) => {
      setKeyColumn(k);
      if (k) setMapping((m) => m.map((x, i) => (i === k.column ? null : x)));
    },
    mapping,
    onMappingChange: (column, inputKey) => setMapping((m) => m.map((x, i) => (i === column ? inputKey : x))),
    onFill: () => void fill(),
    problems,
    busy: props.busy,
    disabled: !sheetName,
  };
}
