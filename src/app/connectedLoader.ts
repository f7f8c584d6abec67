/**
 * Loads the pane's connected part (./connected: the connection flow, the HTTP API, server state, the tabs) on
 * demand. The first paint leaves it out; the pane fetches it right after (useConnected) or at the first
 * Connect, whichever comes first.
 */
import * as React from "react";

export type ConnectedPart = typeof import("./connected");

let loading: Promise<ConnectedPart> | null = null;

/** The connected part; one fetch, shared. A failed fetch (network) is forgotten, so the next Connect tries again. */
export function loadConnected(): Promise<ConnectedPart> {
  loading ??= import(/* webpackChunkName: "connected" */ "./connected").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The connected part once loaded (null before); starts the fetch after the first paint. */
export function useConnected(): ConnectedPart | null {
  const [part, setPart] = React.useState<ConnectedPart | null>(null);
  React.useEffect(() => {
    let live = true;
    loadConnected().then(
      (module) => live && setPart(module),
      () => undefined, // Connect reports it, and tries again
    );
    return () => {
      live = false;
    };
  }, []);
  return part;
}
