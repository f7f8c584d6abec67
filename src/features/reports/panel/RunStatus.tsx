/** The running report's status line and its elapsed time, ticking every second. */
import * as React from "react";
import { Text } from "@fluentui/react-components";

export interface RunningReport {
  label: string;
  startedAt: number;
  status: string;
}

export function RunStatus({ running }: { running: RunningReport }) {
  const [now, setNow] = React.useState(() => Date.now());
  React.useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div>
      <Text block aria-live="polite">
        {running.status}
      </Text>
      <Text block role="timer" aria-label="Elapsed time">
        {`Elapsed ${formatElapsed(now - running.startedAt)}`}
      </Text>
    </div>
  );
}

/** 75 000 ms → "1:15". */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}
