import { randomInt } from "node:crypto";
import { GENERATED_PASSWORD_LENGTH, PER_USER_GRANTS, type ManagedUser } from "../../../contracts/users";
import { passwordProblems, type PasswordContext } from "../../../domain/auth/password-policy";
import type { TenantContext } from "../../db/tenancy";
import { badRequest } from "../../platform/http/errors";
import { endAllSessions } from "../auth/sessions";

const PASSWORD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!#$%&*+-=?@_";

/**
 * A random password for a user created without one (they set their own from the welcome mail).
 * It obeys the password rules like any other: the rare draw that contains the person's name is
 * drawn again.
 */
export function generatedPassword(person: PasswordContext = {}): string {
  for (;;) {
    const password = Array.from({ length: GENERATED_PASSWORD_LENGTH }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join("");
    if (passwordProblems(password, person).length === 0) return password;
  }
}

/** An administrator's password for a new user obeys the same rules as the user's own: 400 otherwise. */
export function requireAllowedPassword(password: string, person: PasswordContext) {
  const problems = passwordProblems(password, person);
  if (problems.length > 0) throw badRequest({ password: problems });
}

/** The company's users as user management shows them; superusers are left out. */
export async function listUsers({ db }: TenantContext, search: string | undefined): Promise<ManagedUser[]> {
  let query = db
    .selectFrom("users")
    .leftJoin("user_totp", (join) => join.onRef("user_totp.tenant_id", "=", "users.tenant_id").onRef("user_totp.user_id", "=", "users.id"))
    .select(["users.id", "users.email", "users.first_name", "users.last_name", "users.is_active", "users.is_staff", "users.last_login_at", "user_totp.confirmed_at"])
    .where("users.is_superuser", "=", false)
    .orderBy("users.last_name")
    .orderBy("users.first_name")
    .orderBy("users.email");
  if (search?.trim()) {
    const pattern = `%${search.trim().toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    query = query.where((eb) => eb.or([eb("users.email", "like", pattern), eb(eb.fn("lower", ["users.first_name"]), "like", pattern), eb(eb.fn("lower", ["users.last_name"]), "like", pattern)]));
  }
  const users = await query.execute();
  const ids = users.map((user) => user.id);
  const [groups, grants] = ids.length
    ? await Promise.all([
        db
          .selectFrom("user_groups")
          .innerJoin("groups", (join) => join.onRef("groups.tenant_id", "=", "user_groups.tenant_id").onRef("groups.id", "=", "user_groups.group_id"))
          .select(["user_groups.user_id", "groups.id", "groups.name"])
          .where("user_groups.user_id", "in", ids)
          .orderBy("groups.name")
          .execute(),
        db.selectFrom("user_permissions").select(["user_id", "permission"]).where("user_id", "in", ids).orderBy("permission").execute(),
      ])
    : [[], []];
  return users.map((user) => ({
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    is_active: user.is_active,
    is_staff: user.is_staff,
    groups: groups.filter((group) => group.user_id === user.id).map((group) => ({ id: group.id, name: group.name })),
    user_permissions: grants.filter((grant) => grant.user_id === user.id).map((grant) => grant.permission),
    two_factor_enabled: !!user.confirmed_at,
    last_login: user.last_login_at?.toISOString() ?? null,
  }));
}

/** Creates a user of the company. The caller checks the address is free in the installation. */
export async function createUser(
  context: TenantContext,
  input: { email: string; firstName: string; lastName: string; passwordHash: string; groupIds: readonly number[] },
): Promise<number> {
  const { db, tenantId } = context;
  const user = await db
    .insertInto("users")
    .values({ tenant_id: tenantId, email: input.email, first_name: input.firstName, last_name: input.lastName, password_hash: input.passwordHash })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("login_emails").values({ email: input.email, tenant_id: tenantId, user_id: user.id }).execute();
  await setGroups(context, user.id, input.groupIds);
  return user.id;
}

export async function setGroups({ db, tenantId }: TenantContext, userId: number, groupIds: readonly number[]) {
  const known = groupIds.length ? await db.selectFrom("groups").select("id").where("id", "in", [...groupIds]).execute() : [];
  const unknown = groupIds.filter((id) => !known.some((group) => group.id === id));
  if (unknown.length) throw badRequest({ groups: [`Invalid pk "${unknown[0]}" - object does not exist.`] });
  await db.deleteFrom("user_groups").where("user_id", "=", userId).execute();
  if (groupIds.length) await db.insertInto("user_groups").values([...new Set(groupIds)].map((groupId) => ({ tenant_id: tenantId, user_id: userId, group_id: groupId }))).execute();
}

export async function setUserGrants({ db, tenantId }: TenantContext, userId: number, grants: readonly string[]) {
  const invalid = grants.filter((grant) => !(PER_USER_GRANTS as readonly string[]).includes(grant));
  if (invalid.length) throw badRequest({ user_permissions: invalid.map((grant) => `"${grant}" cannot be granted to a single user.`) });
  await db.deleteFrom("user_permissions").where("user_id", "=", userId).execute();
  if (grants.length) await db.insertInto("user_permissions").values([...new Set(grants)].map((permission) => ({ tenant_id: tenantId, user_id: userId, permission }))).execute();
}

/** Deactivating a user ends their sessions at once. */
export async function setActive(context: TenantContext, userId: number, active: boolean, now: Date) {
  await context.db
    .updateTable("users")
    .set(active ? { is_active: true } : { is_active: false, sessions_revoked_at: now })
    .where("id", "=", userId)
    .execute();
  if (!active) await endAllSessions(context, userId, "deactivated", now);
}
