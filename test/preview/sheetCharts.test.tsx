/** @jest-environment jsdom */
/**
 * The preview draws the charts a sheet holds over its cells, each bar one cell of a series (read from the cells now),
 * and a click on a link cell goes to its sheet.
 */
import * as React from "react";
import { act, fireEvent, screen } from "@testing-library/react";
import { createPreviewWorkbook, installPreviewExcel, type WorkbookModel } from "../../src/emulator";
import { WorkbookView } from "../../src/preview";
import { createOfficeWorkbook, type WorkbookPort } from "../../src/excel";
import { renderInFluent } from "../support/fluentDom";

let wb: WorkbookModel;
let port: WorkbookPort;

beforeEach(async () => {
  wb = installPreviewExcel(globalThis, createPreviewWorkbook());
  port = createOfficeWorkbook();
  await port.writeTable({
    sheetName: "Inputs A",
    tableName: "InputsA",
    columns: [{ key: "x", header: "X", type: "text" }],
    rows: [["x"]],
  });
  await port.writeTable({
    sheetName: "Overview",
    tableName: "Overview",
    columns: [
      { key: "client", header: "Client", type: "text" },
      { key: "previous", header: "Previous nett pay", type: "currency" },
      { key: "nett", header: "Nett pay", type: "currency" },
      { key: "sheet", header: "Input sheet", type: "text" },
    ],
    rows: [
      ["Liffey", 1000, 1100, ""],
      ["Shannon", 2000, 1500, ""],
    ],
  });
  await port.writeColumnChart({
    sheetName: "Overview",
    name: "NettPay",
    title: "Nett pay",
    seriesColumns: ["Previous nett pay", "Nett pay"],
    categoryColumns: ["Client"],
  });
  await port.linkCells("Overview", [{ rowIndex: 0, column: "Input sheet", sheetName: "Inputs A" }]);
});

const bars = () =>
  Array.from(screen.getByRole("img", { name: "Chart: Nett pay" }).querySelectorAll("rect[data-series]")).map((r) => [
    r.getAttribute("data-series"),
    r.getAttribute("data-category"),
    Number(r.getAttribute("data-value")),
  ]);

it("draws the chart's bars from the cells, and draws them again when a cell changes", () => {
  renderInFluent(<WorkbookView workbook={wb} />);
  expect(bars()).toEqual([
    ["Previous nett pay", "Liffey", 1000],
    ["Nett pay", "Liffey", 1100],
    ["Previous nett pay", "Shannon", 2000],
    ["Nett pay", "Shannon", 1500],
  ]);
  act(() => wb.editCell(wb.getSheet("Overview"), 4, 2, "1750"));
  expect(bars()[3]).toEqual(["Nett pay", "Shannon", 1750]);
});

it("a link cell is drawn as a link, and a click on it shows its sheet", () => {
  renderInFluent(<WorkbookView workbook={wb} />);
  const cell = document.querySelector("[data-link=\"'Inputs A'!A1\"]")!;
  expect(cell.textContent).toBe("Inputs A");
  fireEvent.mouseDown(cell);
  fireEvent.mouseUp(cell);
  expect(screen.getByRole("grid").getAttribute("data-sheet")).toBe("Inputs A");
});

it("a long client name and its wave are drawn whole, on lines of their own under the bars, never cut", async () => {
  const client = "Bureau demo: Liffey Engineering Ltd";
  await port.writeTable({
    sheetName: "Overview",
    tableName: "Overview",
    columns: [
      { key: "client", header: "Client", type: "text" },
      { key: "wave", header: "Wave", type: "text" },
      { key: "nett", header: "Nett pay", type: "currency" },
    ],
    rows: [
      [client, "Monthly", 1100],
      ["Shannon", "Weekly production", 1500],
    ],
  });
  await port.writeColumnChart({
    sheetName: "Overview",
    name: "NettPay",
    title: "Nett pay",
    seriesColumns: ["Nett pay"],
    categoryColumns: ["Client", "Wave"],
  });
  renderInFluent(<WorkbookView workbook={wb} />);
  const labels = Array.from(screen.getByRole("img", { name: "Chart: Nett pay" }).querySelectorAll("text[data-label]"));
  const lines = labels.map((l) => Array.from(l.querySelectorAll("tspan")).map((t) => t.textContent));
  expect(lines[0].join(" ")).toBe(`${client} Monthly`);
  expect(lines[0].length).toBeGreaterThan(1);
  expect(lines[0][lines[0].length - 1]).toBe("Monthly"); // the wave on a line of its own
  expect(lines[1].join(" ")).toBe("Shannon Weekly production");
  expect(labels.map((l) => l.textContent).join("")).not.toContain("…");
});
