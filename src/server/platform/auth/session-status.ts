import type { Kysely } from "kysely";
import type { SessionEnd } from "../../../contracts/server-events";
import type { DatabaseSchema } from "../../db/schema";
import type { TokenSubject } from "./tokens";

/**
 * Whether the session behind an access token still stands. One rule for every request
 * (`authenticate`) and for open event streams, which re-ask it while they run: the user is
 * active, their sessions were not ended after the token was issued, and the token's refresh
 * family (claim `sid`) still has a live token.
 */

/** The access token's claim naming the refresh family (the sign-in) it was issued for. */
export const SESSION_ID_CLAIM = "sid";

/**
 * The event appended, in the same transaction, whenever sessions of a user end (payload
 * `{ userId, reason }`): a sign-out, a revoked family, all sessions at a deactivation, a 2FA
 * reset or a password reset, the other sessions at a password change. Open streams re-check then.
 */
export const SESSION_ENDED_EVENT = "SessionEnded";

/** The revocation reason a sign-out writes on its family: a stream of that family ends "signed-out". */
export const SIGN_OUT_REASON = "logout";


/** What an access token says about its session. */
export interface AccessSession {
  readonly tenantId: string;
  readonly userId: number;
  readonly issuedAtMs: number;
  readonly expiresAtMs: number;
  /** The refresh family; null for tokens without one (a frame's embed session has no family). */
  readonly sessionId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The session of a verified access token, or null when its claims are not ones the server issues. */
export function accessSessionOf(subject: TokenSubject & { claims: Record<string, unknown> }): AccessSession | null {
  const { claims } = subject;
  const issuedAtMs = Number(claims["iatms"] ?? Number(claims["iat"]) * 1000);
  const expiresAtMs = Number(claims["exp"]) * 1000;
  const sessionId = claims[SESSION_ID_CLAIM] ?? null;
  if (!Number.isFinite(issuedAtMs) || !Number.isFinite(expiresAtMs)) return null;
  // Checked although signed: the family id goes into a query on a uuid column.
  if (sessionId !== null && (typeof sessionId !== "string" || !UUID.test(sessionId))) return null;
  return { tenantId: subject.tenantId, userId: subject.userId, issuedAtMs, expiresAtMs, sessionId };
}

export interface SessionStatus {
  /** Null while the session stands; otherwise why it is over. */
  readonly ended: Exclude<SessionEnd, "expired"> | null;
  readonly isStaff: boolean;
}

/** Reads the session's state in the tenant's transaction (indexed lookups of the user and the family). */
export async function sessionStatus(db: Kysely<DatabaseSchema>, session: AccessSession): Promise<SessionStatus> {
  const user = await db.selectFrom("users").select(["is_active", "is_staff", "sessions_revoked_at"]).where("id", "=", session.userId).executeTakeFirst();
  if (!user?.is_active) return { ended: "deactivated", isStaff: false };
  const isStaff = user.is_staff;
  // A deactivation, a 2FA reset or a password reset ends every session, access tokens included.
  if (user.sessions_revoked_at && session.issuedAtMs < user.sessions_revoked_at.getTime()) return { ended: "revoked", isStaff };
  if (session.sessionId === null) return { ended: null, isStaff };
  const family = db.selectFrom("refresh_tokens").where("family_id", "=", session.sessionId);
  const live = await family.select("id").where("revoked_at", "is", null).limit(1).executeTakeFirst();
  if (live) return { ended: null, isStaff };
  // A family is revoked as a whole, with one reason (or it went with its user).
  const revoked = await family.select("revoked_reason").limit(1).executeTakeFirst();
  return { ended: revoked?.revoked_reason === SIGN_OUT_REASON ? "signed-out" : "revoked", isStaff };
}
