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

/** Staff pass; others need `permission`, or the request is refused with `detail`. */
export async function requirePermission(context: TenantContext, userId: number, permission: Permission, detail?: string) {
  const { isStaff, permissions } = await permissionsOf(context, userId);
  if (!isStaff && !permissions.has(permission)) throw forbidden(detail);
}
