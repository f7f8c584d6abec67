/** @jest-environment jsdom */
import { webDarkTheme, webLightTheme, teamsHighContrastTheme } from "@fluentui/react-components";
import {
  PANE_THEMES,
  browserThemeSources,
  createThemeStore,
  luminance,
  officeThemeName,
  type OfficeThemeColors,
  type ThemeSources,
} from "../../src/ui/theme";

/** Colours Office reports for its themes (body background and text). */
const WHITE = { bodyBackgroundColor: "#FFFFFF", bodyForegroundColor: "#000000" };
const COLORFUL = { bodyBackgroundColor: "#F3F2F1", bodyForegroundColor: "#262626" };
const DARK_GRAY = { bodyBackgroundColor: "#666666", bodyForegroundColor: "#FFFFFF" };
const BLACK = { bodyBackgroundColor: "#262626", bodyForegroundColor: "#FFFFFF" };

describe("officeThemeName", () => {
  it("maps Office's themes by their colours when isDarkTheme is missing", () => {
    expect(officeThemeName(WHITE)).toBe("light");
    expect(officeThemeName(COLORFUL)).toBe("light");
    expect(officeThemeName(DARK_GRAY)).toBe("dark");
    expect(officeThemeName(BLACK)).toBe("dark");
  });

  it("takes isDarkTheme when Office gives it", () => {
    expect(officeThemeName({ ...WHITE, isDarkTheme: true })).toBe("dark");
    expect(officeThemeName({ ...BLACK, isDarkTheme: false })).toBe("light");
  });

  it("judges by the background alone when there is no text colour, and is light without a usable colour", () => {
    expect(officeThemeName({ bodyBackgroundColor: "#1b1b1b" })).toBe("dark");
    expect(officeThemeName({ bodyBackgroundColor: "#fff" })).toBe("light");
    expect(officeThemeName({ bodyBackgroundColor: "not a colour" })).toBe("light");
    expect(officeThemeName(undefined)).toBe("light");
  });

  it("computes WCAG relative luminance", () => {
    expect(luminance("#000000")).toBe(0);
    expect(luminance("#FFF")).toBeCloseTo(1);
    expect(luminance("#777777")).toBeCloseTo(0.184, 3);
    expect(luminance("rgb(0,0,0)")).toBeNull();
  });

  it("pairs each name with Fluent's theme", () => {
    expect(PANE_THEMES.light.theme).toBe(webLightTheme);
    expect(PANE_THEMES.dark.theme).toBe(webDarkTheme);
    expect(PANE_THEMES.highContrast.theme).toBe(teamsHighContrastTheme);
  });
});

/** Sources whose Office theme and forced colours the test sets, counting who watches. */
function fakeSources(initial: OfficeThemeColors | undefined) {
  let theme = initial;
  let forced = false;
  const officeWatchers = new Set<() => void>();
  const forcedWatchers = new Set<() => void>();
  const sources: ThemeSources = {
    officeTheme: () => theme,
    watchOfficeTheme: (fn) => (officeWatchers.add(fn), () => officeWatchers.delete(fn)),
    forcedColors: () => forced,
    watchForcedColors: (fn) => (forcedWatchers.add(fn), () => forcedWatchers.delete(fn)),
  };
  return {
    sources,
    officeWatchers,
    setOffice(next: OfficeThemeColors) {
      theme = next;
      officeWatchers.forEach((fn) => fn());
    },
    setForced(next: boolean) {
      forced = next;
      forcedWatchers.forEach((fn) => fn());
    },
  };
}

describe("createThemeStore", () => {
  it("follows Office's theme and tells subscribers when it changes", () => {
    const fake = fakeSources(WHITE);
    const store = createThemeStore(fake.sources);
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.current()));
    expect(store.current()).toBe("light");
    fake.setOffice(BLACK);
    fake.setOffice({ ...BLACK, bodyForegroundColor: "#EEEEEE" }); // still dark: no second call
    fake.setOffice(COLORFUL);
    expect(seen).toEqual(["dark", "light"]);
  });

  it("puts forced colours over Office's theme, and a chosen theme over both", () => {
    const fake = fakeSources(BLACK);
    const store = createThemeStore(fake.sources);
    store.subscribe(() => undefined);
    fake.setForced(true);
    expect(store.current()).toBe("highContrast");
    store.choose("light");
    expect([store.current(), store.chosen()]).toEqual(["light", "light"]);
    store.choose(null);
    expect([store.current(), store.chosen()]).toEqual(["highContrast", null]);
    fake.setForced(false);
    expect(store.current()).toBe("dark");
  });

  it("watches only while someone subscribes, and picks up a change made before the first subscriber", () => {
    const fake = fakeSources(WHITE);
    const store = createThemeStore(fake.sources);
    fake.setOffice(DARK_GRAY);
    expect(fake.officeWatchers.size).toBe(0);
    const stopA = store.subscribe(() => undefined);
    const stopB = store.subscribe(() => undefined);
    expect(store.current()).toBe("dark");
    expect(fake.officeWatchers.size).toBe(1);
    stopA();
    expect(fake.officeWatchers.size).toBe(1);
    stopB();
    expect(fake.officeWatchers.size).toBe(0);
  });
});

describe("browserThemeSources", () => {
  function fakeMedia(matches: boolean) {
    const listeners = new Set<() => void>();
    const query = {
      matches,
      addEventListener: (_: string, fn: () => void) => listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    };
    return { query, listeners, matchMedia: jest.fn(() => query as unknown as MediaQueryList) };
  }

  it("reads Office.context.officeTheme and registers for OfficeThemeChanged where the host has it", () => {
    const handlers: (() => void)[] = [];
    const removed: unknown[] = [];
    const Office = {
      context: {
        officeTheme: BLACK as OfficeThemeColors,
        document: {
          addHandlerAsync: (type: unknown, handler: () => void, done?: (r: { status: string }) => void) => {
            expect(type).toBe("officeThemeChanged");
            handlers.push(handler);
            done?.({ status: "succeeded" });
          },
          removeHandlerAsync: (type: unknown) => removed.push(type),
        },
      },
      EventType: { OfficeThemeChanged: "officeThemeChanged" },
    };
    const media = fakeMedia(false);
    const sources = browserThemeSources({
      Office,
      matchMedia: media.matchMedia,
      addEventListener() {},
      removeEventListener() {},
    });
    expect(media.matchMedia).toHaveBeenCalledWith("(forced-colors: active)");
    const store = createThemeStore(sources);
    const stop = store.subscribe(() => undefined);
    expect(store.current()).toBe("dark");
    Office.context.officeTheme = WHITE;
    handlers.forEach((h) => h());
    expect(store.current()).toBe("light");
    stop();
    expect(removed).toEqual(["officeThemeChanged"]);
  });

  it("survives a host that throws on the registration, and re-reads the theme when the pane regains focus", () => {
    const Office = {
      context: {
        officeTheme: WHITE as OfficeThemeColors,
        document: {
          addHandlerAsync: () => {
            throw new Error("Event type not supported");
          },
        },
      },
      EventType: { OfficeThemeChanged: "officeThemeChanged" },
    };
    const store = createThemeStore(
      browserThemeSources({
        Office,
        addEventListener: window.addEventListener.bind(window),
        removeEventListener: window.removeEventListener.bind(window),
      }),
    );
    store.subscribe(() => undefined);
    Office.context.officeTheme = DARK_GRAY;
    expect(store.current()).toBe("light");
    window.dispatchEvent(new Event("focus"));
    expect(store.current()).toBe("dark");
  });

  it("is high contrast when the system forces colours, following the media query's changes; light without Office", () => {
    const media = fakeMedia(true);
    const store = createThemeStore(browserThemeSources({ matchMedia: media.matchMedia }));
    const stop = store.subscribe(() => undefined);
    expect(store.current()).toBe("highContrast");
    media.query.matches = false;
    media.listeners.forEach((fn) => fn());
    expect(store.current()).toBe("light");
    stop();
    expect(media.listeners.size).toBe(0);
  });

  it("treats an Office whose context throws (before onReady) as no Office", () => {
    const Office = {
      get context(): never {
        throw new Error("Office.js has not been initialized");
      },
    };
    expect(browserThemeSources({ Office } as never).officeTheme()).toBeUndefined();
  });
});
