import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles, tokens } from "@fluentui/react-components";
import { DismissRegular } from "@fluentui/react-icons";
import type { NotifyIntent } from "../../ui/services";

export interface Notice {
  id: number;
  message: string;
  intent: NotifyIntent;
}

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
});

export interface NotificationsProps {
  notices: Notice[];
  onDismiss(id: number): void;
}

/** Messages from notify(): newest first, each dismissible; errors are announced assertively. */
export function Notifications({ notices, onDismiss }: NotificationsProps) {
  const styles = useStyles();
  return (
    <div className={styles.root} aria-live="polite">
      {[...notices].reverse().map((notice) => (
        <MessageBar key={notice.id} intent={notice.intent} role={notice.intent === "error" ? "alert" : "status"}>
          <MessageBarBody>{notice.message}</MessageBarBody>
          <MessageBarActions
            containerAction={
              <Button
                appearance="transparent"
                icon={<DismissRegular />}
                aria-label="Dismiss message"
                onClick={() => onDismiss(notice.id)}
              />
            }
          />
        </MessageBar>
      ))}
    </div>
  );
}
