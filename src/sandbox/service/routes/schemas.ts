/**
 * What the routes declare beyond the contract: path parameters, the typed app they register on, and request bodies.
 * fastify-type-provider-zod validates each part (params first); a failure reaches the one error handler (http/errors.ts),
 * which answers 404 for a path parameter and 422 `{message, errors}` for a body or query.
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
import { REPORT_IDS } from "../../../contract";
import type { Ctx } from "../context";

/** The /v1 scope with request types inferred from the route schemas. */
export type SandboxApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

const ID = /^\d{1,15}$/;

/** A path ID resolved to its record; a malformed or unknown ID fails with the 404's message ("Client 7 not found"). */
const recordId = <R>(what: string, find: (id: number) => R | undefined) =>
  z.string().transform((raw, c): R => {
    const rec = ID.test(raw) ? find(Number(raw)) : undefined;
    if (rec === undefined)
      c.addIssue({ code: "custom", message: ID.test(raw) ? `${what} ${raw} not found` : `${what} not found` });
    return rec ?? z.NEVER;
  });

/**
 * The routes' path parameters. Once validated, each ID parameter holds its record (`req.params.client_id` is the
 * ClientRec), so an unknown record is a 404 before the body is looked at, as before the schemas.
 */
export function routeParams({ store }: Ctx) {
  const client = recordId("Client", (id) => store.clients.get(id));
  const employee = recordId("Employee", (id) => store.employees.get(id));
  const payslip = recordId("Payslip", (id) => store.payslips.get(id));
  const liveCalculation = (id: number) => {
    const c = store.calculations.get(id);
    return c?.deleted ? undefined : c;
  };
  return {
    client: z.object({ client_id: client }),
    employee: z.object({ employee_id: employee }),
    payslip: z.object({ payslip_id: payslip }),
    employeeId: z.object({ id: employee }),
    calculationId: z.object({ id: recordId("Calculation", liveCalculation) }),
    inheritedId: z.object({ id: recordId("Inherited calculation", (id) => store.inherited.get(id)) }),
    leaveDayId: z.object({ id: recordId("Leave day", (id) => store.leaveDays.get(id)) }),
    paymentRunId: z.object({ id: recordId("Payment run", (id) => store.paymentRuns.get(id)) }),
    /** An ID, or an ID + `.pdf` for the PDF (one route: find-my-way cannot put a suffix after a parameter). */
    payslipRef: z.object({
      payslip_ref: z
        .string()
        .regex(/^\d{1,15}(\.pdf)?$/, "Payslip not found")
        .transform((ref) => ({ id: ref.replace(/\.pdf$/, ""), pdf: ref.endsWith(".pdf") }))
        .pipe(z.object({ id: payslip, pdf: z.boolean() })),
    }),
    report: z.object({
      client_id: client,
      report_id: z.enum(REPORT_IDS, { error: (iss) => `Report "${String(iss.input)}" not found` }),
    }),
    reportPoll: z.object({ client_id: client, uuid: z.string() }),
  };
}

/** A JSON request body: no body at all is checked as `{}`, so the 422 names each missing attribute. */
const jsonBody = <S extends z.ZodType>(schema: S) => z.preprocess((body) => body ?? {}, schema);

/** Route options: the path parameters' schema and, for a write, its JSON body's. */
export function schema<P extends z.ZodType>(params: P): { schema: { params: P } };
export function schema<P extends z.ZodType, B extends z.ZodType>(
  params: P,
  body: B,
): { schema: { params: P; body: ReturnType<typeof jsonBody<B>> } };
export function schema(params: z.ZodType, body?: z.ZodType) {
  return { schema: body ? { params, body: jsonBody(body) } : { params } };
}
