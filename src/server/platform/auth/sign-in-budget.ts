import type { FastifyReply, FastifyRequest } from "fastify";
import { sql } from "kysely";
import type { ServerConfig } from "../../config";
import type { Database } from "../../db/database";
import { clientAddress } from "../http/client-address";
import { DEVICE_TRUST_DAYS, deviceOf, keyedName, setDeviceCookie } from "./device-cookie";
import { tooManyAttempts, type ThrottleRule, type ThrottleState } from "./throttle";

/**
 * Failed sign-ins must not let a stranger lock the owner out (ASVS 6.3.1; OWASP's
 * device cookies). Each failure counts against one budget: the browser's own when it carries
 * the account's device cookie, else the address's own when the account signed in from that
 * address before, else the budget all other ("untrusted") clients of the account share. When
 * strangers have used that up, they are refused, and the owner still signs in from a browser or
 * address that signed in before. Every failure also counts against the account as a whole, so
 * however many trusted browsers there are, guessing stays at 100 an hour at most.
 *
 * All windows slide (one row per failure), so "100 an hour" holds for any hour.
 */
export const SIGN_IN_LIMITS = {
  /** Every client the account has not seen sign in, together. */
  untrusted: { limit: 10, windowSeconds: 15 * 60 },
  /** Each browser with the account's device cookie; each address the account signed in from. */
  trusted: { limit: 5, windowSeconds: 15 * 60 },
  /** Every failure against the account, from anywhere (ASVS 2.2.1: at most 100 an hour). */
  account: { limit: 100, windowSeconds: 60 * 60 },
  /** Failures from one client address across accounts; untrusted clients only. */
  address: { limit: 50, windowSeconds: 15 * 60 },
} as const satisfies Record<string, ThrottleRule>;

export interface SignInBudgetServices {
  readonly database: Database;
  readonly config: Pick<ServerConfig, "secretKey" | "publicUrl">;
}

export interface SignInAttempt {
  /** The password was right: the attempt is not a failure; the browser and the address become trusted. */
  succeeded(): Promise<void>;
}

/**
 * Counts a sign-in attempt as a failure before the password is checked (so a burst of parallel
 * requests cannot slip past a limit), or throws the 429 with Retry-After when its budget is
 * spent: then even the right password waits. Call `succeeded()` when the password was right.
 */
export async function reserveSignInAttempt(services: SignInBudgetServices, request: FastifyRequest, reply: FastifyReply, email: string): Promise<SignInAttempt> {
  const now = new Date();
  const { secretKey } = services.config;
  const db = services.database.system;
  const account = keyedName(secretKey, "account", email.trim().toLowerCase());
  const address = keyedName(secretKey, "address", clientAddress(request));
  const source = await sourceOf(services, request, account, address, now);

  await db.deleteFrom("sign_in_failures").where("failed_at", "<=", ago(now, SIGN_IN_LIMITS.account)).execute();
  const outcome = await db.transaction().execute(async (trx) => {
    // One attempt at a time per account and per address, in every server process (two key
    // spaces, taken in one order: no deadlock). Counting and inserting are then one step.
    await sql`select pg_advisory_xact_lock(1, hashtext(${account}))`.execute(trx);
    await sql`select pg_advisory_xact_lock(2, hashtext(${address}))`.execute(trx);
    const failures = await trx
      .selectFrom("sign_in_failures")
      .select(["account", "source", "address", "failed_at"])
      .where((eb) => eb.or([eb("account", "=", account), eb("address", "=", address)]))
      .where("failed_at", ">", ago(now, SIGN_IN_LIMITS.account))
      .orderBy("failed_at")
      .execute();
    const ofAccount = failures.filter((row) => row.account === account);
    const states = [
      stateOf(ofAccount.map((row) => row.failed_at), SIGN_IN_LIMITS.account, now),
      stateOf(ofAccount.filter((row) => row.source === source.name && row.failed_at > source.since).map((row) => row.failed_at), source.rule, now),
      ...(source.name === "untrusted" ? [stateOf(failures.filter((row) => row.address === address).map((row) => row.failed_at), SIGN_IN_LIMITS.address, now)] : []),
    ];
    const refused = states.filter((state) => !state.allowed);
    if (refused.length > 0) return { allowed: false, retryAfterSeconds: Math.max(...refused.map((state) => state.retryAfterSeconds)) };
    const row = await trx.insertInto("sign_in_failures").values({ account, source: source.name, address, failed_at: now }).returning("id").executeTakeFirstOrThrow();
    return row.id;
  });
  if (typeof outcome !== "number") throw tooManyAttempts(reply, outcome);

  return {
    async succeeded() {
      await db.deleteFrom("sign_in_failures").where("id", "=", outcome).execute();
      await db
        .insertInto("sign_in_trusted_addresses")
        .values({ account, address, trusted_at: now })
        .onConflict((oc) => oc.columns(["account", "address"]).doUpdateSet({ trusted_at: now }))
        .execute();
      await db.deleteFrom("sign_in_trusted_addresses").where("account", "=", account).where("trusted_at", "<=", trustCutoff(now)).execute();
      setDeviceCookie(reply, secretKey, account, services.config.publicUrl.startsWith("https:"), now);
    },
  };
}

interface Source {
  /** The budget's name in sign_in_failures.source. */
  readonly name: string;
  readonly rule: ThrottleRule;
  /** Failures before this do not count against it (a trusted address's last sign-in). */
  readonly since: Date;
}

/** Whose budget the attempt spends: the browser's, the address's, or the untrusted clients'. */
async function sourceOf(services: SignInBudgetServices, request: FastifyRequest, account: string, address: string, now: Date): Promise<Source> {
  const device = deviceOf(request, services.config.secretKey, account, now);
  if (device) return { name: `device:${device}`, rule: SIGN_IN_LIMITS.trusted, since: new Date(0) };
  const trusted = await services.database.system
    .selectFrom("sign_in_trusted_addresses")
    .select("trusted_at")
    .where("account", "=", account)
    .where("address", "=", address)
    .where("trusted_at", ">", trustCutoff(now))
    .executeTakeFirst();
  if (trusted) return { name: `address:${address}`, rule: SIGN_IN_LIMITS.trusted, since: trusted.trusted_at };
  return { name: "untrusted", rule: SIGN_IN_LIMITS.untrusted, since: new Date(0) };
}

/**
 * Whether one more failure fits `rule` given the earlier ones (sorted, oldest first), and if not,
 * when it will: once all but limit − 1 of them have left the window.
 */
export function stateOf(failures: readonly Date[], rule: ThrottleRule, now: Date): ThrottleState {
  const recent = failures.filter((at) => at > ago(now, rule));
  if (recent.length < rule.limit) return { allowed: true, retryAfterSeconds: 0 };
  const freesUp = recent[recent.length - rule.limit]!.getTime() + rule.windowSeconds * 1000;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freesUp - now.getTime()) / 1000)) };
}

const ago = (now: Date, rule: ThrottleRule) => new Date(now.getTime() - rule.windowSeconds * 1000);
const trustCutoff = (now: Date) => new Date(now.getTime() - DEVICE_TRUST_DAYS * 24 * 60 * 60 * 1000);
