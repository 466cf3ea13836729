import type { ChartSeries, PivotOptions } from "../../contracts/charts";
import type { HistoryBucket, PeriodRule } from "../../contracts/kpis";
import { coverageText } from "../kpi/figure-coverage";
import { fiscalYearLabel } from "../kpi/periods";
import { monthIndexOf } from "../months";
import { SERIES_NAMES, type ChartKpi } from "./chart-series";

export type PivotKind = "value" | "subtotal" | "total";

export interface PivotHeader {
  readonly key: string;
  readonly label: string;
  /** The months of a period ("Oct – Dec 2026"); null for a KPI. */
  readonly detail: string | null;
  readonly kind: PivotKind;
}

export interface PivotCell {
  readonly value: number | null;
  readonly unit: string;
  /** "2 of 3 months" when fewer months of data stand behind the figure than its period has. */
  readonly partial: string | null;
  /** Why a figure is missing when it is not simply no data. */
  readonly note: string | null;
  readonly kind: PivotKind;
}

export interface PivotRow {
  readonly header: PivotHeader;
  readonly cells: readonly PivotCell[];
}

export interface PivotTable {
  readonly columns: readonly PivotHeader[];
  readonly rows: readonly PivotRow[];
  /** What the rows are: "KPI" or "Period" (the corner cell). */
  readonly rowsLabel: string;
}

export const WEIGHTED_TOTAL_NOTE = "A weighted ratio has no total over more than one fiscal year.";

/**
 * The pivot table of a chart: its KPIs (× series) against its periods, as rows or columns.
 * Periods are the chart's buckets; with `subtotals` each fiscal year's buckets are followed by
 * the year's figure, with `totals` the whole range's figure closes them. Those are never plain
 * sums: a fiscal year's figure is the KPI's own year bucket (`yearHistory`, made on the server
 * by its period rule: a balance's last value, an average, a weighted ratio), and the total
 * combines the years by the same rule (`combineByRule`).
 */
export function pivotTable(input: {
  readonly kpis: readonly ChartKpi[];
  readonly history: Readonly<Record<string, readonly HistoryBucket[]>>;
  /** The same range in fiscal-year buckets (bucket size 12); needed for subtotals and totals. */
  readonly yearHistory: Readonly<Record<string, readonly HistoryBucket[]>>;
  readonly series: readonly ChartSeries[];
  readonly options: PivotOptions;
  readonly fiscalYearOffset: number;
}): PivotTable {
  const { options, series } = input;
  const kpis = input.kpis.filter((kpi) => input.history[kpi.id] !== undefined);
  const buckets = kpis.length ? input.history[kpis[0]!.id]! : [];
  const yearOf = (bucket: HistoryBucket) => fiscalYearLabel(monthIndexOf(bucket.startDate), input.fiscalYearOffset);

  // Periods in time order: the buckets, each fiscal year's subtotal after its last bucket, the total.
  type Period = { header: PivotHeader; cell: (kpi: ChartKpi, name: ChartSeries) => PivotCell };
  const periods: Period[] = [];
  buckets.forEach((bucket, index) => {
    periods.push({
      header: { key: `b${index}`, label: bucket.label, detail: bucket.rangeLabel, kind: "value" },
      cell: (kpi, name) => figureCell(input.history[kpi.id]![index], name, kpi.unit, "value"),
    });
    const year = yearOf(bucket);
    const lastOfYear = index === buckets.length - 1 || yearOf(buckets[index + 1]!) !== year;
    if (options.subtotals && lastOfYear) {
      periods.push({
        header: { key: `y${year}`, label: year, detail: null, kind: "subtotal" },
        cell: (kpi, name) => figureCell(input.yearHistory[kpi.id]?.find((candidate) => candidate.label === year), name, kpi.unit, "subtotal"),
      });
    }
  });
  const totalOf = (kpi: ChartKpi, name: ChartSeries): PivotCell => {
    const years = (input.yearHistory[kpi.id] ?? []).map((bucket) => ({ value: bucket[name], months: bucket.monthCounts[name] }));
    const value = combineByRule(kpi.periodRule, years);
    const note = value === null && kpi.periodRule === "weighted" && years.filter((year) => year.value !== null).length > 1 ? WEIGHTED_TOTAL_NOTE : null;
    return { value, unit: kpi.unit, partial: null, note, kind: "total" };
  };
  if (options.totals && buckets.length) periods.push({ header: { key: "total", label: "Total", detail: null, kind: "total" }, cell: totalOf });

  // KPI × series lines, in the manual order or, as rows, by their KPI's total (KPI columns keep the manual order).
  const ordered = orderKpis(kpis, options.rows === "kpis" ? options : { ...options, sort: "manual" }, (kpi) => (series[0] ? totalOf(kpi, series[0]).value : null));
  const lines = ordered.flatMap((kpi) =>
    series.map((name) => ({ kpi, name, header: { key: `${kpi.id}/${name}`, label: series.length === 1 ? kpi.name : `${kpi.name} · ${SERIES_NAMES[name]}`, detail: null, kind: "value" as const } })),
  );

  if (options.rows === "kpis") {
    return { rowsLabel: "KPI", columns: periods.map((period) => period.header), rows: lines.map((line) => ({ header: line.header, cells: periods.map((period) => period.cell(line.kpi, line.name)) })) };
  }
  const rows = periods.map((period) => ({ header: period.header, cells: lines.map((line) => period.cell(line.kpi, line.name)) }));
  return { rowsLabel: "Period", columns: lines.map((line) => line.header), rows: orderPeriodRows(rows, options.sort) };
}

/**
 * A period's figure made of fiscal years' figures by the KPI's rule: sums add up, averages
 * weigh each year by its months with data, a balance ("last") is its last year's figure. A
 * weighted ratio cannot be made from its yearly ratios: with more than one year it has none.
 */
export function combineByRule(rule: PeriodRule, figures: readonly { readonly value: number | null; readonly months: number }[]): number | null {
  const present = figures.filter((figure): figure is { value: number; months: number } => figure.value !== null);
  if (present.length === 0) return null;
  switch (rule) {
    case "sum":
      return present.reduce((sum, figure) => sum + figure.value, 0);
    case "average": {
      const months = present.reduce((sum, figure) => sum + figure.months, 0);
      return months === 0 ? null : present.reduce((sum, figure) => sum + figure.value * figure.months, 0) / months;
    }
    case "last":
      return present.at(-1)!.value;
    case "weighted":
      return present.length === 1 ? present[0]!.value : null;
  }
}

function figureCell(bucket: HistoryBucket | undefined, name: ChartSeries, unit: string, kind: PivotKind): PivotCell {
  const value = bucket ? bucket[name] : null;
  return { value, unit, partial: bucket && value !== null ? coverageText(bucket.monthCounts[name], bucket.monthCounts.period) : null, note: null, kind };
}

/** Manual: the row order first, the chart's other KPIs after in its order. By value: the KPI's total, no figure last. */
function orderKpis(kpis: readonly ChartKpi[], options: PivotOptions, keyFigure: (kpi: ChartKpi) => number | null): ChartKpi[] {
  if (options.sort === "manual") {
    const first = options.rowOrder.flatMap((id) => kpis.filter((kpi) => kpi.id === id));
    return [...first, ...kpis.filter((kpi) => !options.rowOrder.includes(kpi.id))];
  }
  return sortByValue(kpis, keyFigure, options.sort === "valueAscending");
}

/** Periods as rows: by value only the buckets move (by the first column); the years' and total rows keep their time order after them. */
function orderPeriodRows(rows: PivotRow[], sort: PivotOptions["sort"]): PivotRow[] {
  if (sort === "manual") return rows;
  const values = sortByValue(rows.filter((row) => row.header.kind === "value"), (row) => row.cells[0]?.value ?? null, sort === "valueAscending");
  return [...values, ...rows.filter((row) => row.header.kind === "subtotal"), ...rows.filter((row) => row.header.kind === "total")];
}

function sortByValue<T>(items: readonly T[], valueOf: (item: T) => number | null, ascending: boolean): T[] {
  return items
    .map((item, position) => ({ item, position, value: valueOf(item) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return a.value === b.value ? a.position - b.position : a.value === null ? 1 : -1;
      return (ascending ? a.value - b.value : b.value - a.value) || a.position - b.position;
    })
    .map((entry) => entry.item);
}
