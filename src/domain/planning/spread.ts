import type { AggregationType } from "../kpi/aggregation";

/**
 * Spreading a yearly figure over the months of a fiscal year, and copying last year with an
 * uplift. Results are rounded to `decimals` places so that they add up to the yearly figure
 * exactly (largest remainder: the rounding difference goes to the months that lost most).
 */

export type SpreadMethod = "even" | "seasonality";

export interface Spread {
  readonly values: readonly number[];
  /** How the months were weighed: seasonality falls back to even when last year cannot weigh them. */
  readonly method: SpreadMethod;
  /** Why the spread fell back to even, in words for the person; null when it did not. */
  readonly fallback: string | null;
}

export const NO_LAST_YEAR = "Last year has no value for every month, so the total was spread evenly.";
export const LAST_YEAR_SUMS_TO_ZERO = "Last year's months add up to zero, so the total was spread evenly.";
export const LAST_YEAR_MIXED_SIGNS = "Last year's months mix positive and negative values, so the total was spread evenly.";

/**
 * The months of a yearly figure of a KPI of `type`:
 * - cum: the months add up to the total;
 * - ad: the months average to the total (12 × total spread, so the average is exact);
 * - dd: every month holds the total (a balance at year end is the balance all year; seasonality
 *   does not apply to a balance).
 * By seasonality, each month weighs what last year's same month weighed in its year; without a
 * complete last year of one sign and a sum other than zero, evenly, and `fallback` says why.
 */
export function spreadYearTotal(total: number, type: AggregationType, method: SpreadMethod, lastYear: readonly (number | null | undefined)[], decimals: number, monthCount = 12): Spread {
  if (type === "dd") return { values: Array.from({ length: monthCount }, () => roundTo(total, decimals)), method: "even", fallback: null };
  const sum = type === "ad" ? total * monthCount : total;
  const even = () => Array.from({ length: monthCount }, () => 1);
  let weights = even();
  let fallback: string | null = null;
  let used: SpreadMethod = "even";
  if (method === "seasonality") {
    const problem = seasonalityProblem(lastYear, monthCount);
    if (problem) fallback = problem;
    else {
      weights = lastYear.slice(0, monthCount).map((value) => Math.abs(value as number));
      used = "seasonality";
    }
  }
  return { values: apportion(sum, weights, decimals), method: used, fallback };
}

/** Why last year cannot weigh the months, or null when it can. */
function seasonalityProblem(lastYear: readonly (number | null | undefined)[], monthCount: number): string | null {
  const months = lastYear.slice(0, monthCount);
  if (months.length < monthCount || months.some((value) => typeof value !== "number" || !Number.isFinite(value))) return NO_LAST_YEAR;
  const values = months as number[];
  if (values.some((value) => value > 0) && values.some((value) => value < 0)) return LAST_YEAR_MIXED_SIGNS;
  if (values.reduce((total, value) => total + value, 0) === 0) return LAST_YEAR_SUMS_TO_ZERO;
  return null;
}

/**
 * `total` split by `weights` (not all zero, none negative), rounded to `decimals` so the parts add
 * up to the rounded total exactly. Works in whole units of 10^-decimals, so no floating-point dust.
 */
export function apportion(total: number, weights: readonly number[], decimals: number): number[] {
  const scale = 10 ** decimals;
  const units = Math.round(total * scale);
  const sign = units < 0 ? -1 : 1;
  const absolute = Math.abs(units);
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const exact = weights.map((weight) => (absolute * weight) / weightSum);
  const floors = exact.map((share) => Math.floor(share + 1e-9));
  let left = absolute - floors.reduce((sum, share) => sum + share, 0);
  // The units lost in rounding go to the largest remainders; ties to the earlier month.
  const order = exact.map((share, index) => ({ index, remainder: share - floors[index]! })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index]! += 1;
    left -= 1;
  }
  return floors.map((share) => (sign * share) / scale + 0);
}

/**
 * Last year's months (actuals or plan) raised by `percent` (−100 … 1000): each month × (1 + p/100),
 * rounded to `decimals`. A month last year left empty stays empty (null): there is nothing to copy.
 */
export function withUplift(source: readonly (number | null | undefined)[], percent: number, decimals: number): (number | null)[] {
  return source.map((value) => (typeof value === "number" && Number.isFinite(value) ? roundTo(value * (1 + percent / 100), decimals) : null));
}

export const UPLIFT_RANGE = { min: -100, max: 1000 } as const;
export const INVALID_UPLIFT = "Enter a percentage from -100 to 1000, such as 5 or -2.5.";

/** A typed uplift in percent ("5", "-2.5", "5 %"), or the message why not. */
export function parseUplift(text: string): { kind: "value"; percent: number } | { kind: "invalid"; message: string } {
  const match = /^\s*([+-]?\d+(\.\d+)?)\s*%?\s*$/.exec(text);
  const percent = match ? Number(match[1]) : Number.NaN;
  if (!Number.isFinite(percent) || percent < UPLIFT_RANGE.min || percent > UPLIFT_RANGE.max) return { kind: "invalid", message: INVALID_UPLIFT };
  return { kind: "value", percent };
}

/** The places a planned value of a unit is rounded to: whole positions and binary values, cents otherwise. */
export const planningDecimals = (unit: string) => (unit === "positions" || unit === "binary" ? 0 : 2);

function roundTo(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale + 0;
}
