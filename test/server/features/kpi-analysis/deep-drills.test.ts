// Deep drills and recommendations over the API, on the reporting fixture (fiscal year from April):
// revenue (level 1), cogs (level 2), gross_profit = revenue − cogs, gross_margin =
// gross_profit / revenue × 100 (read at level 2), customers (level 0).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CUSTOM_RANGE_UNAVAILABLE } from "../../../../src/domain/kpi-analysis/drill-periods";
import { dimensionKeyOf } from "../../../../src/domain/kpi/dimension-key";
import { reportingCompany, system } from "../kpis/reporting-fixture";

const close = (actual: number | null, expected: number, message: string) => assert.ok(actual !== null && Math.abs(actual - expected) < 1e-9, `${message}: ${actual} ≠ ${expected}`);

let company: Awaited<ReturnType<typeof reportingCompany>>;
let analyst: { headers: Record<string, string> };
test.before(async () => {
  company = await reportingCompany();
  analyst = await company.userWith(["access_deep_drills", "read_most_sensitive"]);
});
test.after(async () => {
  await company.app.close();
});

test("deep drills need the deep-drill permission; a KPI the reader may not read, or another company's, is 404", async () => {
  const { ids, userWith, call } = company;
  const reader = await userWith(["read_most_sensitive"]);
  assert.is((await call(reader.headers, "GET", `/api/kpis/${ids.grossMargin}/deep-drills/`)).status, 403);
  // Level 1 with deep drills: revenue is readable, the margin (it reads the level-2 cogs) is not:
  // never an answer with a hidden input, the same 404 as a KPI that does not exist.
  const levelOne = await userWith(["access_deep_drills", "read_sensitive"]);
  assert.is((await call(levelOne.headers, "GET", `/api/kpis/${ids.revenue}/deep-drills/`)).status, 200);
  const hidden = await call(levelOne.headers, "GET", `/api/kpis/${ids.grossMargin}/deep-drills/root-cause/?endDate=2026-06-01`);
  assert.is(hidden.status, 404);
  assert.not.match(JSON.stringify(hidden.body), /cogs|gross/);
  const other = await reportingCompany();
  const stranger = await other.userWith(["access_deep_drills", "read_super_sensitive"]);
  assert.is((await other.call(stranger.headers, "GET", `/api/kpis/${ids.grossMargin}/deep-drills/root-cause/?endDate=2026-06-01`)).status, 404);
  assert.is((await other.call(stranger.headers, "GET", `/api/kpis/${ids.grossMargin}/recommendations/?endDate=2026-06-01`)).status, 404);
  assert.is((await call(analyst.headers, "GET", `/api/kpis/${other.ids.grossMargin}/deep-drills/`)).status, 404);
  await other.app.close();
});

test("which drills apply, with the reason when one does not", async () => {
  const { ids, call } = company;
  const margin = await call(analyst.headers, "GET", `/api/kpis/${ids.grossMargin}/deep-drills/`);
  assert.is(margin.status, 200);
  assert.equal(margin.body.drills.map((drill: { type: string; available: boolean }) => [drill.type, drill.available]), [["dimensions", false], ["root-cause", true], ["pnl-analysis", true]]);
  assert.is(margin.body.defaultType, "root-cause");
  const revenue = await call(analyst.headers, "GET", `/api/kpis/${ids.revenue}/deep-drills/`);
  assert.is(revenue.body.defaultType, null);
  assert.match(revenue.body.drills[1].reason, /entered directly/);
  const refused = await call(analyst.headers, "GET", `/api/kpis/${ids.revenue}/deep-drills/root-cause/?endDate=2026-06-01`);
  assert.is(refused.status, 400);
  assert.match(refused.body.type[0], /entered directly/);
});

test("root cause of the margin: June against May, the inputs' effects add up to the change", async () => {
  const { ids, call } = company;
  const answer = await call(analyst.headers, "GET", `/api/kpis/${ids.grossMargin}/deep-drills/root-cause/?endDate=2026-06-01`);
  assert.is(answer.status, 200, JSON.stringify(answer.body));
  const drill = answer.body;
  assert.is(drill.periodLabel, "Jun 2026");
  assert.is(drill.baseLabel, "May 2026");
  close(drill.value, (200 / 300) * 100, "June");
  close(drill.base, 70, "May");
  assert.is(drill.formula, "gross_profit ÷ revenue × 100");
  assert.is(drill.method, "shapley");
  assert.is(drill.aggregationEffect, null);
  const byKey = Object.fromEntries(drill.inputs.map((input: { key: string }) => [input.key, input]));
  assert.equal(Object.keys(byKey), ["gross_profit", "revenue"]);
  assert.is(byKey.gross_profit.drillable, true);
  assert.is(byKey.gross_profit.kpiId, ids.grossProfit);
  assert.is(byKey.revenue.drillable, false);
  close(byKey.gross_profit.effect + byKey.revenue.effect, drill.value - drill.base, "adds up");
  close(byKey.gross_profit.effect, 50 * (60 / 200 + 60 / 300), "gross profit");
  // Drilling into gross profit: revenue +100, cogs −40 (more cost lowers profit).
  const inner = (await call(analyst.headers, "GET", `/api/kpis/${ids.grossProfit}/deep-drills/root-cause/?endDate=2026-06-01`)).body;
  assert.equal(inner.inputs.map((input: { key: string; effect: number }) => [input.key, input.effect]), [["revenue", 100], ["cogs", -40]]);
  // Against plan (150 − 50 of 150) and over the quarter to date against last year's.
  const plan = (await call(analyst.headers, "GET", `/api/kpis/${ids.grossProfit}/deep-drills/root-cause/?endDate=2026-06-01&compare=plan`)).body;
  assert.is(plan.base, 100);
  assert.equal(plan.inputs.map((input: { effect: number }) => input.effect), [150, -50]);
  const quarter = (await call(analyst.headers, "GET", `/api/kpis/${ids.grossProfit}/deep-drills/root-cause/?endDate=2026-06-01&period=quarter&compare=lastYear`)).body;
  assert.is(quarter.periodLabel, "Apr – Jun 2026");
  assert.equal([quarter.base, quarter.value], [250 - 90, 600 - 200]);
  assert.equal(quarter.inputs.map((input: { effect: number }) => input.effect), [600 - 250, -(200 - 90)]);
});

test("P&L analysis of the margin: revenue and cost effects, saying plainly why not price and volume", async () => {
  const { ids, call } = company;
  const drill = (await call(analyst.headers, "GET", `/api/kpis/${ids.grossMargin}/deep-drills/pnl-analysis/?endDate=2026-06-01`)).body;
  assert.is(drill.kind, "margin");
  assert.match(drill.note, /^revenue is not calculated as price × volume in the KPI catalogue/);
  assert.equal(drill.factors.map((factor: { factor: string }) => factor.factor), ["revenue", "costs"]);
  close(drill.factors[0].effect + drill.factors[1].effect, drill.value - drill.base, "adds up");
  assert.equal(drill.lines.map((line: { role: string; input: { key: string; base: number; value: number } }) => [line.role, line.input.key, line.input.base, line.input.value]), [["revenue", "revenue", 200, 300], ["cost", "cogs", 60, 100]]);
});

test("P&L analysis with revenue = price × volume: price, volume and cost effects", async () => {
  const { tenantId, withTenant, call } = company;
  const made = await withTenant(tenantId, system, async ({ db }) => {
    const category = (await db.insertInto("kpi_categories").values({ tenant_id: tenantId, name: "Unit economics", kind: "kpi", position: 5 }).returning("id").executeTakeFirstOrThrow()).id;
    const kpi = async (key: string, unit: "currency" | "number" | "percentage", formula: string | null, aggregation: "cum" | "ad" = "cum", weighted = false) =>
      (await db.insertInto("kpis").values({ tenant_id: tenantId, category_id: category, parent_id: null, key, name: key, unit, aggregation_type: aggregation, sensitivity: 0, formula, weighted_ratio: weighted, position: 50, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null }).returning("id").executeTakeFirstOrThrow()).id;
    const price = await kpi("unit_price", "currency", null, "ad");
    const units = await kpi("units_sold", "number", null);
    await kpi("unit_revenue", "currency", "unit_price * units_sold");
    const costs = await kpi("unit_costs", "currency", null);
    const profit = await kpi("unit_profit", "currency", "unit_revenue - unit_costs");
    const value = (kpiId: number, month: string, amount: number) => ({ tenant_id: tenantId, kpi_id: kpiId, series: "actual" as const, month, value: amount });
    await db.insertInto("kpi_values").values([value(price, "2026-05-01", 10), value(price, "2026-06-01", 11), value(units, "2026-05-01", 100), value(units, "2026-06-01", 120), value(costs, "2026-05-01", 600), value(costs, "2026-06-01", 800)]).execute();
    return { profit };
  });
  const reader = await company.userWith(["access_deep_drills", "read_non_sensitive"]);
  const drill = (await call(reader.headers, "GET", `/api/kpis/${made.profit}/deep-drills/pnl-analysis/?endDate=2026-06-01`)).body;
  assert.is(drill.note, null);
  assert.equal(drill.factors.map((factor: { factor: string; effect: number }) => [factor.factor, Math.round(factor.effect * 1e6) / 1e6]), [["price", 110], ["volume", 210], ["costs", -200]]);
  assert.equal([drill.base, drill.value], [400, 520]);
  assert.equal(drill.lines.map((line: { role: string }) => line.role), ["price", "volume", "revenue", "cost"]);
});

test("dimensions: the KPI's values by region, shares, against the previous month and plan", async () => {
  const { tenantId, ids, withTenant, call } = company;
  const key = (region: string) => dimensionKeyOf({ Region: region });
  await withTenant(tenantId, system, ({ db }) =>
    db
      .insertInto("kpi_values")
      .values([
        { tenant_id: tenantId, kpi_id: ids.customers, dimension_key: key("North"), series: "actual", month: "2026-06-01", value: 30 },
        { tenant_id: tenantId, kpi_id: ids.customers, dimension_key: key("South"), series: "actual", month: "2026-06-01", value: 12 },
        { tenant_id: tenantId, kpi_id: ids.customers, dimension_key: key("North"), series: "actual", month: "2026-05-01", value: 25 },
        { tenant_id: tenantId, kpi_id: ids.customers, dimension_key: key("North"), series: "planning", month: "2026-06-01", value: 35 },
      ])
      .execute(),
  );
  const reader = await company.userWith(["access_deep_drills", "read_non_sensitive"]);
  const drills = (await call(reader.headers, "GET", `/api/kpis/${ids.customers}/deep-drills/`)).body;
  assert.is(drills.defaultType, "dimensions");
  const drill = (await call(reader.headers, "GET", `/api/kpis/${ids.customers}/deep-drills/dimensions/?endDate=2026-06-01`)).body;
  assert.equal(drill.dimensions, ["Region"]);
  assert.is(drill.dimension, "Region");
  assert.is(drill.value, 42);
  assert.is(drill.partsTotal, 42);
  assert.equal(drill.rows, [
    { member: "North", value: 30, share: 30 / 42, base: 25, plan: 35 },
    { member: "South", value: 12, share: 12 / 42, base: null, plan: null },
  ]);
  const unknown = await call(reader.headers, "GET", `/api/kpis/${ids.customers}/deep-drills/dimensions/?endDate=2026-06-01&dimension=Product`);
  assert.is(unknown.status, 400);
  assert.match(unknown.body.dimension[0], /has no values by “Product”\. Choose one of: Region\./);
});

test("bad input: a custom range, an unknown drill or period, a bad month are 400 with their texts", async () => {
  const { ids, call } = company;
  const custom = await call(analyst.headers, "GET", `/api/kpis/${ids.grossMargin}/deep-drills/root-cause/?endDate=2026-06-01&startDate=2026-02-01`);
  assert.is(custom.status, 400);
  assert.equal(custom.body.startDate, [CUSTOM_RANGE_UNAVAILABLE]);
  assert.is((await call(analyst.headers, "GET", `/api/kpis/${ids.grossMargin}/deep-drills/cohort/?endDate=2026-06-01`)).status, 400);
  assert.is((await call(analyst.headers, "GET", `/api/kpis/${ids.grossMargin}/deep-drills/root-cause/?endDate=2026-06-01&period=week`)).status, 400);
  assert.is((await call(analyst.headers, "GET", `/api/kpis/${ids.grossMargin}/deep-drills/root-cause/?endDate=2026-06-15`)).status, 400);
  assert.is((await call(analyst.headers, "GET", `/api/kpis/${ids.grossMargin}/recommendations/?endDate=2026-06-01&type=nonsense`)).status, 400);
});

test("recommendations: every rule with its reasons and numbers, filtered by type", async () => {
  const { tenantId, ids, withTenant, call } = company;
  const plan = [150, 150, 150, 150, 150, 150];
  const actual = [100, 110, 120, 118, 110, 100];
  const monthsOf = ["2026-01-01", "2026-02-01", "2026-03-01", "2026-04-01", "2026-05-01", "2026-06-01"];
  const kpiId = await withTenant(tenantId, system, async ({ db }) => {
    const id = (await db.insertInto("kpis").values({ tenant_id: tenantId, category_id: ids.growth, parent_id: null, key: "signups", name: "Signups", unit: "number", aggregation_type: "cum", sensitivity: 0, formula: null, weighted_ratio: false, position: 60, benchmark_bottom25: 50, benchmark_median50: 130, benchmark_top25: 200, benchmark_top5: 300 }).returning("id").executeTakeFirstOrThrow()).id;
    await db
      .insertInto("kpi_values")
      .values(monthsOf.flatMap((month, index) => [
        { tenant_id: tenantId, kpi_id: id, series: "actual" as const, month, value: actual[index]! },
        { tenant_id: tenantId, kpi_id: id, series: "planning" as const, month, value: plan[index]! },
      ]))
      .execute();
    return id;
  });
  const reader = await company.userWith(["read_non_sensitive"]);
  const answer = await call(reader.headers, "GET", `/api/kpis/${kpiId}/recommendations/?endDate=2026-06-01`);
  assert.is(answer.status, 200, JSON.stringify(answer.body));
  // The newest actual is June 2026, before today: outdated by a monthly cadence too.
  assert.equal(answer.body.recommendations.map((each: { type: string }) => each.type), ["behind-plan", "below-benchmark", "trend-reversal", "outdated"]);
  const behind = answer.body.recommendations[0];
  assert.is(behind.title, "Signups has been behind plan for 3 months");
  assert.is(behind.reason, "In Apr 2026 118 against a plan of 150, May 2026 110 against a plan of 150, Jun 2026 100 against a plan of 150.");
  assert.equal(answer.body.notChecked, []);
  const only = await call(reader.headers, "GET", `/api/kpis/${kpiId}/recommendations/?endDate=2026-06-01&type=trend-reversal`);
  assert.equal(only.body.recommendations.map((each: { type: string }) => each.type), ["trend-reversal"]);
  assert.is(only.body.recommendations[0].tone, "warning");
  // A calculated KPI without benchmark: the rules that cannot be checked, and why.
  const margin = (await call(analyst.headers, "GET", `/api/kpis/${ids.grossMargin}/recommendations/?endDate=2026-06-01`)).body;
  assert.equal(margin.notChecked.map((each: { type: string }) => each.type), ["below-benchmark", "trend-reversal", "outdated"]);
});

test.run();
