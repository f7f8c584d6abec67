/**
 * The preview's theme switch: shows the pane in each theme it can take in Office (light, dark, high contrast), or
 * lets it follow Office and the system again. It sets the pane's theme through the pane's own theme store.
 */
import * as React from "react";
import { PANE_THEMES, paneThemeStore, usePaneTheme, type PaneThemeName, type ThemeStore } from "../ui/theme";

const FOLLOW = "follow";

export function ThemeSwitch({ store = paneThemeStore() }: { store?: ThemeStore }) {
  usePaneTheme(store); // re-render when the choice changes
  const id = React.useId();
  const value = store.chosen() ?? FOLLOW;
  return (
    <span className="theme-switch">
      <label htmlFor={id}>Pane theme</label>{" "}
      <select
        id={id}
        value={value}
        onChange={(e) => store.choose(e.target.value === FOLLOW ? null : (e.target.value as PaneThemeName))}
      >
        <option value={FOLLOW}>Follow Office and the system</option>
        {(Object.keys(PANE_THEMES) as PaneThemeName[]).map((name) => (
          <option key={name} value={name}>
            {PANE_THEMES[name].label}
          </option>
        ))}
      </select>
    </span>
  );
}
