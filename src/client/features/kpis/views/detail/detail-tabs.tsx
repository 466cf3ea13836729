import type { ComponentType } from "react";
import type { KpiMeta } from "../../../../../contracts/kpis";
import { KpiAlertsTab } from "../../../alerts/views/kpi-alerts-tab";
import { KpiChartsTab } from "../../../charts/views/kpi-charts-tab";
import { KpiCommentsTab } from "../../../collaboration/views/kpi-comments-tab";
import { KpiDeepDrillTab } from "../../../kpi-analysis/views/kpi-deep-drill-tab";
import { KpiRecommendationsTab } from "../../../kpi-analysis/views/kpi-recommendations-tab";

/** What a tab gets: the KPI, and the address parts after its segment (a chart id, a drill, a recommendation type). */
export interface DetailTabProps {
  readonly kpi: KpiMeta;
  readonly rest: readonly string[];
}

export interface DetailTab {
  /** /reporting/kpi-detail/{kpiId}/{segment}/… */
  readonly segment: string;
  readonly label: string;
  readonly Component: ComponentType<DetailTabProps>;
}

function ChartsTab({ kpi, rest }: DetailTabProps) {
  const chartPart = rest[0];
  return <KpiChartsTab kpi={kpi} chartId={chartPart && /^\d+$/.test(chartPart) ? Number(chartPart) : null} />;
}

/**
 * The KPI detail's tabs after the overview (its figures), each owned by its feature. Spec:
 * /reporting/kpi-detail/{kpiId}/{reportType}/{deepdrillId?} is the deep drill (reportType
 * "drill", deepdrillId the kind of drill) and …/recommendations/{recommendationsType?}.
 */
export const DETAIL_TABS: readonly DetailTab[] = [
  { segment: "charts", label: "Charts", Component: ChartsTab },
  { segment: "comments", label: "Comments", Component: KpiCommentsTab },
  { segment: "alerts", label: "Alerts", Component: KpiAlertsTab },
  { segment: "drill", label: "Deep drill", Component: KpiDeepDrillTab },
  { segment: "recommendations", label: "Recommendations", Component: KpiRecommendationsTab },
];
