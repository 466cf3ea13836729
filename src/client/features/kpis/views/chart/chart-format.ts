import { precisionFixed } from "d3";
import type { HistoryBucket } from "../../../../../contracts/kpis";
import { automaticScale, formatKpiValue, MAX_DECIMALS, type Decimals } from "../../../../../domain/kpi/number-format";
import { PERCENT_CHANGE_SENTINEL, percentChange } from "../../../../../domain/kpi/percent-change";
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

/** Actual against planning in percent: "+5.2 %", "−3.0 %", "+∞ %" from a zero base, "–" without both. */
export function formatDeviation(bucket: HistoryBucket): string {
  const change = percentChange(bucket.actual, bucket.planning);
  if (change === null) return "–";
  if (Math.abs(change) === PERCENT_CHANGE_SENTINEL) return change > 0 ? "+∞ %" : "−∞ %";
  const text = formatKpiValue(Math.abs(change), "percentage", { decimals: 1 });
  return change > 0 ? `+${text}` : change < 0 ? `−${text}` : text;
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
