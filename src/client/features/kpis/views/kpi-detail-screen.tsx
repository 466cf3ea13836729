import { useMemo, useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { styled, useTheme } from "styled-components";
import type { KpiMeta } from "../../../../contracts/kpis";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import { describePeriodRule } from "../../../../domain/kpi/period-rule";
import type { BucketSize } from "../../../../domain/kpi/periods";
import { monthDateOf } from "../../../../domain/months";
import { canOpen } from "../../../../domain/navigation/access";
import { screenOf } from "../../../../domain/navigation/screens";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Icon } from "../../../ui/icons";
import { Card } from "../../../ui/card";
import { FilterBar } from "../../../ui/filter-bar";
import { LinkTabs } from "../../../ui/link-tabs";
import { Page } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { BucketSizePicker } from "./chart/bucket-size-picker";
import { useCommentMarkers } from "../../collaboration/views/use-comment-markers";
import { KpiHistoryChart } from "./chart/kpi-history-chart";
import { AttachScreenButton } from "../../copilot/views/attach-screen-button";
import { AggregateCards } from "./detail/aggregate-cards";
import { benchmarkBands } from "./detail/benchmark-bands";
import { DETAIL_TABS } from "./detail/detail-tabs";
import { cameFrom, detailTrail, unitName } from "./detail/detail-trail";
import { KpiAnalysisLinks } from "../../kpi-analysis/views/kpi-comparison-links";
import { FavoriteButton } from "./favorite-button";
import { GlossaryLink } from "./glossary-link";
import { useKpiMeta, useKpiView, useReportingFrame } from "./hooks";
import { useReportingPeriodItems } from "./reporting-period";
import { ValueGrid } from "./value-grid";
import { selectAccess } from "../../session/model";

/** Months of history per bucket size: two years of months or quarters, three of halves, five years. */
const TIME_RANGE: Readonly<Record<BucketSize, number>> = { 1: 24, 3: 24, 6: 36, 12: 60 };
const GRID_MONTHS = 24;
export const KPI_NOT_FOUND_TEXT = "This KPI does not exist, or you may not see it.";

/**
 * /reporting/kpi-detail/{kpiId}/{reportType?} and …/charts/{chartId?}: one KPI's aggregates, its
 * chart of actual, plan, last year and forecast in month, quarter, half-year or year buckets,
 * and its monthly values, editable for users who may write the KPI.
 */
export default function KpiDetailScreen() {
  const params = useParams<{ kpiId: string }>();
  const kpiId = Number(params.kpiId);
  const dispatch = useDispatch();
  const meta = useKpiMeta();
  const kpi = meta.kpis.find((candidate) => candidate.id === kpiId);
  if (meta.status === "loaded" && !kpi) {
    return (
      <Page>
        <PageHeader title="KPI not found" breadcrumbs={[{ label: "Operational dashboard", href: "/reporting/operational-dashboard" }]} />
        <EmptyState title={KPI_NOT_FOUND_TEXT} text={<Link href="/reporting/operational-dashboard">Back to the operational dashboard</Link>} />
      </Page>
    );
  }
  if (!kpi) {
    return (
      <Page aria-busy={meta.status !== "error"}>
        {meta.status === "error" ? (
          <>
            <PageHeader title="KPI detail" />
            <ErrorState title="The KPI could not be loaded" message={meta.message} onRetry={() => dispatch({ _tag: "LoadKpiMeta" })} />
          </>
        ) : (
          <LoadingState label="Loading KPI…" />
        )}
      </Page>
    );
  }
  return <KpiDetail kpi={kpi} catalogue={meta.kpis} />;
}

function KpiDetail({ kpi, catalogue }: { kpi: KpiMeta; catalogue: readonly KpiMeta[] }) {
  const dispatch = useDispatch();
  const frame = useReportingFrame();
  const period = useReportingPeriodItems();
  const [bucketSize, setBucketSize] = useState<BucketSize>(1);
  const [from] = useState(cameFrom);
  const kpiId = kpi.id;
  // …/{segment}/…: one of the detail's other tabs (charts, comments, alerts, …) instead of the figures.
  const [location, navigate] = useLocation();
  const [segment, ...rest] = location.split("/").slice(4);
  const otherTab = DETAIL_TABS.find((tab) => tab.segment === segment) ?? null;
  const overviewHref = `/reporting/kpi-detail/${kpiId}`;
  const tabs = [{ href: overviewHref, label: "Overview" }, ...DETAIL_TABS.map((tab) => ({ href: `${overviewHref}/${tab.segment}`, label: tab.label }))];
  const key = `detail/${kpiId}`;
  const end = frame.end - frame.ignoreLastMonths;
  const aggregatesCommand = { _tag: "LoadKpiAggregates", key, endDate: frame.endDate, ignoreLastMonths: frame.ignoreLastMonths, fxRate: frame.fxRateId, idList: [kpiId] } as const;
  const historyCommand = { _tag: "LoadKpiHistory", key, kpiId, endDate: monthDateOf(end), timeRange: TIME_RANGE[bucketSize], bucketSize, fxRate: frame.fxRateId } as const;
  const valuesCommand = { _tag: "LoadKpiValues", key, startDate: monthDateOf(end - GRID_MONTHS + 1), date: monthDateOf(end), type: "all", idList: [kpiId], includePlanning: true, fxRate: frame.fxRateId } as const;
  // The other tabs show none of these: they load when the overview is shown.
  const aggregates = useKpiView(otherTab ? null : aggregatesCommand);
  const history = useKpiView(otherTab ? null : historyCommand);
  const values = useKpiView(otherTab ? null : valuesCommand);
  const pending = useModel((state: AppState) => state.kpis.pending[kpiId]);
  const rejected = useModel((state: AppState) => state.kpis.rejected[kpiId]);
  const saving = useModel((state: AppState) => state.kpis.saving[kpiId]);
  const markers = useCommentMarkers(kpiId);

  const access = useModel((state: AppState) => selectAccess(state.session));
  const mayOpen = (href: string) => {
    const screen = screenOf(href);
    return !access || !screen || canOpen(access, screen);
  };
  const format = (value: number | null) => formatKpiValue(value, kpi.unit, { currency: frame.currency });
  const theme = useTheme();
  // Memoized: the chart redraws when its bands change, not on every render.
  const bands = useMemo(() => benchmarkBands(kpi, bucketSize, theme, (value) => formatKpiValue(value, kpi.unit, { currency: frame.currency })), [kpi, bucketSize, theme, frame.currency]);
  const inputOf = (key: string) => catalogue.find((candidate) => candidate.key === key);
  const unit = unitName(kpi.unit, frame.currency);
  const months = [...(values?.data?.find((entry) => entry.id === kpiId)?.values ?? [])].reverse();
  return (
    <Page aria-labelledby="kpi-title">
      <PageHeader
        title={kpi.name}
        headingId="kpi-title"
        breadcrumbs={detailTrail(kpi, from, mayOpen)}
        actions={
          <>
            <KpiAnalysisLinks kpiId={kpi.id} />
            {/* Snapshot capture (issue 18): this detail's figures go with the next question to the copilot. */}
            {!otherTab && mayOpen("/chat") ? <AttachScreenButton kpi={kpi} path={overviewHref} aggregates={aggregates?.data?.[kpiId]} frame={frame} /> : null}
            {/* The bell opens the alert dialog on the Alerts tab (issue 15): a button, as it opens a dialog. */}
            <Button size="sm" icon={<Icon name="bell" />} aria-label={`Set alert on ${kpi.name}`} onClick={() => navigate(`${overviewHref}/alerts/new`)}>
              Set alert
            </Button>
          </>
        }
        titleAddon={
          <>
            <FavoriteButton kpiId={kpi.id} name={kpi.name} />
            <GlossaryLink kpiId={kpi.id} name={kpi.name} labelled />
            {kpi.outdated ? <Badge tone="warning">Outdated</Badge> : null}
            {kpi.validationState !== "validated" ? <Badge>{kpi.validationState === "in_validation" ? "In validation" : "Unvalidated"}</Badge> : null}
          </>
        }
        description={
          <Facts>
            <p className="subtitle">
              {kpi.category.name} · {unit} · {kpi.higherIsBetter ? "higher is better" : "lower is better"} · reported {kpi.cadence}
            </p>
            <p>
              <span className="term">Period figures: </span>
              {describePeriodRule(kpi, inputOf)}
              {kpi.isCalculated && kpi.formula ? <span className="term"> (calculated)</span> : null}
            </p>
            {kpi.description ? <p>{kpi.description}</p> : null}
          </Facts>
        }
      />
      <FilterBar label="Reporting period" items={period.items} onReset={period.resetReportingPeriod} />
      <LinkTabs label="KPI detail" tabs={tabs} current={otherTab ? `${overviewHref}/${otherTab.segment}` : overviewHref} />

      {otherTab ? (
        <otherTab.Component kpi={kpi} rest={rest} />
      ) : (
        <>
          {aggregates?.status === "error" ? (
            <ErrorState title="The aggregates could not be loaded" message={aggregates.message} onRetry={() => dispatch(aggregatesCommand)} />
          ) : (
            <AggregateCards result={aggregates?.data?.[kpiId]} frame={frame} format={format} higherIsBetter={kpi.higherIsBetter} />
          )}

          <Card title="History" actions={<BucketSizePicker value={bucketSize} onChange={setBucketSize} />} aria-busy={history?.status === "loading"}>
            {history?.status === "error" ? (
              <ErrorState title="The chart could not be loaded" message={history.message} onRetry={() => dispatch(historyCommand)} />
            ) : history?.data ? (
              <KpiHistoryChart buckets={history.data[kpiId] ?? []} unit={kpi.unit} currency={frame.currency} title={`${kpi.name} (${kpi.unit === "currency" ? frame.currency : unit.toLowerCase()})`} markers={markers} {...(bands ? { bands } : {})} />
            ) : (
              <LoadingState variant="skeleton" lines={6} label="Loading chart…" />
            )}
          </Card>

          <Card title="Monthly values" padding="md">
            {values?.status === "error" ? (
              <ErrorState title="The monthly values could not be loaded" message={values.message} onRetry={() => dispatch(valuesCommand)} />
            ) : values?.data ? (
              <ValueGrid
                kpi={kpi}
                months={months}
                currency={frame.currency}
                pending={pending ?? {}}
                rejected={rejected ?? {}}
                saving={saving}
                converted={frame.fxRateId !== null}
                onEdit={(date, text) => dispatch({ _tag: "EditKpiValue", kpiId, date, text, unit: kpi.unit })}
                onSave={() => dispatch({ _tag: "SavePendingValues", kpiId })}
                onDiscard={() => dispatch({ _tag: "DiscardPendingValues", kpiId })}
              />
            ) : (
              <LoadingState variant="skeleton" lines={8} label="Loading values…" />
            )}
          </Card>
        </>
      )}
    </Page>
  );
}

const Facts = styled.div`
  display: grid;
  gap: 2px;
  p { margin: 0; }
  .term { color: ${(p) => p.theme.textMuted}; }
  .subtitle { color: ${(p) => p.theme.textMuted}; }
`;
