import { sql } from "kysely";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { APP_ROLE } from "../../../src/server/db/tenancy-sql";
import { rejects } from "../../support/assert";
import { createTestTenant, testDatabase, TEST_ENGINE } from "../../support/database";

const system = { kind: "system", name: "test" } as const;

async function twoTenantsWithACategory() {
  const { withTenant } = await testDatabase();
  const tenantA = await createTestTenant();
  const tenantB = await createTestTenant();
  const category = await withTenant(tenantA, system, ({ db }) =>
    db.insertInto("kpi_categories").values({ tenant_id: tenantA, name: "Sales" }).returning("id").executeTakeFirstOrThrow(),
  );
  return { tenantA, tenantB, categoryId: category.id };
}

test("another tenant's rows cannot be selected", async () => {
  const { withTenant } = await testDatabase();
  const { tenantA, tenantB, categoryId } = await twoTenantsWithACategory();
  const seenByB = await withTenant(tenantB, system, ({ db }) => db.selectFrom("kpi_categories").selectAll().where("id", "=", categoryId).execute());
  assert.equal(seenByB, []);
  const everythingB = await withTenant(tenantB, system, ({ db }) => db.selectFrom("kpi_categories").select("tenant_id").execute());
  assert.ok(everythingB.every((row) => row.tenant_id === tenantB));
  const seenByA = await withTenant(tenantA, system, ({ db }) => db.selectFrom("kpi_categories").select("id").where("id", "=", categoryId).execute());
  assert.equal(seenByA, [{ id: categoryId }]);
  const tenantsSeenByB = await withTenant(tenantB, system, ({ db }) => db.selectFrom("tenants").select("id").execute());
  assert.equal(tenantsSeenByB, [{ id: tenantB }]);
});

test("another tenant's rows cannot be updated or deleted", async () => {
  const { withTenant } = await testDatabase();
  const { tenantA, tenantB, categoryId } = await twoTenantsWithACategory();
  const updated = await withTenant(tenantB, system, ({ db }) =>
    db.updateTable("kpi_categories").set({ name: "Hijacked" }).where("id", "=", categoryId).executeTakeFirst(),
  );
  assert.is(Number(updated.numUpdatedRows), 0);
  const deleted = await withTenant(tenantB, system, ({ db }) => db.deleteFrom("kpi_categories").where("id", "=", categoryId).executeTakeFirst());
  assert.is(Number(deleted.numDeletedRows), 0);
  const renamedTenant = await withTenant(tenantB, system, ({ db }) =>
    db.updateTable("tenants").set({ name: "Hijacked" }).where("id", "=", tenantA).executeTakeFirst(),
  );
  assert.is(Number(renamedTenant.numUpdatedRows), 0);
  const intact = await withTenant(tenantA, system, ({ db }) => db.selectFrom("kpi_categories").select("name").where("id", "=", categoryId).executeTakeFirst());
  assert.equal(intact, { name: "Sales" });
});

test("rows cannot be inserted into or moved to another tenant", async () => {
  const { withTenant } = await testDatabase();
  const { tenantA, tenantB, categoryId } = await twoTenantsWithACategory();
  await rejects(
    withTenant(tenantB, system, ({ db }) => db.insertInto("kpi_categories").values({ tenant_id: tenantA, name: "Planted" }).execute()),
    /row-level security/,
  );
  const mine = await withTenant(tenantB, system, ({ db }) =>
    db.insertInto("kpi_categories").values({ tenant_id: tenantB, name: "Mine" }).returning("id").executeTakeFirstOrThrow(),
  );
  await rejects(
    withTenant(tenantB, system, ({ db }) => db.updateTable("kpi_categories").set({ tenant_id: tenantA }).where("id", "=", mine.id).execute()),
    /row-level security/,
  );
  // A foreign key into another tenant's row fails too: (tenant_id, category_id) must exist for B.
  await rejects(
    withTenant(tenantB, system, ({ db }) =>
      db
        .insertInto("kpis")
        .values({ tenant_id: tenantB, category_id: categoryId, parent_id: null, key: "stolen", name: "Stolen", unit: "number", aggregation_type: "cum", benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null, formula: null })
        .execute(),
    ),
    /foreign key/,
  );
});

test("no tenant set means no rows (fail closed), and a tenant setting never outlives its transaction", async () => {
  const { database, withTenant } = await testDatabase();
  const { tenantA } = await twoTenantsWithACategory();
  await withTenant(tenantA, system, ({ db }) => db.selectFrom("kpi_categories").select("id").execute());
  const visible = await database.system.transaction().execute(async (tx) => {
    await sql.raw(`set local role ${APP_ROLE}`).execute(tx);
    const rows = await sql<{ count: number }>`select count(*)::int as count from kpi_categories`.execute(tx);
    const tenants = await sql<{ count: number }>`select count(*)::int as count from tenants`.execute(tx);
    return [rows.rows[0]?.count, tenants.rows[0]?.count];
  });
  assert.equal(visible, [0, 0]);
  await rejects(
    database.system.transaction().execute(async (tx) => {
      await sql.raw(`set local role ${APP_ROLE}`).execute(tx);
      await sql`insert into kpi_categories (tenant_id, name) values (${tenantA}, 'No tenant set')`.execute(tx);
    }),
    /row-level security/,
  );
});

test("concurrent transactions of different tenants never see each other's rows", async () => {
  const { withTenant } = await testDatabase();
  const tenants = [await createTestTenant(), await createTestTenant()];
  const rounds = 24;
  const results = await Promise.all(
    Array.from({ length: rounds }, (_, index) => {
      const tenantId = tenants[index % 2]!;
      return withTenant(tenantId, system, async ({ db }) => {
        await db.insertInto("kpi_categories").values({ tenant_id: tenantId, name: `Round ${index}` }).execute();
        // Hold the transaction open so that, on PostgreSQL, the others run alongside it.
        if (TEST_ENGINE === "postgres") await sql`select pg_sleep(0.02)`.execute(db);
        const rows = await db.selectFrom("kpi_categories").select(["tenant_id", "name"]).execute();
        const setting = await sql<{ tenant: string }>`select current_setting('app.tenant_id') as tenant`.execute(db);
        return { tenantId, rows, setting: setting.rows[0]?.tenant };
      });
    }),
  );
  for (const result of results) {
    assert.is(result.setting, result.tenantId);
    assert.ok(result.rows.length > 0);
    assert.ok(result.rows.every((row) => row.tenant_id === result.tenantId), "saw another tenant's row");
  }
  for (const tenantId of tenants) {
    const names = await withTenant(tenantId, system, ({ db }) => db.selectFrom("kpi_categories").select("name").execute());
    assert.is(names.length, rounds / 2);
  }
});

test("events are append-only for the app role and stay within their tenant", async () => {
  const { withTenant } = await testDatabase();
  const { tenantA, tenantB } = await twoTenantsWithACategory();
  await withTenant(tenantA, system, (context) => context.appendEvent({ type: "ProbeRecorded", payload: { secret: "A" } }));
  const seenByB = await withTenant(tenantB, system, ({ db }) => db.selectFrom("events").select("type").execute());
  assert.equal(seenByB, []);
  await rejects(
    withTenant(tenantA, system, ({ db }) => db.updateTable("events").set({ type: "Rewritten" }).execute()),
    /permission denied/,
  );
  await rejects(withTenant(tenantA, system, ({ db }) => db.deleteFrom("events").execute()), /permission denied/);
});

if (TEST_ENGINE === "pglite") {
  test("on PGlite, a query on the owner connection inside a tenant transaction fails at once instead of hanging", async () => {
    const { database, withTenant } = await testDatabase();
    const tenantId = await createTestTenant();
    await rejects(
      withTenant(tenantId, system, () => database.system.selectFrom("tenants").select("id").execute()),
      /would deadlock/,
    );
  });
}

test.run();
