import { randomUUID } from "node:crypto";
import pg from "pg";
import { openPGlite, openPostgres, type Database } from "../../src/server/db/database";
import { COMPANY_FEATURES } from "../../src/server/db/seed/demo-companies";
import { migrateToLatest } from "../../src/server/db/migrate";
import { assertTenancyIsSafe, createWithTenant, type WithTenant } from "../../src/server/db/tenancy";
import { hashPassword } from "../../src/server/platform/auth/passwords";
import { EventWakeups } from "../../src/server/platform/events/wakeups";

export interface TestDatabase {
  readonly database: Database;
  readonly withTenant: WithTenant;
  readonly wakeups: EventWakeups;
  /** The PostgreSQL address of this run's database; null on PGlite. */
  readonly url: string | null;
}

/**
 * One migrated database for the whole run: in-memory PGlite, or a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL when TEST_DB_ENGINE=postgres. Tests isolate by making
 * their own tenants; the fresh database keeps what is global (login e-mails, rate limits) from
 * meeting an earlier run's rows.
 */
export const TEST_ENGINE = process.env["TEST_DB_ENGINE"] === "postgres" ? "postgres" : "pglite";

let shared: Promise<TestDatabase> | undefined;

export function testDatabase(): Promise<TestDatabase> {
  shared ??= (async () => {
    const url = process.env["TEST_DATABASE_URL"];
    if (TEST_ENGINE === "postgres" && !url) throw new Error("TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL");
    const fresh = TEST_ENGINE === "postgres" ? await freshDatabase(url!) : null;
    const database = fresh ? await openPostgres(fresh) : await openPGlite(null);
    if (fresh) dropWhenDone(url!, fresh, database);
    await migrateToLatest(database);
    const wakeups = new EventWakeups();
    const withTenant = createWithTenant(database, (tenantId) => wakeups.wake(tenantId));
    await assertTenancyIsSafe(database, withTenant);
    return { database, withTenant, wakeups, url: fresh };
  })();
  return shared;
}

/** A new company tenant with a unique name; its id. */
export async function createTestTenant(options: { name?: string; kind?: "company" | "investor" | "holding"; features?: Record<string, boolean> } = {}) {
  const { database } = await testDatabase();
  const row = await database.system
    .insertInto("tenants")
    .values({
      kind: options.kind ?? "company",
      name: options.name ?? `Test company ${randomUUID().slice(0, 8)}`,
      // A test company has the features a demo company has, unless a test switches them.
      features: JSON.stringify(options.features ?? COMPANY_FEATURES),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A user in `tenantId`, created the way the app does (inside the tenant's transaction). */
export async function createTestUser(
  tenantId: string,
  options: { isActive?: boolean; isStaff?: boolean; password?: string; groups?: { name: string; permissions: string[] }[] } = {},
) {
  const { withTenant } = await testDatabase();
  const email = `user-${randomUUID()}@test.example`;
  const passwordHash = options.password ? await hashPassword(options.password) : null;
  return withTenant(tenantId, { kind: "system", name: "test" }, async ({ db }) => {
    const user = await db
      .insertInto("users")
      .values({ tenant_id: tenantId, email, password_hash: passwordHash, is_active: options.isActive ?? true, is_staff: options.isStaff ?? false })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("login_emails").values({ email, tenant_id: tenantId, user_id: user.id }).execute();
    for (const group of options.groups ?? []) {
      const existing = await db.selectFrom("groups").select("id").where("name", "=", group.name).executeTakeFirst();
      const groupId = existing?.id ?? (await db.insertInto("groups").values({ tenant_id: tenantId, name: group.name }).returning("id").executeTakeFirstOrThrow()).id;
      if (!existing && group.permissions.length > 0) {
        await db.insertInto("group_permissions").values(group.permissions.map((permission) => ({ tenant_id: tenantId, group_id: groupId, permission }))).execute();
      }
      await db.insertInto("user_groups").values({ tenant_id: tenantId, user_id: user.id, group_id: groupId }).execute();
    }
    return { id: user.id, email };
  });
}

/** Test databases older than this are left over from runs that ended early; they are dropped. */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

/** Creates `meridian_test_<time>_<random>` on the server of `url` and answers its address. */
async function freshDatabase(url: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'meridian_test_%'");
    for (const { datname } of rows) {
      const created = Number(/^meridian_test_(\d+)_/.exec(datname)?.[1] ?? 0);
      if (Date.now() - created > STALE_AFTER_MS) await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    const name = `meridian_test_${Date.now()}_${randomUUID().slice(0, 8)}`;
    await admin.query(`create database "${name}"`);
    const address = new URL(url);
    address.pathname = `/${name}`;
    return address.toString();
  } finally {
    await admin.end();
  }
}

/** When the run has nothing left to do, the run's database goes (with any listener still open). */
function dropWhenDone(url: string, fresh: string, database: Database) {
  process.once("beforeExit", async () => {
    await database.close().catch(() => {});
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists "${new URL(fresh).pathname.slice(1)}" with (force)`).finally(() => admin.end());
  });
}
