/** The layout styles the feature panels and their parts share. */
import { makeStyles, tokens } from "@fluentui/react-components";

export const usePartStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  group: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, border: "none", margin: 0, padding: 0 },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalXS },
  row: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "flex-end" },
  action: { alignSelf: "flex-start" },
  // Scrolls past 12em: give the list tabIndex={0}, so it can be scrolled from the keyboard.
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL, maxHeight: "12em", overflowY: "auto" },
  // The outcome sits in the flow, under the controls it answers (never over one), and is scrolled into view when new.
  outcome: { scrollMarginBottom: tokens.spacingVerticalS },
  // A scrolling list inside the pane gets a frame, so the cut-off rows read as "scroll for more".
  box: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXS,
    maxHeight: "280px",
    overflowY: "auto",
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
  },
});
