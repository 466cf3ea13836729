import { sql, type Kysely } from "kysely";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { openPGlite } from "../../../../src/server/db/database";
import { migrateToLatest } from "../../../../src/server/db/migrate";
import type { DatabaseSchema } from "../../../../src/server/db/schema";
import { DEMO_GMBH_ID, NORTHWIND_ID, ATLAS_ID, DEMO_PASSWORD } from "../../../../src/server/db/seed/demo-companies";
import { readDemoInfo } from "../../../../src/server/db/seed/demo-info";
import { seedDemoData } from "../../../../src/server/db/seed/seed-demo";
import { createWithTenant } from "../../../../src/server/db/tenancy";
import { verifyPassword } from "../../../../src/server/platform/auth/passwords";
import { testDatabase } from "../../../support/database";

// A fixed "today": the seed covers the 36 months before November 2026.
const NOW = new Date("2026-11-21T10:00:00Z");
const system = { kind: "system", name: "test" } as const;

async function seededShared() {
  const shared = await testDatabase();
  await seedDemoData(shared.database, shared.withTenant, NOW);
  return shared;
}

/** A fingerprint of every demo value: equal fingerprints mean equal data. */
async function fingerprint(db: Kysely<DatabaseSchema>) {
  const result = await sql<{ rows: number; digest: string }>`
    select count(*)::int as rows,
           md5(string_agg(k.key || '/' || v.series || '/' || v.month::text || '/' || v.dimension_key || '=' || v.value::text, ',' order by k.key, v.series, v.month, v.dimension_key)) as digest
    from kpi_values v join kpis k on k.tenant_id = v.tenant_id and k.id = v.kpi_id
    where v.tenant_id = ${DEMO_GMBH_ID}`.execute(db);
  return result.rows[0];
}

test("Demo GmbH: fiscal year from April, EUR with USD and CHF rates, about 60 KPIs with full metadata", async () => {
  const { withTenant } = await seededShared();
  await withTenant(DEMO_GMBH_ID, system, async ({ db }) => {
    const tenant = await db.selectFrom("tenants").selectAll().executeTakeFirstOrThrow();
    assert.equal([tenant.name, tenant.kind, tenant.fiscal_year_offset, tenant.local_currency, tenant.multi_currency], ["Demo GmbH", "company", 3, "EUR", true]);
    const fxRates = await db.selectFrom("fx_rates").select(["currency"]).orderBy("currency").execute();
    assert.equal(fxRates.map((rate) => rate.currency), ["CHF", "USD"]);
    const kpis = await db.selectFrom("kpis").selectAll().execute();
    assert.ok(kpis.length >= 55 && kpis.length <= 70, `${kpis.length} KPIs`);
    for (const kpi of kpis) {
      assert.ok(kpi.benchmark_bottom25 !== null && kpi.benchmark_median50 !== null && kpi.benchmark_top25 !== null && kpi.benchmark_top5 !== null, kpi.key);
      const ordered = [kpi.benchmark_bottom25!, kpi.benchmark_median50!, kpi.benchmark_top25!, kpi.benchmark_top5!];
      const sorted = [...ordered].sort((a, b) => (kpi.higher_is_better ? a - b : b - a));
      assert.equal(ordered, sorted, `${kpi.key}: benchmarks run from bottom to top in the KPI's good direction`);
    }
    assert.equal(new Set(kpis.map((kpi) => kpi.aggregation_type)), new Set(["cum", "ad", "dd"]));
    assert.equal(new Set(kpis.map((kpi) => kpi.sensitivity)), new Set([0, 1, 2, 3]));
    assert.ok(kpis.filter((kpi) => kpi.formula).length >= 3, "a few calculated KPIs");
    assert.equal(kpis.filter((kpi) => kpi.weighted_ratio).map((kpi) => kpi.key).sort(), ["ebitda_margin", "gross_margin"], "the margins are weighted ratios");
    const categories = await db.selectFrom("kpi_categories").select(["name", "kind"]).orderBy("position").execute();
    assert.equal(categories.map((category) => category.name), ["P&L", "Financial", "Sales", "SaaS", "People", "Product", "Operations"]);
    assert.is(categories[0]?.kind, "financial");
  });
});

test("36 months of actuals up to last month, planning for this and next fiscal year, an active system forecast", async () => {
  const { withTenant } = await seededShared();
  await withTenant(DEMO_GMBH_ID, system, async ({ db }) => {
    const range = await db
      .selectFrom("kpi_values")
      .select(["series", sql<string>`min(month)::text`.as("first"), sql<string>`max(month)::text`.as("last"), sql<number>`count(distinct month)::int`.as("months")])
      .groupBy("series")
      .orderBy("series")
      .execute();
    assert.equal(range, [
      { series: "actual", first: "2023-11-01", last: "2026-10-01", months: 36 },
      { series: "planning", first: "2026-04-01", last: "2028-03-01", months: 24 },
    ]);
    // Every category has an active system forecast; the financial ones also an inactive user forecast.
    const forecasts = await db
      .selectFrom("forecasts")
      .innerJoin("kpi_categories", "kpi_categories.id", "forecasts.category_id")
      .select(["kpi_categories.name as category", "forecasts.name", "forecasts.is_active", "forecasts.is_system", "forecasts.forecast_from", "forecasts.forecast_to"])
      .orderBy("kpi_categories.position")
      .orderBy("forecasts.id")
      .execute();
    const categories = await db.selectFrom("kpi_categories").select("name").execute();
    assert.is(forecasts.filter((forecast) => forecast.is_active && forecast.is_system && forecast.name === "System forecast").length, categories.length);
    assert.equal(forecasts.filter((forecast) => !forecast.is_system).map((forecast) => [forecast.category, forecast.name, forecast.is_active]), [["P&L", "Earlier outlook", false], ["Financial", "Earlier outlook", false]]);
    assert.equal([forecasts[0]!.forecast_from, forecasts[0]!.forecast_to], ["2026-11-01", "2028-03-01"]);
    const forecastValues = await db.selectFrom("forecast_values").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    assert.ok(forecastValues.n > 50 * 17, `${forecastValues.n} forecast values`);
  });
});

test("an upload history made by the upload feature: a plan, a month of actuals with warnings, new bookings by region and product that add up", async () => {
  const { withTenant } = await seededShared();
  await withTenant(DEMO_GMBH_ID, system, async ({ db }) => {
    const uploads = await db.selectFrom("uploads").select(["type", "file_name", "state", "status", "warning_count", "error_count", "imported_value_count", "created_at", "problems"]).orderBy("created_at").execute();
    assert.equal(
      uploads.map((upload) => [upload.type, upload.file_name, upload.state, upload.status, upload.error_count]),
      [
        ["planning", "Sales plan FY 2026.xlsx", "successful", "imported", 0],
        ["reporting", "Sales actuals 09.2026.xlsx", "contains warnings", "imported", 0],
        ["dimensions", "New bookings by region and product.csv", "successful", "imported", 0],
      ],
    );
    assert.equal(uploads.map((upload) => upload.created_at.toISOString().slice(0, 10)), ["2026-04-01", "2026-10-17", "2026-11-15"]);
    assert.is(uploads[1]!.warning_count, 2, JSON.stringify(uploads[1]!.problems)); // a date that is not a first of month, a name that is not the KPI's
    assert.equal((uploads[1]!.problems as { message: string }[]).map((problem) => problem.message.slice(0, 24)).length, 2);
    assert.equal(uploads.map((upload) => upload.imported_value_count), [24, 3, 72]);
    // The values by dimension add up to the KPI's own actual, month by month.
    const sums = await sql<{ month: string; own: string; parts: string; n: number }>`
      select v.month::text as month, v.value::text as own, sum(d.value)::text as parts, count(d.*)::int as n
      from kpi_values v join kpis k on k.id = v.kpi_id and k.key = 'new_bookings'
      join kpi_values d on d.kpi_id = v.kpi_id and d.month = v.month and d.series = 'actual' and d.dimension_key <> ''
      where v.series = 'actual' and v.dimension_key = '' group by v.month, v.value order by v.month`.execute(db);
    assert.is(sums.rows.length, 12);
    for (const row of sums.rows) {
      assert.is(row.n, 6, row.month);
      assert.ok(Math.abs(Number(row.own) - Number(row.parts)) < 0.005, `${row.month}: ${row.own} = ${row.parts}`);
    }
    const events = await db.selectFrom("events").select("type").where("type", "in", ["UploadChecked", "UploadImported", "KpiDimensionValuesUploaded"]).execute();
    assert.equal(events.map((event) => event.type).sort(), ["KpiDimensionValuesUploaded", "UploadChecked", "UploadChecked", "UploadChecked", "UploadImported", "UploadImported", "UploadImported"]);
  });
});

test("the series have trend and seasonality, not flat lines", async () => {
  const { withTenant } = await seededShared();
  const revenue = await withTenant(DEMO_GMBH_ID, system, ({ db }) =>
    db
      .selectFrom("kpi_values")
      .innerJoin("kpis", (join) => join.onRef("kpis.tenant_id", "=", "kpi_values.tenant_id").onRef("kpis.id", "=", "kpi_values.kpi_id"))
      .select(["kpi_values.month", "kpi_values.value"])
      .where("kpis.key", "=", "revenue")
      .where("kpi_values.series", "=", "actual")
      .orderBy("kpi_values.month")
      .execute(),
  );
  const firstYear = revenue.slice(0, 12).reduce((sum, row) => sum + row.value, 0);
  const lastYear = revenue.slice(-12).reduce((sum, row) => sum + row.value, 0);
  assert.ok(lastYear > firstYear * 1.3, `revenue grows: ${firstYear} -> ${lastYear}`);
  const distinct = new Set(revenue.map((row) => row.value));
  assert.is(distinct.size, revenue.length);
});

test("users for every role sign in with the demo password; companies, investor and holding are linked", async () => {
  const { database, withTenant } = await seededShared();
  const logins = await database.system.selectFrom("login_emails").select(["email", "tenant_id"]).execute();
  const emails = logins.map((login) => login.email);
  for (const email of ["admin@demo.example", "c-level@demo.example", "delegate@demo.example", "employee@demo.example", "external@demo.example", "investor@demo.example", "head-of-department@demo.example", "admin@northwind.example", "investor@northwind.example", "investor@atlas.example", "admin@holding.example"]) {
    assert.ok(emails.includes(email), email);
  }
  const admin = await withTenant(DEMO_GMBH_ID, system, ({ db }) =>
    db.selectFrom("users").select("password_hash").where("email", "=", "admin@demo.example").executeTakeFirstOrThrow(),
  );
  assert.ok(await verifyPassword(DEMO_PASSWORD, admin.password_hash!));
  assert.not.ok(await verifyPassword("wrong password", admin.password_hash!));
  const portfolio = await withTenant(ATLAS_ID, system, ({ db }) => db.selectFrom("registered_instances").select(["target_tenant_id", "authorization_state", "target_user_id"]).orderBy("instance_name").execute());
  assert.equal(portfolio.map(({ target_tenant_id, authorization_state }) => ({ target_tenant_id, authorization_state })), [
    { target_tenant_id: DEMO_GMBH_ID, authorization_state: "authorized" },
    { target_tenant_id: NORTHWIND_ID, authorization_state: "authorized" },
  ]);
  const investorOfDemo = await withTenant(DEMO_GMBH_ID, system, ({ db }) => db.selectFrom("users").select("id").where("email", "=", "investor@demo.example").executeTakeFirstOrThrow());
  assert.is(portfolio[0]?.target_user_id, investorOfDemo.id, "Atlas views Demo GmbH as its investor user");
  const demo = await readDemoInfo(database);
  assert.is(demo?.password, DEMO_PASSWORD);
  assert.is(demo?.logins.length, 11);
});

test("seeding runs once: a second start changes nothing", async () => {
  const { database, withTenant } = await seededShared();
  const before = await fingerprint(database.system);
  assert.is(await seedDemoData(database, withTenant, new Date("2027-06-01T00:00:00Z")), false);
  assert.equal(await fingerprint(database.system), before);
});

test("deterministic: a fresh database seeded for the same month holds exactly the same values", async () => {
  const { database } = await seededShared();
  const fresh = await openPGlite(null);
  try {
    await migrateToLatest(fresh);
    await seedDemoData(fresh, createWithTenant(fresh, () => {}), NOW);
    const expected = await fingerprint(database.system);
    assert.ok((expected?.rows ?? 0) > 3000);
    assert.equal(await fingerprint(fresh.system), expected);
  } finally {
    await fresh.close();
  }
});

test.run();
