import type { HistoryBucket } from "../../contracts/kpis";
import { monthDateOf } from "../months";
import { figureOf, likeForLike, type Measure } from "./aggregation";
import type { KpiSeries } from "./kpi-aggregates";
import type { Bucket } from "./periods";

/**
 * A KPI's history in `buckets` (periods.ts `bucketsOf`): actual, planning, forecast and last
 * year's actual (twelve months earlier) per bucket, each made by `measure` (the KPI's period rule)
 * over the bucket's months in range and counted in months, with the like-for-like pairs.
 */
export function kpiHistory<E>(series: KpiSeries<E>, measure: Measure<E>, buckets: readonly Bucket[]): HistoryBucket[] {
  return buckets.map((bucket) => {
    const { months } = bucket;
    const lastYearMonths = months.map((month) => month - 12);
    const actual = figureOf(series.actual, months, measure);
    const planning = figureOf(series.planning, months, measure);
    const forecast = figureOf(series.forecast, months, measure);
    const lastYear = figureOf(series.actual, lastYearMonths, measure);
    const vsPlan = likeForLike(series.actual, series.planning, months, measure);
    const vsLastYear = likeForLike(series.actual, series.actual, months, measure, (month) => month - 12);
    return {
      label: bucket.label,
      rangeLabel: bucket.rangeLabel,
      startDate: monthDateOf(months[0]!),
      endDate: monthDateOf(months.at(-1)!),
      actual: actual.value,
      planning: planning.value,
      forecast: forecast.value,
      lastYear: lastYear.value,
      monthCounts: { period: bucket.size, inRange: months.length, actual: actual.months, planning: planning.months, forecast: forecast.months, lastYear: lastYear.months },
      actualVsPlanning: { months: vsPlan.months, actual: vsPlan.first, planning: vsPlan.second },
      actualVsLastYear: { months: vsLastYear.months, actual: vsLastYear.first, lastYear: vsLastYear.second },
    };
  });
}
