import type { MonthIndex } from "../months";
import type { AggregationType } from "./aggregation";
import { benchmarkBucket, type BenchmarkBucket } from "./benchmarks";
import { cardFigures, type CardFilter, type CardKpi, type CardMonth, type KpiCardFigures } from "./dashboard-card";

/**
 * Peer benchmarks are monthly levels (a month's revenue, a month's margin). A year-to-date figure
 * is set against them as a month's worth: a summed KPI (`cum`) by its average month over the
 * months that have an actual, an averaged or last-value KPI (`ad`, `dd`) as it is, since it is
 * already a monthly level. Without this, seven months of revenue would always be "Top 5 %".
 */
export function ytdBenchmarkValue(aggregationType: AggregationType, ytdActual: number | null, actualMonths: number): number | null {
  if (ytdActual === null) return null;
  if (aggregationType !== "cum") return ytdActual;
  return actualMonths > 0 ? ytdActual / actualMonths : null;
}

/** The benchmark bucket of a year-to-date actual (see ytdBenchmarkValue). */
export function ytdBenchmarkBucket(kpi: CardKpi, ytdActual: number | null, actualMonths: number): BenchmarkBucket | null {
  const { valueBottom25, valueMedian50, valueTop25, top5 } = kpi.benchmarks;
  return benchmarkBucket(ytdBenchmarkValue(kpi.aggregationType, ytdActual, actualMonths), { bottom25: valueBottom25, median50: valueMedian50, top25: valueTop25, top5 }, kpi.higherIsBetter);
}

/** The year-to-date aggregates a strategic card needs (the API's `ytd`, see KpiAggregatesResult). */
export interface YearToDate {
  readonly actualValue: number | null;
  readonly planningValue: number | null;
  readonly monthCounts: { readonly period: number; readonly actualValue: number; readonly planningValue: number };
  /** The actual and the plan over only the months that have both. */
  readonly actualVsPlanning: { readonly months: number; readonly actualValue: number | null; readonly planningValue: number | null };
}

/**
 * A strategic card's figures: the year-to-date actual and plan as they are, but the deviation
 * (and so the ranking and the plan status) over only the months that have both, so seven months
 * of actuals are never set against five months of plan; the bucket as a month's worth. The
 * notes say when a figure covers only part of the year to date. `months`, `filter` and `end`
 * give the monthly trend as on every card.
 */
export function ytdCardFigures(
  kpi: CardKpi,
  months: readonly CardMonth[],
  filter: CardFilter,
  end: MonthIndex,
  ytd: YearToDate,
): { figures: KpiCardFigures; planNote: string | null; deviationNote: string | null } {
  const pair = ytd.actualVsPlanning;
  const compared = cardFigures(kpi, months, filter, end, { actual: pair.actualValue, plan: pair.planningValue });
  const figures: KpiCardFigures = {
    ...compared,
    actual: ytd.actualValue,
    plan: ytd.planningValue,
    benchmark: filter.planningAsBenchmark ? null : ytdBenchmarkBucket(kpi, ytd.actualValue, ytd.monthCounts.actualValue),
  };
  const { period, planningValue: planMonths, actualValue: actualMonths } = ytd.monthCounts;
  return {
    figures,
    planNote: ytd.planningValue !== null && planMonths < period ? `for ${planMonths} of ${period} months` : null,
    deviationNote: compared.deviationPercent !== null && pair.months < actualMonths ? `over the ${pair.months === 1 ? "1 month" : `${pair.months} months`} with both` : null,
  };
}
