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
  Tab,
  TabList,
  Text,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import type { WorkbookPort } from "../excel";
import { AppServicesProvider } from "./context";
import { unreachableClientId } from "./connectionState";
import type { KeyStore } from "./keyStore";
import { useProgressController } from "./progress";
import { useCellEditWait } from "./cellEditWait";
import { createClientReads, createPaneQueryClient, forgetOtherConnections } from "./serverState";
import type { AppServices } from "./services";
import { TABS, type PaneTab } from "./tabs";
import { useConnection } from "./useConnection";
import { ClientPicker } from "./components/ClientPicker";
import { RefreshFormulas } from "./components/RefreshFormulas";
import { invalidateFormulaResults } from "../functions/connection";
import { ConnectionPanel } from "./components/ConnectionPanel";
import { Notifications } from "./components/Notifications";
import { ProgressAnnouncer } from "./components/ProgressAnnouncer";
import { ProgressArea } from "./components/ProgressArea";
import { defaultApiFactory, serviceUrlProblem, type ApiFactory } from "./flows/connection";
import { keepFocusThroughDisable } from "./focusKeeper";
import { PANE_THEMES, usePaneTheme } from "./theme";
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
  features: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  tabList: { flexWrap: "wrap" },
  // Read by screen readers, not shown: Office's title bar already shows the add-in's name.
  visuallyHidden,
});

export interface AppProps {
  workbook: WorkbookPort;
  keyStore: KeyStore;
  /** The default service root: this page's origin (the servers proxy /v1). */
  defaultServiceUrl: string;
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

function Shell({
  workbook,
  keyStore,
  defaultServiceUrl,
  createApi = defaultApiFactory,
  tabs = TABS,
  autoConnect = true,
}: AppProps) {
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

  // Server state: one QueryClient; each connection's reads are numbered into the keys, and a new connection (or
  // Forget) drops the previous one's queries, so nothing read with one key or from one service outlives it.
  const [queryClient] = React.useState(createPaneQueryClient);
  const connectionCount = React.useRef(0);
  const reads = React.useMemo(
    () => (connection ? createClientReads(connection.api, { queryClient, connection: ++connectionCount.current }) : null),
    [connection, queryClient],
  );
  React.useEffect(() => forgetOtherConnections(queryClient, reads), [queryClient, reads]);
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
                serviceUrlProblem={serviceUrlProblem}
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
          onChange={(id) => void chooseClient(id)}
        />
        {connection && clientId !== null ? <RefreshFormulas onRefresh={() => invalidateFormulaResults()} /> : null}
        <ProgressAnnouncer entries={progress.entries} />
        <ProgressArea entries={progress.entries} onCancel={progress.cancel} notice={cellEditNotice} />
        {connection && clientId !== null ? (
          <FeatureTabs key={clientId} tabs={tabs} />
        ) : (
          <Text>{connection ? "Choose a client to start." : "Connect with your API key to start."}</Text>
        )}
      </main>
    </AppServicesProvider>
  );
}

/** The feature panels as tabs. All stay mounted (hidden when not selected) so work in one tab survives a switch. */
function FeatureTabs({ tabs: features }: { tabs: readonly PaneTab[] }) {
  const styles = useStyles();
  const [selected, setSelected] = React.useState(features[0]?.id ?? "");
  if (features.length === 0) return <Text>No features are installed.</Text>;
  return (
    <section className={styles.features}>
      <TabList
        className={styles.tabList}
        size="small"
        selectedValue={selected}
        onTabSelect={(_, data) => setSelected(String(data.value))}
        aria-label="Features"
      >
        {features.map((f) => (
          <Tab key={f.id} value={f.id} id={`tab-${f.id}`} aria-controls={`panel-${f.id}`}>
            {f.title}
          </Tab>
        ))}
      </TabList>
      {features.map(({ id, Panel }) => (
        <div key={id} role="tabpanel" id={`panel-${id}`} aria-labelledby={`tab-${id}`} hidden={id !== selected}>
          <Panel />
        </div>
      ))}
    </section>
  );
}
