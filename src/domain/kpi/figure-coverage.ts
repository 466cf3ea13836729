import type { HistoryBucket } from "../../contracts/kpis";
import { absentDeviationText, percentDeviation } from "./percent-deviation";

/**
 * Honest periods for views: how many of its months stand behind a figure, and comparisons made
 * like with like. The API counts the months (contracts/kpis.ts `monthCounts`, `actualVsPlanning`,
 * `actualVsLastYear`); these rules turn the counts into words.
 */

/** "7 of 12 months" when a figure covers fewer months than its period; null when it covers them all. */
export function coverageText(months: number, period: number): string | null {
  if (months >= period) return null;
  return `${months} of ${period} ${period === 1 ? "month" : "months"}`;
}

/** One side of a comparison over only the months that have both sides (the API's like-for-like pair). */
export interface LikeForLikePair {
  /** Months with both sides. */
  readonly months: number;
  readonly value: number | null;
  readonly base: number | null;
}

/**
 * A deviation in percent, compared like with like. `over` says when the pair covers fewer months
 * than the period ("7 of 12 months"), so "+4.0 % vs plan" never silently compares twelve months of
 * actuals with seven of plan. Without a percentage, `text` says what is absent ("no plan").
 */
export type LikeForLike =
  | { readonly kind: "percent"; readonly percent: number; readonly text: string; readonly over: string | null }
  | { readonly kind: "absent"; readonly text: string };

/**
 * Compares `pair` (value against base over the months with both) for a period of `period` months.
 * `whole` are the two figures over the whole period: they tell "no plan" from "no actual" when
 * no month has both, and "no month with both" when each side exists in different months.
 */
export function likeForLike(pair: LikeForLikePair, period: number, against: string, whole: { readonly value: number | null; readonly base: number | null }): LikeForLike {
  if (pair.months === 0) {
    const deviation = percentDeviation(whole.value, whole.base);
    if (deviation.kind !== "percent") return { kind: "absent", text: absentDeviationText(deviation, against) };
    return { kind: "absent", text: `no month with both actual and ${against}` };
  }
  const deviation = percentDeviation(pair.value, pair.base);
  if (deviation.kind !== "percent") return { kind: "absent", text: absentDeviationText(deviation, against) };
  return { kind: "percent", percent: deviation.percent, text: deviation.text, over: coverageText(pair.months, period) };
}

/** "+4.0 % over 7 of 12 months", "+4.0 %", "no plan": a like-for-like comparison in one line. */
export const likeForLikeText = (comparison: LikeForLike) =>
  comparison.kind === "absent" ? comparison.text : comparison.over ? `${comparison.text} over ${comparison.over}` : comparison.text;

/**
 * The part of its months a bucket's actual covers, for marking it partial: "2 of 3 months" for a
 * quarter with two months of actuals (the quarter under way, or cut by the range's edge); null for
 * a whole bucket, a month, or a bucket without actuals.
 */
export function partialBucketText(bucket: Pick<HistoryBucket, "actual" | "monthCounts">): string | null {
  if (bucket.actual === null || bucket.monthCounts.period <= 1) return null;
  return coverageText(bucket.monthCounts.actual, bucket.monthCounts.period);
}

/** The buckets from the first one with any value on: empty leading buckets are not drawn. */
export function withoutLeadingEmptyBuckets<B extends Pick<HistoryBucket, "actual" | "planning" | "forecast" | "lastYear">>(buckets: readonly B[]): readonly B[] {
  const first = buckets.findIndex((bucket) => bucket.actual !== null || bucket.planning !== null || bucket.forecast !== null || bucket.lastYear !== null);
  return first <= 0 ? (first === -1 ? [] : buckets) : buckets.slice(first);
}
