import { Schema } from "@effect/schema";
import { ADD_SUBSIDIARY_FAILED, AddSubsidiaryRequest, Holding, HoldingRates, HoldingRollup, RollupQuery, SaveRatesRequest, type AuthorizationState } from "../../../contracts/holding";
import type { HoldingPeriod } from "../../../domain/holding/period";
import { monthIndexAt, monthIndexOf } from "../../../domain/months";
import { periodMonths } from "../../../domain/holding/period";
import { secretHash } from "../../platform/auth/opaque-secrets";
import { badRequest, notFound } from "../../platform/http/errors";
import { IdParams, needs, signedIn, userRoute } from "../../platform/http/route";
import { requireHolding, subsidiaryView } from "./holding-instance";
import { loadHoldingSide, loadSubsidiary, rollupAnswer } from "./holding-rollup";

const MANAGE = needs("manage_company_settings");
const addFailed = () => badRequest({ code: [ADD_SUBSIDIARY_FAILED] });

/**
 * The holding's routes (spec sections 6 and 7): its subsidiaries with the state each subsidiary
 * decided, adding one with the code the subsidiary's administrator issued, removing one, its
 * rates, and the roll-up. Only on a holding instance with holding_reporting on (holding-instance.ts).
 * Anyone of the holding reads; changes need manage_company_settings.
 */
export const holdingRoutes = [
  userRoute({
    method: "GET",
    path: "/holdings/",
    summary: "The holding's subsidiaries and whether each authorized it (is_authorized)",
    access: signedIn(),
    response: Schema.Array(Holding),
    handle: async ({ user, services, inTenant }) => {
      const instances = await inTenant(async (context) => {
        await requireHolding(context);
        return context.db.selectFrom("registered_instances").select(["id", "target_tenant_id", "instance_name"]).orderBy("instance_name").orderBy("id").execute();
      });
      const answer: Holding[] = [];
      for (const instance of instances) {
        const view = await subsidiaryView(services.withTenant, instance.target_tenant_id, user.tenantId);
        answer.push({ id: instance.id, name: view.name, authorization_state: view.state, is_authorized: view.state === "authorized", currency: view.currency });
      }
      return answer;
    },
  }),

  userRoute({
    method: "POST",
    path: "/holdings/",
    summary: "Add a reporting company with the one-time code its administrator issued; it then decides",
    description: `Every failure (unknown, used or expired code, a company already added, not a company) answers 400 with '${ADD_SUBSIDIARY_FAILED}'.`,
    access: MANAGE,
    body: AddSubsidiaryRequest,
    response: Holding,
    status: 201,
    handle: async ({ body: { code }, user, services, inTenant }) => {
      const holding = await inTenant(requireHolding);
      const now = services.now?.() ?? new Date();
      const issued = await services.database.system
        .selectFrom("holding_link_codes")
        .innerJoin("tenants", "tenants.id", "holding_link_codes.tenant_id")
        .select(["holding_link_codes.tenant_id", "holding_link_codes.id", "holding_link_codes.expires_at", "holding_link_codes.used_at", "tenants.kind"])
        .where("holding_link_codes.code_hash", "=", secretHash(code.trim()))
        .executeTakeFirst();
      if (!issued || issued.used_at !== null || new Date(issued.expires_at) <= now || issued.kind !== "company" || issued.tenant_id === user.tenantId) throw addFailed();
      const subsidiary = await services.withTenant(issued.tenant_id, { kind: "system", name: "holding-request" }, async ({ db, appendEvent }) => {
        const spent = await db.updateTable("holding_link_codes").set({ used_at: now }).where("id", "=", issued.id).where("used_at", "is", null).executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1) throw addFailed();
        const known = await db.selectFrom("holding_links").select("id").where("holding_tenant_id", "=", user.tenantId).executeTakeFirst();
        if (known) throw addFailed();
        const link = await db.insertInto("holding_links").values({ tenant_id: issued.tenant_id, holding_tenant_id: user.tenantId, holding_name: holding.name }).returning("id").executeTakeFirstOrThrow();
        await appendEvent({ type: "HoldingRequestReceived", payload: { id: link.id, holdingName: holding.name } });
        return db.selectFrom("tenants").select(["name", "local_currency"]).executeTakeFirstOrThrow();
      });
      return inTenant(async ({ db, tenantId, appendEvent }) => {
        // A row left from before (removed on the subsidiary's side only) becomes the new request.
        const row = await db
          .insertInto("registered_instances")
          .values({ tenant_id: tenantId, target_tenant_id: issued.tenant_id, instance_name: subsidiary.name, authorization_state: "requested" })
          .onConflict((conflict) => conflict.columns(["tenant_id", "target_tenant_id"]).doUpdateSet({ instance_name: subsidiary.name, authorization_state: "requested" }))
          .returning("id")
          .executeTakeFirstOrThrow();
        await appendEvent({ type: "SubsidiaryRequested", payload: { id: row.id, name: subsidiary.name } });
        return { id: row.id, name: subsidiary.name, authorization_state: "requested" as AuthorizationState, is_authorized: false, currency: subsidiary.local_currency };
      });
    },
  }),

  userRoute({
    method: "DELETE",
    path: "/holdings/{id}/",
    summary: "Remove a subsidiary: the holding no longer asks for it or rolls it up",
    access: MANAGE,
    params: IdParams,
    status: 204,
    handle: async ({ params: { id }, user, services, inTenant }) => {
      const removed = await inTenant(async (context) => {
        await requireHolding(context);
        const row = await context.db.deleteFrom("registered_instances").where("id", "=", id).returning(["target_tenant_id", "instance_name"]).executeTakeFirst();
        if (!row) throw notFound();
        await context.appendEvent({ type: "SubsidiaryRemoved", payload: { id, name: row.instance_name } });
        return row;
      });
      await services.withTenant(removed.target_tenant_id, { kind: "system", name: "holding-removed" }, async ({ db, appendEvent }) => {
        const link = await db.deleteFrom("holding_links").where("holding_tenant_id", "=", user.tenantId).returning(["id", "holding_name"]).executeTakeFirst();
        if (link) await appendEvent({ type: "HoldingLinkRemoved", payload: { id: link.id, holdingName: link.holding_name } });
      });
    },
  }),

  userRoute({
    method: "GET",
    path: "/holdings/rates/",
    summary: "The holding's monthly average and month-end rates per currency",
    access: signedIn(),
    response: HoldingRates,
    handle: ({ inTenant }) =>
      inTenant(async (context) => {
        const holding = await requireHolding(context);
        const rows = await context.db.selectFrom("holding_fx_rates").select(["currency", "month", "average_rate", "month_end_rate"]).orderBy("currency").orderBy("month").execute();
        return { currency: holding.currency, rates: rows };
      }),
  }),

  userRoute({
    method: "PUT",
    path: "/holdings/rates/",
    summary: "Set monthly rates (a currency and month given again replaces its rates)",
    access: MANAGE,
    body: SaveRatesRequest,
    response: HoldingRates,
    handle: ({ body: { rates }, inTenant }) =>
      inTenant(async (context) => {
        const holding = await requireHolding(context);
        if (rates.some((rate) => rate.currency === holding.currency)) throw badRequest({ rates: [`Figures in ${holding.currency} need no rate.`] });
        for (const rate of rates) {
          await context.db
            .insertInto("holding_fx_rates")
            .values({ tenant_id: context.tenantId, ...rate })
            .onConflict((conflict) => conflict.columns(["tenant_id", "currency", "month"]).doUpdateSet({ average_rate: rate.average_rate, month_end_rate: rate.month_end_rate }))
            .execute();
        }
        if (rates.length > 0) await context.appendEvent({ type: "HoldingRatesSaved", payload: { count: rates.length, currencies: [...new Set(rates.map((rate) => rate.currency))] } });
        const rows = await context.db.selectFrom("holding_fx_rates").select(["currency", "month", "average_rate", "month_end_rate"]).orderBy("currency").orderBy("month").execute();
        return { currency: holding.currency, rates: rows };
      }),
  }),

  userRoute({
    method: "GET",
    path: "/holdings/rollup/",
    summary: "The authorized subsidiaries' KPIs rolled up in the holding's currency, with each company's figures",
    description: "`period=ytd` (the default) or `from` and `to` months. Flows convert at each month's average rate, balances at the month-end rate; a missing rate leaves the figure empty and is named.",
    access: signedIn(),
    query: RollupQuery,
    response: HoldingRollup,
    handle: async ({ query, user, services, inTenant }) => {
      const now = services.now?.() ?? new Date();
      const period = periodOf(query);
      const { holding, side, months } = await inTenant(async (context) => {
        const holding = await requireHolding(context);
        let months;
        try {
          months = periodMonths(period, holding.fiscalYearOffset, monthIndexAt(now));
        } catch (error) {
          throw badRequest({ to: [(error as Error).message] });
        }
        return { holding, months, side: await loadHoldingSide(context, months) };
      });
      const subsidiaries = [];
      for (const instance of side.instances) {
        const data = await loadSubsidiary(services.withTenant, instance.id, instance.target_tenant_id, user.tenantId, months);
        if (data) subsidiaries.push(data);
      }
      return rollupAnswer(holding, side, subsidiaries, months);
    },
  }),
];

function periodOf(query: typeof RollupQuery.Type): HoldingPeriod {
  if (query.period === "ytd" || (query.period === undefined && query.from === undefined && query.to === undefined)) return { kind: "ytd" };
  if (query.from === undefined || query.to === undefined) throw badRequest({ [query.from === undefined ? "from" : "to"]: ["Pick the first and the last month."] });
  return { kind: "range", from: monthIndexOf(query.from), to: monthIndexOf(query.to) };
}

