import type { BenchmarkBucket } from "../../domain/kpi/benchmarks";

export type { BenchmarkBucket };

/**
 * The spec's five benchmark buckets (section 9), worst to best, with the label every screen shows.
 * Use with `Badge tone={bucket}` and `BucketLegend`; the colours are the theme's `bucket` pairs.
 */
export const BENCHMARK_BUCKETS: readonly { readonly bucket: BenchmarkBucket; readonly label: string }[] = [
  { bucket: "bottom5", label: "Bottom 5 %" },
  { bucket: "bottom25", label: "Bottom 25 %" },
  { bucket: "average50", label: "Average 50 %" },
  { bucket: "top25", label: "Top 25 %" },
  { bucket: "top5", label: "Top 5 %" },
];

/** The label of a bucket, e.g. "Top 25 %". */
export const bucketLabel = (bucket: BenchmarkBucket): string => BENCHMARK_BUCKETS.find((entry) => entry.bucket === bucket)!.label;
