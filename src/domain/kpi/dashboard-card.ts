import { monthIndexOf, monthRange, type MonthIndex } from "../months";
import { aggregate, type AggregationType } from "./aggregation";
import { benchmarkBucket, type BenchmarkBucket } from "./benchmarks";
import { percentChange, PERCENT_CHANGE_SENTINEL } from "./percent-change";

/**
 * What a KPI card of the operational and strategic dashboards shows, and how the high and low
 * performing lists rank KPIs. Pure: the screens hand in the KPI, its months and the filter.
 */
export type Trend = "up" | "neutral" | "down";

/** A change smaller than this (in percent) is a neutral trend, not a movement. */
export const NEUTRAL_TREND_PERCENT = 1;

export interface CardKpi {
  readonly aggregationType: AggregationType;
  readonly higherIsBetter: boolean;
  readonly benchmarks: { readonly valueBottom25: number | null; readonly valueMedian50: number | null; readonly valueTop25: number | null; readonly top5: number | null };
}

export interface CardMonth {
  readonly date: string;
  readonly value: number | null;
  readonly planningValue: number | null;
}

export interface CardFilter {
  readonly trendDuration: number;
  readonly trendOffset: number;
  readonly planningAsBenchmark: boolean;
}

export interface KpiCardFigures {
  readonly actual: number | null;
  readonly plan: number | null;
  readonly deviation: number | null;
  readonly deviationPercent: number | null;
  /** The direction of the actuals over `trendDuration` months against the months before; null without data. */
  readonly trend: Trend | null;
  readonly trendPercent: number | null;
  readonly benchmark: BenchmarkBucket | null;
  /** With planningAsBenchmark the card measures against the plan instead of the peers. */
  readonly planStatus: "ahead" | "on plan" | "behind" | null;
  /** Deviation to plan in the KPI's good direction: the ranking of the high and low lists. */
  readonly performance: number | null;
}

/**
 * The card's figures for the reporting month `end` moved back by trendOffset months. The trend
 * compares the actuals of the trendDuration months ending there with the trendDuration months
 * before, aggregated by the KPI's type (a sum, an average, or the last value).
 */
export function cardFigures(kpi: CardKpi, months: readonly CardMonth[], filter: CardFilter, end: MonthIndex, override?: { actual: number | null; plan: number | null }): KpiCardFigures {
  const actuals = new Map<MonthIndex, number>();
  const plans = new Map<MonthIndex, number>();
  for (const month of months) {
    if (month.value !== null) actuals.set(monthIndexOf(month.date), month.value);
    if (month.planningValue !== null) plans.set(monthIndexOf(month.date), month.planningValue);
  }
  const shown = end - filter.trendOffset;
  const actual = override ? override.actual : (actuals.get(shown) ?? null);
  const plan = override ? override.plan : (plans.get(shown) ?? null);
  const duration = Math.max(1, filter.trendDuration);
  const recent = aggregate(actuals, monthRange(shown - duration + 1, shown), kpi.aggregationType);
  const before = aggregate(actuals, monthRange(shown - 2 * duration + 1, shown - duration), kpi.aggregationType);
  const trendPercent = percentChange(recent, before);
  const trend = trendPercent === null ? null : Math.abs(trendPercent) < NEUTRAL_TREND_PERCENT ? "neutral" : trendPercent > 0 ? "up" : "down";
  const deviation = actual !== null && plan !== null ? actual - plan : null;
  const deviationPercent = percentChange(actual, plan);
  const performance = deviationPercent === null ? null : kpi.higherIsBetter ? deviationPercent : -deviationPercent;
  const { valueBottom25, valueMedian50, valueTop25, top5 } = kpi.benchmarks;
  return {
    actual,
    plan,
    deviation,
    deviationPercent,
    trend,
    trendPercent,
    benchmark: filter.planningAsBenchmark ? null : benchmarkBucket(actual, { bottom25: valueBottom25, median50: valueMedian50, top25: valueTop25, top5 }, kpi.higherIsBetter),
    planStatus: !filter.planningAsBenchmark || performance === null ? null : Math.abs(performance) < NEUTRAL_TREND_PERCENT ? "on plan" : performance > 0 ? "ahead" : "behind",
    performance,
  };
}

/** The trend filters of spec section 9: up, neutral, down and null (no trend) each on or off. */
export function passesTrendFilter(trend: Trend | null, filter: { readonly up: boolean; readonly neutral: boolean; readonly down: boolean; readonly null: boolean }): boolean {
  return trend === null ? filter.null : filter[trend];
}

/**
 * The high and low performers: the `count` best and worst deviations to plan in each KPI's good
 * direction. KPIs without a plan or an actual are in neither; a KPI is never in both lists, and
 * the sentinel (a zero plan) ranks as the extreme it stands for.
 */
export function highAndLowPerformers<T extends { readonly id: number; readonly performance: number | null }>(cards: readonly T[], count = 5): { high: T[]; low: T[] } {
  const ranked = cards.filter((card) => card.performance !== null).sort((a, b) => b.performance! - a.performance! || a.id - b.id);
  const high = ranked.slice(0, Math.min(count, Math.ceil(ranked.length / 2))).filter((card) => card.performance! > 0);
  const lowCandidates = ranked.slice(high.length).reverse();
  const low = lowCandidates.slice(0, count).filter((card) => card.performance! < 0);
  return { high, low };
}

export const isSentinel = (percent: number | null) => percent !== null && Math.abs(percent) === PERCENT_CHANGE_SENTINEL;
