/** Reports: synchronous POST, async start (job queue) and poll. */
import type { FastifyInstance } from "fastify";
import { ReportBodies } from "../../contract";
import { clientOr404, type Ctx } from "../context";
import { HttpError, notFound, parseBody, pathId } from "../http";
import { checkReportBody, isReport, runReport } from "../reports";

type Params = Record<string, string>;

export function registerReports(app: FastifyInstance, ctx: Ctx): void {
  const prepare = (params: Params, rawBody: unknown) => {
    const client = clientOr404(ctx, pathId(params.client_id, "Client"));
    const reportId = params.report_id;
    if (!isReport(reportId)) throw notFound(`Report "${reportId}"`);
    const body = parseBody(ReportBodies[reportId], rawBody) as Record<string, unknown>;
    checkReportBody(ctx, client, reportId, body);
    return { client, reportId, body };
  };

  app.post("/clients/:client_id/reports/:report_id", async (req) => {
    const { client, reportId, body } = prepare(req.params as Params, req.body);
    return runReport(ctx, client, reportId, body);
  });

  app.post("/clients/:client_id/reports/:report_id/async", async (req) => {
    const { client, reportId, body } = prepare(req.params as Params, req.body);
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

  app.get("/clients/:client_id/reports/poll/:uuid", async (req, reply) => {
    const params = req.params as Params;
    const client = clientOr404(ctx, pathId(params.client_id, "Client"));
    const state = ctx.reports.poll(client.id, params.uuid);
    if (!state) throw notFound(`Report job ${params.uuid}`);
    if (state.state === "running") return reply.code(204).send();
    if (state.state === "failed") throw new HttpError(500, `Report failed: ${state.message}`);
    return state.rows;
  });
}
