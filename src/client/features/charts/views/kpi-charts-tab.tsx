import { Link } from "wouter";
import { styled } from "styled-components";
import type { KpiMeta } from "../../../../contracts/kpis";
import type { AppState } from "../../../app/state";
import { useModel } from "../../../bus/use-model";
import { Card } from "../../../ui/card";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { selectAccess } from "../../session/model";
import { CHART_TYPE_NAMES } from "./chart-builder-form";
import { SavedChartView } from "./saved-chart-view";
import { BUILDER_PATH, chartDetailPath, useChartList } from "./saved-charts-list";

/**
 * The KPI detail's Charts tab (/reporting/kpi-detail/{kpiId}/charts/{chartId?}): the saved charts
 * that draw the KPI, each a link to its own address, and the chosen one (or the first) drawn.
 * People who build charts get a link to a new chart starting with this KPI.
 */
export function KpiChartsTab({ kpi, chartId }: { kpi: KpiMeta; chartId: number | null }) {
  const list = useChartList(kpi.id);
  const access = useModel((state: AppState) => selectAccess(state.session));
  const mayBuild = !!access && (access.isStaff || access.permissions.has("control_custom_dashboards"));
  const newChart = mayBuild ? <Link href={`${BUILDER_PATH}?kpi=${kpi.id}`}>New chart with {kpi.name}</Link> : null;
  if (!list || (list.status === "loading" && !list.charts.length)) return <LoadingState variant="skeleton" lines={4} label="Loading charts…" />;
  if (list.status === "error") return <ErrorState title="The charts could not be loaded" message={list.message ?? ""} />;
  if (!list.charts.length) return <EmptyState title={`No saved chart shows ${kpi.name} yet.`} text={newChart ?? undefined} />;
  const shown = list.charts.find((chart) => chart.id === chartId) ?? (chartId === null ? list.charts[0] : undefined);
  return (
    <Layout>
      <nav aria-label="Charts of this KPI">
        <ul>
          {list.charts.map((chart) => (
            <li key={chart.id}>
              <Link href={chartDetailPath(chart, kpi.id)} aria-current={chart.id === shown?.id ? "page" : undefined}>
                {chart.name}
              </Link>
              <span className="meta">{CHART_TYPE_NAMES[chart.settings.type]}</span>
            </li>
          ))}
        </ul>
        {newChart ? <p className="new">{newChart}</p> : null}
      </nav>
      {shown ? (
        <Card
          title={shown.name}
          padding="md"
          actions={shown.canEdit ? <Link href={`${BUILDER_PATH}?chart=${shown.id}`}>Edit chart</Link> : undefined}
        >
          <SavedChartView chartId={shown.id} />
        </Card>
      ) : (
        <EmptyState title="This chart no longer exists, or does not show this KPI." />
      )}
    </Layout>
  );
}

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(180px, 240px) minmax(0, 1fr);
  gap: 16px;
  align-items: start;
  nav ul { margin: 0; padding: 0; list-style: none; display: grid; gap: 2px; }
  nav li { display: grid; padding: 6px 8px; border-radius: 6px; }
  nav a[aria-current="page"] { font-weight: 600; }
  .meta { font-size: 12px; color: ${(p) => p.theme.textMuted}; }
  .new { margin: 12px 8px 0; font-size: 13px; }
  @media (max-width: 800px) { grid-template-columns: minmax(0, 1fr); }
`;
