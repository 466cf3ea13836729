import { RECOMMENDATION_TYPES, type RecommendationTypeName } from "../../contracts/kpi-analysis";
import { ALLOWED_LAG_MONTHS, outdatedStatus, type ReportingCadence } from "../kpi/cadence";
import { monthLabel, monthRangeLabel, type MonthIndex } from "../months";

/**
 * Rule-based recommendations on one KPI, each with the reason in words and the numbers behind it.
 * The rules, all by the KPI's good direction (higher or lower is better):
 * - behind-plan: the actual was worse than plan in each of the last three months up to the
 *   reporting month (all three need an actual and a plan);
 * - below-benchmark: the reporting month's actual is worse than the benchmark median;
 * - trend-reversal: the slope of the last three months' actuals and the slope of the three before
 *   point different ways, each by at least 1 % of the six months' mean size per month (a flat
 *   stretch is no trend), the slopes by least squares;
 * - outdated: the newest actual is older than the KPI's reporting cadence allows (stored KPIs).
 */
export { RECOMMENDATION_TYPES };
export type RecommendationType = RecommendationTypeName;

export const RECOMMENDATION_LABELS: Readonly<Record<RecommendationType, string>> = {
  "behind-plan": "Behind plan",
  "below-benchmark": "Below benchmark",
  "trend-reversal": "Trend reversal",
  outdated: "Outdated",
};

/** Months in a run behind plan; months per slope. */
export const BEHIND_PLAN_MONTHS = 3;
export const SLOPE_MONTHS = 3;
/** The least slope (share of the mean size per month) that counts as a direction. */
export const MIN_RELATIVE_SLOPE = 0.01;

export interface RecommendationFigure {
  readonly label: string;
  readonly value: number | null;
  /** How to show it: a value in the KPI's unit, a change of it (percentage points for a percentage), or a plain count. */
  readonly format: "kpi" | "change" | "count";
}

export interface Recommendation {
  readonly type: RecommendationType;
  /** warning: act on it; good: worth knowing (a trend that turned for the better). */
  readonly tone: "warning" | "good";
  readonly title: string;
  readonly reason: string;
  readonly advice: string;
  readonly figures: readonly RecommendationFigure[];
}

export interface RecommendationInput {
  readonly name: string;
  readonly higherIsBetter: boolean;
  readonly isCalculated: boolean;
  readonly cadence: ReportingCadence;
  readonly benchmarkMedian: number | null;
  readonly actual: ReadonlyMap<MonthIndex, number>;
  readonly planning: ReadonlyMap<MonthIndex, number>;
  /** The reporting month, and the current month (for the cadence). */
  readonly end: MonthIndex;
  readonly currentMonth: MonthIndex;
  /** Shows a value in the KPI's unit, and a change of one (percentage points for a percentage), for the texts. */
  readonly format: (value: number) => string;
  readonly formatChange?: (value: number) => string;
}

export function recommendationsFor(input: RecommendationInput): Recommendation[] {
  return [behindPlan(input), belowBenchmark(input), trendReversal(input), outdated(input)].filter((each): each is Recommendation => each !== null);
}

const worse = (value: number, than: number, higherIsBetter: boolean) => (higherIsBetter ? value < than : value > than);

export function behindPlan({ name, higherIsBetter, actual, planning, end, format }: RecommendationInput): Recommendation | null {
  const months = Array.from({ length: BEHIND_PLAN_MONTHS }, (_, index) => end - BEHIND_PLAN_MONTHS + 1 + index);
  const pairs = months.map((month) => ({ month, actual: actual.get(month), plan: planning.get(month) }));
  if (!pairs.every((pair) => pair.actual !== undefined && pair.plan !== undefined && worse(pair.actual, pair.plan, higherIsBetter))) return null;
  const gaps = pairs.map((pair) => pair.actual! - pair.plan!);
  return {
    type: "behind-plan",
    tone: "warning",
    title: `${name} has been behind plan for ${BEHIND_PLAN_MONTHS} months`,
    reason: `In ${pairs.map((pair) => `${monthLabel(pair.month)} ${format(pair.actual!)} against a plan of ${format(pair.plan!)}`).join(", ")}.`,
    advice: "Find what keeps it behind, agree an action with its owner, or revise the plan if the target no longer holds.",
    figures: pairs.flatMap((pair, index) => [
      { label: `${monthLabel(pair.month)} actual`, value: pair.actual!, format: "kpi" as const },
      { label: `${monthLabel(pair.month)} plan`, value: pair.plan!, format: "kpi" as const },
      { label: `${monthLabel(pair.month)} gap`, value: gaps[index]!, format: "change" as const },
    ]),
  };
}

export function belowBenchmark({ name, higherIsBetter, benchmarkMedian, actual, end, format }: RecommendationInput): Recommendation | null {
  const value = actual.get(end);
  if (benchmarkMedian === null || value === undefined || !worse(value, benchmarkMedian, higherIsBetter)) return null;
  return {
    type: "below-benchmark",
    tone: "warning",
    title: `${name} is worse than the benchmark median`,
    reason: `${monthLabel(end)}: ${format(value)} against a median of ${format(benchmarkMedian)} (${higherIsBetter ? "higher" : "lower"} is better).`,
    advice: "Compare with the companies in the top quartile: what do they do differently?",
    figures: [
      { label: `${monthLabel(end)} actual`, value, format: "kpi" },
      { label: "Benchmark median", value: benchmarkMedian, format: "kpi" },
      { label: "Gap to median", value: value - benchmarkMedian, format: "change" },
    ],
  };
}

/** The least-squares slope of values at x = 0, 1, 2, … */
export function slope(values: readonly number[]): number {
  const n = values.length;
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((sum, value) => sum + value, 0) / n;
  let numerator = 0;
  let denominator = 0;
  values.forEach((value, x) => {
    numerator += (x - meanX) * (value - meanY);
    denominator += (x - meanX) ** 2;
  });
  return denominator === 0 ? 0 : numerator / denominator;
}

export function trendReversal({ name, higherIsBetter, actual, end, format, formatChange = format }: RecommendationInput): Recommendation | null {
  const months = Array.from({ length: 2 * SLOPE_MONTHS }, (_, index) => end - 2 * SLOPE_MONTHS + 1 + index);
  const values = months.map((month) => actual.get(month));
  if (values.some((value) => value === undefined)) return null;
  const series = values as number[];
  const before = slope(series.slice(0, SLOPE_MONTHS));
  const after = slope(series.slice(SLOPE_MONTHS));
  const size = series.reduce((sum, value) => sum + Math.abs(value), 0) / series.length;
  const least = size * MIN_RELATIVE_SLOPE;
  if (size === 0 || Math.abs(before) < least || Math.abs(after) < least || Math.sign(before) === Math.sign(after)) return null;
  const better = higherIsBetter ? after > 0 : after < 0;
  const direction = (value: number) => (value > 0 ? "rising" : "falling");
  return {
    type: "trend-reversal",
    tone: better ? "good" : "warning",
    title: `${name} turned ${better ? "for the better" : "for the worse"}`,
    reason: `${monthRangeLabel(months[0]!, months[SLOPE_MONTHS - 1]!)} ${direction(before)} by ${formatChange(Math.abs(before))} a month, ${monthRangeLabel(months[SLOPE_MONTHS]!, end)} ${direction(after)} by ${formatChange(Math.abs(after))} a month.`,
    advice: better ? "Find what turned it and keep it going." : "Look at the last three months' drivers before the turn shows in the year's figures.",
    figures: [
      { label: "Slope before (per month)", value: before, format: "change" },
      { label: "Slope since (per month)", value: after, format: "change" },
      ...months.map((month, index) => ({ label: monthLabel(month), value: series[index]!, format: "kpi" as const })),
    ],
  };
}

export function outdated({ name, isCalculated, cadence, actual, currentMonth }: RecommendationInput): Recommendation | null {
  if (isCalculated || !(cadence in ALLOWED_LAG_MONTHS)) return null;
  const newest = [...actual.keys()].filter((month) => month < currentMonth).sort((a, b) => b - a)[0] ?? null;
  if (outdatedStatus(cadence, newest, currentMonth) !== "outdated") return null;
  return {
    type: "outdated",
    tone: "warning",
    title: `${name} is outdated`,
    reason: newest === null ? `It has no actual yet and is reported ${cadence}.` : `Its newest actual is for ${monthLabel(newest)}; reported ${cadence}, it should reach ${monthLabel(currentMonth - 1 - ALLOWED_LAG_MONTHS[cadence])} by now.`,
    advice: "Ask its responsible person to report the missing months, or correct the cadence.",
    figures: [{ label: "Months since the newest actual", value: newest === null ? null : currentMonth - 1 - newest, format: "count" }],
  };
}
