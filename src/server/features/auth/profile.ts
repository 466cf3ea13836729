import type { Company, UserProfile } from "../../../contracts/auth";
import { accessProfile, type AccessProfile } from "../../../domain/navigation/access";
import type { TenantContext } from "../../db/tenancy";
import { notFound } from "../../platform/http/errors";
import { logoVersions } from "../company/company-settings";

/** The signed-in user's profile (GET /api/auth/users/me/) and what access decisions need. */
export async function loadProfile({ db }: TenantContext, userId: number): Promise<{ profile: UserProfile; access: AccessProfile }> {
  const [user, tenant, groups, grants, secondFactor, share] = await Promise.all([
    db.selectFrom("users").select(["id", "email", "first_name", "last_name", "is_staff"]).where("id", "=", userId).executeTakeFirst(),
    db.selectFrom("tenants").select(["kind", "features", "two_factor_policy"]).executeTakeFirstOrThrow(),
    db
      .selectFrom("user_groups")
      .innerJoin("groups", (join) => join.onRef("groups.tenant_id", "=", "user_groups.tenant_id").onRef("groups.id", "=", "user_groups.group_id"))
      .leftJoin("group_permissions", (join) =>
        join.onRef("group_permissions.tenant_id", "=", "groups.tenant_id").onRef("group_permissions.group_id", "=", "groups.id"),
      )
      .select(["groups.id", "groups.name", "group_permissions.permission"])
      .where("user_groups.user_id", "=", userId)
      .orderBy("groups.name")
      .orderBy("group_permissions.permission")
      .execute(),
    db.selectFrom("user_permissions").select("permission").where("user_id", "=", userId).orderBy("permission").execute(),
    db.selectFrom("user_totp").select("confirmed_at").where("user_id", "=", userId).executeTakeFirst(),
    // A dashboard shared with them opens the custom dashboards without control_custom_dashboards.
    db.selectFrom("custom_dashboard_shares").select("dashboard_id").where("user_id", "=", userId).limit(1).executeTakeFirst(),
  ]);
  if (!user) throw notFound();
  const byGroup = new Map<number, { id: number; name: string; permissions: string[] }>();
  for (const row of groups) {
    const group = byGroup.get(row.id) ?? { id: row.id, name: row.name, permissions: [] };
    if (row.permission) group.permissions.push(row.permission);
    byGroup.set(row.id, group);
  }
  const userPermissions = grants.map((grant) => grant.permission);
  const features = tenant.features ?? {};
  const access = accessProfile({
    isStaff: user.is_staff,
    grantedPermissions: [...userPermissions, ...[...byGroup.values()].flatMap((group) => group.permissions)],
    features,
    instance: tenant.kind,
    accessCustomDashboard: share !== undefined,
  });
  return {
    access,
    profile: {
      id: user.id,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      features: Object.entries(features).map(([name, enabled]) => ({ name, enabled })),
      is_holding_instance: tenant.kind === "holding",
      access_custom_dashboard: access.accessCustomDashboard,
      is_staff: user.is_staff,
      user_permissions: userPermissions,
      groups: [...byGroup.values()],
      two_factor: { enabled: !!secondFactor?.confirmed_at, required: tenant.two_factor_policy === "mandatory" },
    },
  };
}

/** GET /api/company/: what the shell needs (name, currencies, fiscal year). */
export async function loadCompany(context: TenantContext): Promise<Company> {
  const tenant = await context.db.selectFrom("tenants").select(["name", "kind", "multi_currency", "local_currency", "fiscal_year_offset", "time_zone"]).executeTakeFirstOrThrow();
  const fxRates = await context.db.selectFrom("fx_rates").select(["id", "name", "currency"]).orderBy("name").execute();
  return {
    name: tenant.name,
    kind: tenant.kind,
    multiCurrency: tenant.multi_currency,
    isInvestorInstance: tenant.kind === "investor",
    localCurrency: tenant.local_currency,
    fiscal_year_offset: tenant.fiscal_year_offset,
    fxRates: tenant.multi_currency ? fxRates : [],
    timeZone: tenant.time_zone,
    logos: await logoVersions(context),
  };
}
