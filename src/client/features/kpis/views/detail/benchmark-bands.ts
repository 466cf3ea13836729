import type { KpiMeta } from "../../../../../contracts/kpis";
import { completeBenchmarks } from "../../../../../domain/kpi/benchmark-set";
import type { BucketSize } from "../../../../../domain/kpi/periods";
import type { Palette } from "../../../../ui/theme";
import type { ChartBand } from "../chart/draw-history-chart";

/**
 * The benchmark set as bands behind the KPI detail's history: the peers' middle half (bottom 25 %
 * to top 25 % mark) with the median as a line, and the top quarter (top 25 % to top 5 % mark). Peer
 * marks are monthly levels, so a KPI whose months add up (period rule "sum") shows them only on
 * monthly buckets; a quarter of revenue set against a month's mark would read three times too good.
 */
export function benchmarkBands(kpi: KpiMeta, bucketSize: BucketSize, theme: Palette, format: (value: number) => string): { bands: ChartBand[]; note: string } | undefined {
  const marks = completeBenchmarks(kpi.benchmarks);
  if (!marks) return undefined;
  if (kpi.periodRule === "sum" && bucketSize !== 1) return { bands: [], note: "Benchmarks are monthly levels: choose months to see them as bands." };
  const better = kpi.higherIsBetter ? "above" : "below";
  return {
    bands: [
      { from: marks.bottom25, to: marks.top25, fill: theme.bucket.average50.background, label: "middle 50 %" },
      { from: marks.top25, to: marks.top5, fill: theme.bucket.top25.background, label: "top 25 %" },
      { from: marks.median50, to: marks.median50, fill: theme.textMuted, label: "median" },
    ],
    note: `Benchmarks: the peers' middle 50 % lies from ${format(marks.bottom25)} to ${format(marks.top25)} (median ${format(marks.median50)}, the line), their top 25 % from ${format(marks.top25)} to ${format(marks.top5)}; the top 5 % are ${better} ${format(marks.top5)}.`,
  };
}
