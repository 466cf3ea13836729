import { AppSettings } from "../../../contracts/kpis";
import { READ_WHILE_PRINTING, signedIn, userRoute } from "../../platform/http/route";

/**
 * The signed-in user's app settings (GET and PUT /api/settings/): the dashboards' filters and
 * date range. `{}` until saved; a save replaces them whole. Personal: the AppSettingsChanged event
 * reaches only the same user's streams. Fields the contract does not know are dropped.
 */
export const appSettingsRoutes = [
  userRoute({
    method: "GET",
    path: "/settings/",
    summary: "The signed-in user's app settings ({} until saved)",
    access: signedIn(),
    // A print shows the reporting month and filters its user sees on screen.
    print: READ_WHILE_PRINTING,
    response: AppSettings,
    handle: ({ user, inTenant }) =>
      inTenant(async (context) => {
        const row = await context.db.selectFrom("user_settings").select("settings").where("user_id", "=", user.userId).executeTakeFirst();
        // Validated when saved; a stricter contract later would come with a migration of the rows.
        return (row?.settings ?? {}) as AppSettings;
      }),
  }),

  userRoute({
    method: "PUT",
    path: "/settings/",
    summary: "Replace the signed-in user's app settings",
    access: signedIn(),
    body: AppSettings,
    response: AppSettings,
    handle: ({ body: settings, user, inTenant }) =>
      inTenant(async (context) => {
        const json = JSON.stringify(settings);
        await context.db
          .insertInto("user_settings")
          .values({ tenant_id: context.tenantId, user_id: user.userId, settings: json })
          .onConflict((oc) => oc.columns(["tenant_id", "user_id"]).doUpdateSet({ settings: json, updated_at: new Date() }))
          .execute();
        await context.appendEvent({ type: "AppSettingsChanged", payload: { userId: user.userId, settings } });
        return settings;
      }),
  }),
];
