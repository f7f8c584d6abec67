import { z } from "zod";
import { DateString, Id, isRequired, ReadAddress } from "./common";
import { PayslipListItem, PayslipWithData } from "./payslip";
import { ServicePeriod } from "./servicePeriod";

export const PRSI_CLASSES = ["a", "j", "s", "m"] as const;
export const PAYMENT_METHODS = ["cash", "cheque", "eft_manual"] as const;

/** Custom fields: custom-field ID (a numeric string) to value string. */
export const CustomFields = z.record(z.string().regex(/^\d+$/, "custom field keys are numeric IDs"), z.string().nullable());

export const BankAccountAttributes = z.strictObject({
  account_number: z.string().optional(),
  branch_code: z.string().optional(),
});

export const WriteAddress = z.strictObject({
  line_1: z.string().optional(),
  line_2: z.string().optional(),
  line_3: z.string().optional(),
});

/** Blank means `a`, as the document says. */
const PrsiClass = z.preprocess(
  (v) => (v === "" || v === null ? "a" : typeof v === "string" ? v.toLowerCase() : v),
  z.enum(PRSI_CLASSES),
);

/** The attributes with the document's create requirements: wave, names, appointment date and payment method. */
const employeeAttributes = {
  wave_id: z.number(isRequired).int(),
  first_name: z.string(isRequired).min(1, "can't be blank"),
  last_name: z.string(isRequired).min(1, "can't be blank"),
  birthdate: DateString.optional(),
  appointment_date: z.iso.date(isRequired),
  ppsn: z.string().optional(),
  prsi_class: PrsiClass.optional(),
  prsi_exempt: z.boolean().optional(),
  director: z.boolean().optional(),
  email: z.email().or(z.literal("")).optional(),
  payment_method: z.enum(PAYMENT_METHODS, isRequired),
  number: z.string().optional(),
  job_title: z.string().optional(),
  pay_point_id: Id.nullable().optional(),
  bank_account_attributes: BankAccountAttributes.optional(),
  bank_account: BankAccountAttributes.optional(),
  physical_address: WriteAddress.optional(),
  custom_fields: CustomFields.optional(),
};

/** `bank_account` is the document's sample-payload alias of `bank_account_attributes`; fold it into the canonical key. */
const foldBankAccount = <A extends { bank_account?: unknown; bank_account_attributes?: unknown }>({
  bank_account,
  ...rest
}: A) => (bank_account && !rest.bank_account_attributes ? { ...rest, bank_account_attributes: bank_account } : rest);

/** Attributes accepted on update (all optional). */
export const EmployeeUpdateAttributes = z.strictObject(employeeAttributes).partial().transform(foldBankAccount);
export type EmployeeUpdateAttributes = z.infer<typeof EmployeeUpdateAttributes>;
export type EmployeeAttributesInput = z.input<typeof EmployeeUpdateAttributes>;

/**
 * Create: the same attributes with the required ones required. Being part of the object (not a refinement after
 * it), a missing one is reported together with every other problem in one 422.
 */
export const EmployeeCreateAttributes = z.strictObject(employeeAttributes).transform(foldBankAccount);
export type EmployeeCreateAttributes = z.infer<typeof EmployeeCreateAttributes>;

export const EmployeeCreateBody = z.strictObject({ employee: EmployeeCreateAttributes });
export type EmployeeCreateBody = z.input<typeof EmployeeCreateBody>;
export const EmployeeUpdateBody = z.strictObject({ employee: EmployeeUpdateAttributes });
export type EmployeeUpdateBody = z.input<typeof EmployeeUpdateBody>;

/** `{message, id, number}` from create and update. */
export const EmployeeWriteResponse = z.looseObject({ message: z.string(), id: Id, number: z.string() });
export type EmployeeWriteResponse = z.infer<typeof EmployeeWriteResponse>;

/** The read shape. The document says the list of returned fields is incomplete, so unknown fields pass. */
export const Employee = z.looseObject({
  id: Id,
  number: z.string().nullish(),
  first_name: z.string(),
  last_name: z.string(),
  birthdate: DateString.nullish(),
  appointment_date: DateString.nullish(),
  wave_id: Id.nullish(),
  pay_point_id: Id.nullish(),
  payment_method: z.string().nullish(),
  ppsn: z.string().nullish(),
  prsi_class: z.string().nullish(),
  prsi_exempt: z.boolean().nullish(),
  director: z.boolean().nullish(),
  email: z.string().nullish(),
  job_title: z.string().nullish(),
  physical_address: ReadAddress.nullish(),
  bank_account: z.looseObject({ account_number: z.string().nullish(), branch_code: z.string().nullish() }).nullish(),
  custom_fields: z.record(z.string(), z.string().nullable()).nullish(),
  service_periods: z.array(z.object({ service_period: ServicePeriod })).optional(),
  recent_payslips: z.array(z.object({ payslip: PayslipListItem })).optional(),
  recent_payslips_with_data: z.array(z.object({ payslip: PayslipWithData })).optional(),
});
export type Employee = z.infer<typeof Employee>;

export const EmployeeList = z.array(z.object({ employee: Employee }));
export type EmployeeList = z.infer<typeof EmployeeList>;
export const EmployeeResponse = z.object({ employee: Employee });

export const EMPLOYEE_INCLUDES = ["service_periods", "recent_payslips", "recent_payslips_with_data"] as const;
export type EmployeeInclude = (typeof EMPLOYEE_INCLUDES)[number];

/** `?include=a,b`: a comma-separated list of EMPLOYEE_INCLUDES, as a set. */
export const EmployeeListQuery = z.object({
  include: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const parts = (raw ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const unknown = parts.filter((p) => !(EMPLOYEE_INCLUDES as readonly string[]).includes(p));
      if (unknown.length)
        ctx.addIssue({
          code: "custom",
          message: `unknown ${unknown.map((p) => `"${p}"`).join(", ")}: must be a comma-separated list of ${EMPLOYEE_INCLUDES.join(", ")}`,
        });
      return new Set(parts as EmployeeInclude[]);
    }),
});
/** The service's limit on the recent payslip includes. */
export const RECENT_PAYSLIPS_LIMIT = 12;
