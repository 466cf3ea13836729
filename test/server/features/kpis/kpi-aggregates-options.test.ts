import { test } from "uvu";
import * as assert from "uvu/assert";
import { reportingCompany } from "./reporting-fixture";

test("aggregates, legacy format: year to date as historySum, planningSum, lastYearHistorySum, forecast and projection, in catalogue order", async () => {
  const { ids, userWith, call } = await reportingCompany();
  const { headers } = await userWith(["read_super_sensitive"]);
  const { status, body } = await call(headers, "GET", "/api/kpis/aggregates/?endDate=2026-06-01&format=legacy&type=financial");
  assert.is(status, 200);
  assert.equal(body, {
    yearToDate: [
      // April to June 2026 against April to June 2025; the plan runs April to September 2026.
      { kpiId: ids.revenue, aggregates: { planningSum: 450, lastYearHistorySum: 250, historySum: 600 }, forecast: { historySum: null }, projection: { planningSum: 900 } },
      { kpiId: ids.cogs, aggregates: { planningSum: 150, lastYearHistorySum: 90, historySum: 200 }, forecast: { historySum: null }, projection: { planningSum: 300 } },
      { kpiId: ids.grossProfit, aggregates: { planningSum: 300, lastYearHistorySum: 160, historySum: 400 }, forecast: { historySum: null }, projection: { planningSum: 600 } },
    ],
  });
  // The same numbers as the standard answer's ytd and fullyear.
  const { results } = (await call(headers, "GET", "/api/kpis/aggregates/?endDate=2026-08-01&timeRange=12")).body;
  const legacy = (await call(headers, "GET", "/api/kpis/aggregates/?endDate=2026-08-01&format=legacy")).body.yearToDate;
  assert.equal(legacy.map((item: { kpiId: number }) => item.kpiId), [ids.revenue, ids.cogs, ids.grossProfit, ids.grossMargin, ids.cash, ids.customers]);
  for (const item of legacy) {
    const standard = results[item.kpiId];
    assert.equal(item, {
      kpiId: item.kpiId,
      aggregates: { planningSum: standard.ytd.planningValue, lastYearHistorySum: standard.ytd.lastYearValue, historySum: standard.ytd.actualValue },
      forecast: { historySum: standard.ytd.forecastValue },
      projection: { planningSum: standard.fullyear.planningValue },
    });
  }
  assert.is(legacy[0].forecast.historySum, 630, "July and August of the active forecast");
});

test("aggregates: type filters by category kind (also with idList); only readable KPIs", async () => {
  const { ids, userWith, call } = await reportingCompany();
  const { headers } = await userWith(["read_super_sensitive"]);
  const keys = async (query: string) => Object.keys((await call(headers, "GET", `/api/kpis/aggregates/?endDate=2026-06-01${query}`)).body.results).map(Number).sort((a, b) => a - b);
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  assert.equal(await keys("&type=financial"), sorted([ids.revenue, ids.cogs, ids.grossProfit]));
  assert.equal(await keys("&type=kpi"), sorted([ids.grossMargin, ids.cash, ids.customers]));
  assert.equal(await keys("&type=all"), await keys(""));
  assert.equal(await keys(`&type=kpi&idList=${ids.revenue},${ids.cash}`), [ids.cash]);
  const limited = await userWith(["read_sensitive"]);
  const limitedResults = (await call(limited.headers, "GET", "/api/kpis/aggregates/?endDate=2026-06-01&type=financial&format=legacy")).body.yearToDate;
  assert.equal(limitedResults.map((item: { kpiId: number }) => item.kpiId), [ids.revenue], "no cogs for a level-1 reader, nor gross profit, which reads it");
});

test("aggregates: the window is 12 months; format and type take only their values", async () => {
  const { userWith, call } = await reportingCompany();
  const { headers } = await userWith(["read_super_sensitive"]);
  assert.is((await call(headers, "GET", "/api/kpis/aggregates/?endDate=2026-06-01&timeRange=12")).status, 200);
  assert.equal(await call(headers, "GET", "/api/kpis/aggregates/?endDate=2026-06-01&timeRange=6"), { status: 400, body: { timeRange: ["The aggregate window is 12 months: choose 12."] } });
  assert.equal(await call(headers, "GET", "/api/kpis/aggregates/?endDate=2026-06-01&timeRange=twelve"), { status: 400, body: { timeRange: ["must be a number"] } });
  assert.equal(await call(headers, "GET", "/api/kpis/aggregates/?endDate=2026-06-01&format=csv"), { status: 400, body: { format: ["Choose legacy, or leave the format out."] } });
  assert.equal(await call(headers, "GET", "/api/kpis/aggregates/?endDate=2026-06-01&type=pnl"), { status: 400, body: { type: ["Choose financial, kpi or all."] } });
});

test.run();
