import { sql, type Kysely } from "kysely";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkWarehouseData } from "../../../../src/domain/warehouse/data-rules";
import { pipelineOf } from "../../../../src/domain/warehouse/pipeline";
import { openPGlite } from "../../../../src/server/db/database";
import { migrateToLatest } from "../../../../src/server/db/migrate";
import type { DatabaseSchema } from "../../../../src/server/db/schema";
import { DEMO_GMBH_ID, NORTHWIND_ID } from "../../../../src/server/db/seed/demo-companies";
import { demoWarehouse } from "../../../../src/server/db/seed/demo-warehouse";
import { seedDemoData } from "../../../../src/server/db/seed/seed-demo";
import { createWithTenant } from "../../../../src/server/db/tenancy";
import { loadWarehouseData } from "../../../../src/server/features/warehouse/warehouse-repository";
import { testDatabase } from "../../../support/database";

// The same fixed "today" as the other seed tests: a year of deals up to November 2026.
const NOW = new Date("2026-11-21T10:00:00Z");
const TODAY = "2026-11-21";
const system = { kind: "system", name: "test" } as const;

async function seededShared() {
  const shared = await testDatabase();
  await seedDemoData(shared.database, shared.withTenant, NOW);
  return shared;
}

/** Every warehouse row of Demo GmbH as one digest: equal digests mean equal data. */
async function warehouseFingerprint(db: Kysely<DatabaseSchema>) {
  const digest = async (table: string, order: string) =>
    (await sql<{ rows: number; digest: string }>`select count(*)::int as rows, md5(string_agg(to_jsonb(t)::text, ',' order by ${sql.raw(order)})) as digest from (select * from ${sql.raw(table)} x where tenant_id = ${DEMO_GMBH_ID}) t`.execute(db)).rows[0];
  return {
    deals: await digest("(select tenant_id, deal_key, name, customer, owner_key, product_key, stage, amount, cost, recurring_months, created_on, mql_on, sql_on, proposal_on, negotiation_on, expected_close_on, closed_on from warehouse_deals)", "deal_key"),
    employees: await digest("(select tenant_id, employee_key, name, department, hired_on, left_on, fte from warehouse_employees)", "employee_key"),
    products: await digest("(select tenant_id, product_key, name, category, price, unit_cost from warehouse_products)", "product_key"),
    targets: await digest("warehouse_sales_targets", "month"),
    snapshots: await digest("(select s.tenant_id, s.name, s.as_of, d.deal_key, d.stage, d.amount from warehouse_snapshots s join warehouse_snapshot_deals d on d.tenant_id = s.tenant_id and d.snapshot_id = s.id)", "name, deal_key"),
  };
}

test("Demo GmbH: a year of deals in every stage, 40 employees, 10 products, two fiscal years of targets, three snapshots", async () => {
  const { withTenant } = await seededShared();
  const data = await withTenant(DEMO_GMBH_ID, system, (context) => loadWarehouseData(context));
  assert.ok(data.deals.length >= 300 && data.deals.length <= 450, `${data.deals.length} deals`);
  assert.equal(new Set(data.deals.map((deal) => deal.stage)), new Set(["lead", "mql", "sql", "proposal", "negotiation", "won", "lost", null]));
  assert.is(data.deals.filter((deal) => deal.stage === "won").length >= 25, true, "enough won deals for every chart");
  assert.equal([data.employees.length, data.products.length, data.salesTargets.length], [40, 10, 24]);
  assert.equal([data.salesTargets[0]!.month, data.salesTargets.at(-1)!.month], ["2025-04-01", "2027-03-01"], "April fiscal years: last and this");
  assert.ok(data.deals.every((deal) => deal.createdOn >= "2025-09-01" && deal.createdOn <= TODAY), "leads of the fourteen months before this one and of this one");
  const northwind = await withTenant(NORTHWIND_ID, system, (context) => loadWarehouseData(context));
  assert.is(northwind.deals.length, 0, "only the demo company has warehouse data");

  const snapshots = await withTenant(DEMO_GMBH_ID, system, ({ db }) => db.selectFrom("warehouse_snapshots").select(["name", "as_of"]).orderBy("as_of").execute());
  assert.equal(snapshots, [
    { name: "End of Aug 2026", as_of: "2026-08-31" },
    { name: "End of Sep 2026", as_of: "2026-09-30" },
    { name: "End of Oct 2026", as_of: "2026-10-31" },
  ]);
  const uploads = await withTenant(DEMO_GMBH_ID, system, ({ db }) => db.selectFrom("warehouse_uploads").select(["kind", "row_count"]).orderBy("kind").execute());
  assert.equal(uploads.map((upload) => upload.kind), ["deals", "employees", "products", "sales-targets"]);
});

test("the demo data breaks a few data rules on purpose, so the data issues screen shows each kind", async () => {
  const { withTenant } = await seededShared();
  const data = await withTenant(DEMO_GMBH_ID, system, (context) => loadWarehouseData(context));
  const { issues, usable } = checkWarehouseData(data, TODAY);
  const rules = new Set(issues.map((issue) => issue.rule));
  for (const rule of ["missing-stage", "negative-amount", "closed-without-date", "dates-out-of-order", "unknown-owner", "missing-department", "cost-above-price"]) assert.ok(rules.has(rule as never), rule);
  assert.is(data.deals.length - usable.deals.length, 3, "three deals are left out of the metrics");
  assert.ok(issues.length < 20, `a handful, not a flood: ${issues.length}`);
});

test("the stored snapshots are the pipelines the domain computes for their days", async () => {
  const { withTenant } = await seededShared();
  const expected = demoWarehouse("demo-gmbh", NOW, 3).snapshots.map((snapshot) => [snapshot.name, pipelineOf(snapshot.deals, snapshot.asOf).amount]);
  const stored = await withTenant(DEMO_GMBH_ID, system, async ({ db }) => {
    const rows = await db.selectFrom("warehouse_snapshots").innerJoin("warehouse_snapshot_deals", (join) => join.onRef("warehouse_snapshot_deals.tenant_id", "=", "warehouse_snapshots.tenant_id").onRef("warehouse_snapshot_deals.snapshot_id", "=", "warehouse_snapshots.id")).select(["warehouse_snapshots.name", "warehouse_snapshot_deals.amount", "warehouse_snapshots.as_of"]).orderBy("warehouse_snapshots.as_of").execute();
    return [...new Set(rows.map((row) => row.name))].map((name) => [name, Math.round(rows.filter((row) => row.name === name).reduce((total, row) => total + row.amount, 0) * 100) / 100]);
  });
  assert.equal(stored, expected);
  assert.ok(expected.every(([, amount]) => (amount as number) > 100_000), "each holds a real pipeline");
});

test("deterministic: a fresh embedded database seeded for the same day holds the same warehouse rows (on either engine)", async () => {
  const { database } = await seededShared();
  const fresh = await openPGlite(null);
  try {
    await migrateToLatest(fresh);
    await seedDemoData(fresh, createWithTenant(fresh, () => {}), NOW);
    const expected = await warehouseFingerprint(database.system);
    assert.ok((expected.deals?.rows ?? 0) > 250);
    assert.equal(await warehouseFingerprint(fresh.system), expected);
  } finally {
    await fresh.close();
  }
});

test.run();
