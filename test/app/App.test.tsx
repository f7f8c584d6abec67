/** @jest-environment jsdom */
import * as React from "react";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { computeAccessibleName } from "dom-accessibility-api";
import { App } from "../../src/app/App";
import { useAppServices } from "../../src/ui/context";
import type { PaneTab } from "../../src/app/tabs";
import { createKeyStore } from "../../src/ui/keyStore";
import { functionsConnection } from "../../src/functions/connection";
import { CLIENT_ID_SETTING, FORMULAS_CLIENT_ID_SETTING } from "../../src/ui/flows/clientChoice";
import { CLIENTS, GOOD_KEY, fakeService, settingsOnlyWorkbook } from "../support/fakes";
import "../support/fluentDom";

const ORIGIN = "https://localhost:3000";

// Fluent's MessageBar measures itself; jsdom has no ResizeObserver.
/** A panel that shows what the shell hands it and runs a cancellable task. */
function ProbePanel() {
  const services = useAppServices();
  const [outcome, setOutcome] = React.useState("");
  const start = () =>
    services.progress
      .run("Probe work", (task) => {
        task.update(3, 10, "rows");
        return new Promise<string>((resolve) => task.signal.addEventListener("abort", () => resolve("aborted")));
      })
      .then(setOutcome);
  return (
    <div>
      <p>Probe client {services.clientId}</p>
      <p>Probe clients {services.clients.length}</p>
      <button onClick={start}>Start probe</button>
      <button onClick={() => services.notify("Probe says hello", "success")}>Notify probe</button>
      <p>Outcome {outcome}</p>
    </div>
  );
}
const FEATURES: PaneTab[] = [
  { id: "probe", title: "Probe", Panel: ProbePanel },
  { id: "second", title: "Second", Panel: () => <p>Second panel</p> },
];

function setup(options: { settings?: Record<string, number>; partitionKey?: string } = {}) {
  const service = fakeService();
  const { workbook, settings } = settingsOnlyWorkbook(options.settings);
  const keyStore = createKeyStore({ storage: localStorage, partitionKey: options.partitionKey });
  const user = userEvent.setup();
  const utils = render(
    <App workbook={workbook} keyStore={keyStore} defaultServiceUrl={ORIGIN} createApi={service.createApi} tabs={FEATURES} />,
  );
  return { ...utils, service, settings, keyStore, user };
}

async function connectWith(user: ReturnType<typeof userEvent.setup>, key: string, remember = false) {
  const field = screen.getByLabelText(/^API key/);
  await user.clear(field);
  await user.type(field, key);
  if (remember) await user.click(screen.getByRole("checkbox", { name: /Remember on this computer/ }));
  await user.click(screen.getByRole("button", { name: "Connect" }));
}

describe("task-pane shell: connection and client choice", () => {
  beforeEach(() => localStorage.clear());

  it("connects with GET /clients/ on the page's own origin and lists the clients", async () => {
    const { user, service } = setup();
    await connectWith(user, GOOD_KEY);
    await screen.findByText(/Connected to https:\/\/localhost:3000 · 3 clients/);
    expect(service.calls.map((c) => c.url)).toEqual(["https://localhost:3000/v1/clients/"]);
    const picker = screen.getByRole("combobox", { name: /Client/ });
    const names = within(picker)
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(names).toEqual(["Choose a client…", "Boyne Logistics (3)", "Liffey Engineering Ltd (1)", "Shannon Foods (2)"]);
    // Not remembered: the key stays in memory only.
    expect(localStorage.length).toBe(0);
    expect(screen.getByText("Choose a client to start.")).toBeTruthy();
  });

  it("a wrong key gets a clear message and changes nothing else", async () => {
    const { user, keyStore } = setup();
    await connectWith(user, GOOD_KEY, true);
    await screen.findByText(/3 clients/);
    await user.selectOptions(screen.getByRole("combobox", { name: /Client/ }), "2");
    expect(screen.queryByLabelText(/^API key/)).toBeNull(); // the section folds once a client is chosen
    await user.click(screen.getByRole("button", { name: /Connection:/ }));
    await connectWith(user, "wrong-key");
    expect(await screen.findByText(/did not accept this API key/)).toBeTruthy();
    expect(screen.getByText(/Connected to https:\/\/localhost:3000 · 3 clients/)).toBeTruthy();
    expect((screen.getByRole("combobox", { name: /Client/ }) as HTMLSelectElement).value).toBe("2");
    expect(keyStore.apiKey()).toBe(GOOD_KEY);
    expect(localStorage.getItem("payroll-addin.apiKey")).toBe(GOOD_KEY);
    expect(document.body.textContent).not.toContain("wrong-key");
  });

  it("shows and hides the key with an accessible toggle", async () => {
    const { user } = setup();
    const field = screen.getByLabelText(/^API key/) as HTMLInputElement;
    await user.type(field, "secret");
    expect(field.type).toBe("password");
    await user.click(screen.getByRole("button", { name: "Show API key" }));
    expect(field.type).toBe("text");
    const hide = screen.getByRole("button", { name: "Hide API key" });
    expect(hide.getAttribute("aria-pressed")).toBe("true");
    await user.click(hide);
    expect(field.type).toBe("password");
  });

  it("remembers the key under the partition key, reconnects at start and reselects the workbook's client", async () => {
    const first = setup({ partitionKey: "P1" });
    await connectWith(first.user, GOOD_KEY, true);
    await screen.findByText(/3 clients/);
    await first.user.selectOptions(screen.getByRole("combobox", { name: /Client/ }), "3");
    await waitFor(() => expect(first.settings.get(CLIENT_ID_SETTING)).toBe(3));
    expect(localStorage.getItem("P1payroll-addin.apiKey")).toBe(GOOD_KEY);
    // Nothing but the client ID goes into the workbook (and, once, the client its formulas are linked to).
    await waitFor(() => expect(first.settings.get(FORMULAS_CLIENT_ID_SETTING)).toBe(3));
    expect([...first.settings.entries()]).toEqual([
      [CLIENT_ID_SETTING, 3],
      [FORMULAS_CLIENT_ID_SETTING, 3],
    ]);
    first.unmount();

    const second = setup({ partitionKey: "P1", settings: { [CLIENT_ID_SETTING]: 3 } });
    await screen.findByText("Probe client 3");
    expect(second.service.calls).toHaveLength(1);
    expect((screen.getByRole("combobox", { name: /Client/ }) as HTMLSelectElement).value).toBe("3");
  });

  it("hands the functions the client the workbook's formulas are linked to: the first chosen, kept when the pane switches", async () => {
    const { user, settings } = setup();
    await connectWith(user, GOOD_KEY);
    await screen.findByText(/3 clients/);
    const picker = () => screen.getByRole("combobox", { name: /Client/ }) as HTMLSelectElement;
    await user.selectOptions(picker(), "2");
    await waitFor(() => expect(functionsConnection()?.clientId).toBe(2));
    expect(settings.get(FORMULAS_CLIENT_ID_SETTING)).toBe(2);
    await user.selectOptions(picker(), "1");
    await waitFor(() => expect(settings.get(CLIENT_ID_SETTING)).toBe(1));
    await waitFor(() => expect(picker().value).toBe("1"));
    // The pane is on client 1; a formula without client_id still reads client 2.
    expect(functionsConnection()?.clientId).toBe(2);
    expect(settings.get(FORMULAS_CLIENT_ID_SETTING)).toBe(2);
  });

  it("a workbook reopened with its formulas linked to another client than the pane's keeps them on it", async () => {
    const { user, settings } = setup({ settings: { [CLIENT_ID_SETTING]: 1, [FORMULAS_CLIENT_ID_SETTING]: 2 } });
    await connectWith(user, GOOD_KEY);
    await waitFor(() => expect((screen.getByRole("combobox", { name: /Client/ }) as HTMLSelectElement).value).toBe("1"));
    await waitFor(() => expect(functionsConnection()?.clientId).toBe(2));
    expect(settings.get(FORMULAS_CLIENT_ID_SETTING)).toBe(2);
  });

  it("says when the workbook's client is out of reach for this key", async () => {
    const { user } = setup({ settings: { [CLIENT_ID_SETTING]: 99 } });
    await connectWith(user, GOOD_KEY);
    expect(await screen.findByText(/linked to client 99, which this key cannot reach/)).toBeTruthy();
    expect((screen.getByRole("combobox", { name: /Client/ }) as HTMLSelectElement).value).toBe("");
  });

  it("Forget key removes the key from storage and memory and disconnects", async () => {
    const { user, keyStore } = setup();
    await connectWith(user, GOOD_KEY, true);
    await screen.findByText(/3 clients/);
    await user.click(screen.getByRole("button", { name: "Forget key" }));
    expect(localStorage.length).toBe(0);
    expect(keyStore.apiKey()).toBeNull();
    expect((screen.getByLabelText(/^API key/) as HTMLInputElement).value).toBe("");
    expect(screen.getByText("Not connected")).toBeTruthy();
    expect(screen.getByText(/API key was removed/)).toBeTruthy();
  });

  it("uses a custom service address from the advanced setting and rejects a bad one without a request", async () => {
    const { user, service } = setup();
    await user.click(screen.getByRole("switch", { name: "Use a custom service address" }));
    const url = screen.getByLabelText(/Service base URL/);
    await user.type(url, "https://payroll.example.com/v1");
    await connectWith(user, GOOD_KEY);
    expect(await screen.findByText(/Leave out \/v1/)).toBeTruthy();
    expect(service.calls).toHaveLength(0);
    await user.clear(url);
    await user.type(url, "https://payroll.example.com/");
    await user.click(screen.getByRole("button", { name: "Connect" }));
    await screen.findByText(/Connected to https:\/\/payroll.example.com · 3 clients/);
    expect(service.calls[0].url).toBe("https://payroll.example.com/v1/clients/");
  });

  // Tab order is checked in the real browser (e2e); jsdom's layout-free tabbing is not reliable with Fluent.
  it("is operable from the keyboard: Space ticks Remember, Enter in the key field connects", async () => {
    const { user } = setup();
    screen.getByRole("checkbox", { name: /Remember on this computer/ }).focus();
    await user.keyboard(" ");
    screen.getByLabelText(/^API key/).focus();
    await user.keyboard(`${GOOD_KEY}{Enter}`);
    await screen.findByText(/3 clients/);
    expect(localStorage.getItem("payroll-addin.apiKey")).toBe(GOOD_KEY);
  });

  it("gives every control an accessible name", async () => {
    const { user } = setup();
    const named = () => {
      const controls = Array.from(document.querySelectorAll("input, button, select, textarea, [role=tab]"));
      for (const control of controls) expect(computeAccessibleName(control).trim()).not.toBe("");
      return controls.length;
    };
    await user.click(screen.getByRole("switch", { name: "Use a custom service address" }));
    expect(named()).toBeGreaterThan(6);
    await user.click(screen.getByRole("switch", { name: "Use a custom service address" }));
    await connectWith(user, GOOD_KEY);
    await screen.findByText(/3 clients/);
    await user.selectOptions(screen.getByRole("combobox", { name: /Client/ }), "1");
    expect(named()).toBeGreaterThan(4);
  });
});

describe("task-pane shell: feature panels, services, progress", () => {
  beforeEach(() => localStorage.clear());

  it("shows the registered panels as tabs once a client is chosen, with the services", async () => {
    const { user } = setup();
    expect(screen.queryByRole("tab")).toBeNull();
    await connectWith(user, GOOD_KEY);
    await screen.findByText(/3 clients/);
    expect(screen.queryByRole("tab")).toBeNull();
    await user.selectOptions(screen.getByRole("combobox", { name: /Client/ }), "1");
    expect(screen.getAllByRole("tab").map((t) => computeAccessibleName(t))).toEqual(["Probe", "Second"]);
    expect(screen.getByText("Probe client 1")).toBeTruthy();
    expect(screen.getByText(`Probe clients ${CLIENTS.length}`)).toBeTruthy();
    await user.click(screen.getByRole("tab", { name: "Second" }));
    expect(screen.getByText("Second panel")).toBeTruthy();
    expect(screen.getByText("Probe client 1").closest("[role=tabpanel]")?.hasAttribute("hidden")).toBe(true);
  });

  it("runs long work with counts and a Cancel button that aborts the task's signal", async () => {
    const { user } = setup();
    await connectWith(user, GOOD_KEY);
    await screen.findByText(/3 clients/);
    await user.selectOptions(screen.getByRole("combobox", { name: /Client/ }), "1");
    await user.click(screen.getByRole("button", { name: "Start probe" }));
    expect(await screen.findByText(/3 of 10 · rows/)).toBeTruthy();
    expect((screen.getByRole("combobox", { name: /Client/ }) as HTMLSelectElement).disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "Cancel Probe work" }));
    expect(await screen.findByText("Outcome aborted")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cancel Probe work" })).toBeNull();
  });

  it("notify() shows a dismissible message", async () => {
    const { user } = setup();
    await connectWith(user, GOOD_KEY);
    await screen.findByText(/3 clients/);
    await user.selectOptions(screen.getByRole("combobox", { name: /Client/ }), "1");
    await user.click(screen.getByRole("button", { name: "Notify probe" }));
    expect(screen.getByText("Probe says hello")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Dismiss message" }));
    expect(screen.queryByText("Probe says hello")).toBeNull();
    await act(async () => undefined);
  });
});
