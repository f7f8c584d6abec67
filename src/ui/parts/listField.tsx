/** What a picker of a loaded list says about the list: loading, empty, or failed with a retry. */
import { Button } from "@fluentui/react-components";
import type { ListStatus } from "../serverState";
import { usePartStyles } from "./styles";

/** The hint or error a picker's Field shows for its list's status; `empty` when the loaded list is empty. */
export function listFieldState(status: ListStatus | undefined, what: string, empty: string | null) {
  if (status?.error)
    return { validationState: "error" as const, validationMessage: `Could not load the ${what}: ${status.error}` };
  if (status?.loading) return { hint: `Loading ${what}…` };
  return empty ? { hint: empty } : {};
}

/** "Try again" for a list that failed to load. */
export function RetryList({ status, what, disabled }: { status?: ListStatus; what: string; disabled?: boolean }) {
  const styles = usePartStyles();
  if (!status?.error || !status.onRetry) return null;
  return (
    <Button className={styles.action} size="small" disabled={disabled} onClick={status.onRetry}>
      {`Load the ${what} again`}
    </Button>
  );
}
