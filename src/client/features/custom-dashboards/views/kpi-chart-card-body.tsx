import type { KpiChartCardContent } from "../../../../contracts/custom-dashboards";
import { monthDateOf } from "../../../../domain/months";
import { useDispatch } from "../../../bus/use-model";
import { ErrorState, LoadingState } from "../../../ui/states";
import { KpiHistoryChart } from "../../kpis/views/chart/kpi-history-chart";
import { unitName } from "../../kpis/views/detail/detail-trail";
import { useKpiMeta, useKpiView, useReportingFrame } from "../../kpis/views/hooks";
import { Muted, useReadyOnce } from "./card-body";
import { KPI_UNREADABLE_TEXT } from "./kpi-card-body";

type Content = typeof KpiChartCardContent.Type;

/** A KPI chart card: the KPI detail's history chart (d3) for the card's bucket size and months, ending at the reporting month. */
export function KpiChartCardBody({ cardId, content, mode, onReady, height }: { cardId: number; content: Content; mode: "screen" | "print"; onReady?: () => void; height?: number }) {
  const dispatch = useDispatch();
  const meta = useKpiMeta();
  const frame = useReportingFrame();
  const kpi = meta.kpis.find((candidate) => candidate.id === content.kpiId);
  const end = frame.end - frame.ignoreLastMonths;
  const command = kpi
    ? ({ _tag: "LoadKpiHistory", key: `custom-card/${cardId}`, kpiId: content.kpiId, endDate: monthDateOf(end), timeRange: content.timeRange, bucketSize: content.bucketSize, fxRate: frame.fxRateId } as const)
    : null;
  const history = useKpiView(command);
  const missing = meta.status === "loaded" && !kpi;
  useReadyOnce(missing || meta.status === "error" || history?.data != null || history?.status === "error", onReady);

  if (missing) return <Muted>{KPI_UNREADABLE_TEXT}</Muted>;
  if (meta.status === "error") return <ErrorState message={meta.message} {...(mode === "screen" ? { onRetry: () => dispatch({ _tag: "LoadKpiMeta" }) } : {})} />;
  if (history?.status === "error") return <ErrorState message={history.message} {...(mode === "screen" && command ? { onRetry: () => dispatch(command) } : {})} />;
  if (!kpi || !history?.data) return <LoadingState variant="skeleton" lines={5} label="Loading the chart…" />;
  const unit = unitName(kpi.unit, frame.currency);
  return (
    <KpiHistoryChart
      buckets={history.data[content.kpiId] ?? []}
      unit={kpi.unit}
      currency={frame.currency}
      // The card's title is the card's heading; the chart names its KPI and unit.
      title={`${kpi.name} (${kpi.unit === "currency" ? frame.currency : unit.toLowerCase()})`}
      height={Math.max(120, height ?? 240)}
    />
  );
}
