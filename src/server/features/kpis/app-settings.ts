import type { FastifyPluginAsync } from "fastify";
import { AppSettings } from "../../../contracts/kpis";
import type { AppServices } from "../../services";
import { decodeInput } from "../../platform/http/decode";
import { asUser } from "./kpi-access";

/**
 * The signed-in user's app settings (GET and PUT /api/settings/): the dashboards' filters and
 * date range. `{}` until saved; a save replaces them whole. Personal: the AppSettingsChanged event
 * reaches only the same user's streams. Fields the contract does not know are dropped.
 */
export const appSettingsRoutes: FastifyPluginAsync<AppServices> = async (app, services) => {
  const run = asUser(services);

  app.get("/settings/", (request) =>
    run(request, async ({ context, user }) => {
      const row = await context.db.selectFrom("user_settings").select("settings").where("user_id", "=", user.userId).executeTakeFirst();
      // Validated when saved; a stricter contract later would come with a migration of the rows.
      return (row?.settings ?? {}) as AppSettings;
    }),
  );

  app.put("/settings/", async (request) => {
    const settings = decodeInput(AppSettings, request.body);
    return run(request, async ({ context, user }) => {
      const json = JSON.stringify(settings);
      await context.db
        .insertInto("user_settings")
        .values({ tenant_id: context.tenantId, user_id: user.userId, settings: json })
        .onConflict((oc) => oc.columns(["tenant_id", "user_id"]).doUpdateSet({ settings: json, updated_at: new Date() }))
        .execute();
      await context.appendEvent({ type: "AppSettingsChanged", payload: { userId: user.userId, settings } });
      return settings;
    });
  });
};

