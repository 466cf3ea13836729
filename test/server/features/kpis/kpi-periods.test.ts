// Honest periods: every aggregate and history bucket says how many months stand behind it, edge
// buckets say they are partial, and calculated KPIs make period figures by their own rule.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { reportingCompany, system } from "./reporting-fixture";

/**
 * The reporting company plus headcount (dd: 10, 10, 20 from April to June 2026) and revenue per
 * employee = revenue / headcount (ad, not weighted): monthly 10, 20, 15.
 */
async function company() {
  const fixture = await reportingCompany();
  const { tenantId, withTenant, ids } = fixture;
  const extra = await withTenant(tenantId, system, async ({ db }) => {
    const kpi = (key: string, aggregation: "ad" | "dd", formula: string | null) =>
      db
        .insertInto("kpis")
        .values({ tenant_id: tenantId, category_id: ids.growth, parent_id: null, key, name: key, unit: "number", aggregation_type: aggregation, sensitivity: 0, formula, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null })
        .returning("id")
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    const headcount = await kpi("headcount", "dd", null);
    const revenuePerEmployee = await kpi("revenue_per_employee", "ad", "revenue / headcount");
    await db
      .insertInto("kpi_values")
      .values([10, 10, 20].map((value, index) => ({ tenant_id: tenantId, kpi_id: headcount, series: "actual" as const, month: `2026-0${4 + index}-01`, value })))
      .execute();
    return { headcount, revenuePerEmployee };
  });
  const reader = await fixture.userWith(["read_most_sensitive"]);
  const get = async (url: string) => {
    const answer = await fixture.call(reader.headers, "GET", url);
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.results;
  };
  return { ...fixture, ids: { ...ids, ...extra }, reader, get };
}

test("LTM with a partial plan: the months behind each figure, and actual and plan over the months that have both", async () => {
  const { ids, get } = await company();
  // LTM May 2025 - April 2026: actuals May, June 2025 and April 2026; a plan only for April 2026.
  const { ltm } = (await get(`/api/kpis/aggregates/?endDate=2026-04-01&idList=${ids.revenue}`))[ids.revenue];
  assert.equal([ltm.value, ltm.fullPlanningValue], [80 + 120 + 100, 150]);
  assert.equal(ltm.monthCounts, { period: 12, value: 3, fullForecastValue: 0, fullPlanningValue: 1, actualPlanningValue: 3, actualForecastValue: 3 });
  assert.equal(ltm.actualVsPlanning, { months: 1, actualValue: 100, planningValue: 150 });
});

test("YTD and full year say how many months stand behind each figure; the legacy format is unchanged", async () => {
  const { ids, get, reader, call } = await company();
  const revenue = (await get(`/api/kpis/aggregates/?endDate=2026-07-01&idList=${ids.revenue}`))[ids.revenue];
  // YTD April - July 2026: actuals April - June, plan April - July, forecast July; last year April - June 2025.
  assert.equal(revenue.ytd.monthCounts, { period: 4, actualValue: 3, planningValue: 4, lastYearValue: 3, forecastValue: 1, actualPlanningValue: 4, actualForecastValue: 4 });
  assert.equal(revenue.ytd.actualVsPlanning, { months: 3, actualValue: 600, planningValue: 450 });
  assert.equal(revenue.ytd.actualVsLastYear, { months: 3, actualValue: 600, lastYearValue: 250 });
  assert.equal([revenue.ytd.actualValue, revenue.ytd.planningValue], [600, 600], "the plain fields keep their meaning");
  assert.equal(revenue.fullyear.monthCounts, { period: 12, forecastProjectedValue: 5, planningValue: 6, lastYearValue: 3, forecastValue: 2, actualPlanningValue: 6, actualForecastValue: 5 });
  const legacy = (await call(reader.headers, "GET", `/api/kpis/aggregates/?endDate=2026-07-01&format=legacy&idList=${ids.revenue}`)).body;
  assert.equal(legacy, { yearToDate: [{ kpiId: ids.revenue, aggregates: { planningSum: 600, lastYearHistorySum: 250, historySum: 600 }, forecast: { historySum: 310 }, projection: { planningSum: 900 } }] });
});

test("history: a quarter at the range's edge is partial (its size and the months in range), with its name and month range", async () => {
  const { ids, get } = await company();
  // Five months ending June 2026: February and March of Q4 FY 2025/26, then all of Q1 FY 2026/27.
  const [q4, q1] = (await get(`/api/kpis/history/?endDate=2026-06-01&timeRange=5&bucketSize=3&idList=${ids.revenue}`))[ids.revenue];
  assert.equal([q4.label, q4.rangeLabel, q4.startDate, q4.endDate, q4.monthCounts], ["Q4 FY 2025/26", "Jan – Mar 2026", "2026-02-01", "2026-03-01", { period: 3, inRange: 2, actual: 0, planning: 0, forecast: 0, lastYear: 0 }]);
  assert.equal([q1.label, q1.rangeLabel, q1.actual, q1.lastYear, q1.monthCounts], ["Q1 FY 2026/27", "Apr – Jun 2026", 600, 250, { period: 3, inRange: 3, actual: 3, planning: 3, forecast: 0, lastYear: 3 }]);
  assert.equal(q1.actualVsPlanning, { months: 3, actual: 600, planning: 450 });
  const months = (await get(`/api/kpis/history/?endDate=2026-07-01&timeRange=2&idList=${ids.revenue}`))[ids.revenue];
  assert.equal(months.map((bucket: { label: string; rangeLabel: string }) => [bucket.label, bucket.rangeLabel]), [["Jun 2026", "Jun 2026"], ["Jul 2026", "Jul 2026"]]);
  const [q2] = (await get(`/api/kpis/history/?endDate=2026-07-01&timeRange=1&bucketSize=3&idList=${ids.revenue}`))[ids.revenue];
  assert.equal([q2.label, q2.monthCounts, q2.actualVsPlanning], ["Q2 FY 2026/27", { period: 3, inRange: 1, actual: 0, planning: 1, forecast: 1, lastYear: 0 }, { months: 0, actual: null, planning: null }]);
});

test("a quarter of an ad calculated KPI is the average of its months, not the formula over the quarter's sums", async () => {
  const { ids, get, reader, call } = await company();
  const monthly = (await call(reader.headers, "POST", "/api/kpis/values/", { startDate: "2026-04-01", date: "2026-06-01", idList: [ids.revenuePerEmployee] })).body;
  const months = monthly.kpis[0].values.map((month: { value: number }) => month.value);
  assert.equal(months, [10, 20, 15]);
  const [quarter] = (await get(`/api/kpis/history/?endDate=2026-06-01&timeRange=3&bucketSize=3&idList=${ids.revenuePerEmployee}`))[ids.revenuePerEmployee];
  assert.equal([quarter.actual, quarter.monthCounts.actual], [(10 + 20 + 15) / 3, 3]);
  const { ytd } = (await get(`/api/kpis/aggregates/?endDate=2026-06-01&idList=${ids.revenuePerEmployee}`))[ids.revenuePerEmployee];
  assert.equal([ytd.actualValue, ytd.monthCounts.actualValue], [15, 3], "not Σ revenue ÷ June's headcount (30)");
});

test("a weighted margin over a quarter is Σ gross profit ÷ Σ revenue, in history and aggregates alike", async () => {
  const { ids, get } = await company();
  const history = await get(`/api/kpis/history/?endDate=2026-06-01&timeRange=3&bucketSize=3&idList=${[ids.grossMargin, ids.grossProfit, ids.revenue].join(",")}`);
  const [margin] = history[ids.grossMargin];
  const [profit] = history[ids.grossProfit];
  const [revenue] = history[ids.revenue];
  assert.equal([profit.actual, revenue.actual], [400, 600]);
  assert.is(margin.actual, (profit.actual / revenue.actual) * 100);
  assert.is(margin.planning, ((450 - 150) / 450) * 100);
  assert.is(margin.lastYear, ((250 - 90) / 250) * 100);
  const monthlyAverage = (60 + 70 + (200 / 300) * 100) / 3;
  assert.ok(Math.abs(margin.actual - monthlyAverage) > 1, "not the average of the monthly margins");
  const aggregates = await get(`/api/kpis/aggregates/?endDate=2026-06-01&idList=${ids.grossMargin}`);
  assert.is(aggregates[ids.grossMargin].ytd.actualValue, (400 / 600) * 100);
});

test("KPI meta names each KPI's period rule", async () => {
  const { ids, reader, call } = await company();
  const meta = (await call(reader.headers, "GET", "/api/kpis/meta/")).body as { id: number; periodRule: string }[];
  const ruleOf = (id: number) => meta.find((kpi) => kpi.id === id)?.periodRule;
  assert.equal(
    [ruleOf(ids.revenue), ruleOf(ids.grossProfit), ruleOf(ids.grossMargin), ruleOf(ids.customers), ruleOf(ids.revenuePerEmployee)],
    ["sum", "sum", "weighted", "last", "average"],
  );
});

test("a stored KPI cannot be declared a weighted ratio", async () => {
  const { tenantId, withTenant, ids } = await company();
  const attempt = withTenant(tenantId, system, ({ db }) => db.updateTable("kpis").set({ weighted_ratio: true }).where("id", "=", ids.revenue).execute());
  await attempt.then(
    () => assert.unreachable("the check constraint refuses it"),
    (error: { message: string }) => assert.match(error.message, /kpis_weighted_ratio_is_calculated/),
  );
});

test.run();
