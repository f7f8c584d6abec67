/** @jest-environment jsdom */
/**
 * The HTTP budget of the pane, counted by route: reads follow what is on screen.
 * - Choosing a client costs no request: the client list came with Connect, and Imports (the first tab, open at once)
 *   shows only buttons, which read fresh when pressed. Above all no employee list with payslips and no calculations.
 * - Opening Input sheets reads its pickers' four lists once; switching away and back, or choosing another client and
 *   coming back, costs nothing (react-query's cache, 5 min). Building a sheet then reuses them: four requests in all,
 *   each list once; after a write through the connection the next build reads the employees with their payslips and
 *   the calculations again.
 * - A panel mounts when its tab is first opened, then stays; the lists several of them show (waves,
 *   items_and_outputs, the employee list) are read once, through the shell's shared reads. A new wave reads the waves
 *   list once more, and nothing else; another client reads afresh.
 */
import * as React from "react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PayrollApi, type FetchLike } from "../../src/api";
import { createOfficeWorkbook, type WorkbookPort } from "../../src/excel";
import { createPreviewWorkbook, installPreviewExcel } from "../../src/emulator";
import { App } from "../../src/app/App";
import { TABS } from "../../src/app/tabs";
import { createKeyStore } from "../../src/ui/keyStore";
import { ITEMS, calc, employee, payslip, wave } from "../support/fixtures";
import { CLIENTS, GOOD_KEY, jsonResponse, settingsOnlyWorkbook } from "../support/fakes";
import "../support/fluentDom";

// Each case connects, chooses clients and opens all eight lazy tabs in jsdom: about 3 s alone, 30 s at load 10 on
// 2 cores. The budget is for counting requests, not for speed (60 s: the unit suite's ceiling for any test).
jest.setTimeout(60_000);

/** A service answering the reads the panels make on mount, and wave creation; records "METHOD path?query". */
function fakeService() {
  const sent: string[] = [];
  const waves = [{ wave: wave(1, "Monthly") }];
  const fetch: FetchLike = async (url, init) => {
    const { pathname, search } = new URL(url);
    const path = pathname.replace(/^\/v1/, "");
    const method = init.method ?? "GET";
    sent.push(`${method} ${path}${decodeURIComponent(search)}`);
    if (path === "/clients/") return jsonResponse(CLIENTS.map((client) => ({ client })));
    const match = /^\/clients\/(\d+)\/(\w+)$/.exec(path);
    if (!match) return jsonResponse({ message: "Not found" }, 404);
    const [, , list] = match;
    if (list === "waves" && method === "POST") {
      waves.push({ wave: wave(9, "Monthly", "Month end") });
      return jsonResponse({ message: "Payment frequency created", id: 9 });
    }
    if (list === "bulk_input" && method === "POST") return jsonResponse([{ id: "7", success: "true", message: "Updated" }]);
    const bodies: Record<string, unknown> = {
      waves,
      // One employee of wave 1 with a payslip on 31/01/2026, on a basic salary: enough for a sheet of one row.
      employees: [{ employee: employee(7, { recent_payslips: [payslip(70, "2026-01-31")] }) }],
      items_and_outputs: ITEMS,
      calculations: [
        calc({ calculation_id: "basic_salary", inputs: { amount: 0 } }),
        calc({ id: 2, employee_id: 7, calculation_id: "basic_salary", inputs: { amount: 2500 } }),
      ],
      payment_runs: [],
      leave_types: { "1": "Annual leave" },
    };
    return list in bodies ? jsonResponse(bodies[list]) : jsonResponse({ message: "Not found" }, 404);
  };
  return { sent, fetch };
}

/** How many of each request since `from`, e.g. { "GET /clients/1/waves": 1 }. */
function tally(sent: readonly string[], from = 0): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of sent.slice(from)) counts[r] = (counts[r] ?? 0) + 1;
  return counts;
}

/** Waits until no request has gone for a while: nothing more is coming that the panels would ask for at once. */
async function settled(sent: readonly string[]) {
  let seen = -1;
  while (seen !== sent.length) {
    seen = sent.length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  }
}

/**
 * Waits for exactly these requests since `from`, then until no more come; a request more, or one missing, fails.
 * The wait is for a state: at load 25 the panels render seconds apart, so a quiet 100 ms alone (settled) can come
 * before a read that is still to be asked for.
 */
async function expectRequests(sent: readonly string[], from: number, expected: Record<string, number>) {
  await waitFor(() => expect(tally(sent, from)).toEqual(expected));
  await settled(sent);
  expect(tally(sent, from)).toEqual(expected);
}

const MOUNT_READS = (id: number) => ({
  [`GET /clients/${id}/waves`]: 1,
  [`GET /clients/${id}/items_and_outputs`]: 1,
  [`GET /clients/${id}/employees`]: 1,
  [`GET /clients/${id}/employees?include=service_periods,recent_payslips`]: 1,
  [`GET /clients/${id}/calculations`]: 1,
  [`GET /clients/${id}/payment_runs`]: 1,
});

/** Opens every feature tab once, so that every panel is mounted (each loads when its tab is first opened). */
async function openEveryTab() {
  for (const tab of TABS) fireEvent.click(await screen.findByRole("tab", { name: tab.title }));
}

/** A workbook for the shell alone: settings, no sheets. */
function shellWorkbook(): WorkbookPort {
  const { workbook } = settingsOnlyWorkbook();
  workbook.listSheets = async () => [];
  workbook.activeSheetName = async () => "";
  return workbook;
}

async function connectAndChoose(
  service: ReturnType<typeof fakeService>,
  clientId: number,
  { everyTab = true, workbook = shellWorkbook(), onApi = (_api: PayrollApi) => undefined } = {},
) {
  const user = userEvent.setup();
  render(
    <App
      workbook={workbook}
      keyStore={createKeyStore({ storage: localStorage })}
      defaultServiceUrl="https://localhost:3000"
      createApi={({ baseUrl, apiKey }) => {
        const api = new PayrollApi({
          baseUrl,
          apiKey,
          fetch: service.fetch,
          maxRetries: 0,
          requestsPerSecond: 0,
          maxConcurrent: 0,
        });
        onApi(api);
        return api;
      }}
    />,
  );
  // Pasted, as a person enters a key: typing it renders the pane once per character (most of this file's time).
  await user.click(screen.getByLabelText(/^API key/));
  await user.paste(GOOD_KEY);
  await user.click(screen.getByRole("button", { name: "Connect" }));
  await screen.findByText(/3 clients/);
  const before = service.sent.length;
  await user.selectOptions(screen.getByRole("combobox", { name: /Client/ }), String(clientId));
  if (everyTab) {
    await openEveryTab();
    await expectRequests(service.sent, before, MOUNT_READS(clientId));
  } else {
    await screen.findByRole("button", { name: "Import employees" });
    await settled(service.sent);
  }
  return { user, before };
}

/** Requests whose route matches, e.g. every read of the employee list with payslips, whatever its other includes. */
const matching = (counts: Record<string, number>, route: RegExp) =>
  Object.entries(counts)
    .filter(([request]) => route.test(request))
    .reduce((n, [, count]) => n + count, 0);
const WITH_PAYSLIPS = /^GET \/clients\/\d+\/employees\?include=.*recent_payslips/;
const CALCULATIONS = /^GET \/clients\/\d+\/calculations/;

/** The Input sheets pickers' lists: waves, periods (employees with their payslips), inputs (calculations, items). */
const INPUT_CHOICES = (id: number) => ({
  [`GET /clients/${id}/waves`]: 1,
  [`GET /clients/${id}/items_and_outputs`]: 1,
  [`GET /clients/${id}/employees?include=service_periods,recent_payslips`]: 1,
  [`GET /clients/${id}/calculations`]: 1,
});

describe("reads follow what is on screen", () => {
  beforeEach(() => localStorage.clear());

  it("choosing a client costs no request; Imports, open at once, reads nothing until a button is pressed", async () => {
    const service = fakeService();
    const { before } = await connectAndChoose(service, 1, { everyTab: false });
    const counts = tally(service.sent, before);
    expect(matching(counts, WITH_PAYSLIPS)).toBe(0);
    expect(matching(counts, CALCULATIONS)).toBe(0);
    expect(counts).toEqual({});
    // Connect itself read the client list, once.
    expect(tally(service.sent)).toEqual({ "GET /clients/": 1 });
  });

  it("opening Input sheets reads its pickers' lists once; opening it again costs nothing", async () => {
    const service = fakeService();
    const { user } = await connectAndChoose(service, 1, { everyTab: false });
    let mark = service.sent.length;
    await user.click(screen.getByRole("tab", { name: "Input sheets" }));
    await screen.findByRole("combobox", { name: /Wave/ });
    await expectRequests(service.sent, mark, INPUT_CHOICES(1));

    mark = service.sent.length;
    await user.click(screen.getByRole("tab", { name: "Imports" }));
    await user.click(screen.getByRole("tab", { name: "Input sheets" }));
    await expectRequests(service.sent, mark, {});

    // Another client remounts the panels on the tab the user was on, which reads that client's lists once; coming
    // back to the first within the cache's time reads nothing again.
    await user.selectOptions(screen.getByRole("combobox", { name: /Client/ }), "2");
    await screen.findByRole("combobox", { name: /Wave/ });
    await expectRequests(service.sent, mark, INPUT_CHOICES(2));
    mark = service.sent.length;
    await user.selectOptions(screen.getByRole("combobox", { name: /Client/ }), "1");
    expect((await screen.findByRole("tab", { name: "Input sheets" })).getAttribute("aria-selected")).toBe("true");
    await screen.findByRole("combobox", { name: /Wave/ });
    await expectRequests(service.sent, mark, {});

    // Reload choices reads the four lists again, once.
    mark = service.sent.length;
    await user.click(screen.getByRole("button", { name: "Reload choices" }));
    await expectRequests(service.sent, mark, INPUT_CHOICES(1));
  });
});

describe("Input sheets: opening the tab and building a sheet", () => {
  beforeEach(() => localStorage.clear());

  it("reads each list once (four requests), again only the two a write may change after one", async () => {
    installPreviewExcel(globalThis, createPreviewWorkbook());
    const service = fakeService();
    let api: PayrollApi | null = null;
    const { user } = await connectAndChoose(service, 1, {
      everyTab: false,
      workbook: createOfficeWorkbook(),
      onApi: (a) => void (api = a),
    });
    const mark = service.sent.length;
    await user.click(screen.getByRole("tab", { name: "Input sheets" }));
    // Waits for the pickers (a state, not a speed: a generous ceiling for a loaded machine).
    await user.click(await screen.findByRole("checkbox", { name: /Basic salary/ }));
    // The outcome of each build is a new sentence (the previous one goes when the build starts).
    const build = async () => {
      const before = screen.queryByText(/built: 1 employee\./);
      await user.click(screen.getByRole("button", { name: "New input sheet" }));
      await waitFor(() => expect(screen.getByText(/built: 1 employee\./)).not.toBe(before));
      await settled(service.sent);
    };
    await build();
    const opened = tally(service.sent, mark);
    expect(opened).toEqual(INPUT_CHOICES(1));
    expect(Object.values(opened).reduce((a, b) => a + b)).toBeLessThanOrEqual(4);
    expect(matching(opened, WITH_PAYSLIPS)).toBe(1);
    expect(matching(opened, CALCULATIONS)).toBe(1);

    // Opening the tab again, and building again, cost nothing while the lists are fresh.
    let since = service.sent.length;
    await user.click(screen.getByRole("tab", { name: "Imports" }));
    await user.click(screen.getByRole("tab", { name: "Input sheets" }));
    await settled(service.sent);
    await build();
    expect(tally(service.sent, since)).toEqual({});

    // A write through the connection (what a push sends) reads only one employee's payslips, a second later (is the
    // chosen period finalised now? the picker's question, features/inputSheets/flows/periodProbe), not the lists; the
    // next build reads the employees with their payslips and the calculations again, once each, and not the waves or
    // items_and_outputs.
    since = service.sent.length;
    await act(
      async () =>
        void (await api!.bulkInput(1, [{ id: "7", payslip_date: "2026-01-31", attributes: { basic_salary: { amount: 2600 } } }])),
    );
    await expectRequests(service.sent, since, { "POST /clients/1/bulk_input": 1, "GET /employees/7/payslips": 1 });
    since = service.sent.length;
    await build();
    expect(tally(service.sent, since)).toEqual({
      "GET /clients/1/employees?include=service_periods,recent_payslips": 1,
      "GET /clients/1/calculations": 1,
    });
  });
});

describe("choosing a client: the panels' HTTP budget", () => {
  beforeEach(() => localStorage.clear());

  it("reads waves, items_and_outputs and the employee list once for all eight panels (Month end reads nothing until pressed)", async () => {
    const service = fakeService();
    const { before } = await connectAndChoose(service, 1);
    expect(TABS.length).toBe(8);
    expect(tally(service.sent, before)).toEqual(MOUNT_READS(1));
  });

  it("a new wave reads the waves list once more for every panel", async () => {
    const service = fakeService();
    const { user } = await connectAndChoose(service, 1);
    await user.click(screen.getByRole("tab", { name: "Employees" }));
    fireEvent.change(screen.getByLabelText("First period end date"), { target: { value: "2026-01-31" } });
    await user.type(screen.getByLabelText("Last day of month (1–31)"), "31");
    const mark = service.sent.length;
    await user.click(screen.getByRole("button", { name: "Create payment frequency" }));
    await screen.findByText(/Payment frequency created \(wave 9\)/);
    // The Input sheets panel offers the new wave too, from the waves list alone: a new wave changes neither the
    // employees with their payslips (the periods) nor the calculations, so they are not read again.
    await expectRequests(service.sent, mark, { "POST /clients/1/waves": 1, "GET /clients/1/waves": 1 });
    const inputSheets = within(document.getElementById("panel-input-sheets")!);
    expect(
      within(inputSheets.getByRole("combobox", { name: /Wave/, hidden: true })).getByRole("option", {
        name: "Month end",
        hidden: true,
      }),
    ).toBeTruthy();
  });

  // Its own test, and the first client with only the Input sheets panel mounted (the one that reads every list), so
  // that it stays inside the unit suite's 60 s under load: all eight panels for both clients took over 60 s at load 13.
  it("another client reads its own lists once", async () => {
    const service = fakeService();
    const { user } = await connectAndChoose(service, 1, { everyTab: false });
    await user.click(screen.getByRole("tab", { name: "Input sheets" }));
    await screen.findByRole("combobox", { name: /Wave/ });
    await expectRequests(service.sent, 0, { "GET /clients/": 1, ...INPUT_CHOICES(1) });
    const mark = service.sent.length;
    await user.selectOptions(screen.getByRole("combobox", { name: /Client/ }), "2");
    await openEveryTab();
    await expectRequests(service.sent, mark, MOUNT_READS(2));
  });
});
