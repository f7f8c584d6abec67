/**
 * The sandbox operator's routes, outside /v1: what the real service does in its own screens and the API document
 * does not show, offered so tests and demos can play the accountant's part there. The add-in's servers proxy only
 * /v1, so the pane can never reach these. They take the same API key.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Ctx } from "../service/context";
import { clientOr404 } from "../service/context";
import { finalisePayslips } from "../service/finalise";
import { parseBody } from "./errors";

const FinaliseBody = z.object({ client_id: z.number().int(), payslip_ids: z.array(z.number().int()).optional() });

export function registerOperator(app: FastifyInstance, ctx: Ctx): void {
  app.register(async (op) => {
    op.addHook("onRequest", async (req, reply) => {
      if (req.headers.authorization !== ctx.opts.apiKey) return reply.code(401).send({ message: "Invalid API key" });
    });
    // Finalise a client's open payslips (all of them, or those named): they freeze into a pay run and the next
    // period opens for the same employees.
    op.post("/sandbox/finalise", async (req) => {
      const body = parseBody(FinaliseBody, req.body);
      clientOr404(ctx, body.client_id);
      return finalisePayslips(ctx, body.client_id, body.payslip_ids ?? null);
    });
  });
}
