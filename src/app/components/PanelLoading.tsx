/** What a feature tab shows while its panel's chunk loads (tabs.ts), or when that chunk cannot be loaded. */
import * as React from "react";
import { Text } from "@fluentui/react-components";

/** The loading state: a status line (role status: screen readers announce it politely). */
export function PanelLoading({ title }: { title: string }) {
  return <Text role="status">Loading {title}…</Text>;
}

interface BoundaryProps {
  title: string;
  children: React.ReactNode;
}

/**
 * Shows a message when a panel's code cannot be fetched (the server went away, or a new release replaced the hashed
 * chunk files). Any other error is a bug in the panel and is passed on, as before code splitting.
 */
export class PanelLoadBoundary extends React.Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    return (
      <Text role="alert">
        The {this.props.title} tab could not be loaded. Check the connection to the add-in&apos;s server, then close and reopen
        the pane.
      </Text>
    );
  }
}

/** webpack names a failed chunk request ChunkLoadError (a missing file or a network failure). */
function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && error.name === "ChunkLoadError";
}
