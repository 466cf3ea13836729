/**
 * PLACEHOLDER until the chart builder lands (issue 13, charts helper): draws a saved chart by id
 * (its settings and its KPIs' history, d3) for a dashboard card, a KPI detail and paper.
 */
export interface SavedChartViewProps {
  readonly chartId: number;
  /** Paper: no animation, no hover, fixed size. */
  readonly mode?: "screen" | "print";
  /** Called once the chart has its data and is drawn (print waits for it). */
  readonly onReady?: () => void;
}

export function SavedChartView({ chartId }: SavedChartViewProps) {
  return <p>Chart {chartId}</p>;
}
