import { sql, type Transaction } from "kysely";
import type { Database } from "./database";
import { appendEvent, type NewDomainEvent, type StoredDomainEvent } from "./event-log";
import type { DatabaseSchema } from "./schema";
import { APP_ROLE, QUERY_ROLE } from "./tenancy-sql";
import { insideTenantTransaction } from "./transaction-scope";

/** Who causes a change: a signed-in user, or the system itself (seed, jobs, migrations). */
export type Actor =
  /** `tab`: the browser tab the request came from, when it said (X-Meridian-Tab). */
  | { readonly kind: "user"; readonly userId: number; readonly tab?: string | undefined }
  | { readonly kind: "system"; readonly name: string };

export const actorLabel = (actor: Actor) => (actor.kind === "user" ? `user:${actor.userId}` : `system:${actor.name}`);

/** What a tenant transaction's work receives: the transaction, whose it is, and the event log. */
export interface TenantContext {
  readonly db: Transaction<DatabaseSchema>;
  readonly tenantId: string;
  readonly actor: Actor;
  /** Appends a domain event in this transaction: it exists exactly when the change it records does. */
  appendEvent(event: NewDomainEvent): Promise<StoredDomainEvent>;
  /**
   * Runs `work` once the transaction committed (never after a rollback): slow I/O such as
   * sending mail, which must not hold the transaction open. It handles its own errors.
   */
  afterCommit(work: () => Promise<void>): void;
}

export type WithTenant = <T>(tenantId: string, actor: Actor, work: (context: TenantContext) => Promise<T>) => Promise<T>;

/** PostgreSQL channel that wakes the event streams of every server process. */
export const EVENTS_CHANNEL = "meridian_events";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether text is a tenant id: what credentials carrying one are checked with before withTenant. */
export const isTenantId = (text: string) => UUID.test(text);

/**
 * Builds `withTenant`: one transaction, scoped to one tenant by `app.tenant_id` and run as the app
 * role, so row-level security filters every statement even where a query forgets its WHERE.
 * Never use the owner connection (`database.system`) inside `work`: on PGlite the transaction
 * holds the one connection, so such a query would wait for itself forever.
 * `onEventsCommitted` runs after a commit that appended events (it wakes this process's streams;
 * on PostgreSQL, NOTIFY inside the transaction wakes the other processes' at commit).
 */
export function createWithTenant(database: Database, onEventsCommitted: (tenantId: string) => void): WithTenant {
  return async (tenantId, actor, work) => {
    if (!UUID.test(tenantId)) throw new Error(`withTenant needs a tenant uuid, got ${JSON.stringify(tenantId)}`);
    let appended = false;
    const afterCommit: (() => Promise<void>)[] = [];
    const result = await database.system.transaction().execute(async (db) => {
      await sql`select set_config('app.tenant_id', ${tenantId}, true)`.execute(db);
      await sql.raw(`set local role ${APP_ROLE}`).execute(db);
      const context: TenantContext = {
        db,
        tenantId,
        actor,
        appendEvent: (event) => {
          appended = true;
          return appendEvent(db, tenantId, actorLabel(actor), event, actor.kind === "user" ? actor.tab : undefined);
        },
        afterCommit: (work) => void afterCommit.push(work),
      };
      const value = await insideTenantTransaction.run(tenantId, () => work(context));
      if (appended && database.engine === "postgres") {
        await sql`select pg_notify(${EVENTS_CHANNEL}, ${tenantId})`.execute(db);
      }
      return value;
    });
    if (appended) onEventsCommitted(tenantId);
    for (const work of afterCommit) void work().catch(() => {});
    return result;
  };
}

/**
 * Refuses to run when row-level security could be bypassed: the app role must exist, be neither
 * superuser nor BYPASSRLS, own no table, and be the role tenant transactions really run as; the
 * query builder's role likewise, and it must not be able to call set_config.
 * The owner connection, in turn, must see across tenants for system work (sign-in by e-mail, jobs).
 */
export async function assertTenancyIsSafe(database: Database, withTenant: WithTenant) {
  const role = await database.system
    .selectNoFrom((eb) => [
      sql<boolean | null>`(select rolsuper from pg_roles where rolname = ${APP_ROLE})`.as("is_superuser"),
      sql<boolean | null>`(select rolbypassrls from pg_roles where rolname = ${APP_ROLE})`.as("bypasses_rls"),
      sql<number>`(select count(*)::int from pg_class c join pg_roles r on r.oid = c.relowner where r.rolname = ${APP_ROLE})`.as("owned"),
      sql<boolean>`(select rolsuper or rolbypassrls from pg_roles where rolname = current_user)`.as("owner_sees_all"),
      // The query builder's role (migration 0011): as weak as the app role, and without set_config.
      sql<boolean | null>`(select rolsuper or rolbypassrls from pg_roles where rolname = ${QUERY_ROLE})`.as("query_role_strong"),
      sql<number>`(select count(*)::int from pg_class c join pg_roles r on r.oid = c.relowner where r.rolname = ${QUERY_ROLE})`.as("query_role_owns"),
      sql<boolean | null>`(select has_function_privilege(${QUERY_ROLE}, 'pg_catalog.set_config(text, text, boolean)', 'execute') from pg_roles where rolname = ${QUERY_ROLE})`.as("query_role_sets"),
      eb.val(0).as("unused"),
    ])
    .executeTakeFirstOrThrow();
  const problems: string[] = [];
  if (role.is_superuser === null) problems.push(`role ${APP_ROLE} does not exist`);
  if (role.is_superuser) problems.push(`role ${APP_ROLE} is a superuser`);
  if (role.bypasses_rls) problems.push(`role ${APP_ROLE} has BYPASSRLS`);
  if (role.owned > 0) problems.push(`role ${APP_ROLE} owns ${role.owned} relation(s)`);
  if (role.query_role_strong === null) problems.push(`role ${QUERY_ROLE} does not exist`);
  if (role.query_role_strong) problems.push(`role ${QUERY_ROLE} is a superuser or has BYPASSRLS`);
  if (role.query_role_owns > 0) problems.push(`role ${QUERY_ROLE} owns ${role.query_role_owns} relation(s)`);
  if (role.query_role_sets) problems.push(`role ${QUERY_ROLE} may call set_config (revoke EXECUTE from PUBLIC)`);
  if (!role.owner_sees_all) {
    problems.push("the DATABASE_URL role needs SUPERUSER or BYPASSRLS for cross-tenant system work (sign-in, jobs)");
  }
  const probeTenant = "00000000-0000-0000-0000-000000000000";
  const session = await withTenant(probeTenant, { kind: "system", name: "startup-check" }, ({ db }) =>
    sql<{ user: string; superuser: string }>`select current_user as "user", current_setting('is_superuser') as superuser`
      .execute(db)
      .then((result) => result.rows[0]),
  );
  if (session?.user !== APP_ROLE) problems.push(`tenant transactions run as ${session?.user}, not ${APP_ROLE}`);
  if (session?.superuser !== "off") problems.push("tenant transactions run with superuser rights");
  if (problems.length > 0) {
    throw new Error(`Refusing to start: row-level security could be bypassed: ${problems.join("; ")}.`);
  }
}
