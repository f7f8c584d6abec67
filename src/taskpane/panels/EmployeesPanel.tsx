/** The Employees feature: wires EmployeesView to the employee and service period flows through the shell's services. */
import * as React from "react";
import { Text } from "@fluentui/react-components";
import { chosenClient, useConnectedServices } from "../context";
import { todayIso } from "../../sheets/grid";
import type { ServiceAction } from "../../sheets/servicePeriods";
import {
  createProfileMapping,
  createWave,
  deleteEmployees,
  type DeleteCandidate,
  EMPLOYEE_SHEET,
  employeesToDelete,
  importEmployeeDetail,
  importProfileMappings,
  isManualNumbering,
  profileMappingBody,
  saveEmployees,
  waveCreateBody,
} from "../flows/employees";
import { employeeServicePeriods, importServicePeriods, runServiceAction, SERVICE_SHEET } from "../flows/servicePeriods";
import {
  onChosen,
  plural,
  rowOutcome,
  useConfirmSelectedRows,
  useFlowRunner,
  useEmployeeChoice,
  useGuarded,
  wroteRows,
} from "./parts/hooks";
import { type Outcome } from "./parts/layout";
import { EmployeesView, type ServiceActionKind, type WaveFormState } from "./EmployeesView";
import { selectedRows } from "../flows/selectedRows";
import { formatDate } from "../locale";

export function EmployeesPanel() {
  const services = useConnectedServices();
  const [outcome, setOutcome] = React.useState<Outcome>(null);
  const [action, setAction] = React.useState<ServiceActionKind>("end_service");
  const [actionDate, setActionDate] = React.useState(todayIso());
  const [code, setCode] = React.useState("");
  const [periods, setPeriods] = React.useState<string[] | null>(null);
  const [profileId, setProfileId] = React.useState("");
  const [profileInputs, setProfileInputs] = React.useState("");
  const [mappingError, setMappingError] = React.useState<string | null>(null);
  const [wave, setWave] = React.useState<WaveFormState>({
    frequency: "monthly",
    firstEndDate: "",
    lastDayOfMonth: "",
    customName: "",
  });
  const [waveErrors, setWaveErrors] = React.useState<Record<string, string>>({});
  const run = useFlowRunner(services, setOutcome);
  const guarded = useGuarded(setOutcome);
  const deletion = useConfirmSelectedRows<DeleteCandidate[]>(services, setOutcome);
  const { employeeId, list: employees, viewProps: employeeProps } = useEmployeeChoice(services, () => setPeriods(null));
  if (!services) return <Text>Connect and choose a client to work with employees.</Text>;
  const { api, clientId, workbook } = services;
  const { info, target } = chosenClient(services);
  const customNameAllowed = (info?.features ?? []).includes("wave_custom_name");

  const serviceAction = (): ServiceAction =>
    action === "end_service"
      ? { kind: "end_service", termination_date: actionDate, termination_code: Number(code.trim()) }
      : action === "reinstate"
        ? { kind: "reinstate", appointment_date: actionDate }
        : { kind: "undo_end_service" };

  /** A handler that writes the chosen employee's data to a sheet and says how many `noun`s it wrote. */
  const employeeToSheet = (label: string, write: typeof importEmployeeDetail, noun: string) =>
    onChosen(run, employeeId, label, (id, t) => write(api, workbook, target, id, t), wroteRows(noun));

  return (
    <EmployeesView
      busy={services.progress.busy}
      manualNumbers={isManualNumbering(info)}
      onSaveEmployees={() =>
        void run(
          "Saving employees",
          (t) => saveEmployees(api, workbook, { ...target, numberMode: info?.employee_number_mode ?? null }, t),
          (r) => {
            if (r.counts.Saved > 0) employees.reload();
            return rowOutcome(r);
          },
        )
      }
      onDeleteSelected={() =>
        deletion.ask(EMPLOYEE_SHEET.sheetName, async (rows) => {
          const candidates = await employeesToDelete(workbook, rows);
          if (candidates.length === 0)
            return { warning: `Select rows of saved employees in "${EMPLOYEE_SHEET.sheetName}" first.` };
          return {
            title: `Delete ${candidates.length} employee${candidates.length === 1 ? "" : "s"}? This cannot be undone.`,
            items: candidates.map((c) => c.label),
            plan: candidates,
          };
        })
      }
      confirm={deletion.confirm && { title: deletion.confirm.title ?? "", items: deletion.confirm.items }}
      onCancelConfirm={deletion.cancel}
      onConfirm={() =>
        deletion.confirmed(
          (candidates) =>
            void run(
              "Deleting employees",
              (t) => deleteEmployees(api, workbook, target, candidates, t),
              (r) => {
                employees.reload();
                return rowOutcome(r);
              },
            ),
        )
      }
      onServicePeriods={() =>
        void run(
          "Service periods to sheet",
          (t) => importServicePeriods(api, workbook, target, t),
          wroteRows("service period row"),
        )
      }
      action={action}
      onActionChange={setAction}
      actionDate={actionDate}
      onActionDateChange={setActionDate}
      terminationCode={code}
      onTerminationCodeChange={setCode}
      onRunAction={() =>
        guarded(async () => {
          const rows = await selectedRows(workbook, SERVICE_SHEET.sheetName).catch(() => [] as number[]);
          if (rows.length === 0)
            return setOutcome({
              intent: "warning",
              text: `Select rows in "${SERVICE_SHEET.sheetName}" first (import service periods if the sheet is missing).`,
            });
          await run(
            "Service period action",
            (t) => runServiceAction(api, workbook, target, serviceAction(), rows, t),
            rowOutcome,
          );
        })
      }
      {...employeeProps}
      periods={periods}
      onEmployeeServicePeriods={onChosen(
        run,
        employeeId,
        "Reading service periods",
        (id, t) => employeeServicePeriods(api, id, t),
        (list) => {
          setPeriods(
            [...list]
              .sort((a, b) => a.start_date.localeCompare(b.start_date))
              .map(
                (sp) =>
                  `${formatDate(sp.start_date)} to ${sp.end_date ? formatDate(sp.end_date) : "now"}${sp.negative ? " (long-term leave)" : ""}${sp.termination_code !== null ? `, termination code ${sp.termination_code}` : ""}`,
              ),
          );
          return { intent: "info", text: `${plural(list.length, "service period")} shown below.` };
        },
      )}
      onEmployeeDetail={employeeToSheet("Employee record to sheet", importEmployeeDetail, "field")}
      onProfileMappings={employeeToSheet("Profile mappings to sheet", importProfileMappings, "profile mapping")}
      profileId={profileId}
      onProfileIdChange={setProfileId}
      profileInputs={profileInputs}
      onProfileInputsChange={setProfileInputs}
      mappingError={mappingError}
      onCreateMapping={() => {
        const parsed = profileMappingBody(profileId, profileInputs);
        if ("error" in parsed) return setMappingError(parsed.error);
        setMappingError(null);
        if (employeeId !== null)
          void run(
            "Creating a profile mapping",
            (t) => createProfileMapping(api, employeeId, parsed.body, t),
            (r) => ({ intent: "success", text: `${r.message}${r.id !== undefined ? ` (mapping ${r.id})` : ""}.` }),
          );
      }}
      wave={wave}
      onWaveChange={setWave}
      customNameAllowed={customNameAllowed}
      waveErrors={waveErrors}
      onCreateWave={() => {
        const checked = waveCreateBody(wave, customNameAllowed);
        if ("errors" in checked) return setWaveErrors(checked.errors);
        setWaveErrors({});
        void run(
          "Creating a payment frequency",
          (t) => createWave(api, clientId, checked.body, t),
          (r) => {
            // The pickers of the other panels show the new wave.
            services.reads.invalidate(clientId, "waves");
            return { intent: "success", text: `${r.message} (wave ${r.id}). Import payment frequencies to see it.` };
          },
        );
      }}
      outcome={outcome}
    />
  );
}
