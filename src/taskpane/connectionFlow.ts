/**
 * Loads the pane's connected part (./connected: the connection flow, the HTTP API, server state, the tabs) on
 * demand. The first paint leaves it out; the pane fetches it right after (useConnectionFlow) or at the first
 * Connect, whichever comes first.
 */
import * as React from "react";

export type ConnectionFlow = typeof import("./connected");

let loading: Promise<ConnectionFlow> | null = null;

/** The flow module; one fetch, shared. A failed fetch (network) is forgotten, so the next Connect tries again. */
export function loadConnectionFlow(): Promise<ConnectionFlow> {
  loading ??= import(/* webpackChunkName: "connected" */ "./connected").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The flow module once loaded (null before); starts the fetch after the first paint. */
export function useConnectionFlow(): ConnectionFlow | null {
  const [flow, setFlow] = React.useState<ConnectionFlow | null>(null);
  React.useEffect(() => {
    let live = true;
    loadConnectionFlow().then(
      (module) => live && setFlow(module),
      () => undefined, // Connect reports it, and tries again
    );
    return () => {
      live = false;
    };
  }, []);
  return flow;
}
