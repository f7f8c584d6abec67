import {
  BulkInputResult,
  EmployeeCreateAttributes,
  EmployeeUpdateAttributes,
  LeaveDaysCreateMultipleBody,
  parseCalcKey,
  calcKey,
  WaveCreateBody,
  EmployeeList,
  RegularHoursAttributes,
} from "../../src/contract";

const validCreate = {
  wave_id: 1,
  first_name: "Aoife",
  last_name: "Byrne",
  appointment_date: "2024-03-01",
  payment_method: "eft_manual",
};

describe("employee attributes", () => {
  it("requires the document's create attributes", () => {
    const r = EmployeeCreateAttributes.safeParse({ first_name: "Aoife" });
    expect(r.success).toBe(false);
    const paths = r.success ? [] : r.error.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["wave_id", "last_name", "appointment_date", "payment_method"]));
    expect(EmployeeCreateAttributes.safeParse(validCreate).success).toBe(true);
  });

  it("defaults a blank prsi_class to a and rejects unknown classes", () => {
    expect(EmployeeUpdateAttributes.parse({ prsi_class: "" }).prsi_class).toBe("a");
    expect(EmployeeUpdateAttributes.parse({ prsi_class: "J" }).prsi_class).toBe("j");
    expect(EmployeeUpdateAttributes.safeParse({ prsi_class: "x" }).success).toBe(false);
  });

  it("accepts bank_account as an alias of bank_account_attributes", () => {
    const parsed = EmployeeUpdateAttributes.parse({ bank_account: { account_number: "IE29AIBK93115212345678" } });
    expect(parsed.bank_account_attributes).toEqual({ account_number: "IE29AIBK93115212345678" });
    expect("bank_account" in parsed).toBe(false);
  });

  it("refuses unknown attributes and bad payment methods", () => {
    expect(EmployeeUpdateAttributes.safeParse({ shoe_size: 9 }).success).toBe(false);
    expect(EmployeeUpdateAttributes.safeParse({ payment_method: "bitcoin" }).success).toBe(false);
  });

  it("keeps unknown fields on the read shape, which the document says is incomplete", () => {
    const [row] = EmployeeList.parse([{ employee: { id: 1, first_name: "A", last_name: "B", tax_ref: "x" } }]);
    expect((row.employee as Record<string, unknown>).tax_ref).toBe("x");
  });
});

describe("wave create", () => {
  it("requires last_day_of_month for monthly and bounds it to 1-31", () => {
    expect(WaveCreateBody.safeParse({ frequency: "monthly", first_end_date: "2026-01-31" }).success).toBe(false);
    expect(WaveCreateBody.safeParse({ frequency: "monthly", first_end_date: "2026-01-31", last_day_of_month: 32 }).success).toBe(
      false,
    );
    expect(WaveCreateBody.safeParse({ frequency: "monthly", first_end_date: "2026-01-31", last_day_of_month: 31 }).success).toBe(
      true,
    );
    expect(WaveCreateBody.safeParse({ frequency: "weekly", first_end_date: "2026-01-02" }).success).toBe(true);
    expect(WaveCreateBody.safeParse({ frequency: "daily", first_end_date: "2026-01-02" }).success).toBe(false);
  });
});

describe("leave days", () => {
  it('reads hours null or the text "null" as a full day', () => {
    const body = LeaveDaysCreateMultipleBody.parse({
      dates: [
        { date: "2026-11-02", hours: null, type_id: 1 },
        { date: "2026-11-03", hours: "null", type_id: 1 },
        { date: "2026-11-04", hours: 4, type_id: 1 },
      ],
    });
    expect(body.dates.map((d) => d.hours)).toEqual([null, null, 4]);
  });
});

describe("bulk input", () => {
  it("round-trips calc keys", () => {
    expect(calcKey("basic_salary", "amount")).toBe("calc.basic_salary.amount");
    expect(parseCalcKey("calc.1001.amount")).toEqual({ calculationId: "1001", input: "amount" });
    expect(parseCalcKey("job_title")).toBeNull();
  });

  it('takes success as the strings "true" and "false" only', () => {
    expect(BulkInputResult.safeParse({ id: "1", success: "true", message: "ok" }).success).toBe(true);
    expect(BulkInputResult.safeParse({ id: "1", success: true, message: "ok" }).success).toBe(false);
  });
});

describe("regular hours", () => {
  it("validates per-day attributes", () => {
    expect(
      RegularHoursAttributes.safeParse({ schedule: "fixed", works_mon: true, day_type_mon: "partial", partial_hours_mon: 4 })
        .success,
    ).toBe(true);
    expect(RegularHoursAttributes.safeParse({ day_type_tue: "half" }).success).toBe(false);
    expect(RegularHoursAttributes.safeParse({ full_days_per_week: "" }).success).toBe(true);
  });
});
