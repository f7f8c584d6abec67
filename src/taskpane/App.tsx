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
  webLightTheme,
} from "@fluentui/react-components";
import type { WorkbookPort } from "../excel";
import { AppServicesProvider } from "./context";
import { TABS, type PaneTab } from "./tabs";
import type { KeyStore } from "./keyStore";
import { useProgressController } from "./progress";
import type { AppServices, NotifyIntent } from "./services";
import { ClientReads } from "./clientReads";
import { ClientPicker } from "./components/ClientPicker";
import { ConnectionPanel, type ConnectRequest } from "./components/ConnectionPanel";
import { Notifications, type Notice } from "./components/Notifications";
import { ProgressArea } from "./components/ProgressArea";
import {
  connect,
  connectionErrorMessage,
  defaultClientFactory,
  normaliseServiceUrl,
  serviceUrlProblem,
  type ClientFactory,
  type Connection,
} from "./flows/connection";
import { pickRememberedClient, readWorkbookClientId, rememberWorkbookClientId } from "./flows/clientChoice";

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
});

export interface AppProps {
  workbook: WorkbookPort;
  keyStore: KeyStore;
  /** The default service root: this page's origin (the servers proxy /v1). */
  defaultServiceUrl: string;
  createClient?: ClientFactory;
  /** The tabs to show; default: every feature (TABS). */
  tabs?: readonly PaneTab[];
  /** Connect at start with a remembered key (default true). */
  autoConnect?: boolean;
}

export function App(props: AppProps) {
  return (
    <FluentProvider theme={webLightTheme} style={{ height: "100%" }}>
      <Shell {...props} />
    </FluentProvider>
  );
}

function Shell({
  workbook,
  keyStore,
  defaultServiceUrl,
  createClient = defaultClientFactory,
  tabs = TABS,
  autoConnect = true,
}: AppProps) {
  const styles = useStyles();
  const progress = useProgressController();
  const [connection, setConnection] = React.useState<Connection | null>(null);
  const [connecting, setConnecting] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [storedKey, setStoredKey] = React.useState(keyStore.apiKey());
  const [remembered, setRemembered] = React.useState(keyStore.remembered());
  const [customServiceUrl, setCustomServiceUrl] = React.useState(keyStore.serviceUrl());
  const [clientId, setClientId] = React.useState<number | null>(null);
  const [workbookClientId, setWorkbookClientId] = React.useState<number | null>(null);
  const [openSections, setOpenSections] = React.useState<string[]>(["connection"]);
  const [notices, setNotices] = React.useState<Notice[]>([]);
  const nextNotice = React.useRef(1);
  const connectSeq = React.useRef(0);

  const notify = React.useCallback((message: string, intent: NotifyIntent = "info") => {
    const id = nextNotice.current++;
    setNotices((list) => [...list.slice(-4), { id, message, intent }]);
  }, []);

  const doConnect = React.useCallback(
    async (request: ConnectRequest) => {
      const serviceUrl = request.serviceUrl === null ? null : normaliseServiceUrl(request.serviceUrl);
      const baseUrl = serviceUrl ?? defaultServiceUrl;
      const seq = ++connectSeq.current;
      setConnecting(true);
      setError(null);
      let next: Connection;
      try {
        next = await connect(baseUrl, request.apiKey, createClient);
      } catch (e) {
        // A wrong key changes nothing else: the previous connection, key and client stay as they were.
        if (seq === connectSeq.current) setError(connectionErrorMessage(e, baseUrl));
        return;
      } finally {
        if (seq === connectSeq.current) setConnecting(false);
      }
      if (seq !== connectSeq.current) return;
      keyStore.save(request.apiKey, request.remember);
      keyStore.setServiceUrl(serviceUrl);
      setStoredKey(keyStore.apiKey());
      setRemembered(keyStore.remembered());
      setCustomServiceUrl(serviceUrl);
      setConnection(next);
      let remembered: number | null = null;
      try {
        remembered = await readWorkbookClientId(workbook);
      } catch (e) {
        notify(`Could not read the workbook's client setting: ${e instanceof Error ? e.message : String(e)}`, "warning");
      }
      setWorkbookClientId(remembered);
      const client = pickRememberedClient(next.clients, remembered);
      setClientId(client?.id ?? null);
      if (client) setOpenSections([]);
    },
    [createClient, defaultServiceUrl, keyStore, notify, workbook],
  );

  // Connect at start with a remembered key, so a returning user lands on the panels.
  React.useEffect(() => {
    const key = keyStore.apiKey();
    if (autoConnect && key) void doConnect({ apiKey: key, remember: keyStore.remembered(), serviceUrl: keyStore.serviceUrl() });
    // Only once, at start.
  }, []);

  const forget = React.useCallback(() => {
    connectSeq.current++;
    keyStore.forget();
    setStoredKey(null);
    setRemembered(false);
    setConnection(null);
    setConnecting(false);
    setClientId(null);
    setError(null);
    setOpenSections(["connection"]);
    notify("The API key was removed from this add-in.", "info");
  }, [keyStore, notify]);

  const chooseClient = React.useCallback(
    async (id: number) => {
      setClientId(id);
      setOpenSections([]);
      try {
        await rememberWorkbookClientId(workbook, id);
        setWorkbookClientId(id);
      } catch (e) {
        notify(
          `The client was chosen, but the workbook could not remember it: ${e instanceof Error ? e.message : String(e)}`,
          "warning",
        );
      }
    },
    [notify, workbook],
  );

  // Shared list reads live as long as the connection and the client choice: a reconnect or another client reads afresh.
  const reads = React.useMemo(
    () => (connection && clientId !== null ? new ClientReads(connection.client) : null),
    [connection, clientId],
  );
  const services = React.useMemo<AppServices>(
    () => ({
      client: connection?.client ?? null,
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
  const unreachableId =
    connection && workbookClientId !== null && !clients.some((c) => c.id === workbookClientId) ? workbookClientId : null;
  // The client's name is in the picker just below, so the folded header stays one line.
  const connectionSummary = connection ? "Connected" : "Not connected";

  return (
    <AppServicesProvider value={services}>
      <main className={styles.root} aria-label="Payroll">
        <Notifications notices={notices} onDismiss={(id) => setNotices((list) => list.filter((n) => n.id !== id))} />
        <Accordion
          collapsible
          multiple
          openItems={openSections}
          onToggle={(_, data) => setOpenSections(data.openItems.map(String))}
        >
          <AccordionItem value="connection">
            <AccordionHeader>Connection: {connectionSummary}</AccordionHeader>
            <AccordionPanel>
              <ConnectionPanel
                connecting={connecting}
                connectedTo={connection?.baseUrl ?? null}
                clientCount={clients.length}
                storedKey={storedKey}
                remembered={remembered}
                canRemember={keyStore.canRemember}
                defaultServiceUrl={defaultServiceUrl}
                customServiceUrl={customServiceUrl}
                error={error}
                serviceUrlProblem={serviceUrlProblem}
                onConnect={(request) => void doConnect(request)}
                onForget={forget}
              />
            </AccordionPanel>
          </AccordionItem>
        </Accordion>
        <ClientPicker
          clients={clients}
          clientId={clientId}
          unreachableId={unreachableId}
          disabled={!connection || progress.api.busy}
          onChange={(id) => void chooseClient(id)}
        />
        <ProgressArea entries={progress.entries} onCancel={progress.cancel} />
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
