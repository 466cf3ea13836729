import { isTenantId, type TenantContext } from "../../db/tenancy";
import { newSecret, secretHash } from "../../platform/auth/opaque-secrets";
import { hashPassword } from "../../platform/auth/passwords";
import type { Mailer } from "../../platform/mail/mailer";
import { endAllSessions, endOtherSessions } from "../auth/sessions";

/** A reset link is good for one hour and one use. */
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;


/** The link's uid names tenant and user, so the confirmation can open the right transaction. */
export const uidOf = (tenantId: string, userId: number) => Buffer.from(`${tenantId}.${userId}`).toString("base64url");

export function parseUid(uid: string): { tenantId: string; userId: number } | null {
  const [tenantId, userId] = Buffer.from(uid, "base64url").toString("utf8").split(".");
  const id = Number(userId);
  return tenantId && isTenantId(tenantId) && Number.isSafeInteger(id) && id > 0 ? { tenantId, userId: id } : null;
}

/** A welcome link (set your first password) is good for seven days. */
export const WELCOME_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A one-time link to set a password (earlier unused links of the user stop working). The token
 * is stored hashed; only the link carries it.
 */
export async function issuePasswordLink(context: TenantContext, userId: number, publicUrl: string, now: Date, lifetimeMs: number): Promise<string> {
  const token = newSecret();
  await context.db.updateTable("password_reset_tokens").set({ used_at: now }).where("user_id", "=", userId).where("used_at", "is", null).execute();
  await context.db
    .insertInto("password_reset_tokens")
    .values({ tenant_id: context.tenantId, user_id: userId, token_hash: secretHash(token), expires_at: new Date(now.getTime() + lifetimeMs), used_at: null })
    .execute();
  return `${publicUrl}/password/reset/confirm/${uidOf(context.tenantId, userId)}/${token}`;
}

export const resetMail = (to: string, link: string) => ({
  to,
  subject: "Reset your Meridian password",
  text: `Someone asked to reset the password of your Meridian account.\n\nSet a new password here (the link works once, for one hour):\n${link}\n\nIf this was not you, ignore this mail; your password stays as it is.`,
});

export const welcomeMail = (to: string, company: string, link: string) => ({
  to,
  subject: `Welcome to Meridian at ${company}`,
  text: `You have an account in Meridian for ${company}.\n\nChoose your password here to sign in (the link works once, for seven days):\n${link}\n\nYour user name is ${to}.`,
});

/** Issues a reset link and mails it. */
export async function sendResetLink(context: TenantContext, user: { id: number; email: string }, mailer: Mailer, publicUrl: string, now: Date) {
  const link = await issuePasswordLink(context, user.id, publicUrl, now, RESET_TOKEN_LIFETIME_MS);
  await mailer.send(context, resetMail(user.email, link));
}

/** Whether `token` is an unused, unexpired reset token of the user; it is used up if so. */
export async function consumeResetToken(context: TenantContext, userId: number, token: string, now: Date): Promise<boolean> {
  const used = await context.db
    .updateTable("password_reset_tokens")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("token_hash", "=", secretHash(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/**
 * Sets a new password and ends every session of the user (but `keepFamily`'s, the session that
 * changed it): tokens issued before now are refused, refresh families are revoked. It signs
 * nobody in, so the second factor still applies next time.
 */
export async function replacePassword(context: TenantContext, userId: number, password: string, now: Date, options: { keepFamily?: string } = {}) {
  await context.db
    .updateTable("users")
    .set({ password_hash: await hashPassword(password), ...(options.keepFamily ? {} : { sessions_revoked_at: now }) })
    .where("id", "=", userId)
    .execute();
  if (options.keepFamily) await endOtherSessions(context, userId, options.keepFamily, "password changed", now);
  else await endAllSessions(context, userId, "password reset", now);
}
