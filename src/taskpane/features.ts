/**
 * The feature registry: each feature slice registers one panel; the shell shows them as tabs
 * once a client is connected and chosen.
 *
 * A slice adds its panel in its own module (e.g. src/taskpane/imports/register.ts):
 *   registerFeature({ id: "imports", title: "Imports", order: 10, Panel: ImportsPanel });
 * and adds one import line for that module to ./installedFeatures.ts (imported by mount.tsx).
 */
import type * as React from "react";

export interface Feature {
  /** Stable id, used as the tab value and in test ids. */
  id: string;
  /** Tab label. */
  title: string;
  /** The panel: reads the shell's services with useAppServices(); takes no props. */
  Panel: React.ComponentType;
  /** Tab position, lower first (default 100); ties keep registration order. */
  order?: number;
}

const registry: Feature[] = [];

export function registerFeature(feature: Feature): void {
  if (registry.some((f) => f.id === feature.id)) throw new Error(`A feature with id "${feature.id}" is already registered.`);
  registry.push(feature);
}

/** Registered features in tab order. */
export function listFeatures(): Feature[] {
  return registry
    .map((feature, index) => ({ feature, index }))
    .sort((a, b) => (a.feature.order ?? 100) - (b.feature.order ?? 100) || a.index - b.index)
    .map(({ feature }) => feature);
}
