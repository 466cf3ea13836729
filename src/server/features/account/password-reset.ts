import { createHash, randomBytes } from "node:crypto";
import type { TenantContext } from "../../db/tenancy";
import { hashPassword } from "../../platform/auth/passwords";
import type { Mailer } from "../../platform/mail/mailer";
import { endAllSessions } from "../auth/sessions";

/** A reset link is good for one hour and one use. */
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** The link's uid names tenant and user, so the confirmation can open the right transaction. */
export const uidOf = (tenantId: string, userId: number) => Buffer.from(`${tenantId}.${userId}`).toString("base64url");

export function parseUid(uid: string): { tenantId: string; userId: number } | null {
  const [tenantId, userId] = Buffer.from(uid, "base64url").toString("utf8").split(".");
  const id = Number(userId);
  return tenantId && /^[0-9a-f-]{36}$/.test(tenantId) && Number.isSafeInteger(id) && id > 0 ? { tenantId, userId: id } : null;
}

/** Issues a reset link (earlier unused links of the user stop working) and mails it. */
export async function sendResetLink(context: TenantContext, user: { id: number; email: string }, mailer: Mailer, publicUrl: string, now: Date) {
  const token = randomBytes(32).toString("base64url");
  await context.db.updateTable("password_reset_tokens").set({ used_at: now }).where("user_id", "=", user.id).where("used_at", "is", null).execute();
  await context.db
    .insertInto("password_reset_tokens")
    .values({ tenant_id: context.tenantId, user_id: user.id, token_hash: hashOf(token), expires_at: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS), used_at: null })
    .execute();
  const link = `${publicUrl}/password/reset/confirm/${uidOf(context.tenantId, user.id)}/${token}`;
  await mailer.send(context, {
    to: user.email,
    subject: "Reset your Meridian password",
    text: `Someone asked to reset the password of your Meridian account.\n\nSet a new password here (the link works once, for one hour):\n${link}\n\nIf this was not you, ignore this mail; your password stays as it is.`,
  });
}

/** Whether `token` is an unused, unexpired reset token of the user; it is used up if so. */
export async function consumeResetToken(context: TenantContext, userId: number, token: string, now: Date): Promise<boolean> {
  const used = await context.db
    .updateTable("password_reset_tokens")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("token_hash", "=", hashOf(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/**
 * Sets a new password and ends every session of the user: tokens issued before now are refused,
 * refresh families are revoked. It signs nobody in, so the second factor still applies next time.
 */
export async function replacePassword(context: TenantContext, userId: number, password: string, now: Date, options: { keepFamily?: string } = {}) {
  await context.db
    .updateTable("users")
    .set({ password_hash: await hashPassword(password), ...(options.keepFamily ? {} : { sessions_revoked_at: now }) })
    .where("id", "=", userId)
    .execute();
  if (options.keepFamily) {
    await context.db
      .updateTable("refresh_tokens")
      .set({ revoked_at: now, revoked_reason: "password changed" })
      .where("user_id", "=", userId)
      .where("family_id", "<>", options.keepFamily)
      .where("revoked_at", "is", null)
      .execute();
  } else {
    await endAllSessions(context, userId, "password reset", now);
  }
}
