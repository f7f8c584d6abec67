import { editedMarkedCells } from "../../../src/features/inputSheets/model/editedRows";
import { keptOutcomeRows } from "../../../src/features/inputSheets/model/keptOutcomes";
import { groupSheetsByClient } from "../../../src/features/inputSheets/model/inputSheetGroups";

const columns = ["Employee ID", "Number", "Name", "Payslip date", "Basic salary: amount", "Nett pay", "Status", "Message"];
const row = (id: number, salary: unknown, status: string) => [id, "E" + id, "Name " + id, 45688, salary, 100, status, ""];

describe("keptOutcomeRows", () => {
  it("keeps an earlier Saved, Failed or Conflict where this push found nothing to send; never anything else", () => {
    const rows = ["Saved", "Failed", "Conflict", "Invalid", "Unchanged", "Saved", ""].map((status, rowIndex) => ({
      rowIndex,
      status,
    }));
    const local = [0, 1, 2, 3, 4, 6].map((rowIndex) => ({ rowIndex, status: "Unchanged" as const }));
    expect([...keptOutcomeRows(rows, local)]).toEqual([0, 1, 2]);
    // Row 5 was sent again (not in the local outcomes): its new outcome is written.
    expect(keptOutcomeRows(rows, [{ rowIndex: 5, status: "Invalid" }]).size).toBe(0);
  });
});

describe("editedMarkedCells", () => {
  // Each row's status by its state (the Status cell is only drawn from it).
  const statusesOf = (t: { rows: unknown[][] }) => t.rows.map((r) => String(r[6]));
  const before = { columns, rows: [row(1, "six thousand", "Invalid"), row(2, -5, "Failed"), row(3, 10, "Saved")] };

  it("names the cells edited since the last look in rows marked Invalid or Failed", () => {
    const now = { columns, rows: [row(1, 6000, "Invalid"), row(2, -5, "Failed"), row(3, 11, "Saved")] };
    expect(editedMarkedCells(before, now, statusesOf(now), ["Basic salary: amount"])).toEqual(
      new Map([[0, ["Basic salary: amount"]]]),
    );
  });

  it("follows rows a sort moved, by Employee ID; a changed Employee ID is found by position", () => {
    const sorted = { columns, rows: [row(3, 10, "Saved"), row(2, -5, "Failed"), row(1, "six thousand", "Invalid")] };
    expect(editedMarkedCells(before, sorted, statusesOf(sorted), ["Basic salary: amount"]).size).toBe(0);
    const newId = { columns, rows: [row(9, "six thousand", "Invalid"), ...before.rows.slice(1)] };
    expect(editedMarkedCells(before, newId, statusesOf(newId), ["Basic salary: amount"])).toEqual(
      new Map([[0, ["Employee ID"]]]),
    );
  });

  it("a Status or Message written by the add-in is no edit, and a Status typed by hand marks nothing", () => {
    const now = { columns, rows: [row(1, "six thousand", "Invalid"), row(2, -5, "Failed"), row(3, 10, "Saved")] };
    now.rows[0][7] = "Not sent: …";
    expect(editedMarkedCells(before, now, statusesOf(now), ["Basic salary: amount"]).size).toBe(0);
    // Row 3 (Saved) edited, with "Failed" typed over its Status: its state says Saved, so it is not marked.
    const typed = { columns, rows: [row(1, "six thousand", "Invalid"), row(2, -5, "Failed"), row(3, 11, "Failed")] };
    expect(editedMarkedCells(before, typed, statusesOf(before), ["Basic salary: amount"]).size).toBe(0);
  });
});

describe("groupSheetsByClient", () => {
  it("groups by client, the chosen client first, sheets without metadata last, each in the order built", () => {
    const sheets = [
      { sheetName: "Inputs A1", clientId: 1, clientName: "Liffey" },
      { sheetName: "Old sheet", clientId: null, clientName: null },
      { sheetName: "Inputs B1", clientId: 2, clientName: "Shannon" },
      { sheetName: "Inputs A2", clientId: 1, clientName: "Liffey" },
    ];
    expect(groupSheetsByClient(sheets, 2)).toEqual([
      { clientId: 2, label: "Shannon", sheets: ["Inputs B1"] },
      { clientId: 1, label: "Liffey", sheets: ["Inputs A1", "Inputs A2"] },
      { clientId: null, label: "Other sheets", sheets: ["Old sheet"] },
    ]);
  });
});
