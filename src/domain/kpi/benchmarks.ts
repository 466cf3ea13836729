/** Where a value stands among peers (spec section 9's benchmark buckets). */
export type BenchmarkBucket = "bottom5" | "bottom25" | "average50" | "top25" | "top5";

export interface Benchmarks {
  readonly bottom25: number | null;
  readonly median50: number | null;
  readonly top25: number | null;
  readonly top5: number | null;
}

/**
 * The bucket of a value, in the KPI's good direction: top 5 % at or beyond the top-5 mark, top
 * 25 % at or beyond the top quartile, the middle half down to the bottom quartile, the bottom
 * 25 % down to a bottom-5 mark that mirrors the top (bottom25 - (top5 - top25)), bottom 5 % below.
 * Null without a value or without the quartiles.
 */
export function benchmarkBucket(value: number | null, benchmarks: Benchmarks, higherIsBetter: boolean): BenchmarkBucket | null {
  const { bottom25, top25, top5 } = benchmarks;
  if (value === null || bottom25 === null || top25 === null || top5 === null) return null;
  const atLeast = (a: number, mark: number) => (higherIsBetter ? a >= mark : a <= mark);
  const bottom5 = bottom25 - (top5 - top25);
  if (atLeast(value, top5)) return "top5";
  if (atLeast(value, top25)) return "top25";
  if (atLeast(value, bottom25)) return "average50";
  if (atLeast(value, bottom5)) return "bottom25";
  return "bottom5";
}
