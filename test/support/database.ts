import { randomUUID } from "node:crypto";
import { openPGlite, openPostgres, type Database } from "../../src/server/db/database";
import { migrateToLatest } from "../../src/server/db/migrate";
import { assertTenancyIsSafe, createWithTenant, type WithTenant } from "../../src/server/db/tenancy";
import { hashPassword } from "../../src/server/platform/auth/passwords";
import { EventWakeups } from "../../src/server/platform/events/wakeups";

export interface TestDatabase {
  readonly database: Database;
  readonly withTenant: WithTenant;
  readonly wakeups: EventWakeups;
}

/**
 * One migrated database for the whole run: in-memory PGlite, or the PostgreSQL server of
 * TEST_DATABASE_URL when TEST_DB_ENGINE=postgres. Tests isolate by making their own tenants.
 */
export const TEST_ENGINE = process.env["TEST_DB_ENGINE"] === "postgres" ? "postgres" : "pglite";

let shared: Promise<TestDatabase> | undefined;

export function testDatabase(): Promise<TestDatabase> {
  shared ??= (async () => {
    const url = process.env["TEST_DATABASE_URL"];
    if (TEST_ENGINE === "postgres" && !url) throw new Error("TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL");
    const database = TEST_ENGINE === "postgres" ? await openPostgres(url!) : await openPGlite(null);
    await migrateToLatest(database);
    const wakeups = new EventWakeups();
    const withTenant = createWithTenant(database, (tenantId) => wakeups.wake(tenantId));
    await assertTenancyIsSafe(database, withTenant);
    return { database, withTenant, wakeups };
  })();
  return shared;
}

/** A new company tenant with a unique name; its id. */
export async function createTestTenant(options: { name?: string; kind?: "company" | "investor" | "holding" } = {}) {
  const { database } = await testDatabase();
  const row = await database.system
    .insertInto("tenants")
    .values({ kind: options.kind ?? "company", name: options.name ?? `Test company ${randomUUID().slice(0, 8)}` })
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
