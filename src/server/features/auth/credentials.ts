import { randomBytes } from "node:crypto";
import type { Database } from "../../db/database";
import type { WithTenant } from "../../db/tenancy";
import { hashPassword, verifyPassword } from "../../platform/auth/passwords";

export interface SignedInUser {
  readonly tenantId: string;
  readonly userId: number;
}

let decoyHash: Promise<string> | undefined;

/**
 * Checks an e-mail and password. An unknown address, an inactive user, a user without a password
 * and a wrong password all answer null after exactly one password verification, so neither the
 * answer nor its timing tells whether an account exists.
 */
export async function checkCredentials(database: Database, withTenant: WithTenant, email: string, password: string): Promise<SignedInUser | null> {
  decoyHash ??= hashPassword(randomBytes(16).toString("hex"));
  const login = await database.system
    .selectFrom("login_emails")
    .select(["tenant_id", "user_id"])
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  if (!login) {
    await verifyPassword(password, await decoyHash);
    return null;
  }
  const user = await withTenant(login.tenant_id, { kind: "system", name: "sign-in" }, ({ db }) =>
    db.selectFrom("users").select(["password_hash", "is_active"]).where("id", "=", login.user_id).executeTakeFirst(),
  );
  const matches = await verifyPassword(password, user?.password_hash ?? (await decoyHash));
  return matches && user?.is_active && user.password_hash ? { tenantId: login.tenant_id, userId: login.user_id } : null;
}
