/** Reports: synchronous POST, async start (job queue) and poll. */
import { ReportBodies, type ReportId } from "../../../contract";
import type { Ctx } from "../context";
import { HttpError, notFound, parseBody } from "../../http/errors";
import { checkReportBody, runReport } from "../reports";
import type { ClientRec } from "../../store/store";
import { routeParams, type SandboxApp, schema } from "./schemas";

export function registerReports(app: SandboxApp, ctx: Ctx): void {
  const path = routeParams(ctx);
  /** The body's schema depends on the report, so it is checked here rather than in the route schema. */
  const prepare = (
    { client_id: client, report_id: reportId }: { client_id: ClientRec; report_id: ReportId },
    rawBody: unknown,
  ) => {
    const body: Record<string, unknown> = parseBody(ReportBodies[reportId], rawBody);
    checkReportBody(ctx, client, reportId, body);
    return { client, reportId, body };
  };

  app.post("/clients/:client_id/reports/:report_id", schema(path.report), async (req) => {
    const { client, reportId, body } = prepare(req.params, req.body);
    return runReport(ctx, client, reportId, body);
  });

  app.post("/clients/:client_id/reports/:report_id/async", schema(path.report), async (req) => {
    const { client, reportId, body } = prepare(req.params, req.body);
    const uuid = ctx.reports.enqueue(client.id, () => runReport(ctx, client, reportId, body));
    if (!uuid) {
      throw new HttpError(
        429,
        `Too many reports queued (at most ${ctx.opts.reportQueue}); poll the running ones and retry later`,
        undefined,
        {
          "Retry-After": String(Math.max(1, Math.ceil(ctx.opts.reportJobMs / 1000))),
        },
      );
    }
    return { message: `Report ${reportId} queued`, uuid };
  });

  app.get("/clients/:client_id/reports/poll/:uuid", schema(path.reportPoll), async (req, reply) => {
    const client = req.params.client_id;
    const state = ctx.reports.poll(client.id, req.params.uuid);
    if (!state) throw notFound(`Report job ${req.params.uuid}`);
    if (state.state === "running") return reply.code(204).send();
    if (state.state === "failed") throw new HttpError(500, `Report failed: ${state.message}`);
    return state.rows;
  });
}
