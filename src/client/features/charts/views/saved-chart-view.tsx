import { useContext, useEffect, useState } from "react";
import type { AppState } from "../../../app/state";
import { BusContext, useDispatch, useModel } from "../../../bus/use-model";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { feature as kpisFeature } from "../../kpis/feature";
import { feature as chartsFeature } from "../feature";
import { ChartDrawing } from "./chart-drawing";

export interface SavedChartViewProps {
  readonly chartId: number;
  /** Paper: no animation, no hover, fixed size. */
  readonly mode?: "screen" | "print";
  /** Called once the chart has its data and is drawn (print waits for it). */
  readonly onReady?: () => void;
}

export const CHART_MISSING_TEXT = "This chart no longer exists.";

/**
 * A saved chart by id (its settings, then its KPIs' history, drawn with d3 or as a pivot table)
 * for a dashboard card, a KPI detail and paper. It registers the features it needs itself, so any
 * screen can show one. A deleted chart, or one with no KPI the reader may read, says the chart no
 * longer exists (and is ready: paper does not wait for it).
 */
export function SavedChartView({ chartId, mode = "screen", onReady }: SavedChartViewProps) {
  const bus = useContext(BusContext);
  // Registered before the first effect dispatches (registering again is a no-op).
  useState(() => {
    bus?.register(kpisFeature);
    bus?.register(chartsFeature);
    return true;
  });
  const dispatch = useDispatch();
  const entry = useModel((state: AppState) => state.charts.charts[chartId]);
  const revision = useModel((state: AppState) => state.charts.revision);
  useEffect(() => {
    dispatch({ _tag: "LoadChart", chartId });
  }, [dispatch, chartId, revision]);
  const missing = entry?.status === "missing";
  const failed = entry?.status === "error" && !entry.chart;
  useEffect(() => {
    if (missing || failed) onReady?.();
  }, [missing, failed, onReady]);

  if (missing) return <EmptyState title={CHART_MISSING_TEXT} headingLevel={2} />;
  if (failed) return <ErrorState title="The chart could not be loaded" message={entry.message ?? ""} onRetry={() => dispatch({ _tag: "LoadChart", chartId })} />;
  if (!entry?.chart) return <LoadingState variant="skeleton" lines={6} label="Loading chart…" />;
  return <ChartDrawing dataKey={`chart/${chartId}`} settings={entry.chart.settings} title={entry.chart.name} mode={mode} {...(onReady ? { onReady } : {})} />;
}
