/** The feature panels as tabs (part of the connected chunk, connected.ts). */
import * as React from "react";
import { Tab, TabList, Text, makeStyles, tokens } from "@fluentui/react-components";
import { PanelLoadBoundary, PanelLoading } from "./components/PanelLoading";
import type { PaneTab } from "./tabs";

const useStyles = makeStyles({
  features: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  tabList: { flexWrap: "wrap" },
});

/**
 * The feature panels as tabs. A panel mounts when its tab is first opened (its code is a chunk of its own, see tabs.ts)
 * and then stays mounted, hidden when not selected, so work in one tab survives a switch.
 */
export function FeatureTabs({
  tabs: features,
  selected: chosen,
  onSelect,
}: {
  tabs: readonly PaneTab[];
  /** The tab to show first (the shell keeps it across a change of client, which mounts the tabs anew). */
  selected?: string;
  onSelect?(id: string): void;
}) {
  const styles = useStyles();
  const [selected, setSelected] = React.useState(
    chosen && features.some((f) => f.id === chosen) ? chosen : (features[0]?.id ?? ""),
  );
  const [opened, setOpened] = React.useState<ReadonlySet<string>>(() => new Set([selected]));
  const select = (id: string) => {
    setSelected(id);
    onSelect?.(id);
    setOpened((ids) => (ids.has(id) ? ids : new Set(ids).add(id)));
  };
  if (features.length === 0) return <Text>No features are installed.</Text>;
  return (
    <section className={styles.features}>
      <TabList
        className={styles.tabList}
        size="small"
        selectedValue={selected}
        onTabSelect={(_, data) => select(String(data.value))}
        aria-label="Features"
      >
        {features.map((f) => (
          <Tab key={f.id} value={f.id} id={`tab-${f.id}`} aria-controls={`panel-${f.id}`}>
            {f.title}
          </Tab>
        ))}
      </TabList>
      {features.map(({ id, title, Panel }) => (
        <div key={id} role="tabpanel" id={`panel-${id}`} aria-labelledby={`tab-${id}`} hidden={id !== selected}>
          {opened.has(id) ? (
            <PanelLoadBoundary title={title}>
              <React.Suspense fallback={<PanelLoading title={title} />}>
                <Panel />
              </React.Suspense>
            </PanelLoadBoundary>
          ) : null}
        </div>
      ))}
    </section>
  );
}
