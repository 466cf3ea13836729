import { test } from "uvu";
import * as assert from "uvu/assert";
import { readEventsAfter } from "../../../../src/server/db/event-log";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";

const system = { kind: "system", name: "test" } as const;

/**
 * A company with April fiscal years: revenue (level 1), cogs (level 2), a margin formula (level 0,
 * a weighted ratio, read at level 2 since it reads cogs).
 */
async function company() {
  const { app, services } = await testApp();
  const { database, withTenant } = await testDatabase();
  const tenantId = await createTestTenant();
  await database.system.updateTable("tenants").set({ fiscal_year_offset: 3, multi_currency: true }).where("id", "=", tenantId).execute();
  const ids = await withTenant(tenantId, system, async ({ db }) => {
    const category = await db.insertInto("kpi_categories").values({ tenant_id: tenantId, name: "P&L", kind: "financial" }).returning("id").executeTakeFirstOrThrow();
    const kpi = (key: string, sensitivity: number, formula: string | null, unit = "currency") =>
      db
        .insertInto("kpis")
        .values({ tenant_id: tenantId, category_id: category.id, parent_id: null, key, name: key, unit: unit as never, aggregation_type: formula ? "ad" : "cum", sensitivity, formula, weighted_ratio: formula !== null, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null })
        .returning("id")
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    const revenue = await kpi("revenue", 1, null);
    const cogs = await kpi("cogs", 2, null);
    const margin = await kpi("gross_margin", 0, "(revenue - cogs) / revenue * 100", "percentage");
    const values = [
      ["2026-04-01", 100, 40],
      ["2026-05-01", 200, 60],
      ["2026-06-01", 300, 100],
    ] as const;
    for (const [month, revenueValue, cogsValue] of values) {
      await db.insertInto("kpi_values").values([
        { tenant_id: tenantId, kpi_id: revenue, series: "actual", month, value: revenueValue },
        { tenant_id: tenantId, kpi_id: cogs, series: "actual", month, value: cogsValue },
        { tenant_id: tenantId, kpi_id: revenue, series: "planning", month, value: 150 },
      ]).execute();
    }
    const usd = await db.insertInto("fx_rates").values({ tenant_id: tenantId, name: "USD", currency: "USD" }).returning("id").executeTakeFirstOrThrow();
    await db.insertInto("fx_rate_values").values({ tenant_id: tenantId, fx_rate_id: usd.id, valid_from: "2026-01-01", rate: 2 }).execute();
    return { revenue, cogs, margin, usd: usd.id };
  });
  const userWith = async (permissions: string[]) => {
    const user = await createTestUser(tenantId, { groups: [{ name: `g-${permissions.join("-") || "none"}`, permissions }] });
    return { authorization: `Bearer ${await services.signer.sign("access", { tenantId, userId: user.id }, 300)}` };
  };
  return { app, tenantId, ids, userWith };
}

test("KPI meta lists only what the user may read, with who may write", async () => {
  const { app, ids, userWith } = await company();
  const reader = await userWith(["read_sensitive", "write_non_sensitive"]);
  const meta = (await app.inject({ method: "GET", url: "/api/kpis/meta/", headers: reader })).json();
  assert.equal(meta.map((kpi: { id: number }) => kpi.id), [ids.revenue], "cogs (level 2) is hidden, and so is the margin, which reads it");
  const revenue = meta.find((kpi: { id: number }) => kpi.id === ids.revenue);
  assert.equal([revenue.writable, revenue.lastActualDate, revenue.isCalculated, revenue.category.name, revenue.sensitivity], [false, "2026-06-01", false, "P&L", 1]);
  const insider = await userWith(["read_most_sensitive"]);
  const margin = (await app.inject({ method: "GET", url: "/api/kpis/meta/", headers: insider })).json().find((kpi: { id: number }) => kpi.id === ids.margin);
  assert.equal([margin.isCalculated, margin.sensitivity], [true, 2], "the level reading takes: the margin's own 0 raised to its input's 2");
  assert.is((await app.inject({ method: "GET", url: "/api/kpis/meta/" })).statusCode, 401);
});

test("aggregates: fiscal YTD of the actuals, planning, and a calculated margin as the ratio of sums", async () => {
  const { app, ids, userWith } = await company();
  const headers = await userWith(["read_most_sensitive"]);
  const { results } = (await app.inject({ method: "GET", url: "/api/kpis/aggregates/?endDate=2026-06-01", headers })).json();
  assert.equal([results[ids.revenue].ytd.actualValue, results[ids.revenue].ytd.planningValue, results[ids.revenue].ytd.closestDate], [600, 450, "2026-06-01"]);
  assert.is(results[ids.cogs].ytd.actualValue, 200);
  assert.is(results[ids.margin].ytd.actualValue, ((600 - 200) / 600) * 100);
  const withoutLast = (await app.inject({ method: "GET", url: "/api/kpis/aggregates/?endDate=2026-06-01&ignoreLastMonths=1", headers })).json();
  assert.is(withoutLast.results[ids.revenue].ytd.actualValue, 300);
});

test("aggregates convert money to the chosen FX rate; bad parameters are field errors", async () => {
  const { app, ids, userWith } = await company();
  const headers = await userWith(["read_most_sensitive"]);
  const usd = (await app.inject({ method: "GET", url: `/api/kpis/aggregates/?endDate=2026-06-01&fxRate=${ids.usd}`, headers })).json();
  assert.equal([usd.results[ids.revenue].ytd.actualValue, usd.results[ids.margin].ytd.actualValue], [1200, ((600 - 200) / 600) * 100], "percentages do not convert");
  const badDate = await app.inject({ method: "GET", url: "/api/kpis/aggregates/?endDate=2026-06-15", headers });
  assert.equal([badDate.statusCode, badDate.json()], [400, { endDate: ["Enter the first day of a month (YYYY-MM-01)."] }]);
  const badIgnore = await app.inject({ method: "GET", url: "/api/kpis/aggregates/?endDate=2026-06-01&ignoreLastMonths=7", headers });
  assert.is(badIgnore.statusCode, 400);
  const otherCompany = await company();
  const foreignRate = await app.inject({ method: "GET", url: `/api/kpis/aggregates/?endDate=2026-06-01&fxRate=${otherCompany.ids.usd}`, headers });
  assert.equal(foreignRate.json(), { fxRate: ["There is no such FX rate."] });
});

test("history in buckets aligned to the fiscal year, with last year and a calculated KPI per bucket", async () => {
  const { app, ids, userWith } = await company();
  const headers = await userWith(["read_most_sensitive"]);
  const monthly = (await app.inject({ method: "GET", url: "/api/kpis/history/?endDate=2026-06-01&timeRange=3", headers })).json();
  assert.equal(monthly.results[ids.revenue].map((bucket: { label: string; actual: number }) => [bucket.label, bucket.actual]), [
    ["Apr 2026", 100],
    ["May 2026", 200],
    ["Jun 2026", 300],
  ]);
  const quarter = (await app.inject({ method: "GET", url: `/api/kpis/history/?endDate=2026-06-01&timeRange=6&bucketSize=3&fxRate=${ids.usd}`, headers })).json();
  assert.equal(quarter.results[ids.revenue].map((bucket: { label: string; actual: number | null; planning: number | null; lastYear: number | null }) => [bucket.label, bucket.actual, bucket.planning, bucket.lastYear]), [
    ["Q4 FY 2025/26", null, null, null],
    ["Q1 FY 2026/27", 1200, 900, null],
  ]);
  assert.is(quarter.results[ids.margin][1].actual, ((600 - 200) / 600) * 100);
  const bad = await app.inject({ method: "GET", url: "/api/kpis/history/?endDate=2026-06-01&bucketSize=5", headers });
  assert.equal([bad.statusCode, bad.json()], [400, { bucketSize: ["Choose 1, 3, 6 or 12 months."] }]);
});

test("editing values: sensitivity decides, formulas are not editable, '-' removes, the change is an event", async () => {
  const { app, tenantId, ids, userWith } = await company();
  const writer = await userWith(["write_sensitive"]);
  const edit = (headers: Record<string, string>, values: object[]) => app.inject({ method: "POST", url: "/api/kpis/monthly-values/", headers, payload: { values } });
  assert.is((await edit(writer, [{ kpi: ids.revenue, date: "2026-07-01", value: 400 }])).statusCode, 200);
  const { results } = (await app.inject({ method: "GET", url: "/api/kpis/aggregates/?endDate=2026-07-01", headers: writer })).json();
  assert.is(results[ids.revenue].ytd.actualValue, 1000);
  assert.is((await edit(writer, [{ kpi: ids.revenue, date: "2026-07-01", value: "-" }])).statusCode, 200);
  const after = (await app.inject({ method: "GET", url: "/api/kpis/aggregates/?endDate=2026-07-01", headers: writer })).json();
  assert.is(after.results[ids.revenue].ytd.actualValue, 600);

  const insider = await userWith(["write_most_sensitive"]);
  assert.equal((await edit(insider, [{ kpi: ids.margin, date: "2026-07-01", value: 1 }])).json(), { kpi: ["Calculated KPIs are computed from their formula and cannot be edited."] });
  assert.is((await edit(writer, [{ kpi: ids.cogs, date: "2026-07-01", value: 1 }])).statusCode, 404, "a KPI the user cannot read is unknown");
  assert.is((await edit(writer, [{ kpi: ids.margin, date: "2026-07-01", value: 1 }])).statusCode, 404, "so is a formula reading it");
  const reader = await userWith(["read_most_sensitive"]);
  assert.is((await edit(reader, [{ kpi: ids.revenue, date: "2026-07-01", value: 1 }])).statusCode, 403);
  const other = await company();
  assert.is((await edit(writer, [{ kpi: other.ids.revenue, date: "2026-07-01", value: 1 }])).statusCode, 404, "another company's KPI is unknown");
  const mixed = await edit(writer, [{ kpi: ids.revenue, date: "2026-08-01", value: 5 }, { kpi: ids.revenue, date: "2026-08-15", value: 5 }]);
  assert.is(mixed.statusCode, 400);
  const { withTenant } = await testDatabase();
  const august = await withTenant(tenantId, system, ({ db }) => db.selectFrom("kpi_values").select("value").where("month", "=", "2026-08-01").execute());
  assert.equal(august, [], "a request with one bad value writes nothing");
  const events = await withTenant(tenantId, system, ({ db }) => readEventsAfter(db, 0, 100));
  assert.equal(events.filter((event) => event.type === "KpiValueEdited").map((event) => (event.payload as { values: unknown[] }).values), [
    [{ kpi: ids.revenue, date: "2026-07-01", value: 400 }],
    [{ kpi: ids.revenue, date: "2026-07-01", value: null }],
  ]);
});

test.run();
