import { precisionFixed } from "d3";
import type { HistoryBucket } from "../../../../../contracts/kpis";
import { automaticScale, formatKpiValue, MAX_DECIMALS, type Decimals } from "../../../../../domain/kpi/number-format";
import { coverageText, likeForLike, likeForLikeText, partialBucketText } from "../../../../../domain/kpi/figure-coverage";
import { SERIES_KEYS, SERIES_LABEL, type SeriesKey } from "./series";

/**
 * Tick labels of a value axis. The scale is chosen once, from the largest tick, and the decimals
 * from the tick step, so the labels read alike ("€ 5k", "€ 10k", not "€ 5,000", "€ 10k").
 */
export function axisTickFormat(ticks: readonly number[], unit: string, currency: string): (value: number) => string {
  const largest = Math.max(0, ...ticks.map(Math.abs));
  const scale = UNSCALED_UNITS.has(unit) ? "none" : automaticScale(largest);
  const step = ticks.length > 1 ? Math.abs((ticks[1] ?? 0) - (ticks[0] ?? 0)) : largest;
  const scaledStep = step / SCALE_SIZE[scale];
  const decimals = (scaledStep > 0 ? Math.min(precisionFixed(scaledStep), MAX_DECIMALS) : 0) as Decimals;
  // Zero needs no scale: "€ 0", not "€ 0k".
  return (value) => formatKpiValue(value, unit, { currency, scale: value === 0 ? "none" : scale, decimals: value === 0 ? 0 : decimals });
}

// formatKpiValue shows these units without k/M whatever the scale option says.
const UNSCALED_UNITS: ReadonlySet<string> = new Set(["percentage", "positions", "binary"]);
// number-format.ts keeps its factors private; the axis needs them to turn a step into decimals.
const SCALE_SIZE = { none: 1, thousands: 1_000, millions: 1_000_000 } as const;

/** Actual against planning, like with like: "+5.2 % over 2 of 3 months", "plan is 0", "no plan". */
export const deviationFromPlan = (bucket: HistoryBucket) =>
  likeForLikeText(
    likeForLike({ months: bucket.actualVsPlanning.months, value: bucket.actualVsPlanning.actual, base: bucket.actualVsPlanning.planning }, bucket.monthCounts.period, "plan", { value: bucket.actual, base: bucket.planning }),
  );

/** Actual against last year's actual, like with like. */
export const deviationFromLastYear = (bucket: HistoryBucket) =>
  likeForLikeText(
    likeForLike({ months: bucket.actualVsLastYear.months, value: bucket.actualVsLastYear.actual, base: bucket.actualVsLastYear.lastYear }, bucket.monthCounts.period, "last year", { value: bucket.actual, base: bucket.lastYear }),
  );

/** Months of data behind a series' figure in a bucket when fewer than the bucket's: "2 of 3 months". */
export const seriesCoverage = (bucket: HistoryBucket, key: SeriesKey) => (bucket[key] === null ? null : coverageText(bucket.monthCounts[key], bucket.monthCounts.period));

/** A bucket's name with its coverage when partial: "Q3 FY 2026/27 (2 of 3 months)". */
export function bucketName(bucket: HistoryBucket): string {
  const partial = partialBucketText(bucket);
  return partial ? `${bucket.label} (${partial})` : bucket.label;
}

/**
 * What the chart shows, in words, for the svg's accessible name: the range of buckets and, per
 * series, the latest value with its bucket and the low and high.
 */
export function describeHistory(title: string, buckets: readonly HistoryBucket[], unit: string, currency: string): string {
  const format = (value: number) => formatKpiValue(value, unit, { currency });
  const first = buckets[0]?.label ?? "";
  const last = buckets.at(-1)?.label ?? "";
  const range = first === last ? first : `${first} to ${last}`;
  const series = SERIES_KEYS.map((key) => describeSeries(key, buckets, format));
  return `${title}, ${range}. ${series.join(" ")}`;
}

function describeSeries(key: SeriesKey, buckets: readonly HistoryBucket[], format: (value: number) => string): string {
  const points = buckets.flatMap((bucket) => (bucket[key] === null ? [] : [{ label: bucket.label, value: bucket[key] }]));
  const latest = points.at(-1);
  if (!latest) return `${SERIES_LABEL[key]}: no values.`;
  if (points.length === 1) return `${SERIES_LABEL[key]}: ${format(latest.value)} in ${latest.label}.`;
  const values = points.map((point) => point.value);
  return `${SERIES_LABEL[key]}: latest ${format(latest.value)} in ${latest.label}, low ${format(Math.min(...values))}, high ${format(Math.max(...values))}.`;
}
