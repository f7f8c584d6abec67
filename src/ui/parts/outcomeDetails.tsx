/**
 * The lines under an outcome's sentence, each with its own icon and a word for screen readers, so a sheet that
 * failed stands out among those that were pushed (Push all input sheets). Inside the outcome bar, right under its
 * sentence: the list is read with the message, never below it.
 */
import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { CheckmarkCircleRegular, DismissCircleRegular, ErrorCircleRegular, WarningRegular } from "@fluentui/react-icons";

export interface OutcomeDetail {
  /** Saved clean, rows to see to, failed, not done at all. */
  intent: "success" | "warning" | "error" | "skipped";
  text: string;
}

const useStyles = makeStyles({
  list: { margin: `${tokens.spacingVerticalXS} 0 0`, padding: 0, listStyleType: "none", maxHeight: "40vh", overflowY: "auto" },
  item: { display: "flex", gap: tokens.spacingHorizontalXS, alignItems: "flex-start", overflowWrap: "anywhere" },
  icon: { flexShrink: 0, fontSize: "16px", marginTop: "2px" },
  success: { color: tokens.colorPaletteGreenForeground1 },
  warning: { color: tokens.colorPaletteDarkOrangeForeground1 },
  error: { color: tokens.colorPaletteRedForeground1 },
  skipped: { color: tokens.colorNeutralForeground3 },
});

const ICONS = {
  success: { Icon: CheckmarkCircleRegular, label: "Done" },
  warning: { Icon: WarningRegular, label: "Needs attention" },
  error: { Icon: ErrorCircleRegular, label: "Failed" },
  skipped: { Icon: DismissCircleRegular, label: "Not done" },
} as const;

export function OutcomeDetails({ details, label }: { details: readonly OutcomeDetail[]; label?: string }) {
  const styles = useStyles();
  return (
    <ul className={styles.list} aria-label={label}>
      {details.map((d, i) => {
        const { Icon, label } = ICONS[d.intent];
        return (
          <li key={i} className={styles.item} data-detail={d.intent}>
            <Icon className={mergeClasses(styles.icon, styles[d.intent])} role="img" aria-label={label} />
            <span>{d.text}</span>
          </li>
        );
      })}
    </ul>
  );
}
