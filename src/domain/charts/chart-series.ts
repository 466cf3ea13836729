import type { ChartSeries, ChartType } from "../../contracts/charts";
import type { HistoryBucket, PeriodRule } from "../../contracts/kpis";
import { coverageText } from "../kpi/figure-coverage";

/** What a chart needs to know of a KPI: its name, how its values read and how its periods add up. */
export interface ChartKpi {
  readonly id: number;
  readonly name: string;
  readonly unit: string;
  readonly periodRule: PeriodRule;
}

export const SERIES_NAMES: Readonly<Record<ChartSeries, string>> = { actual: "Actual", planning: "Planning", lastYear: "Last year", forecast: "Forecast" };

/** One drawn series: a KPI's actual, planning, last year or forecast over the chart's buckets. */
export interface ChartLine {
  /** `${kpiId}/${series}`: unique in a chart. */
  readonly key: string;
  readonly kpiId: number;
  readonly series: ChartSeries;
  /** "Revenue" when the chart shows one series, "Actual" when it shows one KPI, else "Revenue · Actual". */
  readonly label: string;
  readonly unit: string;
  /** One per bucket; null where the KPI has no figure. */
  readonly values: readonly (number | null)[];
  /** Per bucket, "2 of 3 months" when fewer months of data stand behind the figure than the bucket has (a partial figure). */
  readonly coverage: readonly (string | null)[];
}

export interface ChartData {
  /** The buckets' names ("Q3 FY 2026/27") and months ("Oct – Dec 2026"). */
  readonly buckets: readonly { readonly label: string; readonly rangeLabel: string; readonly startDate: string }[];
  readonly lines: readonly ChartLine[];
}

/**
 * The chart's lines from its KPIs' history (GET /api/kpis/history/, one request for all of them,
 * so every KPI has the same buckets): per KPI (in the chart's order) × series (in `series`
 * order). A KPI the answer left out (the reader may not read it) has no line.
 */
export function chartData(kpis: readonly ChartKpi[], history: Readonly<Record<string, readonly HistoryBucket[]>>, series: readonly ChartSeries[]): ChartData {
  const present = kpis.filter((kpi) => history[kpi.id] !== undefined);
  const buckets = present.length ? history[present[0]!.id]! : [];
  const lines = present.flatMap((kpi) =>
    series.map((name) => {
      const own = history[kpi.id]!;
      return {
        key: `${kpi.id}/${name}`,
        kpiId: kpi.id,
        series: name,
        label: series.length === 1 ? kpi.name : present.length === 1 ? SERIES_NAMES[name] : `${kpi.name} · ${SERIES_NAMES[name]}`,
        unit: kpi.unit,
        values: own.map((bucket) => bucket[name]),
        coverage: own.map((bucket) => (bucket[name] === null ? null : coverageText(bucket.monthCounts[name], bucket.monthCounts.period))),
      };
    }),
  );
  return { buckets: buckets.map((bucket) => ({ label: bucket.label, rangeLabel: bucket.rangeLabel, startDate: bucket.startDate })), lines };
}

/** A drawn segment of a stack: where it starts and ends on the value axis, and its share of the stack. */
export interface StackSegment {
  readonly key: string;
  readonly index: number;
  readonly value: number;
  readonly from: number;
  readonly to: number;
  /** Its part of the stack's magnitude (the sum of absolute values), 0 to 1. */
  readonly share: number;
}

/**
 * Stacks `lines` per bucket: positive values upwards from zero, negative ones downwards, each in
 * the lines' order (d3's diverging offset), so a negative never hides part of a positive.
 * `percent`: each stack as shares of its magnitude, the sum of its absolute values, so the
 * parts add up to 100 % whatever their signs and a negative stays a negative share drawn below
 * the axis (docs/decisions.md, "Chart builder"). Buckets without values have no segments.
 */
export function stackSegments(lines: readonly Pick<ChartLine, "key" | "values">[], bucketCount: number, percent: boolean): StackSegment[] {
  const segments: StackSegment[] = [];
  for (let index = 0; index < bucketCount; index++) {
    const magnitude = lines.reduce((sum, line) => sum + Math.abs(line.values[index] ?? 0), 0);
    let up = 0;
    let down = 0;
    for (const line of lines) {
      const value = line.values[index];
      if (value === null || value === undefined || value === 0) continue;
      const share = magnitude === 0 ? 0 : Math.abs(value) / magnitude;
      const size = percent ? share * 100 : Math.abs(value);
      const from = value > 0 ? up : down;
      const to = value > 0 ? up + size : down - size;
      if (value > 0) up = to;
      else down = to;
      segments.push({ key: line.key, index, value, from, to, share });
    }
  }
  return segments;
}

/**
 * How a chart type groups its lines per bucket: each entry is one column of the bucket (a bar, a
 * stack) with the lines it holds.
 * - bar: one bar per KPI of the chart's first series; the other series are lines over them.
 * - grouped: one bar per KPI × series, side by side.
 * - stacked, percentStacked: one stack per series, its KPIs stacked.
 * - line: no bars, every KPI × series a line.
 */
export function barColumns(type: ChartType, lines: readonly ChartLine[]): { readonly columns: readonly (readonly ChartLine[])[]; readonly overlay: readonly ChartLine[] } {
  switch (type) {
    case "bar": {
      const first = lines[0]?.series;
      return { columns: lines.filter((line) => line.series === first).map((line) => [line]), overlay: lines.filter((line) => line.series !== first) };
    }
    case "grouped":
      return { columns: lines.map((line) => [line]), overlay: [] };
    case "stacked":
    case "percentStacked": {
      const bySeries = new Map<ChartSeries, ChartLine[]>();
      for (const line of lines) bySeries.set(line.series, [...(bySeries.get(line.series) ?? []), line]);
      return { columns: [...bySeries.values()], overlay: [] };
    }
    case "line":
    case "pivot":
      return { columns: [], overlay: lines };
  }
}

/** Whether the chart's lines share one unit (so one value axis can name it); mixed units read as plain numbers. */
export const sharedUnit = (lines: readonly Pick<ChartLine, "unit">[]): string | null => {
  const units = new Set(lines.map((line) => line.unit));
  return units.size === 1 ? [...units][0]! : null;
};
