import type { FastifyReply } from "fastify";
import { sql } from "kysely";
import type { Database } from "../../db/database";
import { HttpError } from "../http/errors";

export interface ThrottleRule {
  /** Attempts allowed within the window. */
  readonly limit: number;
  readonly windowSeconds: number;
}

export interface ThrottleState {
  readonly allowed: boolean;
  readonly retryAfterSeconds: number;
}

/**
 * Attempt counters in the database, so every server process shares them. `hit` counts one
 * attempt and says whether it is still allowed; `clear` forgets a key (after a success).
 */
export interface Throttle {
  hit(key: string, rule: ThrottleRule, now?: Date): Promise<ThrottleState>;
  peek(key: string, rule: ThrottleRule, now?: Date): Promise<ThrottleState>;
  clear(key: string): Promise<void>;
}

export function createThrottle(database: Database): Throttle {
  const stateOf = (row: { attempts: number; window_start: Date } | undefined, rule: ThrottleRule, now: Date): ThrottleState => {
    if (!row) return { allowed: true, retryAfterSeconds: 0 };
    const windowEnds = row.window_start.getTime() + rule.windowSeconds * 1000;
    if (windowEnds <= now.getTime()) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: row.attempts <= rule.limit, retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)) };
  };
  return {
    async hit(key, rule, now = new Date()) {
      const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
      const row = await database.system
        .insertInto("auth_throttle")
        .values({ key, window_start: now, attempts: 1 })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({
            attempts: sql`case when auth_throttle.window_start <= ${windowStart} then 1 else auth_throttle.attempts + 1 end`,
            window_start: sql`case when auth_throttle.window_start <= ${windowStart} then ${now} else auth_throttle.window_start end`,
          }),
        )
        .returning(["attempts", "window_start"])
        .executeTakeFirstOrThrow();
      return stateOf(row, rule, now);
    },
    async peek(key, rule, now = new Date()) {
      const row = await database.system.selectFrom("auth_throttle").select(["attempts", "window_start"]).where("key", "=", key).executeTakeFirst();
      return stateOf(row ? { ...row, attempts: row.attempts + 1 } : undefined, rule, now);
    },
    async clear(key) {
      await database.system.deleteFrom("auth_throttle").where("key", "=", key).execute();
    },
  };
}

/**
 * The limits of the account-security endpoints (OWASP ASVS 2.2.1: well under 100 an hour).
 * Password sign-ins have budgets of their own (sign-in-budget.ts).
 */
export const THROTTLE_RULES = {
  codePerUser: { limit: 5, windowSeconds: 5 * 60 },
  resetPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  resetPerAddress: { limit: 20, windowSeconds: 60 * 60 },
} as const satisfies Record<string, ThrottleRule>;

export function throttledMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** The 429 answer, with Retry-After. */
export function tooManyAttempts(reply: FastifyReply, state: ThrottleState): HttpError {
  reply.header("retry-after", String(state.retryAfterSeconds));
  return new HttpError(429, { detail: throttledMessage(state.retryAfterSeconds) });
}
