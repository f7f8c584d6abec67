/**
 * The preview grid (WorkbookView) on a large imported sheet, rendered by React into jsdom with a measured
 * viewport of 1200 x 800 px: mount time, cells in the page, and the time per scroll step and per key press
 * (React render + DOM work; a browser adds layout and paint). Prints figures; asserts nothing.
 *   npx tsx scripts/bench-grid.ts [rows] [columns]
 */
import { JSDOM } from "jsdom";

const rows = Number(process.argv[2] ?? 10_000);
const cols = Number(process.argv[3] ?? 20);
const VIEW = { width: 1200, height: 800 };

// A browser-like global scope before React and Fluent UI load (as jest-environment-jsdom does).
const dom = new JSDOM("<!doctype html><html><body><div id=root style='height:800px'></div></body></html>", {
  pretendToBeVisual: true,
  url: "http://localhost/",
});
const g = globalThis as Record<string, unknown>;
const win = dom.window as unknown as Record<string, unknown>;
for (const key of Object.getOwnPropertyNames(win)) if (!(key in g)) g[key] = win[key];
// Node has its own Event classes; the DOM's must win (Fluent UI dispatches CustomEvents on DOM nodes).
for (const key of ["Event", "EventTarget", "CustomEvent", "KeyboardEvent", "FocusEvent", "MouseEvent"]) g[key] = win[key];
g.window = dom.window;
g.document = dom.window.document;
g.IS_REACT_ACT_ENVIRONMENT = true;
g.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Object.defineProperty(dom.window.HTMLElement.prototype, "clientHeight", { get: () => VIEW.height });
Object.defineProperty(dom.window.HTMLElement.prototype, "clientWidth", { get: () => VIEW.width });

async function main(): Promise<void> {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const React = require("react") as typeof import("react");
  const { createRoot } = require("react-dom/client") as typeof import("react-dom/client");
  const { FluentProvider, webLightTheme } = require("@fluentui/react-components") as typeof import("@fluentui/react-components");
  const { createOfficeWorkbook } = require("../src/excel") as typeof import("../src/excel");
  const { installPreviewExcel } = require("../src/emulator") as typeof import("../src/emulator");
  const { WorkbookView } = require("../src/preview") as typeof import("../src/preview");
  /* eslint-enable @typescript-eslint/no-require-imports */
  const act = React.act as (fn: () => unknown) => Promise<void>;

  const columns = Array.from({ length: cols }, (_, k) => ({
    key: `c${k}`,
    header: `Column ${k}`,
    type: (["integer", "text", "date", "currency"] as const)[k % 4],
  }));
  const data = Array.from({ length: rows }, (_, i) =>
    columns.map((c, k) =>
      c.type === "integer"
        ? i
        : c.type === "text"
          ? `Employee ${i} field ${k} Ó Briain`
          : c.type === "date"
            ? "2025-01-31"
            : i * 1.25,
    ),
  );
  const wb = installPreviewExcel(globalThis);
  await createOfficeWorkbook().writeTable({ sheetName: "Big", tableName: "Big", columns, rows: data });
  console.log(`rows ${rows}, columns ${cols}, viewport ${VIEW.width} x ${VIEW.height} px (jsdom)`);

  const container = document.getElementById("root")!;
  const root = createRoot(container);
  let t0 = performance.now();
  await act(() =>
    root.render(
      React.createElement(FluentProvider, { theme: webLightTheme }, React.createElement(WorkbookView, { workbook: wb })),
    ),
  );
  const grid = container.querySelector<HTMLElement>("[role=grid]")!;
  const cellsInPage = () => grid.querySelectorAll("[role=gridcell]").length;
  line("mount", performance.now() - t0, `${cellsInPage()} cells in the page`);

  async function perStep(name: string, steps: number, step: (i: number) => void): Promise<void> {
    const times: number[] = [];
    for (let i = 0; i < steps; i++) {
      t0 = performance.now();
      await act(() => step(i));
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(steps / 2)];
    const p95 = times[Math.floor(steps * 0.95)];
    line(`${name} (x${steps})`, median, `p95 ${p95.toFixed(1)} ms, ${cellsInPage()} cells in the page`);
  }
  const scrollTo = (top: number, left = grid.scrollLeft) => {
    grid.scrollTop = top;
    grid.scrollLeft = left;
    grid.dispatchEvent(new dom.window.Event("scroll"));
  };
  const key = (k: string, init: KeyboardEventInit = {}) =>
    grid.dispatchEvent(new dom.window.KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true, ...init }));

  await perStep("scroll 3 rows", 200, (i) => scrollTo((i + 1) * 66));
  await perStep("scroll to a far row", 50, (i) => scrollTo(((i * 197) % rows) * 22));
  await perStep("scroll 100 px right", 50, (i) => scrollTo(grid.scrollTop, (i % 20) * 100));
  await act(() => scrollTo(0, 0));
  await act(() => grid.focus());
  await perStep("ArrowDown", 200, () => key("ArrowDown"));
  await perStep("ArrowRight", 50, () => key("ArrowRight"));
  await perStep("PageDown", 50, () => key("PageDown"));
  await perStep("Ctrl+End / Ctrl+Home", 20, (i) => key(i % 2 ? "Home" : "End", { ctrlKey: true }));

  // Ctrl+V of a 1,000 x 5 block at the bottom of the table (it extends the table), then Delete of it.
  const block = Array.from({ length: 1000 }, (_, i) => [String(i), `Pasted ${i}`, "2025-02-28", "1,234.50", "x"].join("\t")).join(
    "\r\n",
  );
  await act(() => key("End", { ctrlKey: true }));
  await act(() => key("ArrowDown"));
  await act(() => key("Home"));
  const paste = new dom.window.Event("paste", { bubbles: true, cancelable: true }) as unknown as ClipboardEvent;
  Object.defineProperty(paste, "clipboardData", { value: { getData: () => block } });
  t0 = performance.now();
  await act(() => grid.dispatchEvent(paste));
  line(
    "paste 1,000 x 5 cells",
    performance.now() - t0,
    `name box ${(container.querySelector("[data-testid=name-box]") as HTMLInputElement).value}`,
  );
  t0 = performance.now();
  await act(() => key("Delete"));
  const big = wb.getSheet("Big");
  let left = 0;
  for (let r = rows + 3; r < rows + 1003; r++) for (let c = 0; c < 5; c++) left += big.hasContent(r, c) ? 1 : 0;
  line("Delete 1,000 x 5 cells", performance.now() - t0, `${left} of them still filled`);
  await act(() => root.unmount());
  console.log(`heap used ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`);
}

function line(name: string, ms: number, detail: string): void {
  console.log(`${name.padEnd(30)} ${ms.toFixed(1).padStart(8)} ms  ${detail}`);
}

void main();
