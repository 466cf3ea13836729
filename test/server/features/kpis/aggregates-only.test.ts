// The aggregates and the history read only the KPIs asked for (idList) and, for calculated ones,
// their inputs, transitively: the answers must be exactly those of the whole catalogue, and the
// stored series must be what the domain functions make of the values as inserted.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { byAggregationType } from "../../../../src/domain/kpi/aggregation";
import { kpiAggregates } from "../../../../src/domain/kpi/kpi-aggregates";
import { monthDateOf, monthIndexOf, monthRange, type MonthIndex } from "../../../../src/domain/months";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";

const system = { kind: "system", name: "test" } as const;
type Type = "cum" | "ad" | "dd";

/**
 * April fiscal years; stored KPIs of every type (one level 2, unreadable for the reader), and
 * calculated ones: a ratio, one reading a calculated KPI, one reading the unreadable KPI (so
 * unreadable too), one naming no KPI, and an unreadable one. Thirty months of actuals and planning
 * with gaps, rows of another dimension, an active and an inactive forecast, and a USD rate that
 * changes. `get` reads as a level-1 reader, `getAsInsider` as one who reads level 2.
 */
async function catalogue() {
  const { app, services } = await testApp();
  const { database, withTenant } = await testDatabase();
  const tenantId = await createTestTenant();
  await database.system.updateTable("tenants").set({ fiscal_year_offset: 3, multi_currency: true }).where("id", "=", tenantId).execute();
  const stored: { id: number; key: string; type: Type; readable: boolean; series: { actual: Map<MonthIndex, number>; planning: Map<MonthIndex, number>; forecast: Map<MonthIndex, number> } }[] = [];
  const ids = await withTenant(tenantId, system, async ({ db }) => {
    const category = await db.insertInto("kpi_categories").values({ tenant_id: tenantId, name: "All" }).returning("id").executeTakeFirstOrThrow();
    const kpi = (key: string, type: Type, sensitivity: number, formula: string | null, unit: "currency" | "number" = "currency") =>
      db
        .insertInto("kpis")
        .values({ tenant_id: tenantId, category_id: category.id, parent_id: null, key, name: key, unit, aggregation_type: type, sensitivity, formula, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null })
        .returning("id")
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    const ids: Record<string, number> = {};
    for (const [key, type, sensitivity] of [["revenue", "cum", 0], ["headcount", "ad", 1], ["cash", "dd", 0], ["secret", "cum", 2], ["empty", "cum", 0]] as const) {
      ids[key] = await kpi(key, type, sensitivity, null, key === "headcount" ? "number" : "currency");
      stored.push({ id: ids[key]!, key, type, readable: sensitivity < 2, series: { actual: new Map(), planning: new Map(), forecast: new Map() } });
    }
    ids["per_head"] = await kpi("per_head", "ad", 0, "revenue / headcount", "number");
    ids["doubled"] = await kpi("doubled", "cum", 0, "per_head * 2 + cash");
    ids["with_secret"] = await kpi("with_secret", "cum", 0, "revenue + secret");
    ids["unknown_input"] = await kpi("unknown_input", "cum", 0, "revenue + nothing_here");
    ids["hidden"] = await kpi("hidden", "cum", 2, "revenue * 3");
    const active = await db.insertInto("forecasts").values({ tenant_id: tenantId, category_id: category.id, name: "Active", source: "meridian", method: "linear_progression", is_active: true, actuals_from: "2024-01-01", actuals_to: "2026-06-01", forecast_from: "2026-01-01", forecast_to: "2027-03-01" }).returning("id").executeTakeFirstOrThrow();
    const old = await db.insertInto("forecasts").values({ tenant_id: tenantId, category_id: category.id, name: "Old", source: "meridian", method: "linear_progression", is_active: false, actuals_from: "2024-01-01", actuals_to: "2025-06-01", forecast_from: "2025-01-01", forecast_to: "2026-03-01" }).returning("id").executeTakeFirstOrThrow();
    const values = [];
    const forecastValues = [];
    for (const [index, kpi] of stored.entries()) {
      if (kpi.key === "empty") continue;
      for (let month = monthIndexOf("2024-01-01"); month <= monthIndexOf("2027-03-01"); month++) {
        const value = (salt: number) => ((index * 37 + month * 11 + salt * 5) % 90) + 1.25;
        const gap = (salt: number) => (index + month + salt) % 5 === 0;
        if (month <= monthIndexOf("2026-06-01") && !gap(0)) {
          values.push({ tenant_id: tenantId, kpi_id: kpi.id, series: "actual" as const, month: monthDateOf(month), value: value(0) });
          kpi.series.actual.set(month, value(0));
        }
        if (!gap(1)) {
          values.push({ tenant_id: tenantId, kpi_id: kpi.id, series: "planning" as const, month: monthDateOf(month), value: value(1) });
          kpi.series.planning.set(month, value(1));
        }
        if (month >= monthIndexOf("2026-01-01") && !gap(2)) {
          forecastValues.push({ tenant_id: tenantId, forecast_id: active.id, kpi_id: kpi.id, month: monthDateOf(month), value: value(2) });
          kpi.series.forecast.set(month, value(2));
        }
        // Neither another dimension nor the inactive forecast counts.
        values.push({ tenant_id: tenantId, kpi_id: kpi.id, dimension_key: "region:north", series: "actual" as const, month: monthDateOf(month), value: 1e6 });
        forecastValues.push({ tenant_id: tenantId, forecast_id: old.id, kpi_id: kpi.id, month: monthDateOf(month), value: 1e6 });
      }
    }
    await db.insertInto("kpi_values").values(values).execute();
    await db.insertInto("forecast_values").values(forecastValues).execute();
    const usd = await db.insertInto("fx_rates").values({ tenant_id: tenantId, name: "USD", currency: "USD" }).returning("id").executeTakeFirstOrThrow();
    await db.insertInto("fx_rate_values").values([
      { tenant_id: tenantId, fx_rate_id: usd.id, valid_from: "2025-01-01", rate: 1.5 },
      { tenant_id: tenantId, fx_rate_id: usd.id, valid_from: "2026-05-01", rate: 2 },
    ]).execute();
    ids["usd"] = usd.id;
    return ids;
  });
  const getAs = async (permission: string) => {
    const user = await createTestUser(tenantId, { groups: [{ name: permission, permissions: [permission] }] });
    const headers = { authorization: `Bearer ${await services.signer.sign("access", { tenantId, userId: user.id }, 300)}` };
    return async (url: string) => {
      const response = await app.inject({ method: "GET", url, headers });
      assert.is(response.statusCode, 200, response.body);
      return response.json().results as Record<string, unknown>;
    };
  };
  return { ids, stored, get: await getAs("read_sensitive"), getAsInsider: await getAs("read_most_sensitive") };
}

const pick = (results: Record<string, unknown>, ids: number[]) => Object.fromEntries(ids.filter((id) => String(id) in results).map((id) => [String(id), results[String(id)]]));

test("stored KPIs' aggregates are the domain's over the values as inserted: one dimension, the active forecast, every type", async () => {
  const { stored, get } = await catalogue();
  for (const [endDate, ignoreLastMonths] of [["2026-06-01", 0], ["2026-08-01", 0], ["2026-08-01", 2], ["2025-02-01", 1]] as const) {
    const results = await get(`/api/kpis/aggregates/?endDate=${endDate}&ignoreLastMonths=${ignoreLastMonths}`);
    for (const kpi of stored) {
      if (!kpi.readable) {
        assert.not.ok(String(kpi.id) in results, `${kpi.key} is not readable`);
        continue;
      }
      const expected = kpiAggregates(kpi.series, byAggregationType(kpi.type), { end: monthIndexOf(endDate), fiscalYearOffset: 3, ignoreLastMonths });
      assert.equal(results[String(kpi.id)], JSON.parse(JSON.stringify(expected)), `${kpi.key} at ${endDate} − ${ignoreLastMonths}`);
    }
  }
});

test("aggregates of the KPIs asked for are those of the whole catalogue, calculated ones with their inputs read transitively", async () => {
  const { ids, get } = await catalogue();
  const subsets = [
    [ids["doubled"]!],
    [ids["per_head"]!, ids["cash"]!],
    [ids["with_secret"]!],
    [ids["unknown_input"]!],
    [ids["hidden"]!, ids["secret"]!, ids["revenue"]!],
    [ids["empty"]!, 987654321],
    [],
  ];
  for (const query of ["endDate=2026-08-01", `endDate=2026-06-01&fxRate=${ids["usd"]}`, "endDate=2026-09-01&ignoreLastMonths=3"]) {
    const all = await get(`/api/kpis/aggregates/?${query}`);
    assert.equal(Object.keys(all).length, 7, "every readable KPI (not secret, hidden, nor with_secret, which reads secret)");
    for (const subset of subsets) {
      const only = await get(`/api/kpis/aggregates/?${query}&idList=${subset.join(",")}`);
      assert.equal(only, pick(all, subset), `${query} idList=${subset}`);
    }
    const doubled = all[String(ids["doubled"])] as { ytd: { actualValue: number | null } };
    assert.type(doubled.ytd.actualValue, "number", "a formula over a calculated KPI has a value");
    assert.not.ok(String(ids["with_secret"]) in all, "a formula over an input the reader may not see is as hidden as the input");
  }
});

test("a calculated KPI over a level-2 input: who reads level 2 gets the sum; a level-1 reader neither it nor the input", async () => {
  const { ids, stored, get, getAsInsider } = await catalogue();
  const limited = await get("/api/kpis/aggregates/?endDate=2026-08-01");
  assert.not.ok(String(ids["with_secret"]) in limited);
  assert.not.ok(String(ids["secret"]) in limited);
  assert.equal(await get(`/api/kpis/aggregates/?endDate=2026-08-01&idList=${ids["with_secret"]}`), {});
  const all = await getAsInsider("/api/kpis/aggregates/?endDate=2026-08-01");
  // A cum KPI sums its monthly formula values: the months where both inputs have an actual.
  const actualOf = (key: string) => stored.find((kpi) => kpi.key === key)!.series.actual;
  const ytd = monthRange(monthIndexOf("2026-04-01"), monthIndexOf("2026-08-01"));
  const both = ytd.filter((month) => actualOf("revenue").has(month) && actualOf("secret").has(month));
  assert.ok(both.length > 0 && both.length < ytd.length, "the fixture has gaps");
  const withSecret = (all[String(ids["with_secret"])] as { ytd: { actualValue: number; monthCounts: { actualValue: number } } }).ytd;
  assert.is(withSecret.actualValue, both.reduce((sum, month) => sum + actualOf("revenue").get(month)! + actualOf("secret").get(month)!, 0));
  assert.is(withSecret.monthCounts.actualValue, both.length);
});

test("history of the KPIs asked for is that of the whole catalogue", async () => {
  const { ids, get } = await catalogue();
  for (const query of ["endDate=2026-08-01&timeRange=24&bucketSize=3", `endDate=2026-06-01&timeRange=12&fxRate=${ids["usd"]}`]) {
    const all = await get(`/api/kpis/history/?${query}`);
    for (const subset of [[ids["doubled"]!], [ids["with_secret"]!, ids["headcount"]!], [ids["hidden"]!]]) {
      assert.equal(await get(`/api/kpis/history/?${query}&idList=${subset.join(",")}`), pick(all, subset), `${query} idList=${subset}`);
    }
  }
});

test.run();
