import { randomUUID } from "node:crypto";
import { isTenantId, type TenantContext } from "../../db/tenancy";
import { newSecret, secretHash } from "../../platform/auth/opaque-secrets";
import { SESSION_ENDED_EVENT, SIGN_OUT_REASON } from "../../platform/auth/session-status";

/**
 * Refresh-token families. Sign-in starts a family; each refresh replaces the presented token
 * with a new one. The idle lifetime is the auto-logout time; the family ends at the absolute
 * lifetime whatever happens. A replaced token presented again within the grace window (two tabs
 * refreshing at once) gets a sibling token; later, it is reuse of a stolen token: the family dies.
 * Whatever ends sessions appends `SessionEnded` in the same transaction, so open event streams
 * of those sessions close at once (`platform/events/session-watch.ts`).
 */
export interface SessionPolicy {
  readonly idleMinutes: number;
  readonly absoluteHours: number;
  readonly graceSeconds: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMinutes: 30, absoluteHours: 12, graceSeconds: 30 };

export interface IssuedRefresh {
  readonly token: string;
  readonly userId: number;
  /** The family (one sign-in); access tokens carry it as their session id. */
  readonly familyId: string;
  readonly idleExpiresAt: Date;
}

export type RotationFailure = "unknown" | "expired" | "revoked" | "reused";

/** The refresh token names its tenant, so the server can open that tenant's transaction. */
export function tenantOfRefreshToken(token: string): string | null {
  const [tenantId, secret] = token.split(".");
  return tenantId && secret && isTenantId(tenantId) ? tenantId : null;
}


export async function startSession({ db, tenantId }: TenantContext, userId: number, policy: SessionPolicy, now: Date): Promise<IssuedRefresh> {
  const familyExpiresAt = new Date(now.getTime() + policy.absoluteHours * 3_600_000);
  return issue(db, tenantId, userId, randomUUID(), familyExpiresAt, policy, now);
}

export async function rotateSession(
  context: TenantContext,
  presented: string,
  policy: SessionPolicy,
  now: Date,
): Promise<IssuedRefresh | RotationFailure> {
  const { db, tenantId } = context;
  const row = await db.selectFrom("refresh_tokens").selectAll().where("token_hash", "=", secretHash(presented)).forUpdate().executeTakeFirst();
  if (!row) return "unknown";
  if (row.revoked_at) return "revoked";
  if (row.family_expires_at <= now || row.idle_expires_at <= now) return "expired";
  if (row.replaced_at) {
    if (now.getTime() - row.replaced_at.getTime() > policy.graceSeconds * 1000) {
      await revokeFamily(context, row.user_id, row.family_id, "reuse detected", now);
      return "reused";
    }
  } else {
    await db.updateTable("refresh_tokens").set({ replaced_at: now }).where("id", "=", row.id).execute();
  }
  return issue(db, tenantId, row.user_id, row.family_id, row.family_expires_at, policy, now);
}

/** Ends the session the presented token belongs to (logout). */
export async function endSession(context: TenantContext, presented: string, now: Date) {
  const row = await context.db.selectFrom("refresh_tokens").select(["family_id", "user_id"]).where("token_hash", "=", secretHash(presented)).executeTakeFirst();
  if (row) await revokeFamily(context, row.user_id, row.family_id, SIGN_OUT_REASON, now);
}

/** The family a refresh token belongs to (to keep the current session when others end). */
export async function familyOfToken({ db }: TenantContext, presented: string): Promise<string | undefined> {
  const row = await db.selectFrom("refresh_tokens").select("family_id").where("token_hash", "=", secretHash(presented)).executeTakeFirst();
  return row?.family_id;
}

/**
 * Ends every session of a user (deactivation, 2FA reset, password reset). The event is appended
 * even when no family was live: the callers also end the user's access tokens (sessions_revoked_at).
 */
export async function endAllSessions(context: TenantContext, userId: number, reason: string, now: Date) {
  await revoke(context.db, now, reason).where("user_id", "=", userId).execute();
  await context.appendEvent({ type: SESSION_ENDED_EVENT, payload: { userId, reason } });
}

/** Ends every session of a user but the one in `keepFamily` (a password change from that session). */
export async function endOtherSessions(context: TenantContext, userId: number, keepFamily: string, reason: string, now: Date) {
  const ended = await revoke(context.db, now, reason).where("user_id", "=", userId).where("family_id", "<>", keepFamily).executeTakeFirst();
  if (Number(ended.numUpdatedRows) > 0) await context.appendEvent({ type: SESSION_ENDED_EVENT, payload: { userId, reason } });
}

async function revokeFamily(context: TenantContext, userId: number, familyId: string, reason: string, now: Date) {
  const ended = await revoke(context.db, now, reason).where("family_id", "=", familyId).executeTakeFirst();
  if (Number(ended.numUpdatedRows) > 0) await context.appendEvent({ type: SESSION_ENDED_EVENT, payload: { userId, reason } });
}

/** Revokes the live tokens the caller's `where` selects. */
const revoke = (db: TenantContext["db"], now: Date, reason: string) =>
  db.updateTable("refresh_tokens").set({ revoked_at: now, revoked_reason: reason }).where("revoked_at", "is", null);

async function issue(
  db: TenantContext["db"],
  tenantId: string,
  userId: number,
  familyId: string,
  familyExpiresAt: Date,
  policy: SessionPolicy,
  now: Date,
): Promise<IssuedRefresh> {
  const token = `${tenantId}.${newSecret()}`;
  const idle = new Date(now.getTime() + policy.idleMinutes * 60_000);
  const idleExpiresAt = idle < familyExpiresAt ? idle : familyExpiresAt;
  await db
    .insertInto("refresh_tokens")
    .values({
      tenant_id: tenantId,
      user_id: userId,
      family_id: familyId,
      token_hash: secretHash(token),
      idle_expires_at: idleExpiresAt,
      family_expires_at: familyExpiresAt,
    })
    .execute();
  return { token, userId, familyId, idleExpiresAt };
}
