/**
 * The Employees panel's state and the flows its buttons run: EmployeesView's props, or null until a client is
 * connected and chosen. One hook per section, so each holds only its own state.
 */
import * as React from "react";
import { clientOf, clientRecordOf, type ConnectedServices, flowContextFor } from "../../../ui/context";
import { flowContext } from "../../../ui/flows/common";
import {
  createProfileMapping,
  deleteEmployees,
  type DeleteCandidate,
  employeeSheetName,
  employeesToDelete,
  importEmployeeDetail,
  importProfileMappings,
  isManualNumbering,
  profileMappingBody,
  saveEmployees,
} from "../flows/employees";
import type { ProgressTask } from "../../../ui/services";
import {
  type FlowRunner,
  onChosen,
  rowOutcome,
  useConfirmSelectedRows,
  useEmployeeChoice,
  useFlowRunner,
  useGuarded,
  wroteRows,
} from "../../../ui/parts/hooks";
import type { Outcome } from "../../../ui/parts/layout";
import type { EmployeesViewProps } from "./EmployeesView";
import { useServiceActions, useServicePeriodsShown } from "./useServicePeriods";
import { useWaveForm } from "./useWaveForm";

type SetOutcome = (o: Outcome) => void;

export function useEmployees(services: ConnectedServices | null): EmployeesViewProps | null {
  const [outcome, setOutcome] = React.useState<Outcome>(null);
  const run = useFlowRunner(services, setOutcome);
  const guarded = useGuarded(setOutcome);
  const one = useOneEmployee(services, run);
  const sheet = useEmployeeSheet(services, run, setOutcome, () => one.reloadEmployees());
  const actions = useServiceActions({ services, run, guarded, setOutcome });
  const wave = useWaveForm(services, run);
  if (!services || !one.props || !sheet || !actions || !wave) return null;
  return { busy: services.progress.busy, ...sheet, ...actions, ...one.props, ...wave, outcome };
}

/** Save the Employees sheet; delete the selected employees after the confirmation. */
function useEmployeeSheet(services: ConnectedServices | null, run: FlowRunner, setOutcome: SetOutcome, reload: () => void) {
  const deletion = useConfirmSelectedRows<DeleteCandidate[]>(services, setOutcome);
  if (!services) return null;
  const record = clientRecordOf(services);
  const client = clientOf(services);
  const ctx = (t: ProgressTask) => flowContextFor(services, t);
  return {
    manualNumbers: isManualNumbering(record),
    onSaveEmployees: () =>
      void run(
        "Saving employees",
        (t) => saveEmployees(ctx(t), { numberMode: record?.employee_number_mode ?? null }),
        (r) => {
          if (r.counts.Saved > 0) reload();
          return rowOutcome(r);
        },
      ),
    onDeleteSelected: () =>
      void employeeSheetName(services.workbook, client).then((sheetName) =>
        deletion.ask(sheetName, async (rows) => {
          const context = flowContext(services.api, services.workbook, client);
          const candidates = await employeesToDelete(context, rows);
          if (candidates.length === 0) return { warning: `Select rows of saved employees in "${sheetName}" first.` };
          return {
            title: `Delete ${candidates.length} employee${candidates.length === 1 ? "" : "s"}? This cannot be undone.`,
            items: candidates.map((c) => c.label),
            plan: candidates,
          };
        }),
      ),
    confirm: deletion.confirm && { title: deletion.confirm.title ?? "", items: deletion.confirm.items },
    onCancelConfirm: deletion.cancel,
    onConfirm: () =>
      deletion.confirmed(
        (candidates) =>
          void run(
            "Deleting employees",
            (t) => deleteEmployees(ctx(t), candidates),
            (r) => {
              reload();
              return rowOutcome(r);
            },
          ),
      ),
  };
}

/** The chosen employee: record and profile mappings to sheets, service periods in the pane, a new mapping. */
function useOneEmployee(services: ConnectedServices | null, run: FlowRunner) {
  const [profileId, setProfileId] = React.useState("");
  const [profileInputs, setProfileInputs] = React.useState("");
  const [mappingError, setMappingError] = React.useState<string | null>(null);
  const shown = useServicePeriodsShown(run);
  const choice = useEmployeeChoice(services, () => shown.setPeriods(null));
  const { employeeId } = choice;
  const reloadEmployees = () => choice.list.reload();
  if (!services) return { reloadEmployees, props: null };
  const ctx = (t: ProgressTask) => flowContextFor(services, t);
  /** A handler that writes the chosen employee's data to a sheet and says how many `noun`s it wrote. */
  const employeeToSheet = (label: string, write: typeof importEmployeeDetail, noun: string) =>
    onChosen(run, employeeId, label, (id, t) => write(ctx(t), id), wroteRows(noun));
  const props = {
    ...choice.viewProps,
    periods: shown.periods,
    onEmployeeServicePeriods: shown.onShow(services, employeeId),
    onEmployeeDetail: employeeToSheet("Employee record to sheet", importEmployeeDetail, "field"),
    onProfileMappings: employeeToSheet("Profile mappings to sheet", importProfileMappings, "profile mapping"),
    profileId,
    onProfileIdChange: setProfileId,
    profileInputs,
    onProfileInputsChange: setProfileInputs,
    mappingError,
    onCreateMapping: () => {
      const parsed = profileMappingBody(profileId, profileInputs);
      if ("error" in parsed) return setMappingError(parsed.error);
      setMappingError(null);
      if (employeeId !== null)
        void run(
          "Creating a profile mapping",
          (t) => createProfileMapping(ctx(t), employeeId, parsed.body),
          (r) => ({ intent: "success", text: `${r.message}${r.id !== undefined ? ` (mapping ${r.id})` : ""}.` }),
        );
    },
  };
  return { reloadEmployees, props };
}
