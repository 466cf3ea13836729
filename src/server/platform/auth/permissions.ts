import { withImpliedPermissions, type Permission } from "../../../domain/permissions/catalogue";
import type { TenantContext } from "../../db/tenancy";
import { forbidden } from "../http/errors";

/**
 * The permissions a user holds now: their own grants and their groups', with implied ones.
 * Read per request, so a change takes effect at once.
 */
export async function permissionsOf({ db }: TenantContext, userId: number): Promise<{ isStaff: boolean; permissions: Set<Permission> }> {
  const [user, own, fromGroups] = await Promise.all([
    db.selectFrom("users").select("is_staff").where("id", "=", userId).executeTakeFirst(),
    db.selectFrom("user_permissions").select("permission").where("user_id", "=", userId).execute(),
    db
      .selectFrom("user_groups")
      .innerJoin("group_permissions", (join) =>
        join.onRef("group_permissions.tenant_id", "=", "user_groups.tenant_id").onRef("group_permissions.group_id", "=", "user_groups.group_id"),
      )
      .select("group_permissions.permission")
      .where("user_groups.user_id", "=", userId)
      .execute(),
  ]);
  return { isStaff: user?.is_staff ?? false, permissions: withImpliedPermissions([...own, ...fromGroups].map((row) => row.permission)) };
}

/**
 * The users who hold `permission` now (staff, or by their own grant or a group's, implied ones
 * included): three queries for the whole company rather than one person at a time.
 */
export async function holdersOf({ db }: TenantContext, permission: Permission): Promise<Set<number>> {
  const [staff, own, fromGroups] = await Promise.all([
    db.selectFrom("users").select("id").where("is_staff", "=", true).execute(),
    db.selectFrom("user_permissions").select(["user_id", "permission"]).execute(),
    db
      .selectFrom("user_groups")
      .innerJoin("group_permissions", (join) =>
        join.onRef("group_permissions.tenant_id", "=", "user_groups.tenant_id").onRef("group_permissions.group_id", "=", "user_groups.group_id"),
      )
      .select(["user_groups.user_id", "group_permissions.permission"])
      .execute(),
  ]);
  const granted = new Map<number, string[]>();
  for (const row of [...own, ...fromGroups]) granted.set(row.user_id, [...(granted.get(row.user_id) ?? []), row.permission]);
  const holders = new Set(staff.map((row) => row.id));
  for (const [userId, permissions] of granted) if (withImpliedPermissions(permissions).has(permission)) holders.add(userId);
  return holders;
}

/** Staff pass; others need `permission`, or the request is refused with `detail`. */
export async function requirePermission(context: TenantContext, userId: number, permission: Permission, detail?: string) {
  const { isStaff, permissions } = await permissionsOf(context, userId);
  if (!isStaff && !permissions.has(permission)) throw forbidden(detail);
}
