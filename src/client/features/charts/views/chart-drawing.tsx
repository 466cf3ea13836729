import { useEffect, useMemo, useRef } from "react";
import { styled } from "styled-components";
import { orderedSeries } from "../../../../domain/charts/chart-settings";
import type { ChartSettings } from "../../../../contracts/charts";
import { chartData, type ChartKpi } from "../../../../domain/charts/chart-series";
import { pivotTable } from "../../../../domain/charts/pivot-table";
import { useDispatch } from "../../../bus/use-model";
import { ErrorState, LoadingState } from "../../../ui/states";
import { useKpiMeta, useReportingFrame } from "../../kpis/views/hooks";
import { KpiChartFigure } from "./kpi-chart-figure";
import { PivotTableView } from "./pivot-table-view";
import { useChartData } from "./use-chart-data";

export interface ChartDrawingProps {
  /** Where its figures are kept (one per drawn chart: a saved chart's id, the builder's preview). */
  readonly dataKey: string;
  readonly settings: ChartSettings;
  readonly title: string;
  readonly mode?: "screen" | "print";
  readonly height?: number;
  /** Called once the figures are in and drawn, or failed (so paper never waits forever). */
  readonly onReady?: (() => void) | undefined;
}

/**
 * Draws chart settings with their figures: d3 for bars, stacks and lines, an HTML table for the
 * pivot. The figures are the KPIs' history in the FX selection; KPIs the reader may not read are
 * not in the answer and so not drawn.
 */
export function ChartDrawing({ dataKey, settings, title, mode = "screen", height = 300, onReady }: ChartDrawingProps) {
  const dispatch = useDispatch();
  const meta = useKpiMeta();
  const frame = useReportingFrame();
  const { data, command } = useChartData(dataKey, settings);
  const series = orderedSeries(settings);
  const kpis = useMemo<ChartKpi[]>(
    () => settings.kpiIds.flatMap((id) => meta.kpis.filter((kpi) => kpi.id === id).map((kpi) => ({ id: kpi.id, name: kpi.name, unit: kpi.unit, periodRule: kpi.periodRule }))),
    [settings.kpiIds, meta.kpis],
  );
  const ready = data?.status === "error" || (data?.history != null && meta.status === "loaded");
  const told = useRef(false);
  useEffect(() => {
    if (ready && !told.current) {
      told.current = true;
      onReady?.();
    }
  }, [ready, onReady]);

  if (data?.status === "error") return <ErrorState title="The chart's figures could not be loaded" message={data.message} onRetry={() => command && dispatch(command)} />;
  if (!data?.history || meta.status !== "loaded") return <LoadingState variant="skeleton" lines={6} label="Loading chart…" />;
  if (settings.type === "pivot") {
    const table = pivotTable({ kpis, history: data.history, yearHistory: data.years ?? {}, series, options: settings.pivot, fiscalYearOffset: frame.fiscalYearOffset });
    if (!table.rows.length) return <Empty>No figures to show.</Empty>;
    return <PivotTableView table={table} title={title} currency={frame.currency} mode={mode} />;
  }
  const drawn = chartData(kpis, data.history, series);
  if (!drawn.lines.some((line) => line.values.some((value) => value !== null))) return <Empty style={{ minHeight: height / 2 }}>No values in this period.</Empty>;
  return <KpiChartFigure settings={settings} data={drawn} currency={frame.currency} title={title} height={height} mode={mode} />;
}

const Empty = styled.p`
  margin: 0;
  display: grid;
  place-items: center;
  padding: 24px;
  color: ${(p) => p.theme.textMuted};
`;
