import { test } from "uvu";
import * as assert from "uvu/assert";
import { ytdBenchmarkBucket, ytdBenchmarkValue, ytdCardFigures, type YearToDate } from "../../../src/domain/kpi/ytd-card";

const monthly = { valueBottom25: 80, valueMedian50: 100, valueTop25: 120, top5: 150 };

test("a summed KPI's year to date is set against monthly benchmarks as its average month", () => {
  assert.is(ytdBenchmarkValue("cum", 700, 7), 100);
  // Seven months of a middling revenue are a middling month, not the top 5 %.
  assert.is(ytdBenchmarkBucket({ aggregationType: "cum", higherIsBetter: true, benchmarks: monthly }, 700, 7), "average50");
  assert.is(ytdBenchmarkValue("cum", 700, 0), null, "no months, no average");
});

test("an averaged or last-value KPI is already a monthly level", () => {
  assert.is(ytdBenchmarkValue("ad", 130, 7), 130);
  assert.is(ytdBenchmarkBucket({ aggregationType: "dd", higherIsBetter: true, benchmarks: monthly }, 130, 7), "top25");
  assert.is(ytdBenchmarkBucket({ aggregationType: "ad", higherIsBetter: false, benchmarks: { valueBottom25: 120, valueMedian50: 100, valueTop25: 80, top5: 50 } }, 130, 7), "bottom25");
  assert.is(ytdBenchmarkValue("ad", null, 7), null);
});

const revenue = { aggregationType: "cum" as const, higherIsBetter: true, benchmarks: monthly };
const filter = { trendDuration: 1, trendOffset: 0, planningAsBenchmark: false };
const OCT_2026 = 2026 * 12 + 9;

test("the deviation compares only the months with both; the plan says when it covers part of the year", () => {
  // Ten months of actuals (1,000), a plan for the last seven (560), of which the actuals are 700.
  const ytd: YearToDate = {
    actualValue: 1000,
    planningValue: 560,
    monthCounts: { period: 10, actualValue: 10, planningValue: 7 },
    actualVsPlanning: { months: 7, actualValue: 700, planningValue: 560 },
  };
  const { figures, planNote, deviationNote } = ytdCardFigures(revenue, [], filter, OCT_2026, ytd);
  assert.is(figures.actual, 1000);
  assert.is(figures.plan, 560);
  assert.is(figures.deviationPercent, 25, "700 against 560, not 1,000 against 560");
  assert.is(figures.performance, 25);
  assert.is(figures.benchmark, "average50", "1,000 over 10 months: 100 a month");
  assert.is(planNote, "for 7 of 10 months");
  assert.is(deviationNote, "over the 7 months with both");
});

test("a complete year to date carries no notes; with planning as benchmark there is no bucket", () => {
  const ytd: YearToDate = {
    actualValue: 700,
    planningValue: 800,
    monthCounts: { period: 7, actualValue: 7, planningValue: 7 },
    actualVsPlanning: { months: 7, actualValue: 700, planningValue: 800 },
  };
  const plain = ytdCardFigures(revenue, [], filter, OCT_2026, ytd);
  assert.is(plain.figures.deviationPercent, -12.5);
  assert.equal([plain.planNote, plain.deviationNote], [null, null]);
  const planning = ytdCardFigures(revenue, [], { ...filter, planningAsBenchmark: true }, OCT_2026, ytd);
  assert.is(planning.figures.benchmark, null);
  assert.is(planning.figures.planStatus, "behind");
});

test.run();
