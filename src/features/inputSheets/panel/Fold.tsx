/**
 * A step of the Input sheets tab that folds: its title is a button (aria-expanded) that shows or hides the body.
 * A folded body stays mounted, only hidden, so the pending-changes watch and a half-made choice survive the fold.
 */
import * as React from "react";
import { Button, makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { ChevronDownRegular, ChevronRightRegular } from "@fluentui/react-icons";

const useStyles = makeStyles({
  fold: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  step: { borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, paddingTop: tokens.spacingVerticalS },
  heading: { margin: 0, fontSize: tokens.fontSizeBase300 },
  title: { justifyContent: "flex-start", paddingLeft: 0, fontWeight: tokens.fontWeightSemibold, minWidth: 0, textAlign: "start" },
  body: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  // The hidden attribute alone loses to the body's display: flex.
  folded: { display: "none" },
});

export function Fold(props: {
  title: string;
  /** Open at first (default true). */
  defaultOpen?: boolean;
  /** A numbered step of the tab (a rule above it), or a minor fold inside one (Advanced). */
  kind?: "step" | "minor";
  children: React.ReactNode;
}) {
  const styles = useStyles();
  const [open, setOpen] = React.useState(props.defaultOpen ?? true);
  const id = React.useId();
  return (
    <section aria-labelledby={`${id}-title`} className={mergeClasses(styles.fold, props.kind !== "minor" && styles.step)}>
      <h3 className={styles.heading}>
        <Button
          id={`${id}-title`}
          className={styles.title}
          appearance="transparent"
          icon={open ? <ChevronDownRegular /> : <ChevronRightRegular />}
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((o) => !o)}
        >
          {props.title}
        </Button>
      </h3>
      <div id={`${id}-body`} className={mergeClasses(styles.body, !open && styles.folded)} hidden={!open}>
        {props.children}
      </div>
    </section>
  );
}
