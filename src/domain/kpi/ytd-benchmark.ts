import type { AggregationType } from "./aggregation";
import { benchmarkBucket, type BenchmarkBucket } from "./benchmarks";
import type { CardKpi } from "./dashboard-card";

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
