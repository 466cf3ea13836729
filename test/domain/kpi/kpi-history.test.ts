import { test } from "uvu";
import * as assert from "uvu/assert";
import { byAggregationType } from "../../../src/domain/kpi/aggregation";
import { kpiHistory } from "../../../src/domain/kpi/kpi-history";
import { bucketsOf } from "../../../src/domain/kpi/periods";
import { monthIndexOf } from "../../../src/domain/months";

const m = (date: string) => monthIndexOf(`${date}-01`);
const series = (entries: Record<string, number>) => new Map(Object.entries(entries).map(([date, value]) => [m(date), value] as const));

// April fiscal year. Actuals June 2025 to August 2026 (10 a month, 5 a year earlier), a plan from
// April 2026 (12 a month), a forecast for September 2026.
const actual = series({
  ...Object.fromEntries(["2025-06", "2025-07", "2025-08", "2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03"].map((month) => [month, 5])),
  ...Object.fromEntries(["2026-04", "2026-05", "2026-06", "2026-07", "2026-08"].map((month) => [month, 10])),
});
const planning = series(Object.fromEntries(["2026-04", "2026-05", "2026-06", "2026-07", "2026-08", "2026-09"].map((month) => [month, 12])));
const forecast = series({ "2026-09": 11 });

test("quarters from May to September 2026: partial edge quarters, the months behind each figure, like-for-like pairs", () => {
  const history = kpiHistory({ actual, planning, forecast }, byAggregationType("cum"), bucketsOf(m("2026-05"), m("2026-09"), 3, 3));
  const table = history.map((bucket) => [bucket.label, bucket.rangeLabel, bucket.startDate, bucket.endDate, bucket.actual, bucket.planning, bucket.forecast, bucket.lastYear, bucket.monthCounts]);
  assert.equal(table, [
    ["Q1 FY 2026/27", "Apr – Jun 2026", "2026-05-01", "2026-06-01", 20, 24, null, 5, { period: 3, inRange: 2, actual: 2, planning: 2, forecast: 0, lastYear: 1 }],
    ["Q2 FY 2026/27", "Jul – Sep 2026", "2026-07-01", "2026-09-01", 20, 36, 11, 15, { period: 3, inRange: 3, actual: 2, planning: 3, forecast: 1, lastYear: 3 }],
  ]);
  // Q2 has two months of actuals against three of plan: compare over the two that have both.
  assert.equal(history[1]!.actualVsPlanning, { months: 2, actual: 20, planning: 24 });
  assert.equal(history[1]!.actualVsLastYear, { months: 2, actual: 20, lastYear: 10 });
  // Q1: last year has only June 2025.
  assert.equal(history[0]!.actualVsLastYear, { months: 1, actual: 10, lastYear: 5 });
});

test("month buckets are named as every screen names a month", () => {
  const history = kpiHistory({ actual, planning, forecast }, byAggregationType("ad"), bucketsOf(m("2026-08"), m("2026-09"), 1, 3));
  assert.equal(history.map((bucket) => [bucket.label, bucket.rangeLabel, bucket.actual, bucket.monthCounts.period, bucket.monthCounts.inRange]), [["Aug 2026", "Aug 2026", 10, 1, 1], ["Sep 2026", "Sep 2026", null, 1, 1]]);
});

test.run();
