import { Schema } from "@effect/schema";
import { HoldingDecisionRequest, HoldingLinkCode, HoldingRequest } from "../../../contracts/holding";
import type { TenantContext } from "../../db/tenancy";
import { newSecret, secretHash } from "../../platform/auth/opaque-secrets";
import { notFound } from "../../platform/http/errors";
import { IdParams, needs, userRoute } from "../../platform/http/route";
import { requireCompany } from "./holding-instance";

const MANAGE = needs("manage_company_settings");

/** How long a link code stays good: a week to pass it to the holding. */
export const LINK_CODE_DAYS = 7;

/**
 * The subsidiary's side (its administrator, manage_company_settings): the holdings that asked to
 * roll it up, a one-time code to give a holding, and the decision, which is the company's alone.
 * The decision is stored here first (the truth the holding's roll-up obeys), then mirrored into
 * the holding's list with an event there so its screens change at once.
 */
export const subsidiaryRoutes = [
  userRoute({
    method: "GET",
    path: "/company/holdings/",
    summary: "The holdings that asked to roll this company up, and what it decided",
    access: MANAGE,
    response: Schema.Array(HoldingRequest),
    handle: ({ inTenant }) =>
      inTenant(async (context) => {
        await requireCompany(context);
        const rows = await context.db.selectFrom("holding_links").select(["id", "holding_name", "state", "requested_at", "decided_at"]).orderBy("requested_at", "desc").orderBy("id", "desc").execute();
        return rows.map(requestOf);
      }),
  }),

  userRoute({
    method: "POST",
    path: "/company/holdings/link-code/",
    summary: "A one-time code, good for a week, that a holding adds this company with",
    access: MANAGE,
    response: HoldingLinkCode,
    status: 201,
    handle: ({ user, services, inTenant }) =>
      inTenant(async (context) => {
        await requireCompany(context);
        const now = services.now?.() ?? new Date();
        const code = newSecret(12);
        const expiresAt = new Date(now.getTime() + LINK_CODE_DAYS * 24 * 3600 * 1000);
        await context.db.insertInto("holding_link_codes").values({ tenant_id: context.tenantId, code_hash: secretHash(code), expires_at: expiresAt, created_by: user.userId }).execute();
        await context.appendEvent({ type: "HoldingLinkCodeIssued", payload: { expiresAt: expiresAt.toISOString() } });
        return { code, expires_at: expiresAt.toISOString() };
      }),
  }),

  userRoute({
    method: "POST",
    path: "/company/holdings/{id}/decision/",
    summary: "Authorize or deny a holding's request (denying later withdraws an authorization)",
    access: MANAGE,
    params: IdParams,
    body: HoldingDecisionRequest,
    response: HoldingRequest,
    handle: async ({ params: { id }, body: { state }, user, services, inTenant }) => {
      const decided = await inTenant(async (context) => {
        await requireCompany(context);
        const now = services.now?.() ?? new Date();
        const row = await context.db
          .updateTable("holding_links")
          .set({ state, decided_at: now, decided_by: user.userId })
          .where("id", "=", id)
          .returning(["id", "holding_tenant_id", "holding_name", "state", "requested_at", "decided_at"])
          .executeTakeFirst();
        if (!row) throw notFound();
        await context.appendEvent({ type: "HoldingRequestDecided", payload: { id, holdingName: row.holding_name, state } });
        return row;
      });
      await services.withTenant(decided.holding_tenant_id, { kind: "system", name: "subsidiary-decision" }, (context) => mirrorDecision(context, user.tenantId, state));
      return requestOf(decided);
    },
  }),
];

/** In the holding's tenant: its list shows the subsidiary's decision, and its open screens hear of it. */
async function mirrorDecision({ db, appendEvent }: TenantContext, subsidiaryTenantId: string, state: "authorized" | "denied") {
  const row = await db.updateTable("registered_instances").set({ authorization_state: state }).where("target_tenant_id", "=", subsidiaryTenantId).returning(["id", "instance_name"]).executeTakeFirst();
  if (row) await appendEvent({ type: "SubsidiaryAuthorizationChanged", payload: { id: row.id, name: row.instance_name, state } });
}

function requestOf(row: { id: number; holding_name: string; state: "requested" | "denied" | "authorized"; requested_at: Date; decided_at: Date | null }): HoldingRequest {
  return {
    id: row.id,
    holding_name: row.holding_name,
    state: row.state,
    is_authorized: row.state === "authorized",
    requested_at: new Date(row.requested_at).toISOString(),
    decided_at: row.decided_at === null ? null : new Date(row.decided_at).toISOString(),
  };
}
