import { test } from "uvu";
import * as assert from "uvu/assert";
import { FlexibleColumnsConfig } from "../../../../src/contracts/kpis";
import { openPGlite, type Database } from "../../../../src/server/db/database";
import { migrateToLatest } from "../../../../src/server/db/migrate";
import { DEMO_COMPANIES, DEMO_GMBH_ID } from "../../../../src/server/db/seed/demo-companies";
import { DEMO_PL_COLUMNS } from "../../../../src/server/db/seed/demo-reporting";
import { seedDemoData } from "../../../../src/server/db/seed/seed-demo";
import { createWithTenant, type WithTenant } from "../../../../src/server/db/tenancy";
import { flexibleColumnsProblems } from "../../../../src/server/features/kpis/flexible-columns";
import { EventWakeups } from "../../../../src/server/platform/events/wakeups";
import { Schema } from "@effect/schema";
import { testApp } from "../../../support/app";

const NOW = new Date("2026-11-21T10:00:00Z");
const system = { kind: "system", name: "test" } as const;

// The demo seed on a database of its own, so the test sees this seed whatever the shared one holds.
let seeded: Promise<{ database: Database; withTenant: WithTenant }> | undefined;
const seededDatabase = () =>
  (seeded ??= (async () => {
    const database = await openPGlite(null);
    await migrateToLatest(database);
    const withTenant = createWithTenant(database, () => {});
    await seedDemoData(database, withTenant, NOW);
    return { database, withTenant };
  })());

test.after(async () => {
  if (seeded) await (await seeded).database.close();
});

test("demo seed: the P&L's default columns are a valid config (actual and plan YTD, both deviations, last year, full-year forecast)", async () => {
  assert.equal(flexibleColumnsProblems(DEMO_PL_COLUMNS), {});
  assert.ok(Schema.is(FlexibleColumnsConfig)(DEMO_PL_COLUMNS));
  const { withTenant } = await seededDatabase();
  const categories = await withTenant(DEMO_GMBH_ID, system, ({ db }) => db.selectFrom("kpi_categories").select(["name", "flexible_columns_config"]).orderBy("position").execute());
  assert.equal(categories[0], { name: "P&L", flexible_columns_config: DEMO_PL_COLUMNS });
  assert.ok(categories.slice(1).every((category) => category.flexible_columns_config.length === 0));
  assert.equal(DEMO_PL_COLUMNS.map((column) => column.title), ["Actual YTD", "Plan YTD", "Δ abs", "Δ %", "Last year YTD", "Full-year forecast"]);
});

test("demo seed: every Demo GmbH user has six favorites they may read, in order, shown by the API", async () => {
  const { database, withTenant } = await seededDatabase();
  const { app, services } = await testApp({}, { database, withTenant, wakeups: new EventWakeups() });
  try {
    const demoGmbh = DEMO_COMPANIES.find((company) => company.id === DEMO_GMBH_ID)!;
    const users = await withTenant(DEMO_GMBH_ID, system, ({ db }) => db.selectFrom("users").select(["id", "email"]).execute());
    assert.is(users.length, demoGmbh.users.length);
    const lists = new Set<string>();
    for (const user of users) {
      const headers = { authorization: `Bearer ${await services.signer.sign("access", { tenantId: DEMO_GMBH_ID, userId: user.id }, 300)}` };
      const favorites = (await app.inject({ method: "GET", url: "/api/kpis/favorites/", headers })).json().kpis as number[];
      assert.is(favorites.length, 6, `${user.email}: six readable favorites`);
      const meta = (await app.inject({ method: "GET", url: "/api/kpis/meta/", headers })).json() as { id: number; favorite: boolean }[];
      assert.equal(new Set(meta.filter((kpi) => kpi.favorite).map((kpi) => kpi.id)), new Set(favorites), `${user.email}: meta marks them`);
      lists.add(favorites.join(","));
    }
    assert.ok(lists.size >= 5, "roles watch different KPIs");
  } finally {
    await app.close();
  }
});

test.run();
