/**
 * The task-pane shell: connection, client choice, the feature panels as tabs,
 * progress and messages. It owns the AppServices the panels read with useAppServices().
 */
import * as React from "react";
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  FluentProvider,
  Text,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import type { WorkbookPort } from "../excel";
import { AppServicesProvider } from "../ui/context";
import { unreachableClientId } from "./connectionState";
import type { KeyStore } from "../ui/keyStore";
import { useProgressController } from "./progress";
import { useCellEditWait } from "./cellEditWait";
import type { AppServices } from "../ui/services";
import { TABS, type PaneTab } from "./tabs";
import { useConnection } from "./useConnection";
import { useFormulaFreshness } from "../ui/formulaFreshness";
import { ClientPicker } from "./components/ClientPicker";
import { ConnectionPanel } from "./components/ConnectionPanel";
import { Notifications } from "./components/Notifications";
import { PanelLoading } from "./components/PanelLoading";
import { ProgressAnnouncer } from "./components/ProgressAnnouncer";
import type { ApiFactory } from "./connection";
import { useConnected } from "./connectedLoader";
import { useClientChange } from "./clientChange";
import { keepFocusThroughDisable } from "./focusKeeper";
import { PANE_THEMES, usePaneTheme } from "../ui/theme";
import { visuallyHidden } from "./components/visuallyHidden";

const useStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    minHeight: "100%",
    boxSizing: "border-box",
  },
  // Read by screen readers, not shown: Office's title bar already shows the add-in's name.
  visuallyHidden,
});

/** A custom service address submitted before the connected part has loaded (the first moment after opening). */
const connectedPending = () => "The add-in is still loading. Try again in a moment.";

export interface AppProps {
  workbook: WorkbookPort;
  keyStore: KeyStore;
  /** The default service root: this page's origin (the servers proxy /v1). */
  defaultServiceUrl: string;
  /** Builds the PayrollApi; default: the connection flow's own (flows/connection). */
  createApi?: ApiFactory;
  /** The tabs to show; default: every feature (TABS). */
  tabs?: readonly PaneTab[];
  /** Connect at start with a remembered key (default true). */
  autoConnect?: boolean;
}

export function App(props: AppProps) {
  // Office's theme, high contrast, or the preview's choice (theme.ts). minHeight, not height: the provider's
  // background must cover a pane taller than the window; color-scheme makes native controls match.
  const theme = PANE_THEMES[usePaneTheme()];
  return (
    <FluentProvider theme={theme.theme} style={{ minHeight: "100%", colorScheme: theme.colorScheme }}>
      <Shell {...props} />
    </FluentProvider>
  );
}

function Shell({ workbook, keyStore, defaultServiceUrl, createApi, tabs = TABS, autoConnect = true }: AppProps) {
  const styles = useStyles();
  const mainRef = React.useRef<HTMLElement>(null);
  // A button disabled while its work runs gets focus back afterwards (keyboard and screen-reader users keep their place).
  React.useEffect(() => (mainRef.current ? keepFocusThroughDisable(mainRef.current) : undefined), []);
  const progress = useProgressController();
  const cellEditNotice = useCellEditWait();
  const { state, connect, forget, chooseClient, notify, toggleSections, dismiss } = useConnection({
    workbook,
    keyStore,
    defaultServiceUrl,
    createApi,
    autoConnect,
  });
  const { connection, clientId } = state;
  // When the PAYROLL figures were last read: followed from the start, so no read is missed while the tools load.
  const freshness = useFormulaFreshness(workbook);

  // The connected part of the pane (connected.ts) is a chunk of its own, fetched right after the first paint.
  const connected = useConnected();
  // Server state: one QueryClient; each connection's reads are numbered into the keys, and a new connection (or
  // Forget) drops the previous one's queries, so nothing read with one key or from one service outlives it.
  const queryClient = React.useMemo(() => connected?.createPaneQueryClient() ?? null, [connected]);
  const connectionCount = React.useRef(0);
  const reads = React.useMemo(
    () =>
      connected && queryClient && connection
        ? connected.createClientReads(connection.api, { queryClient, connection: ++connectionCount.current })
        : null,
    [connected, connection, queryClient],
  );
  React.useEffect(() => {
    if (connected && queryClient) connected.forgetOtherConnections(queryClient, reads);
  }, [connected, queryClient, reads]);
  const services = React.useMemo<AppServices>(
    () => ({
      api: connection?.api ?? null,
      clientId,
      clients: connection?.clients ?? [],
      reads,
      workbook,
      progress: progress.api,
      notify,
    }),
    [connection, clientId, reads, workbook, progress.api, notify],
  );

  const clients = connection?.clients ?? [];
  // Changing client with changes not pushed asks first; the tab the user was on stays chosen for the next client.
  const clientChange = useClientChange({
    workbook,
    clients,
    clientId,
    choose: (id) => void chooseClient(id),
    connected,
    reads,
  });
  const [tab, setTab] = React.useState<string | undefined>(undefined);
  // The client's name is in the picker just below, so the folded header stays one line.
  const connectionSummary = connection ? "Connected" : "Not connected";

  return (
    <AppServicesProvider value={services}>
      <main className={styles.root} aria-label="Payroll" ref={mainRef}>
        <h1 className={styles.visuallyHidden}>Payroll</h1>
        <Notifications notices={state.notices} onDismiss={dismiss} />
        <Accordion
          collapsible
          multiple
          openItems={state.openSections}
          onToggle={(_, data) => toggleSections(data.openItems.map(String))}
        >
          <AccordionItem value="connection">
            <AccordionHeader>Connection: {connectionSummary}</AccordionHeader>
            <AccordionPanel>
              <ConnectionPanel
                connecting={state.connecting}
                connectedTo={connection?.baseUrl ?? null}
                clientCount={clients.length}
                storedKey={state.storedKey}
                remembered={state.remembered}
                canRemember={keyStore.canRemember}
                defaultServiceUrl={defaultServiceUrl}
                customServiceUrl={state.customServiceUrl}
                error={state.error}
                serviceUrlProblem={connected?.serviceUrlProblem ?? connectedPending}
                onConnect={(request) => void connect(request)}
                onForget={forget}
              />
            </AccordionPanel>
          </AccordionItem>
        </Accordion>
        <ClientPicker
          clients={clients}
          clientId={clientId}
          unreachableId={unreachableClientId(state)}
          disabled={!connection || progress.api.busy}
          onChange={(id) => void clientChange.request(id)}
        />
        {connected ? <connected.ClientChangeDialog question={clientChange.question} onAnswer={clientChange.answer} /> : null}
        {connection && clientId !== null && connected ? <connected.FormulaTools freshness={freshness} /> : null}
        <ProgressAnnouncer entries={progress.entries} />
        {connected ? (
          <connected.ProgressArea entries={progress.entries} onCancel={progress.cancel} notice={cellEditNotice} />
        ) : null}
        {connection && clientId !== null ? (
          connected ? (
            <connected.FeatureTabs key={clientId} tabs={tabs} selected={tab} onSelect={setTab} />
          ) : (
            <PanelLoading title="the features" />
          )
        ) : (
          <Text>{connection ? "Choose a client to start." : "Connect with your API key to start."}</Text>
        )}
      </main>
    </AppServicesProvider>
  );
}
