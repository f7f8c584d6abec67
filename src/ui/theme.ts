/**
 * The pane's theme: Office's theme (Office.context.officeTheme) mapped to a Fluent UI v9 theme, high contrast when the
 * system forces colours (`forced-colors: active`, e.g. Windows high contrast), and a theme chosen by hand (the
 * preview's switch). One store per page, read by the FluentProvider through usePaneTheme().
 *
 * Order: a chosen theme, else forced colours, else Office's theme, else light (a browser without Office).
 */
import * as React from "react";
import { teamsHighContrastTheme, webDarkTheme, webLightTheme, type Theme } from "@fluentui/react-components";
import { officeTheme, onOfficeThemeChanged, type OfficeGlobals, type OfficeThemeColors } from "../excel";

export type PaneThemeName = "light" | "dark" | "highContrast";

export const PANE_THEMES: Record<PaneThemeName, { label: string; theme: Theme; colorScheme: "light" | "dark" }> = {
  light: { label: "Light", theme: webLightTheme, colorScheme: "light" },
  dark: { label: "Dark", theme: webDarkTheme, colorScheme: "dark" },
  highContrast: { label: "High contrast", theme: teamsHighContrastTheme, colorScheme: "dark" },
};

/** The part of Office.OfficeTheme read here (the Office host adapter in src/excel reads it). */
export type { OfficeThemeColors };

/** Relative luminance (WCAG) of "#rrggbb" or "#rgb", or null when it is not such a colour. */
export function luminance(color: string | undefined): number | null {
  const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color?.trim() ?? "")?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const s = parseInt(full.slice(i, i + 2), 16) / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Light or dark for Office's theme: isDarkTheme when Office gives it (Black and Dark Gray are dark); otherwise dark
 * when the body's text is lighter than its background (Office's older hosts give only the colours).
 */
export function officeThemeName(theme: OfficeThemeColors | null | undefined): "light" | "dark" {
  if (!theme) return "light";
  if (typeof theme.isDarkTheme === "boolean") return theme.isDarkTheme ? "dark" : "light";
  const background = luminance(theme.bodyBackgroundColor);
  if (background === null) return "light";
  const foreground = luminance(theme.bodyForegroundColor);
  return (foreground !== null ? foreground > background : background < 0.18) ? "dark" : "light";
}

/** Where the theme comes from; browserThemeSources() reads the page's Office and matchMedia. */
export interface ThemeSources {
  /** Office's theme now, or undefined outside Office. */
  officeTheme(): OfficeThemeColors | undefined;
  /** Calls back when Office's theme may have changed; returns a function that stops it. */
  watchOfficeTheme(onChange: () => void): () => void;
  /** Whether the system forces colours now. */
  forcedColors(): boolean;
  watchForcedColors(onChange: () => void): () => void;
}

export interface ThemeStore {
  /** The theme the pane shows. */
  current(): PaneThemeName;
  /** The theme chosen by hand, or null when the pane follows Office and the system. */
  chosen(): PaneThemeName | null;
  /** Chooses a theme by hand (null: follow Office and the system again). */
  choose(name: PaneThemeName | null): void;
  subscribe(listener: () => void): () => void;
}

export function createThemeStore(sources: ThemeSources): ThemeStore {
  let chosen: PaneThemeName | null = null;
  const resolve = (): PaneThemeName =>
    chosen ?? (sources.forcedColors() ? "highContrast" : officeThemeName(sources.officeTheme()));
  let current = resolve();
  const listeners = new Set<() => void>();
  const update = () => {
    const next = resolve();
    if (next === current) return;
    current = next;
    listeners.forEach((l) => l());
  };
  // Watching starts with the first subscriber and ends with the last, so a store nobody reads holds no handlers.
  let stopWatching: (() => void) | null = null;
  return {
    current: () => current,
    chosen: () => chosen,
    choose(name) {
      chosen = name;
      update();
    },
    subscribe(listener) {
      listeners.add(listener);
      if (!stopWatching) {
        const stops = [sources.watchOfficeTheme(update), sources.watchForcedColors(update)];
        stopWatching = () => stops.forEach((stop) => stop());
        update(); // anything that changed before the first subscriber
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && stopWatching) {
          stopWatching();
          stopWatching = null;
        }
      };
    },
  };
}

type ThemeGlobals = OfficeGlobals & {
  matchMedia?: (query: string) => MediaQueryList;
  addEventListener?: (type: string, listener: () => void) => void;
  removeEventListener?: (type: string, listener: () => void) => void;
};

/**
 * The page's theme sources. Office's theme change event is documented for Outlook only, so it is registered where
 * the host accepts it (onOfficeThemeChanged ignores a refused or throwing registration), and the theme is read again
 * when the pane regains focus: changing the Office theme (File > Account) takes focus away from the pane.
 */
export function browserThemeSources(global: ThemeGlobals = globalThis as ThemeGlobals): ThemeSources {
  const forcedQuery = global.matchMedia?.("(forced-colors: active)") ?? null;
  return {
    officeTheme: () => officeTheme(global),
    watchOfficeTheme(onChange) {
      const handler = () => onChange();
      const stopOffice = onOfficeThemeChanged(handler, global);
      global.addEventListener?.("focus", handler);
      return () => {
        global.removeEventListener?.("focus", handler);
        stopOffice();
      };
    },
    forcedColors: () => forcedQuery?.matches ?? false,
    watchForcedColors(onChange) {
      forcedQuery?.addEventListener?.("change", onChange);
      return () => forcedQuery?.removeEventListener?.("change", onChange);
    },
  };
}

let pageStore: ThemeStore | null = null;

/** The page's one theme store (the pane's FluentProvider and the preview's switch share it). */
export function paneThemeStore(): ThemeStore {
  pageStore ??= createThemeStore(browserThemeSources());
  return pageStore;
}

/** The theme the pane shows now, following the store. */
export function usePaneTheme(store: ThemeStore = paneThemeStore()): PaneThemeName {
  return React.useSyncExternalStore(store.subscribe, store.current, store.current);
}
