import type { Kysely } from "kysely";
import type { StoredDomainEvent } from "../../db/event-log";
import type { DatabaseSchema } from "../../db/schema";
import type { TenantContext } from "../../db/tenancy";
import type { SessionEnd } from "../../../contracts/server-events";
import { SESSION_ENDED_EVENT, sessionStatus, type AccessSession } from "../auth/session-status";

/**
 * What ends an open event stream, so every stream ends with its session, whichever route ended
 * it: the access token's expiry (a timer), a `SessionEnded` (or `UserDeleted`) event of its
 * user in the tenant's log (seen the moment it commits), and, as a safety net for a change
 * made without an event, a re-check every `recheckMs`. Events only prompt the check: the
 * session's state in the database decides, so an old event replayed on resume ends nothing.
 */
export class SessionWatch {
  private reason: SessionEnd | null = null;
  private checkedAt: number;
  private readonly expiry: ReturnType<typeof setTimeout>;

  constructor(
    private readonly session: AccessSession,
    private readonly recheckMs: number,
    /** Told once when the session ends, to wake the waiting stream. */
    private readonly onEnd: () => void,
  ) {
    const now = Date.now();
    // authenticate checked the session just now.
    this.checkedAt = now;
    this.expiry = setTimeout(() => this.end("expired"), Math.min(Math.max(0, session.expiresAtMs - now), MAX_TIMER_MS));
  }

  /** Why the session ended, or null while it stands. */
  get ended(): SessionEnd | null {
    return this.reason;
  }

  /** The safety-net check is due. */
  checkDue(now = Date.now()): boolean {
    return this.reason === null && now - this.checkedAt >= this.recheckMs;
  }

  /** Reads the session's state; ends the watch when it is over. Answers what the database said. */
  async check(db: Kysely<DatabaseSchema>): Promise<SessionEnd | null> {
    this.checkedAt = Date.now();
    const { ended } = await sessionStatus(db, this.session);
    if (ended) this.end(ended);
    return ended;
  }

  /**
   * The events of `batch` before the one after which the session no longer stands (all of them
   * while it does), so nothing committed after a sign-out reaches the signed-out stream. Run in
   * the transaction that read the batch: the session's change committed with its event.
   */
  async upToEnd<E extends StoredDomainEvent>(db: Kysely<DatabaseSchema>, batch: readonly E[]): Promise<readonly E[]> {
    for (const [index, event] of batch.entries()) {
      if (this.concerns(event) && (await this.check(db))) return batch.slice(0, index);
    }
    return batch;
  }

  dispose() {
    clearTimeout(this.expiry);
  }

  private concerns(event: StoredDomainEvent): boolean {
    return SESSION_EVENTS.has(event.type) && userOf(event.payload) === this.session.userId;
  }

  private end(reason: SessionEnd) {
    if (this.reason) return;
    this.reason = reason;
    clearTimeout(this.expiry);
    this.onEnd();
  }
}

/** The stream's last message (no `id:`, so a resume starts after the last event sent). */
export const endFrame = (reason: SessionEnd) => `event: end\ndata: ${JSON.stringify({ reason })}\n\n`;

/** A user's `SessionEnded` goes to that user only: others need not see when someone signed out. */
export const sessionEventFilters = {
  [SESSION_ENDED_EVENT]: async (payload: unknown, _context: TenantContext, userId: number) => (userOf(payload) === userId ? payload : null),
};

/** Events after which a stream re-checks its session: its user's sessions ended, or the user is gone. */
const SESSION_EVENTS = new Set([SESSION_ENDED_EVENT, "UserDeleted"]);

/** The longest delay a Node timer takes (about 24.8 days); access tokens live minutes. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const userOf = (payload: unknown) => (payload as { userId?: unknown } | null)?.userId;
