import { indexSeries, unitGroups, type ComparisonData, type ComparisonScale } from "../../../../domain/kpi-comparison/comparison";

/** The unit of the indexed panel: an index, not a KPI's unit. */
export const INDEX_UNIT = "index";

/** Dash patterns by series position: colour is never the only cue (six series, six strokes). */
export const SERIES_DASH: readonly (string | null)[] = [null, "7 4", "2 3", "10 3 2 3", "4 2", "1 5"];

export interface PanelSeries {
  readonly key: string;
  readonly label: string;
  /** Its position among all series: its colour and dash. */
  readonly position: number;
  /** What is drawn: the index or the value, one per column. */
  readonly values: readonly (number | null)[];
}

export interface ChartPanel {
  /** The axis' unit: INDEX_UNIT, or a KPI unit ("currency", "percentage", …). */
  readonly unit: string;
  readonly series: readonly PanelSeries[];
}

/**
 * What the comparison chart draws: the indexed scale puts every series on one panel (index 100 =
 * its first month with a value); the absolute scale one panel per unit, stacked and sharing the
 * months, so money and percentages never share an axis.
 */
export function comparisonPanels(data: ComparisonData, scale: ComparisonScale): ChartPanel[] {
  const positioned = data.series.map((series, position) => ({ ...series, position }));
  if (scale === "indexed") {
    return [{ unit: INDEX_UNIT, series: positioned.map((series) => ({ key: series.key, label: series.label, position: series.position, values: indexSeries(series.values).values })) }];
  }
  return unitGroups(positioned).map((group) => ({
    unit: group.unit,
    series: group.series.map((series) => ({ key: series.key, label: series.label, position: series.position, values: series.values })),
  }));
}
