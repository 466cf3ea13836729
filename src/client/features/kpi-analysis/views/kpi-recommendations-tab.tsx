import { styled } from "styled-components";
import type { KpiRecommendation } from "../../../../contracts/kpi-analysis";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import { RECOMMENDATION_LABELS } from "../../../../domain/kpi-analysis/recommendations";
import { monthDateOf, monthLabel } from "../../../../domain/months";
import { Badge } from "../../../ui/badge";
import { Card } from "../../../ui/card";
import { LinkTabs } from "../../../ui/link-tabs";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import type { DetailTabProps } from "../../kpis/views/detail/detail-tabs";
import { useReportingFrame } from "../../kpis/views/hooks";
import { changeFormatter, detailPath, recommendationsView, recommendationTabs, signed } from "./analysis-view-model";
import { useAnalysis } from "./use-analysis";

/**
 * The KPI detail's Recommendations tab (/reporting/kpi-detail/{kpiId}/recommendations/{type?}):
 * the rule-based recommendations at the reporting month, each with its reason, advice and the
 * numbers behind it; tabs filter by rule (with counts), and rules that could not be checked say why.
 */
export function KpiRecommendationsTab({ kpi, rest }: DetailTabProps) {
  const frame = useReportingFrame();
  const end = frame.end - frame.ignoreLastMonths;
  const { load, retry } = useAnalysis({ _tag: "LoadKpiRecommendations", kpiId: kpi.id, endDate: monthDateOf(end), fxRate: frame.fxRateId });
  if (!load || (load.status === "loading" && !load.data)) return <LoadingState variant="skeleton" lines={5} label="Loading recommendations…" />;
  if (load.status === "error" || load.status === "missing" || !load.data) return <ErrorState title="The recommendations could not be loaded" message={load.message ?? ""} onRetry={retry} />;
  const view = recommendationsView(load.data.recommendations, rest[0]);
  const tabs = recommendationTabs(kpi.id, view.counts);
  const current = view.type ? `${detailPath(kpi.id)}/recommendations/${view.type}` : `${detailPath(kpi.id)}/recommendations`;
  const notChecked = load.data.notChecked.filter((each) => !view.type || each.type === view.type);
  const change = changeFormatter(kpi.unit, frame.currency);
  const format = (figure: KpiRecommendation["figures"][number]) =>
    figure.value === null ? "–" : figure.format === "kpi" ? formatKpiValue(figure.value, kpi.unit, { currency: frame.currency }) : figure.format === "change" ? signed(figure.value, change) : String(figure.value);
  return (
    <Layout aria-busy={load.status === "loading"}>
      <LinkTabs label="Recommendations by rule" tabs={tabs} current={current} />
      <p className="note">At {monthLabel(end)}, by {kpi.higherIsBetter ? "higher is better" : "lower is better"}.</p>
      {view.shown.length === 0 ? (
        <EmptyState title={view.type ? `No “${RECOMMENDATION_LABELS[view.type]}” recommendation for ${kpi.name}.` : `No recommendation for ${kpi.name} at ${monthLabel(end)}.`} />
      ) : (
        <ul className="list" aria-label="Recommendations">
          {view.shown.map((recommendation) => (
            <li key={recommendation.type}>
              <Card title={recommendation.title} headingLevel={3} padding="md" actions={<Badge tone={recommendation.tone === "good" ? "good" : "warning"}>{RECOMMENDATION_LABELS[recommendation.type]}</Badge>}>
                <p>{recommendation.reason}</p>
                <p className="advice">{recommendation.advice}</p>
                <dl>
                  {recommendation.figures.map((figure) => (
                    <div key={figure.label}>
                      <dt>{figure.label}</dt>
                      <dd>{format(figure)}</dd>
                    </div>
                  ))}
                </dl>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {notChecked.length > 0 ? (
        <section aria-label="Rules not checked" className="unchecked">
          <h2>Not checked</h2>
          <ul>
            {notChecked.map((each) => (
              <li key={each.type}>
                <strong>{RECOMMENDATION_LABELS[each.type]}:</strong> {each.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Layout>
  );
}

const Layout = styled.div`
  display: grid;
  gap: 16px;
  p { margin: 0 0 8px; }
  .note { font-size: 13px; color: ${(p) => p.theme.textMuted}; margin: 0; }
  .advice { color: ${(p) => p.theme.textMuted}; }
  .list { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px; }
  dl { display: flex; flex-wrap: wrap; gap: 8px 24px; margin: 8px 0 0; font-size: 13px; }
  dt { color: ${(p) => p.theme.textMuted}; }
  dd { margin: 0; font-variant-numeric: tabular-nums; }
  .unchecked h2 { font-size: 14px; margin: 0 0 4px; }
  .unchecked ul { margin: 0; padding-left: 18px; font-size: 13px; color: ${(p) => p.theme.textMuted}; }
`;
