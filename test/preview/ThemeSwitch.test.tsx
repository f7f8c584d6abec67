/** @jest-environment jsdom */
import * as React from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ThemeSwitch } from "../../src/preview/ThemeSwitch";
import { createThemeStore } from "../../src/ui/theme";

describe("the preview's theme switch", () => {
  it("chooses the pane's theme through the theme store, and follows Office again", async () => {
    const store = createThemeStore({
      officeTheme: () => undefined,
      watchOfficeTheme: () => () => undefined,
      forcedColors: () => false,
      watchForcedColors: () => () => undefined,
    });
    render(<ThemeSwitch store={store} />);
    const select = screen.getByRole("combobox", { name: "Pane theme" }) as HTMLSelectElement;
    expect([select.value, store.current()]).toEqual(["follow", "light"]);
    await userEvent.selectOptions(select, "High contrast");
    expect([store.chosen(), store.current(), select.value]).toEqual(["highContrast", "highContrast", "highContrast"]);
    await userEvent.selectOptions(select, "Dark");
    expect(store.current()).toBe("dark");
    await userEvent.selectOptions(select, "Follow Office and the system");
    expect([store.chosen(), store.current(), select.value]).toEqual([null, "light", "follow"]);
  });
});
