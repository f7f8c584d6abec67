import {
  detectKey,
  describeFill,
  keyText,
  planFill,
  problemText,
  proposeMapping,
  targetIndex,
} from "../../../src/features/inputSheets/model/fill";

const meta = {
  inputs: [
    { key: "calc.basic_salary.amount", header: "Basic salary: amount", type: "currency" as const },
    { key: "calc.overtime.hours", header: "Overtime: hours", type: "number" as const },
    { key: "calc.overtime.rate", header: "Overtime: rate", type: "number" as const },
  ],
};
const table = {
  columns: ["Employee ID", "Number", "Name", "Payslip date", "Basic salary: amount", "Overtime: hours", "Overtime: rate"],
  rows: [
    [11, "E001", "A", "2025-01-31", 1, "", ""],
    [12, "E002", "B", "2025-01-31", 2, "", ""],
    [13, "E003", "C", "2025-01-31", 3, "", ""],
  ],
};

describe("detectKey", () => {
  it("finds Employee ID, PPSN or Number from the header, whatever its spelling", () => {
    expect(detectKey(["Name", "Emp. No.", "Hours"])).toEqual({ column: 1, kind: "number" });
    expect(detectKey(["PPS Number", "Employee number"])).toEqual({ column: 0, kind: "ppsn" });
    expect(detectKey(["employee_id", "Number"])).toEqual({ column: 0, kind: "employeeId" });
    expect(detectKey(["Name", "Hours"])).toBeNull();
  });
});

describe("proposeMapping", () => {
  it("maps by header, key, or the item's label when unambiguous; leaves others unused", () => {
    const key = detectKey(["Staff number", "Basic salary", "Overtime hours", "Overtime", "Notes"])!;
    expect(proposeMapping(["Staff number", "Basic salary", "Overtime hours", "Overtime", "Notes"], meta, key)).toEqual([
      null,
      "calc.basic_salary.amount",
      "calc.overtime.hours",
      null,
      null,
    ]);
  });
});

describe("planFill", () => {
  const source = {
    headers: ["Number", "Overtime hours", "Overtime rate"],
    rows: [
      ["E001", 5, 20],
      ["E999", 1, 1],
      ["e003", "lots", 25],
      ["", "", ""],
      ["E002", 2, ""],
      ["E002", 3, ""],
    ],
    firstRow: 2,
  };
  const key = { column: 0, kind: "number" as const };
  const mapping = proposeMapping(source.headers, meta, key);

  it("fills matched rows, lists unknown and duplicate keys and values that do not fit, saying which rows still filled", () => {
    const plan = planFill({ source, key, mapping, meta, index: targetIndex(table, "number") });
    expect(plan.updates).toEqual([
      { rowIndex: 0, header: "Overtime: hours", type: "number", value: 5 },
      { rowIndex: 0, header: "Overtime: rate", type: "number", value: 20 },
      { rowIndex: 2, header: "Overtime: rate", type: "number", value: 25 },
    ]);
    expect(plan.rows).toBe(2);
    expect(plan.problems.map((p) => [p.sourceRow, p.key, p.message])).toEqual([
      [3, "E999", "Number E999 is not on the input sheet"],
      [4, "E003", 'Overtime hours: "lots" is not a number'],
      [6, "E002", "Number E002 appears on 2 rows (6, 7): none of them is filled"],
      [7, "E002", "Number E002 appears on 2 rows (6, 7): none of them is filled"],
    ]);
    // E003's rate filled although its hours did not: that row is filled, not "changed nothing".
    expect(plan.problems.map((p) => p.rowFilled)).toEqual([false, true, false, false]);
    expect(describeFill(plan)).toBe(
      "2 rows filled (3 values) as pending changes; 3 source rows did not fill; 1 value not filled in a row that did.",
    );
    expect(problemText(plan.problems[1])).toBe(
      'Overtime hours: "lots" is not a number: this value was not filled; the row\'s other values were',
    );
    expect(problemText(plan.problems[0])).toBe("Number E999 is not on the input sheet: the row did not fill");
  });

  it("matches PPSN through the employees list, and Employee ID directly", () => {
    const byPpsn = targetIndex(table, "ppsn", new Map([["1234567t", 12]]));
    expect(byPpsn.get("1234567T")).toBe(1);
    expect(targetIndex(table, "employeeId").get("13")).toBe(2);
  });
});

describe("keys as people write them", () => {
  it("reads a PPSN with a space inside, around it, or in lower case as the PPSN", () => {
    for (const written of ["8756070 SA", " 8756070SA ", "8756070sa", "8756070 sa", "8756 070 SA"])
      expect(keyText(written, "ppsn")).toBe("8756070SA");
  });

  it("reads a Number or Employee ID with leading zeros or a trailing .0 as the number; keeps a prefix's zeros", () => {
    expect(keyText("00042", "number")).toBe("42");
    expect(keyText("42.0", "number")).toBe("42");
    expect(keyText(42, "number")).toBe("42");
    expect(keyText("0", "number")).toBe("0");
    expect(keyText("000", "employeeId")).toBe("0");
    expect(keyText("0013.00", "employeeId")).toBe("13");
    expect(keyText("E001", "number")).toBe("E001");
    expect(keyText("42.5", "number")).toBe("42.5");
  });

  it("fills the employee's row whichever way the key is written, on either side", () => {
    const sheet = {
      columns: ["Employee ID", "Number", "Name", "Payslip date", "Basic salary: amount"],
      rows: [
        [11, "0042", "A", "2025-01-31", 1],
        [12, 7, "B", "2025-01-31", 2],
      ],
    };
    const source = {
      headers: ["PPSN", "Basic salary"],
      rows: [
        ["8756070 sa", 500],
        ["1234567T", 600],
      ],
      firstRow: 2,
    };
    const ppsnKey = { column: 0, kind: "ppsn" as const };
    const plan = planFill({
      source,
      key: ppsnKey,
      mapping: [null, "calc.basic_salary.amount"],
      meta,
      index: targetIndex(sheet, "ppsn", new Map([["8756070SA", 12]])),
    });
    expect(plan.updates).toEqual([{ rowIndex: 1, header: "Basic salary: amount", type: "currency", value: 500 }]);
    expect(plan.problems.map((p) => p.message)).toEqual(["PPSN 1234567T is not on the input sheet"]);

    const byNumber = planFill({
      source: {
        headers: ["Emp No", "Basic salary"],
        rows: [
          ["42.0", 10],
          ["007", 20],
        ],
        firstRow: 2,
      },
      key: { column: 0, kind: "number" },
      mapping: [null, "calc.basic_salary.amount"],
      meta,
      index: targetIndex(sheet, "number"),
    });
    expect(byNumber.updates.map((u) => [u.rowIndex, u.value])).toEqual([
      [0, 10],
      [1, 20],
    ]);
    expect(byNumber.problems).toEqual([]);
  });
});
