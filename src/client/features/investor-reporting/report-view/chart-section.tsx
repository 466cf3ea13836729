import { useContext, useEffect, useMemo, useRef, useState } from "react";
import { styled } from "styled-components";
import type { SectionData } from "../../../../contracts/investor-reporting";
import { defaultChartSettings } from "../../../../domain/charts/chart-settings";
import { chartData, type ChartKpi } from "../../../../domain/charts/chart-series";
import type { AppState } from "../../../app/state";
import { BusContext, useDispatch, useModel } from "../../../bus/use-model";
import { LoadingState } from "../../../ui/states";
import { feature as chartsFeature } from "../../charts/feature";
import { KpiChartFigure } from "../../charts/views/kpi-chart-figure";

type ChartData = Extract<SectionData, { kind: "chart" }>;

export const NO_CHART = "No saved chart is chosen for this section.";
export const NO_CHART_VALUES = "No values in this period.";

/**
 * A chart section, drawn by the chart builder's d3 figure from the section's own figures (frozen
 * at approval, so a later change of data or of the saved chart never redraws an approved report's
 * numbers). The saved chart's look (type, colours, axis, legend) is read when it still exists; a
 * deleted chart is drawn as bars, series as stored.
 */
export function ChartSection({ data, currency, mode, onReady }: { data: ChartData; currency: string; mode: "screen" | "print"; onReady?: () => void }) {
  const bus = useContext(BusContext);
  useState(() => bus?.register(chartsFeature));
  const dispatch = useDispatch();
  const entry = useModel((state: AppState) => (data.chartId === null ? undefined : state.charts.charts[data.chartId]));
  useEffect(() => {
    if (data.chartId !== null) dispatch({ _tag: "LoadChart", chartId: data.chartId });
  }, [dispatch, data.chartId]);
  const settled = data.chartId === null || entry?.status === "loaded" || entry?.status === "missing" || entry?.status === "error";
  const told = useRef(false);
  useEffect(() => {
    if (settled && !told.current) {
      told.current = true;
      onReady?.();
    }
  }, [settled, onReady]);
  const drawn = useMemo(() => {
    const kpis: ChartKpi[] = data.kpis.map((kpi) => ({ id: kpi.id, name: kpi.name, unit: kpi.unit, periodRule: "sum" }));
    const series = data.series.filter((name): name is "actual" | "planning" | "forecast" | "lastYear" => ["actual", "planning", "forecast", "lastYear"].includes(name));
    return { data: chartData(kpis, Object.fromEntries(data.kpis.map((kpi) => [kpi.id, kpi.buckets])), series.length ? series : ["actual"]), series };
  }, [data]);

  if (data.chartId === null) return <Muted>{NO_CHART}</Muted>;
  if (!settled) return <LoadingState variant="skeleton" lines={6} label="Loading chart…" />;
  if (!drawn.data.lines.some((line) => line.values.some((value) => value !== null))) return <Muted>{NO_CHART_VALUES}</Muted>;
  const saved = entry?.chart?.settings;
  const settings = { ...(saved ?? defaultChartSettings()), kpiIds: data.kpis.map((kpi) => kpi.id), series: drawn.series.length ? drawn.series : (["actual"] as const) };
  // A pivot is a table in the builder; a board pack draws its figures as bars instead.
  const drawable = settings.type === "pivot" ? { ...settings, type: "bar" as const } : settings;
  return (
    <figure style={{ margin: 0 }}>
      <KpiChartFigure settings={drawable} data={drawn.data} currency={currency} title={data.name ?? "Chart"} height={280} mode={mode} />
      {data.name ? <Caption>{data.name}</Caption> : null}
    </figure>
  );
}

const Muted = styled.p`
  color: ${(p) => p.theme.textMuted};
`;

const Caption = styled.figcaption`
  color: ${(p) => p.theme.textMuted};
`;
