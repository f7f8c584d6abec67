/** Unsent work in words (model/unsentWork, pure): the pending, Held and Failed values, and the payslip-only values. */
import {
  carryOffer,
  describeLeftBehind,
  describeUnsentOfOpen,
  describeUnsentValue,
  listInWords,
  payslipOnlyValues,
  unsentValues,
} from "../../../src/features/inputSheets/model/unsentWork";
import type { PendingChange } from "../../../src/features/inputSheets/model/pendingChanges";
import { calc, employee, payslip } from "../../support/fixtures";

const NOV = "2026-11-25";
const DEC = "2026-12-25";
const SALARY = "calc.basic_salary.amount";
const COMMISSION = "calc.commission.amount";
const day = (iso: string) => iso.split("-").reverse().join("/");
const change = (rowIndex: number, name: string, key: string, header: string, after: number): PendingChange => ({
  rowIndex,
  employeeId: rowIndex + 1,
  number: String(rowIndex + 1),
  name,
  payslipDate: NOV,
  key,
  header,
  type: "currency",
  before: null,
  moved: false,
  after,
  problem: null,
});

describe("unsentValues", () => {
  it("gives each change its row's state: Held and Failed rows keep theirs, the rest are pending", () => {
    const values = unsentValues(
      [
        change(0, "Aoife Byrne", COMMISSION, "Commission: amount", 75),
        change(1, "Cian Walsh", SALARY, "Basic salary: amount", 6100),
        change(2, "Dara Nolan", SALARY, "Basic salary: amount", 5000),
      ],
      ["Changed", "Held", "Failed"],
    );
    expect(values.map(describeUnsentValue)).toEqual([
      "Aoife Byrne's Commission €75.00 (pending)",
      "Cian Walsh's Basic salary €6,100.00 (Held)",
      "Dara Nolan's Basic salary €5,000.00 (Failed)",
    ]);
  });

  it("after a push of an open period, names what is left with its count by state; nothing when nothing is", () => {
    const values = unsentValues(
      [
        change(0, "Aoife Byrne", COMMISSION, "Bonus: amount", 500),
        change(1, "Cian Walsh", SALARY, "Basic salary: amount", 6100),
        change(2, "Dara Nolan", COMMISSION, "Commission: amount", 75),
      ],
      ["Held", "Failed", "Invalid"],
    );
    expect(describeUnsentOfOpen(NOV, values, day)).toBe(
      "3 changes not sent on the 25/11/2026 payslips (1 Held, 1 Failed, 1 pending): Aoife Byrne's Bonus €500.00 (Held); " +
        "Cian Walsh's Basic salary €6,100.00 (Failed); Dara Nolan's Commission €75.00 (pending).",
    );
    expect(describeUnsentOfOpen(NOV, values.slice(0, 1), day)).toBe(
      "1 change not sent on the 25/11/2026 payslips (1 Held): Aoife Byrne's Bonus €500.00 (Held).",
    );
    expect(describeUnsentOfOpen(NOV, [], day)).toBe("");
  });

  it("lists five in words, then how many more", () => {
    expect(listInWords(["a", "b", "c", "d", "e", "f", "g"])).toBe("a; b; c; d; e and 2 more");
    expect(listInWords(["a"])).toBe("a");
  });
});

describe("payslipOnlyValues", () => {
  const employees = [
    employee(1, { wave_id: 1, recent_payslips: [payslip(11, NOV, { finalised: true }), payslip(12, DEC)] }),
    employee(2, { wave_id: 1, recent_payslips: [payslip(21, NOV, { finalised: true }), payslip(22, DEC)] }),
  ];
  const inputs = [{ key: SALARY, header: "Basic salary: amount", type: "currency" as const }];
  const next = [
    { employeeId: 1, name: "Aoife Byrne", values: { [SALARY]: 5416.67 } },
    { employeeId: 2, name: "Cian Walsh", values: { [SALARY]: 6000 } },
  ];

  it("names a value pushed to the previous payslip that the next period does not start from", () => {
    const calculations = [
      calc({ id: 1, employee_id: 1, calculation_id: "basic_salary", inputs: { amount: 5416.67 } }),
      calc({ id: 2, employee_id: 1, payslip_id: 11, calculation_id: "basic_salary", inputs: { amount: 5600 } }),
      // Employee 2's payslip value is what December starts from too: nothing to say.
      calc({ id: 3, employee_id: 2, payslip_id: 21, calculation_id: "basic_salary", inputs: { amount: 6000 } }),
    ];
    const found = payslipOnlyValues({ previousDate: NOV, employees, calculations, next, inputs });
    expect(found).toEqual([expect.objectContaining({ employeeId: 1, value: 5600, startsFrom: 5416.67 })]);
    const text = describeLeftBehind({ payslipDate: NOV, finalised: true, unsent: [], payslipOnly: found }, DEC, {
      copied: new Set(),
      formatDate: day,
    });
    expect(text).toBe(
      'Aoife Byrne\'s Basic salary was €5,600.00 on the 25/11/2026 payslip; 25/12/2026 starts from €5,416.67: that change was for that payslip only. "Carry it into 25/12/2026" makes it a pending change of 25/12/2026 (not sent).',
    );
  });

  it("leaves out a one-off of the previous payslip: the next period starts blank by nature", () => {
    const calculations = [
      calc({ id: 4, employee_id: 1, payslip_id: 11, calculation_id: "commission", inputs: { amount: 110 } }),
    ];
    const commission = [{ key: COMMISSION, header: "Commission: amount", type: "currency" as const }];
    const blank = next.map((r) => ({ ...r, values: { [COMMISSION]: null } }));
    expect(payslipOnlyValues({ previousDate: NOV, employees, calculations, next: blank, inputs: commission })).toEqual([]);
  });

  it("leaves out the employee's own values and a payslip of another period", () => {
    const calculations = [
      calc({ id: 1, employee_id: 1, calculation_id: "basic_salary", inputs: { amount: 5600 } }),
      calc({ id: 2, employee_id: 2, payslip_id: 22, calculation_id: "basic_salary", inputs: { amount: 7000 } }),
    ];
    expect(payslipOnlyValues({ previousDate: NOV, employees, calculations, next, inputs })).toEqual([]);
  });
});

describe("describeLeftBehind", () => {
  const unsent = unsentValues([change(0, "Aoife Byrne", COMMISSION, "Commission: amount", 75)], [""]);

  it("says a finalised period's values can no longer be sent there, and offers to carry them; no push is advised", () => {
    const left = { payslipDate: NOV, finalised: true, unsent, payslipOnly: [] };
    const text = describeLeftBehind(left, DEC, { copied: new Set(), formatDate: day });
    expect(text).toBe(
      '25/11/2026 is finalised: 1 change was not sent and can no longer be: Aoife Byrne\'s Commission €75.00 (pending). "Carry it into 25/12/2026" makes it a pending change of 25/12/2026 (not sent).',
    );
    expect(text).not.toMatch(/push/i);
    expect(carryOffer(left)).toHaveLength(1);
  });

  it("says an open period's values are not sent yet, and that Copy values carried them", () => {
    const text = describeLeftBehind({ payslipDate: NOV, finalised: false, unsent, payslipOnly: [] }, DEC, {
      copied: new Set([COMMISSION]),
      formatDate: day,
    });
    expect(text).toBe(
      "Not sent on the 25/11/2026 payslips yet (that pay run is still open): Aoife Byrne's Commission €75.00 (pending). Copy values carried it into 25/12/2026 as pending changes.",
    );
  });

  it("offers to carry only the values of the inputs Copy values did not copy", () => {
    const salary = unsentValues([change(1, "Cian Walsh", SALARY, "Basic salary: amount", 6100)], ["Held"]);
    const left = { payslipDate: NOV, finalised: true, unsent: [...unsent, ...salary], payslipOnly: [] };
    const copied = new Set([SALARY]);
    expect(carryOffer(left, copied).map((v) => v.name)).toEqual(["Aoife Byrne"]);
    expect(describeLeftBehind(left, DEC, { copied, formatDate: day })).toMatch(
      /can no longer be: .+\. Copy values carried 1 of them into 25\/12\/2026 as pending changes\. "Carry it into 25\/12\/2026" makes it a pending change of 25\/12\/2026 \(not sent\)\.$/,
    );
  });

  it("says nothing when nothing was left behind", () => {
    expect(
      describeLeftBehind({ payslipDate: NOV, finalised: true, unsent: [], payslipOnly: [] }, DEC, {
        copied: new Set(),
        formatDate: day,
      }),
    ).toBe("");
  });
});
