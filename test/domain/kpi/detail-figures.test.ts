import { test } from "uvu";
import * as assert from "uvu/assert";
import type { KpiAggregatesResult } from "../../../src/contracts/kpis";
import { detailWindows } from "../../../src/domain/kpi/detail-figures";
import { likeForLikeText } from "../../../src/domain/kpi/figure-coverage";
import { monthIndexOf } from "../../../src/domain/months";

// Reporting month Oct 2026, fiscal year from April (offset 3): YTD Apr – Oct 2026 (7 months).
const RESULT: KpiAggregatesResult = {
  ytd: {
    actualValue: 700,
    planningValue: 500,
    lastYearValue: null,
    forecastValue: null,
    actualPlanningValue: 700,
    actualForecastValue: 700,
    closestDate: "2026-10-01",
    monthCounts: { period: 7, actualValue: 7, planningValue: 5, lastYearValue: 0, forecastValue: 0, actualPlanningValue: 7, actualForecastValue: 7 },
    actualVsPlanning: { months: 5, actualValue: 520, planningValue: 500 },
    actualVsLastYear: { months: 0, actualValue: null, lastYearValue: null },
  },
  ltm: {
    value: 1200,
    fullForecastValue: null,
    fullPlanningValue: 700,
    actualPlanningValue: 1200,
    actualForecastValue: 1200,
    monthCounts: { period: 12, value: 12, fullForecastValue: 0, fullPlanningValue: 7, actualPlanningValue: 12, actualForecastValue: 12 },
    actualVsPlanning: { months: 7, actualValue: 735, planningValue: 700 },
  },
  fullyear: {
    forecastProjectedValue: 1300,
    planningValue: 1250,
    lastYearValue: 1100,
    forecastValue: null,
    actualPlanningValue: 1250,
    actualForecastValue: 700,
    monthCounts: { period: 12, forecastProjectedValue: 7, planningValue: 12, lastYearValue: 12, forecastValue: 0, actualPlanningValue: 12, actualForecastValue: 7 },
  },
};
const frame = { end: monthIndexOf("2026-10-01"), ignoreLastMonths: 0, fiscalYearOffset: 3 };

test("each window names its months; a figure covering only part of them says how many", () => {
  const [ytd, ltm, year] = detailWindows(RESULT, frame);
  assert.equal([ytd!.title, ytd!.months], ["Year to date", "Apr – Oct 2026"]);
  assert.equal([ltm!.title, ltm!.months], ["Last twelve months", "Nov 2025 – Oct 2026"]);
  assert.equal([year!.title, year!.months], ["Full year FY 2026/27", "Apr 2026 – Mar 2027"]);
  assert.equal(ytd!.figures.map((figure) => [figure.label, figure.coverage]), [["Actual", null], ["Plan", "5 of 7 months"], ["Last year", "0 of 7 months"]]);
  assert.equal(ltm!.figures.map((figure) => figure.coverage), [null, "7 of 12 months", "0 of 12 months"]);
});

test("comparisons are like with like: over the months both sides have, and say so; absent sides in words", () => {
  const [ytd, ltm, year] = detailWindows(RESULT, frame);
  assert.equal(ytd!.comparisons.map((line) => [line.label, likeForLikeText(line.comparison)]), [["Actual vs. plan", "+4.0 % over 5 of 7 months"], ["Actual vs. last year", "no last year"]]);
  // Not 1,200 (12 months) against 700 (7 months): 735 against 700 over the same 7 months.
  assert.is(likeForLikeText(ltm!.comparisons[0]!.comparison), "+5.0 % over 7 of 12 months");
  assert.is(likeForLikeText(year!.comparisons[0]!.comparison), "not compared: forecast for 7, plan for 12 of 12 months");
});

test("left-out months move the windows back", () => {
  const [ytd] = detailWindows(RESULT, { ...frame, ignoreLastMonths: 2 });
  assert.is(ytd!.months, "Apr – Aug 2026");
});

test.run();
