import { styled } from "styled-components";
import { DEFAULT_DASHBOARD_FILTER, type KpiMonthValue } from "../../../../contracts/kpis";
import { trendText } from "../../../../domain/kpi/card-texts";
import { cardFigures } from "../../../../domain/kpi/dashboard-card";
import { monthDateOf, monthIndexOf, monthLabel, monthRange, type MonthIndex } from "../../../../domain/months";
import { useDispatch } from "../../../bus/use-model";
import { ErrorState, LoadingState } from "../../../ui/states";
import { useKpiMeta, useKpiView, useReportingFrame } from "../../kpis/views/hooks";
import { KpiCard } from "../../kpis/views/kpi-card";
import { Muted, useReadyOnce } from "./card-body";

/** Months a KPI card loads (a 12-month trend 12 months back) and its sparkline shows. */
const MONTHS_LOADED = 36;
const SPARKLINE_MONTHS = 12;
export const KPI_UNREADABLE_TEXT = "This KPI does not exist, or you may not read it.";

/**
 * A KPI card: the operational dashboard's card for one KPI in the reporting month (actual, plan,
 * deviation, trend, sparkline), loaded the way the dashboards load theirs.
 */
export function KpiCardBody({ cardId, kpiId, mode, onReady }: { cardId: number; kpiId: number; mode: "screen" | "print"; onReady?: () => void }) {
  const dispatch = useDispatch();
  const meta = useKpiMeta();
  const frame = useReportingFrame();
  const kpi = meta.kpis.find((candidate) => candidate.id === kpiId);
  const end: MonthIndex = frame.end - frame.ignoreLastMonths;
  const command = kpi ? ({ _tag: "LoadKpiValues", key: `custom-card/${cardId}`, startDate: monthDateOf(end - MONTHS_LOADED + 1), date: monthDateOf(end), type: "all", idList: [kpiId], includePlanning: true, fxRate: frame.fxRateId } as const) : null;
  const values = useKpiView(command);
  const missing = meta.status === "loaded" && !kpi;
  useReadyOnce(missing || meta.status === "error" || values?.data != null || values?.status === "error", onReady);

  if (missing) return <Muted>{KPI_UNREADABLE_TEXT}</Muted>;
  if (meta.status === "error") return <ErrorState message={meta.message} {...(mode === "screen" ? { onRetry: () => dispatch({ _tag: "LoadKpiMeta" }) } : {})} />;
  if (values?.status === "error") return <ErrorState message={values.message} {...(mode === "screen" && command ? { onRetry: () => dispatch(command) } : {})} />;
  if (!kpi || !values?.data) return <LoadingState variant="skeleton" lines={3} label="Loading the KPI…" />;
  const months: readonly KpiMonthValue[] = values.data.find((entry) => entry.id === kpiId)?.values ?? [];
  const filter = DEFAULT_DASHBOARD_FILTER;
  const shown = end - filter.trendOffset;
  return (
    <Embedded>
      <KpiCard
        kpi={kpi}
        figures={cardFigures(kpi, months, filter, end)}
        currency={frame.currency}
        periodLabel={monthLabel(shown)}
        trend={trendText(kpi, months, shown, filter.trendDuration)}
        sparkline={sparkline(months, shown)}
        sparklineEnd={shown}
        headingLevel={3}
      />
    </Embedded>
  );
}

function sparkline(months: readonly KpiMonthValue[], last: MonthIndex): (number | null)[] {
  const byMonth = new Map(months.map((month) => [monthIndexOf(month.date), month.value] as const));
  return monthRange(last - SPARKLINE_MONTHS + 1, last).map((month) => byMonth.get(month) ?? null);
}

/**
 * The KPI card sits inside the dashboard card: its frame and its header give way to the
 * dashboard card's, which names the KPI (the KPI card's own aria-label still does).
 */
const Embedded = styled.div`
  min-width: 0;
  & > article { border: 0; box-shadow: none; padding: 0; background: transparent; }
  & > article > .card-header { display: none; }
`;
