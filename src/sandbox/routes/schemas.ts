/**
 * What the routes declare beyond the contract: path parameters, the typed app they register on, and request bodies.
 * fastify-type-provider-zod validates each part; a failure reaches the one error handler (../http.ts), which answers
 * 404 for a path parameter and 422 `{message, errors}` for a body or query.
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { REPORT_IDS } from "../../contract";

/** The /v1 scope with request types inferred from the route schemas. */
export type SandboxApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A path ID: a positive integer, else the record cannot exist, so its message is the 404's ("Client not found"). */
const pathId = (what: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, `${what} not found`)
    .transform(Number);

export const ClientParams = z.object({ client_id: pathId("Client") });
export const EmployeeParams = z.object({ employee_id: pathId("Employee") });
export const PayslipParams = z.object({ payslip_id: pathId("Payslip") });
/** `/<records>/:id` routes. */
export const IdParams = (what: string) => z.object({ id: pathId(what) });

/** `/payslips/:payslip_ref`: an ID, or an ID + `.pdf` for the PDF (one route: find-my-way cannot suffix a parameter). */
export const PayslipRefParams = z.object({
  payslip_ref: z
    .string()
    .regex(/^\d{1,15}(\.pdf)?$/, "Payslip not found")
    .transform((ref) => ({ id: Number(ref.replace(/\.pdf$/, "")), pdf: ref.endsWith(".pdf") })),
});

export const ReportParams = ClientParams.extend({
  report_id: z.enum(REPORT_IDS, { error: (iss) => `Report "${String(iss.input)}" not found` }),
});
export const ReportPollParams = ClientParams.extend({ uuid: z.string() });

/** A JSON request body: no body at all is checked as `{}`, so the 422 names each missing attribute. */
export const jsonBody = <S extends z.ZodType>(schema: S) => z.preprocess((body) => body ?? {}, schema);
