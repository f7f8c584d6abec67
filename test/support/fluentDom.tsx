/**
 * jsdom set-up shared by the component tests: Fluent UI v9 measures with ResizeObserver, which jsdom lacks,
 * and renders inside a FluentProvider. Importing this module installs the stub and patient findBy and waitFor.
 */
import * as React from "react";
import { render } from "@testing-library/react";
import { computeAccessibleName } from "dom-accessibility-api";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";

// Panels load their code and lists when first opened: patient findBy and waitFor (see patientWaits.ts).
import "./patientWaits";

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

export const renderInFluent = (ui: React.ReactElement) => render(<FluentProvider theme={webLightTheme}>{ui}</FluentProvider>);

/** Every interactive control in `container` has an accessible name. */
export function expectAllLabelled(container: HTMLElement) {
  const controls = container.querySelectorAll("button, input, select, textarea, [role=checkbox], [role=radio], [role=combobox]");
  expect(controls.length).toBeGreaterThan(0);
  // Fluent's hidden "Clear selection" button carries its name in aria-label, which the name computation skips while hidden.
  const name = (c: Element) => computeAccessibleName(c).trim() || (c.getAttribute("aria-label") ?? "").trim();
  const unnamed = Array.from(controls)
    .filter((c) => name(c) === "")
    .map((c) => c.outerHTML.slice(0, 160));
  expect(unnamed).toEqual([]);
}
