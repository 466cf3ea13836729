import { test } from "uvu";
import * as assert from "uvu/assert";
import { aggregate, byAggregationType, continued, effectiveEnd, perMonth, type MonthlySeries } from "../../../src/domain/kpi/aggregation";
import { kpiAggregates } from "../../../src/domain/kpi/kpi-aggregates";
import { monthIndexOf } from "../../../src/domain/months";

const m = monthIndexOf;
const series = (entries: Record<string, number>): MonthlySeries => new Map(Object.entries(entries).map(([date, value]) => [m(`${date}-01`), value]));
const months = (first: string, last: string) => Array.from({ length: m(`${last}-01`) - m(`${first}-01`) + 1 }, (_, index) => m(`${first}-01`) + index);

test("aggregation types as a table: cum sums, ad averages, dd takes the last; no data is null", () => {
  const values = series({ "2026-01": 10, "2026-02": 20, "2026-04": 60 });
  const window = months("2026-01", "2026-04");
  assert.equal([aggregate(values, window, "cum"), aggregate(values, window, "ad"), aggregate(values, window, "dd")], [90, 30, 60]);
  assert.is(aggregate(values, months("2025-01", "2025-12"), "cum"), null);
  assert.is(aggregate(series({ "2026-01": 0 }), window, "cum"), 0, "zero is data");
});

test("actuals so far, then planning for the rest", () => {
  const combined = continued(series({ "2026-01": 1, "2026-02": 2 }), series({ "2026-01": 10, "2026-02": 20, "2026-03": 30, "2026-04": 40 }), months("2026-01", "2026-04"));
  assert.equal([...combined.values()], [1, 2, 30, 40]);
});

test("ignoring the last 0-3 months; cumulative KPIs per month over longer ranges", () => {
  assert.is(effectiveEnd(m("2026-10-01"), 2), m("2026-08-01"));
  assert.throws(() => effectiveEnd(m("2026-10-01"), 4), /0 to 3/);
  assert.equal([perMonth(90, "cum", 3), perMonth(90, "cum", 1), perMonth(30, "ad", 3), perMonth(null, "cum", 3)], [30, 90, 30, null]);
});

// A KPI with a fiscal year from April (offset 3), seen at the end of October 2026.
const actual = series({ "2025-04": 5, "2025-05": 5, "2025-06": 5, "2025-07": 5, "2025-08": 5, "2025-09": 5, "2025-10": 5, "2025-11": 5, "2025-12": 5, "2026-01": 5, "2026-02": 5, "2026-03": 5, "2026-04": 10, "2026-05": 10, "2026-06": 10, "2026-07": 10, "2026-08": 10, "2026-09": 10, "2026-10": 10 });
const planning = series(Object.fromEntries(months("2026-04", "2027-03").map((month, index) => [`${2026 + Math.floor((3 + index) / 12)}-${String(((3 + index) % 12) + 1).padStart(2, "0")}`, 12])));
const forecast = series({ "2026-11": 11, "2026-12": 11, "2027-01": 11, "2027-02": 11, "2027-03": 11 });

test("YTD, LTM and full year of a cumulative KPI, with the months behind each figure", () => {
  const result = kpiAggregates({ actual, planning, forecast }, byAggregationType("cum"), { end: m("2026-10-01"), fiscalYearOffset: 3 });
  assert.equal(result.ytd, {
    actualValue: 70, planningValue: 84, lastYearValue: 35, forecastValue: null, actualPlanningValue: 70, actualForecastValue: 70, closestDate: "2026-10-01",
    monthCounts: { period: 7, actualValue: 7, planningValue: 7, lastYearValue: 7, forecastValue: 0, actualPlanningValue: 7, actualForecastValue: 7 },
    actualVsPlanning: { months: 7, actualValue: 70, planningValue: 84 },
    actualVsLastYear: { months: 7, actualValue: 70, lastYearValue: 35 },
  });
  assert.equal(result.ltm, {
    value: 5 * 5 + 7 * 10, fullForecastValue: null, fullPlanningValue: 84, actualPlanningValue: 95, actualForecastValue: 95,
    monthCounts: { period: 12, value: 12, fullForecastValue: 0, fullPlanningValue: 7, actualPlanningValue: 12, actualForecastValue: 12 },
    actualVsPlanning: { months: 7, actualValue: 70, planningValue: 84 },
  });
  assert.equal(result.fullyear, {
    forecastProjectedValue: 70 + 55, planningValue: 144, lastYearValue: 60, forecastValue: 55, actualPlanningValue: 70 + 60, actualForecastValue: 70 + 55,
    monthCounts: { period: 12, forecastProjectedValue: 12, planningValue: 12, lastYearValue: 12, forecastValue: 5, actualPlanningValue: 12, actualForecastValue: 12 },
  });
});

test("a partial plan: LTM compares twelve months of actuals only over the seven months that have a plan", () => {
  // The plan starts with the fiscal year (April): five of the last twelve months have none.
  const { ltm } = kpiAggregates({ actual, planning, forecast }, byAggregationType("cum"), { end: m("2026-10-01"), fiscalYearOffset: 3 });
  const table = [
    ["actual", ltm.value, ltm.monthCounts.value],
    ["plan", ltm.fullPlanningValue, ltm.monthCounts.fullPlanningValue],
    ["actual like for like", ltm.actualVsPlanning.actualValue, ltm.actualVsPlanning.months],
    ["plan like for like", ltm.actualVsPlanning.planningValue, ltm.actualVsPlanning.months],
  ];
  assert.equal(table, [
    ["actual", 95, 12],
    ["plan", 84, 7],
    ["actual like for like", 70, 7],
    ["plan like for like", 84, 7],
  ]);
  assert.is(ltm.monthCounts.period, 12);
});

test("like for like over the months both series have: a missing actual leaves out that month's plan, and the other way round", () => {
  const gappy = series({ "2026-04": 10, "2026-06": 10 });
  const plan = series({ "2026-04": 12, "2026-05": 12, "2026-07": 12 });
  const { ytd } = kpiAggregates({ actual: gappy, planning: plan, forecast: new Map() }, byAggregationType("cum"), { end: m("2026-07-01"), fiscalYearOffset: 3 });
  assert.equal([ytd.actualValue, ytd.monthCounts.actualValue, ytd.planningValue, ytd.monthCounts.planningValue], [20, 2, 36, 3]);
  assert.equal(ytd.actualVsPlanning, { months: 1, actualValue: 10, planningValue: 12 });
  assert.equal(ytd.actualVsLastYear, { months: 0, actualValue: null, lastYearValue: null }, "no actuals a year earlier");
});

test("the same data as an average (ad) and as a month-end level (dd)", () => {
  const ad = kpiAggregates({ actual, planning, forecast }, byAggregationType("ad"), { end: m("2026-10-01"), fiscalYearOffset: 3 });
  assert.equal([ad.ytd.actualValue, ad.ytd.lastYearValue, ad.fullyear.actualForecastValue], [10, 5, (70 + 55) / 12]);
  const dd = kpiAggregates({ actual, planning, forecast }, byAggregationType("dd"), { end: m("2026-10-01"), fiscalYearOffset: 3 });
  assert.equal([dd.ytd.actualValue, dd.fullyear.actualPlanningValue, dd.fullyear.actualForecastValue, dd.ltm.value], [10, 12, 11, 10]);
});

test("ignoring the last two months moves every window and the closest date", () => {
  const result = kpiAggregates({ actual, planning, forecast }, byAggregationType("cum"), { end: m("2026-10-01"), fiscalYearOffset: 3, ignoreLastMonths: 2 });
  assert.equal([result.ytd.actualValue, result.ytd.closestDate, result.fullyear.actualPlanningValue], [50, "2026-08-01", 50 + 7 * 12]);
});

test.run();
