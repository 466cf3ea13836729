import { aggregate, type AggregationType, type MonthlySeries } from "../kpi/aggregation";
import type { MonthIndex } from "../months";

/**
 * How far a key result has come (issue 16, spec section 5): the share of the way from start to
 * target, 0–100. Shared by the server (objectives, list view, analytics) and the client (a value
 * typed into a check-in shows its progress before it is saved).
 */

export type KrDirection = "increasing" | "decreasing" | "binary";

export interface KeyResultFigures {
  readonly direction: KrDirection;
  readonly start: number;
  readonly target: number;
  /** Null: no value yet, so no progress (not zero). */
  readonly actual: number | null;
}

const clamp = (value: number) => Math.min(100, Math.max(0, value));

/**
 * Progress in percent, clamped to 0–100, or null without an actual value.
 * - increasing: (actual − start) / (target − start); beyond the target is 100, below the start 0;
 * - decreasing: the same way down (start above target): (start − actual) / (start − target);
 * - binary: 100 once actual is 1 (done), else 0.
 * A direction that does not fit its numbers (an "increasing" KR whose target is below its start)
 * is read the way the numbers go, so the bar never runs backwards.
 */
export function keyResultProgress({ direction, start, target, actual }: KeyResultFigures): number | null {
  if (actual === null || !Number.isFinite(actual)) return null;
  if (direction === "binary") return actual >= 1 ? 100 : 0;
  if (target === start) return (direction === "increasing" ? actual >= target : actual <= target) ? 100 : 0;
  return clamp(((actual - start) / (target - start)) * 100);
}

/** An objective's progress: the mean of its key results' progress, those without a value left out; null when none has one. */
export function objectiveProgress(progresses: readonly (number | null)[]): number | null {
  const known = progresses.filter((value): value is number => value !== null);
  if (known.length === 0) return null;
  return known.reduce((sum, value) => sum + value, 0) / known.length;
}

/** The months of a period given as first and last month, in order. */
const monthsBetween = (first: MonthIndex, last: MonthIndex) => Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => first + index);

/**
 * A KPI-fed key result's actual: the KPI's actuals over the objective's period, up to the current
 * month, aggregated by the KPI's type (cumulative KPIs add up, average ones average, end-of-period
 * ones take the latest month). Null when the KPI has no actual in those months.
 */
export function kpiFedActual(actuals: MonthlySeries, aggregation: AggregationType, period: { first: MonthIndex; last: MonthIndex }, currentMonth: MonthIndex): number | null {
  return aggregate(actuals, monthsBetween(period.first, Math.min(period.last, currentMonth)), aggregation);
}

export interface KeyResultSuggestionFigures {
  readonly direction: "increasing" | "decreasing";
  readonly start: number;
  readonly target: number | null;
}

/**
 * The suggestion for a key result linked to a KPI (spec section 9): a cumulative KPI starts at 0
 * and targets the sum of its planning values over the period; another KPI starts at its last
 * actual before the period (0 without one) and targets its plan aggregated the KPI's way (the
 * average, or the last month's plan). The direction follows whether higher is better.
 */
export function keyResultSuggestion(
  kpi: { readonly aggregation: AggregationType; readonly higherIsBetter: boolean },
  series: { readonly actual: MonthlySeries; readonly planning: MonthlySeries },
  period: { first: MonthIndex; last: MonthIndex },
): KeyResultSuggestionFigures {
  const months = monthsBetween(period.first, period.last);
  const target = aggregate(series.planning, months, kpi.aggregation);
  let start = 0;
  if (kpi.aggregation !== "cum") {
    const before = [...series.actual.keys()].filter((month) => month < period.first).sort((a, b) => b - a)[0];
    start = before === undefined ? 0 : series.actual.get(before)!;
  }
  return { direction: kpi.higherIsBetter ? "increasing" : "decreasing", start, target };
}

/**
 * The progress expected by now if the objective moves evenly through its period, 0–100: the
 * line its key results are compared with to tell an objective at risk.
 */
export function expectedProgress(period: { startsOn: string; endsOn: string }, today: string): number {
  const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
  const [start, end, now] = [day(period.startsOn), day(period.endsOn), day(today)];
  if (now <= start) return 0;
  if (now >= end) return 100;
  return ((now - start) / (end - start + 1)) * 100;
}

/** Confidence at or below this (of 10) marks a key result, and its objective, at risk. */
export const AT_RISK_CONFIDENCE = 4;
/** Progress this many points behind the expected line marks an objective at risk. */
export const AT_RISK_GAP = 25;

/**
 * Whether an objective is at risk: a key result's latest confidence is low, or its progress is
 * well behind the even line through its period. Without progress or check-ins nothing says so.
 */
export function isAtRisk(objective: { progress: number | null; lowestConfidence: number | null; expected: number }): boolean {
  if (objective.lowestConfidence !== null && objective.lowestConfidence <= AT_RISK_CONFIDENCE) return true;
  return objective.progress !== null && objective.expected - objective.progress > AT_RISK_GAP;
}
