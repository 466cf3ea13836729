import { CHART_SERIES, type ChartSettings } from "../../contracts/charts";

/**
 * The rules of a chart's settings that its schema cannot say alone, by field path as the API
 * answers them (`settings.kpiIds`): the server refuses a chart that breaks one, and the builder
 * form shows the same messages before it is sent.
 */
export const DUPLICATE_KPIS = "Choose each KPI once.";
export const DUPLICATE_SERIES = "Choose each series once.";
export const ROW_ORDER_OUTSIDE = "The row order may name only the chart's KPIs, each once.";
export const UNREADABLE_KPI = "This KPI does not exist, or you may not read it.";

export function chartSettingsProblems(settings: ChartSettings): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (new Set(settings.kpiIds).size !== settings.kpiIds.length) problems["settings.kpiIds"] = [DUPLICATE_KPIS];
  if (new Set(settings.series).size !== settings.series.length) problems["settings.series"] = [DUPLICATE_SERIES];
  const chosen = new Set(settings.kpiIds);
  const order = settings.pivot.rowOrder;
  if (new Set(order).size !== order.length || order.some((id) => !chosen.has(id))) problems["settings.pivot.rowOrder"] = [ROW_ORDER_OUTSIDE];
  return problems;
}

/** The chart's series in the product's order (actual, planning, last year, forecast), whatever order they were chosen in. */
export const orderedSeries = (settings: Pick<ChartSettings, "series">) => CHART_SERIES.filter((series) => settings.series.includes(series));

/** A chart's settings seen by a reader who may read only `readable` of its KPIs: the others left out everywhere. */
export function narrowedToReadable(settings: ChartSettings, readable: (kpiId: number) => boolean): ChartSettings | null {
  const kpiIds = settings.kpiIds.filter(readable);
  if (kpiIds.length === 0) return null;
  return { ...settings, kpiIds, pivot: { ...settings.pivot, rowOrder: settings.pivot.rowOrder.filter(readable) } };
}

/** A new chart's settings: one bar per bucket of the last twelve months' actuals. */
export function defaultChartSettings(kpiIds: readonly number[] = []): ChartSettings {
  return {
    type: "bar",
    kpiIds: [...kpiIds],
    period: { months: 12, endMonth: null },
    bucket: "M",
    series: ["actual"],
    colourScheme: "meridian",
    axis: { startAtZero: true, gridLines: true, valueLabels: false },
    legend: { show: true, position: "bottom" },
    pivot: { rows: "kpis", subtotals: false, totals: true, sort: "manual", rowOrder: [] },
  };
}
