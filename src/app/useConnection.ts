/**
 * The shell's connection: connect (and at start with a remembered key), forget, choose a client, messages. State
 * lives in connectionReducer (pure, ./connectionState); this hook runs the flows and dispatches their outcomes.
 */
import * as React from "react";
import type { WorkbookPort } from "../excel";
import { setFunctionsConnection } from "../functions/connection";
import type { ConnectRequest } from "./components/ConnectionPanel";
import { connectionReducer, initialConnectionState } from "./connectionState";
import {
  linkFormulasClient,
  pickRememberedClient,
  readFormulasClientId,
  readWorkbookClientId,
  rememberWorkbookClientId,
} from "../ui/flows/clientChoice";
import type { ApiFactory } from "./connection";
import { loadConnected, type ConnectedPart } from "./connectedLoader";
import type { KeyStore } from "../ui/keyStore";
import type { NotifyIntent } from "../ui/services";

export interface ConnectionDeps {
  workbook: WorkbookPort;
  keyStore: KeyStore;
  defaultServiceUrl: string;
  /** Builds the PayrollApi; default: the flow's own (flows/connection). */
  createApi?: ApiFactory;
  /** Connect at start with a remembered key. */
  autoConnect: boolean;
}

/** When the connection code (a chunk of its own, connectedLoader.ts) cannot be fetched from the add-in's server. */
const FLOW_UNAVAILABLE = "The add-in could not load its connection code from its server. Check your network and try again.";

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function useConnection({ workbook, keyStore, defaultServiceUrl, createApi, autoConnect }: ConnectionDeps) {
  const [state, dispatch] = React.useReducer(connectionReducer, keyStore, (store) =>
    initialConnectionState({ storedKey: store.apiKey(), remembered: store.remembered(), customServiceUrl: store.serviceUrl() }),
  );
  // The client the workbook's PAYROLL formulas are linked to (flows/clientChoice): not the pane's current choice.
  const [formulasClientId, setFormulasClientId] = React.useState<number | null>(null);
  // The attempt a connect started as: the reducer numbers attempts, this mirrors the count for the async steps.
  const attempts = React.useRef(0);

  const notify = React.useCallback(
    (text: string, intent: NotifyIntent = "info") => dispatch({ type: "notified", message: text, intent }),
    [],
  );

  const connectWith = React.useCallback(
    async (request: ConnectRequest) => {
      const attempt = ++attempts.current;
      dispatch({ type: "connectStarted" });
      let flow: ConnectedPart;
      try {
        flow = await loadConnected();
      } catch {
        dispatch({ type: "connectFailed", attempt, error: FLOW_UNAVAILABLE });
        return;
      }
      const serviceUrl = request.serviceUrl === null ? null : flow.normaliseServiceUrl(request.serviceUrl);
      const baseUrl = serviceUrl ?? defaultServiceUrl;
      let connection;
      try {
        connection = await flow.connect(baseUrl, request.apiKey, createApi);
      } catch (e) {
        dispatch({ type: "connectFailed", attempt, error: flow.connectionErrorMessage(e, baseUrl) });
        return;
      }
      if (attempt !== attempts.current) return;
      keyStore.save(request.apiKey, request.remember);
      keyStore.setServiceUrl(serviceUrl);
      const stored = { storedKey: keyStore.apiKey(), remembered: keyStore.remembered(), customServiceUrl: serviceUrl };
      dispatch({ type: "connected", attempt, connection, stored });
      let workbookClientId: number | null = null;
      try {
        workbookClientId = await readWorkbookClientId(workbook);
      } catch (e) {
        notify(`Could not read the workbook's client setting: ${message(e)}`, "warning");
      }
      const client = pickRememberedClient(connection.clients, workbookClientId);
      dispatch({ type: "workbookClientRead", attempt, workbookClientId, clientId: client?.id ?? null });
      let formulas: number | null = client?.id ?? null;
      try {
        formulas = client ? await linkFormulasClient(workbook, client.id) : await readFormulasClientId(workbook);
      } catch (e) {
        notify(`Could not read which client the workbook's formulas use: ${message(e)}`, "warning");
      }
      if (attempt === attempts.current) setFormulasClientId(formulas);
    },
    [createApi, defaultServiceUrl, keyStore, notify, workbook],
  );

  // Connect at start with a remembered key, so a returning user lands on the panels.
  React.useEffect(() => {
    const key = keyStore.apiKey();
    if (autoConnect && key) void connectWith({ apiKey: key, remember: keyStore.remembered(), serviceUrl: keyStore.serviceUrl() });
    // Only once, at start.
  }, []);

  const forget = React.useCallback(() => {
    attempts.current++;
    keyStore.forget();
    dispatch({ type: "forgotten" });
    notify("The API key was removed from this add-in.", "info");
  }, [keyStore, notify]);

  const chooseClient = React.useCallback(
    async (clientId: number) => {
      dispatch({ type: "clientChosen", clientId });
      try {
        await rememberWorkbookClientId(workbook, clientId);
        dispatch({ type: "workbookRemembered", clientId });
      } catch (e) {
        notify(`The client was chosen, but the workbook could not remember it: ${message(e)}`, "warning");
      }
      try {
        // Only a workbook whose formulas are not linked yet links them to this client; a switch changes no figure.
        const linked = await linkFormulasClient(workbook, clientId);
        setFormulasClientId(linked);
      } catch (e) {
        setFormulasClientId((known) => known ?? clientId);
        notify(`The workbook could not remember which client its formulas use: ${message(e)}`, "warning");
      }
    },
    [notify, workbook],
  );

  const toggleSections = React.useCallback((open: string[]) => dispatch({ type: "sectionsToggled", open }), []);
  const dismiss = React.useCallback((id: number) => dispatch({ type: "dismissed", id }), []);

  // The PAYROLL formulas run in this runtime and use this connection (the key stays in the api, in memory) and the
  // client the workbook's formulas are linked to, never the pane's current choice: switching the pane's client changes
  // no figure. After Forget they say "Connect in the Payroll pane".
  const { connection } = state;
  React.useEffect(
    () => setFunctionsConnection(connection ? { source: connection.api, clientId: formulasClientId } : null),
    [connection, formulasClientId],
  );

  return { state, connect: connectWith, forget, chooseClient, notify, toggleSections, dismiss };
}
