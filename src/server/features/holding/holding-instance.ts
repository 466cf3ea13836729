import { NOT_A_HOLDING, type AuthorizationState } from "../../../contracts/holding";
import type { TenantContext, WithTenant } from "../../db/tenancy";
import { forbidden, notFound } from "../../platform/http/errors";
import { FEATURE_OFF } from "../../platform/http/route";

/** The flag a holding's routes need (spec section 6). */
export const HOLDING_FEATURE = "holding_reporting";

export interface HoldingTenant {
  readonly name: string;
  readonly currency: string;
  readonly fiscalYearOffset: number;
}

/**
 * The caller's company, which must be a holding with holding reporting switched on. Another kind
 * of instance has no holding routes (404, as for an address that does not exist); a holding with
 * the flag off is refused (403), staff too. Checked here rather than by the route's `feature`, so
 * a company asking gets the 404 whatever its flags.
 */
export async function requireHolding({ db }: TenantContext): Promise<HoldingTenant> {
  const tenant = await db.selectFrom("tenants").select(["kind", "name", "local_currency", "fiscal_year_offset", "features"]).executeTakeFirst();
  if (tenant?.kind !== "holding") throw notFound(NOT_A_HOLDING);
  if (tenant.features?.[HOLDING_FEATURE] !== true) throw forbidden(FEATURE_OFF);
  return { name: tenant.name, currency: tenant.local_currency, fiscalYearOffset: tenant.fiscal_year_offset };
}

/** The caller's company, which must be a company (a subsidiary-to-be): investors and holdings have no holding requests. */
export async function requireCompany({ db }: TenantContext): Promise<{ readonly name: string }> {
  const tenant = await db.selectFrom("tenants").select(["kind", "name"]).executeTakeFirst();
  if (tenant?.kind !== "company") throw notFound(NOT_A_HOLDING);
  return { name: tenant.name };
}

export interface SubsidiaryView {
  /** The subsidiary's own decision about this holding; "denied" when it keeps no record of it. */
  readonly state: AuthorizationState;
  readonly name: string;
  readonly currency: string;
}

/**
 * Reads, in the subsidiary's own tenant, what it decided about `holdingTenantId`: the truth the
 * holding's lists and roll-up go by (the holding's registered_instances only mirror it).
 */
export function subsidiaryView(withTenant: WithTenant, subsidiaryTenantId: string, holdingTenantId: string): Promise<SubsidiaryView> {
  return withTenant(subsidiaryTenantId, { kind: "system", name: "holding-read" }, async ({ db }) => {
    const tenant = await db.selectFrom("tenants").select(["name", "local_currency"]).executeTakeFirstOrThrow();
    const link = await db.selectFrom("holding_links").select("state").where("holding_tenant_id", "=", holdingTenantId).executeTakeFirst();
    return { state: link?.state ?? "denied", name: tenant.name, currency: tenant.local_currency };
  });
}
