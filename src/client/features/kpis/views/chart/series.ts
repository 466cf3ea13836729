import type { HistoryBucket } from "../../../../../contracts/kpis";

/** The four series of a KPI's history, in legend and tooltip order. */
export const SERIES_KEYS = ["actual", "planning", "lastYear", "forecast"] as const;
export type SeriesKey = (typeof SERIES_KEYS)[number];
export type SeriesVisibility = Readonly<Record<SeriesKey, boolean>>;

export const ALL_SERIES_VISIBLE: SeriesVisibility = { actual: true, planning: true, lastYear: true, forecast: true };

export const SERIES_LABEL: Readonly<Record<SeriesKey, string>> = { actual: "Actual", planning: "Planning", lastYear: "Last year", forecast: "Forecast" };

/**
 * How each series is drawn: actual as bars, the others as lines told apart by their stroke as
 * well as their colour (planning solid, last year dashed, forecast dotted).
 */
export const LINE_SERIES = ["planning", "lastYear", "forecast"] as const;
export type LineSeriesKey = (typeof LINE_SERIES)[number];
export const LINE_DASH: Readonly<Record<LineSeriesKey, string | null>> = { planning: null, lastYear: "7 4", forecast: "0.5 4.5" };

export const hasValues = (buckets: readonly HistoryBucket[], key: SeriesKey) => buckets.some((bucket) => bucket[key] !== null);
export const hasAnyValue = (buckets: readonly HistoryBucket[]) => SERIES_KEYS.some((key) => hasValues(buckets, key));
