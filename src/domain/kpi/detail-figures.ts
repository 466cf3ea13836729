import type { KpiAggregatesResult } from "../../contracts/kpis";
import { monthRangeLabel, type MonthIndex } from "../months";
import { effectiveEnd, fullYearMonths, ltmMonths, ytdMonths } from "./aggregation";
import { coverageText, likeForLike, type LikeForLike } from "./figure-coverage";
import { absentDeviationText, percentDeviation } from "./percent-deviation";
import { fiscalYearLabel } from "./periods";

/** One figure of a window, with the months behind it when fewer than the window's. */
export interface DetailFigure {
  readonly key: string;
  readonly label: string;
  readonly value: number | null;
  /** "7 of 12 months", or null when the figure covers the whole window. */
  readonly coverage: string | null;
}

/** A deviation of the window, compared like with like. */
export interface DetailComparison {
  readonly key: string;
  /** "Actual vs. plan". */
  readonly label: string;
  readonly comparison: LikeForLike;
}

/** Year to date, last twelve months or the full fiscal year, as the KPI detail shows it. */
export interface DetailWindow {
  readonly key: "ytd" | "ltm" | "fullyear";
  /** "Year to date". */
  readonly title: string;
  /** Its months: "Apr – Oct 2026". */
  readonly months: string;
  readonly figures: readonly DetailFigure[];
  readonly comparisons: readonly DetailComparison[];
}

/**
 * The three windows of a KPI's aggregates in words: each figure with how many of the window's
 * months it covers, and each comparison over only the months both sides have (the API's
 * like-for-like pairs), so twelve months of actuals are never set against seven of plan.
 * `end` is the reporting month before leaving out `ignoreLastMonths`.
 */
export function detailWindows(result: KpiAggregatesResult, frame: { readonly end: MonthIndex; readonly ignoreLastMonths: number; readonly fiscalYearOffset: number }): DetailWindow[] {
  const end = effectiveEnd(frame.end, frame.ignoreLastMonths);
  const range = (months: readonly MonthIndex[]) => monthRangeLabel(months[0]!, months.at(-1)!);
  const { ytd, ltm, fullyear } = result;
  const figure = (key: string, label: string, value: number | null, months: number, period: number): DetailFigure => ({ key, label, value, coverage: coverageText(months, period) });
  return [
    {
      key: "ytd",
      title: "Year to date",
      months: range(ytdMonths(end, frame.fiscalYearOffset)),
      figures: [
        figure("actual", "Actual", ytd.actualValue, ytd.monthCounts.actualValue, ytd.monthCounts.period),
        figure("plan", "Plan", ytd.planningValue, ytd.monthCounts.planningValue, ytd.monthCounts.period),
        figure("last-year", "Last year", ytd.lastYearValue, ytd.monthCounts.lastYearValue, ytd.monthCounts.period),
      ],
      comparisons: [
        {
          key: "vs-plan",
          label: "Actual vs. plan",
          comparison: likeForLike({ months: ytd.actualVsPlanning.months, value: ytd.actualVsPlanning.actualValue, base: ytd.actualVsPlanning.planningValue }, ytd.monthCounts.period, "plan", { value: ytd.actualValue, base: ytd.planningValue }),
        },
        {
          key: "vs-last-year",
          label: "Actual vs. last year",
          comparison: likeForLike({ months: ytd.actualVsLastYear.months, value: ytd.actualVsLastYear.actualValue, base: ytd.actualVsLastYear.lastYearValue }, ytd.monthCounts.period, "last year", { value: ytd.actualValue, base: ytd.lastYearValue }),
        },
      ],
    },
    {
      key: "ltm",
      title: "Last twelve months",
      months: range(ltmMonths(end)),
      figures: [
        figure("actual", "Actual", ltm.value, ltm.monthCounts.value, ltm.monthCounts.period),
        figure("plan", "Plan", ltm.fullPlanningValue, ltm.monthCounts.fullPlanningValue, ltm.monthCounts.period),
        figure("forecast", "Forecast", ltm.fullForecastValue, ltm.monthCounts.fullForecastValue, ltm.monthCounts.period),
      ],
      comparisons: [
        {
          key: "vs-plan",
          label: "Actual vs. plan",
          comparison: likeForLike({ months: ltm.actualVsPlanning.months, value: ltm.actualVsPlanning.actualValue, base: ltm.actualVsPlanning.planningValue }, ltm.monthCounts.period, "plan", { value: ltm.value, base: ltm.fullPlanningValue }),
        },
      ],
    },
    {
      key: "fullyear",
      title: `Full year ${fiscalYearLabel(end, frame.fiscalYearOffset)}`,
      months: range(fullYearMonths(end, frame.fiscalYearOffset)),
      figures: [
        figure("forecast", "Forecast", fullyear.forecastProjectedValue, fullyear.monthCounts.forecastProjectedValue, fullyear.monthCounts.period),
        figure("plan", "Plan", fullyear.planningValue, fullyear.monthCounts.planningValue, fullyear.monthCounts.period),
        figure("actual-plan", "Actual + plan", fullyear.actualPlanningValue, fullyear.monthCounts.actualPlanningValue, fullyear.monthCounts.period),
        figure("last-year", "Last year", fullyear.lastYearValue, fullyear.monthCounts.lastYearValue, fullyear.monthCounts.period),
      ],
      comparisons: [{ key: "forecast-vs-plan", label: "Forecast vs. plan", comparison: sameMonthsOnly(fullyear.forecastProjectedValue, fullyear.monthCounts.forecastProjectedValue, fullyear.planningValue, fullyear.monthCounts.planningValue, fullyear.monthCounts.period) }],
    },
  ];
}

/**
 * A comparison the API has no like-for-like pair for (the full year's forecast against its plan):
 * made only when both figures cover the same number of months, else said why not.
 */
function sameMonthsOnly(value: number | null, valueMonths: number, base: number | null, baseMonths: number, period: number): LikeForLike {
  const deviation = percentDeviation(value, base);
  if (deviation.kind === "no-value") return { kind: "absent", text: "no forecast" };
  if (deviation.kind !== "percent") return { kind: "absent", text: absentDeviationText(deviation, "plan") };
  if (valueMonths !== baseMonths) return { kind: "absent", text: `not compared: forecast for ${valueMonths}, plan for ${baseMonths} of ${period} months` };
  return { kind: "percent", percent: deviation.percent, text: deviation.text, over: coverageText(valueMonths, period) };
}
