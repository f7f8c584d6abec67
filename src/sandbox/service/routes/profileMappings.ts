/** Template profile mappings of an employee. */
import { ProfileMappingCreateBody } from "../../../contract";
import { unprocessable } from "../../http/errors";
import { clientOr404, type Ctx } from "../context";
import { routeParams, type SandboxApp, schema } from "./schemas";

export function registerProfileMappings(app: SandboxApp, ctx: Ctx): void {
  const path = routeParams(ctx);
  const { store } = ctx;

  app.get("/employees/:employee_id/profile_mappings", schema(path.employee), async (req) => {
    const e = req.params.employee_id;
    return store.profileMappings.where("employee", e.id).map((m) => ({ profile_mapping: m }));
  });

  app.post("/employees/:employee_id/profile_mappings", schema(path.employee, ProfileMappingCreateBody), async (req) => {
    const e = req.params.employee_id;
    const { profile_mapping: m } = req.body;
    const client = clientOr404(ctx, e.client_id);
    const errors: Record<string, string> = {};
    if (!client.profiles.some((p) => p.id === m.profile_id)) {
      errors["profile_mapping.profile_id"] =
        `is not a template of this client (templates: ${client.profiles.map((p) => `${p.id} ${p.name}`).join(", ")})`;
    }
    if (store.profileMappings.where("employee", e.id).some((x) => x.profile_id === m.profile_id))
      errors["profile_mapping.profile_id"] ??= "the employee is already mapped to this template";
    (m.included_calculations ?? []).forEach((id, i) => {
      if (store.calculations.get(id)?.employee_id !== e.id)
        errors[`profile_mapping.included_calculations.${i}`] = `calculation ${id} is not one of this employee's`;
    });
    if (Object.keys(errors).length) throw unprocessable("Validation failed", errors);
    const now = ctx.clock.now();
    const rec = store.profileMappings.insert({
      id: store.nextId("profileMapping"),
      employee_id: e.id,
      profile_id: m.profile_id,
      inputs: m.inputs ?? {},
      excluded_calculations: m.excluded_calculations ?? [],
      included_calculations: m.included_calculations ?? [],
      created_at: now,
      updated_at: now,
    });
    ctx.changed();
    return { message: "Profile mapping created", id: rec.id };
  });
}
