import { useState } from "react";
import { Link, useParams } from "wouter";
import { styled } from "styled-components";
import type { BucketSize } from "../../../../domain/kpi/periods";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import { percentChange } from "../../../../domain/kpi/percent-change";
import { monthDateOf } from "../../../../domain/months";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { DangerAlert, RetryAlert, ScreenPage } from "../../../ui/primitives";
import { BucketSizePicker } from "./chart/bucket-size-picker";
import { KpiHistoryChart } from "./chart/kpi-history-chart";
import { ReportingPeriodControls } from "./dashboard-filters";
import { FavoriteButton } from "./favorite-button";
import { ReportToolbar } from "./report-toolbar";
import { useKpiMeta, useKpiView, useReportingFrame } from "./hooks";
import { Badge, percentText } from "./kpi-card";
import { ValueGrid } from "./value-grid";

const Page = styled(ScreenPage)`
  max-width: 1200px;
  header { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
  .facts { display: flex; gap: 8px 16px; flex-wrap: wrap; font-size: 13px; color: ${(p) => p.theme.textMuted}; }
  .summary { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 12px; }
  .summary section, .panel { background: ${(p) => p.theme.surface}; border: 1px solid ${(p) => p.theme.border}; border-radius: 10px; padding: 12px 16px; }
  .summary dl { margin: 0; display: grid; grid-template-columns: auto auto; gap: 4px 12px; font-size: 14px; }
  .summary dt { color: ${(p) => p.theme.textMuted}; }
  .summary dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
  .status { color: ${(p) => p.theme.textMuted}; font-size: 13px; }
`;

/** Months of history per bucket size: two years of months or quarters, three of halves, five years. */
const TIME_RANGE: Readonly<Record<BucketSize, number>> = { 1: 24, 3: 24, 6: 36, 12: 60 };
const GRID_MONTHS = 24;

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
  const frame = useReportingFrame();
  const [bucketSize, setBucketSize] = useState<BucketSize>(1);
  const kpi = meta.kpis.find((candidate) => candidate.id === kpiId);
  const key = `detail/${kpiId}`;
  const found = meta.status === "loaded" && kpi !== undefined;
  const end = frame.end - frame.ignoreLastMonths;
  const aggregates = useKpiView(found ? ({ _tag: "LoadKpiAggregates", key, endDate: frame.endDate, ignoreLastMonths: frame.ignoreLastMonths, fxRate: frame.fxRateId, idList: [kpiId] } as const) : null);
  const history = useKpiView(found ? ({ _tag: "LoadKpiHistory", key, kpiId, endDate: monthDateOf(end), timeRange: TIME_RANGE[bucketSize], bucketSize, fxRate: frame.fxRateId } as const) : null);
  const valuesCommand = found
    ? ({ _tag: "LoadKpiValues", key, startDate: monthDateOf(end - GRID_MONTHS + 1), date: monthDateOf(end), type: "all", idList: [kpiId], includePlanning: true, fxRate: frame.fxRateId } as const)
    : null;
  const values = useKpiView(valuesCommand);
  const pending = useModel((state: AppState) => state.kpis.pending[kpiId]);
  const rejected = useModel((state: AppState) => state.kpis.rejected[kpiId]);
  const saving = useModel((state: AppState) => state.kpis.saving[kpiId]);

  if (meta.status === "loaded" && !kpi) {
    return (
      <Page>
        <h1>KPI not found</h1>
        <p>This KPI does not exist, or you may not see it.</p>
        <Link href="/reporting/operational-dashboard">Back to the operational dashboard</Link>
      </Page>
    );
  }
  if (!kpi) return <Page aria-busy="true">{meta.status === "error" ? <DangerAlert>{meta.message}</DangerAlert> : <p className="status">Loading KPI…</p>}</Page>;

  const format = (value: number | null | undefined) => formatKpiValue(value ?? null, kpi.unit, { currency: frame.currency });
  const result = aggregates?.data?.[kpiId];
  const months = [...(values?.data?.find((entry) => entry.id === kpiId)?.values ?? [])].reverse();
  return (
    <Page aria-labelledby="kpi-title">
      <header>
        <h1 id="kpi-title">{kpi.name}</h1>
        <FavoriteButton kpiId={kpi.id} name={kpi.name} />
        {kpi.outdated ? <Badge $tone="warning">Outdated</Badge> : null}
        {kpi.validationState !== "validated" ? <Badge $tone="muted">{kpi.validationState === "in_validation" ? "In validation" : "Unvalidated"}</Badge> : null}
      </header>
      <div className="facts">
        <span>{kpi.category.name}</span>
        <span>Unit: {kpi.unit}</span>
        <span>Aggregation: {AGGREGATION_LABEL[kpi.aggregationType]}</span>
        <span>Reporting: {kpi.cadence}</span>
        <span>{kpi.higherIsBetter ? "Higher is better" : "Lower is better"}</span>
        {kpi.isCalculated ? <span>Calculated: {kpi.formula}</span> : null}
      </div>
      {kpi.description ? <p>{kpi.description}</p> : null}
      <ReportToolbar>
        <ReportingPeriodControls />
      </ReportToolbar>

      {aggregates?.status === "error" ? <DangerAlert>{aggregates.message}</DangerAlert> : null}
      <div className="summary" aria-busy={aggregates?.status === "loading"}>
        <section aria-label="Year to date">
          <h2>Year to date</h2>
          <dl>
            <dt>Actual</dt>
            <dd data-testid="ytd-actual">{format(result?.ytd.actualValue)}</dd>
            <dt>Plan</dt>
            <dd>{format(result?.ytd.planningValue)}</dd>
            <dt>Δ plan</dt>
            <dd>{percentText(percentChange(result?.ytd.actualValue, result?.ytd.planningValue))}</dd>
            <dt>Last year</dt>
            <dd>{format(result?.ytd.lastYearValue)}</dd>
          </dl>
        </section>
        <section aria-label="Last twelve months">
          <h2>Last twelve months</h2>
          <dl>
            <dt>Actual</dt>
            <dd>{format(result?.ltm.value)}</dd>
            <dt>Plan</dt>
            <dd>{format(result?.ltm.fullPlanningValue)}</dd>
            <dt>Forecast</dt>
            <dd>{format(result?.ltm.fullForecastValue)}</dd>
          </dl>
        </section>
        <section aria-label="Full year">
          <h2>Full year</h2>
          <dl>
            <dt>Forecast</dt>
            <dd>{format(result?.fullyear.forecastProjectedValue)}</dd>
            <dt>Plan</dt>
            <dd>{format(result?.fullyear.planningValue)}</dd>
            <dt>Actual + plan</dt>
            <dd>{format(result?.fullyear.actualPlanningValue)}</dd>
            <dt>Last year</dt>
            <dd>{format(result?.fullyear.lastYearValue)}</dd>
          </dl>
        </section>
      </div>

      <section className="panel" aria-label="Chart" aria-busy={history?.status === "loading"}>
        <ReportToolbar style={{ marginBottom: 8 }}>
          <BucketSizePicker value={bucketSize} onChange={setBucketSize} />
        </ReportToolbar>
        {history?.status === "error" ? <DangerAlert>{history.message}</DangerAlert> : null}
        {history?.data ? (
          <KpiHistoryChart buckets={history.data[kpiId] ?? []} unit={kpi.unit} currency={frame.currency} title={`${kpi.name} (${frame.currency})`} />
        ) : (
          <p className="status">Loading chart…</p>
        )}
      </section>

      <section className="panel" aria-label="Monthly values">
        <h2>Monthly values</h2>
        {values?.status === "error" ? (
          <RetryAlert message={values.message} onRetry={() => valuesCommand && dispatch(valuesCommand)} />
        ) : null}
        {values?.data ? (
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
          <p className="status">Loading values…</p>
        )}
      </section>
    </Page>
  );
}

const AGGREGATION_LABEL = { cum: "sum over months", ad: "average of months", dd: "last month's value" } as const;
