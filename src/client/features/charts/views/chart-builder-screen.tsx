import { useEffect, useMemo, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { styled } from "styled-components";
import { CHART_NAME_BLANK, type ChartSettings } from "../../../../contracts/charts";
import { chartSettingsProblems, defaultChartSettings } from "../../../../domain/charts/chart-settings";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { Page } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { useKpiMeta } from "../../kpis/views/hooks";
import { ChartBuilderForm } from "./chart-builder-form";
import { ChartDrawing } from "./chart-drawing";
import { BUILDER_PATH, SavedChartsList } from "./saved-charts-list";

const positiveId = (text: string | null) => (text && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null);

/**
 * /reporting/custom-dashboard-helper: the chart builder. Settings on the left, a live preview on
 * the right, the saved charts below. `?chart={id}` edits a saved chart; `?dashboard={id}` offers
 * "Save and add to dashboard", which then returns to that dashboard; `?kpi={id}` starts a new
 * chart with that KPI (the KPI detail's "New chart").
 */
export default function ChartBuilderScreen() {
  const params = new URLSearchParams(useSearch());
  const chartId = positiveId(params.get("chart"));
  const dashboardId = positiveId(params.get("dashboard"));
  const startKpi = positiveId(params.get("kpi"));
  const dispatch = useDispatch();
  const meta = useKpiMeta();
  const saved = useModel((state: AppState) => (chartId === null ? undefined : state.charts.charts[chartId]));
  useEffect(() => {
    if (chartId !== null) dispatch({ _tag: "LoadChart", chartId });
  }, [dispatch, chartId]);

  if (chartId !== null && saved?.status === "missing") {
    return (
      <Page>
        <PageHeader title="Chart builder" />
        <EmptyState title="This chart no longer exists." text={<Link href={BUILDER_PATH}>Build a new chart</Link>} />
      </Page>
    );
  }
  if (chartId !== null && saved?.status === "error" && !saved.chart) return <ErrorState title="The chart could not be loaded" message={saved.message ?? ""} onRetry={() => dispatch({ _tag: "LoadChart", chartId })} />;
  if (meta.status === "error") return <ErrorState title="The KPIs could not be loaded" message={meta.message} onRetry={() => dispatch({ _tag: "LoadKpiMeta" })} />;
  if ((chartId !== null && !saved?.chart) || meta.status !== "loaded") return <LoadingState label="Loading the chart builder…" />;
  // A new builder per chart: its state starts from that chart's settings.
  return <Builder key={chartId ?? "new"} chartId={chartId} dashboardId={dashboardId} initial={saved?.chart ?? null} startKpi={startKpi} />;
}

function Builder({ chartId, dashboardId, initial, startKpi }: { chartId: number | null; dashboardId: number | null; initial: { name: string; settings: ChartSettings; canEdit: boolean } | null; startKpi: number | null }) {
  const dispatch = useDispatch();
  const [, navigate] = useLocation();
  const meta = useKpiMeta();
  const save = useModel((state: AppState) => state.charts.save);
  const [name, setName] = useState(initial?.name ?? "");
  const [settings, setSettings] = useState<ChartSettings>(() => initial?.settings ?? defaultChartSettings(startKpi !== null && meta.kpis.some((kpi) => kpi.id === startKpi) ? [startKpi] : []));
  const [checked, setChecked] = useState(false);
  const [sent, setSent] = useState(false);
  useEffect(() => {
    dispatch({ _tag: "ResetChartSave" });
  }, [dispatch]);
  // A save of this builder ended: back to the dashboard it was for, or on to the saved chart.
  useEffect(() => {
    if (!sent || save.status !== "saved" || !save.chart) return;
    setSent(false);
    if (save.dashboardId !== null) navigate(`/reporting/custom-dashboard/${save.dashboardId}`);
    else if (chartId === null) navigate(`${BUILDER_PATH}?chart=${save.chart.id}`, { replace: true });
  }, [sent, save, chartId, navigate]);

  const localErrors = useMemo(() => {
    const problems: Record<string, string[]> = chartSettingsProblems(settings);
    if (!name.trim()) problems.name = [CHART_NAME_BLANK];
    if (!settings.kpiIds.length) problems["settings.kpiIds"] = ["Choose at least one KPI."];
    if (!settings.series.length) problems["settings.series"] = ["Choose at least one series."];
    if (!Number.isInteger(settings.period.months) || settings.period.months < 1 || settings.period.months > 120) problems["settings.period.months"] = ["Choose 1 to 120 months."];
    return problems;
  }, [name, settings]);
  const errors = checked && Object.keys(localErrors).length ? localErrors : save.status === "error" ? save.fields : {};
  const submit = (toDashboard: boolean) => {
    setChecked(true);
    if (Object.keys(localErrors).length) return;
    setSent(true);
    dispatch({ _tag: "SaveChart", chartId, name: name.trim(), settings, dashboardId: toDashboard ? dashboardId : null });
  };
  const readOnly = initial !== null && !initial.canEdit;
  const previewable = settings.kpiIds.length > 0 && settings.series.length > 0 && settings.period.months >= 1 && settings.period.months <= 120;
  const title = chartId === null ? "New chart" : `Chart: ${initial?.name ?? ""}`;
  return (
    <Page $width="wide" aria-labelledby="builder-title">
      <PageHeader
        title="Chart builder"
        headingId="builder-title"
        breadcrumbs={[{ label: "Reporting", href: "/reporting/operational-dashboard" }, { label: "Chart builder", href: BUILDER_PATH }]}
        description={chartId === null ? "Chart one or more KPIs as bars, stacks, lines or a pivot table, and save it for the KPI detail and dashboards." : undefined}
        actions={
          <>
            {chartId !== null ? (
              <Button onClick={() => navigate(dashboardId !== null ? `${BUILDER_PATH}?dashboard=${dashboardId}` : BUILDER_PATH)}>New chart</Button>
            ) : null}
            {dashboardId !== null ? (
              <Button variant={chartId === null ? "secondary" : "primary"} busy={save.status === "saving"} disabled={readOnly} onClick={() => submit(true)}>
                Save and add to dashboard
              </Button>
            ) : null}
            <Button variant="primary" busy={save.status === "saving"} disabled={readOnly} onClick={() => submit(false)}>
              {chartId === null ? "Save chart" : "Save changes"}
            </Button>
          </>
        }
      />
      {readOnly ? <Alert tone="info">Only the chart's creator can change it: this is a preview of its settings.</Alert> : null}
      {save.status === "error" && save.message ? (
        <Alert tone="danger" title={save.chart ? "Not added to the dashboard" : "The chart was not saved"}>
          {save.message}
        </Alert>
      ) : null}
      <Columns>
        <div className="settings">
          <Card title={title} padding="md">
            <ChartBuilderForm name={name} settings={settings} catalogue={meta.kpis} onName={setName} onChange={setSettings} errors={errors} />
          </Card>
        </div>
        <div className="preview">
          <Card title="Preview" padding="md" aria-live="polite">
            {previewable ? <ChartDrawing dataKey="builder/preview" settings={settings} title={name.trim() || "New chart"} /> : <p className="hint">Choose a KPI and a series to see the chart.</p>}
          </Card>
        </div>
        <div className="saved">
          <Card title="Saved charts" padding="md">
            <SavedChartsList catalogue={meta.kpis} editing={chartId} />
          </Card>
        </div>
      </Columns>
    </Page>
  );
}

// Side by side where the preview has room (a pivot table needs it); narrower, the preview comes
// first, so a change below is seen without scrolling back up.
const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(300px, 380px) minmax(0, 1fr);
  grid-template-areas: "settings preview" "settings saved";
  grid-template-rows: auto 1fr;
  gap: 16px;
  align-items: start;
  .settings { grid-area: settings; min-width: 0; }
  .preview { grid-area: preview; min-width: 0; }
  .saved { grid-area: saved; min-width: 0; }
  .hint { margin: 0; color: ${(p) => p.theme.textMuted}; }
  @media (max-width: 1200px) {
    grid-template-columns: minmax(0, 1fr);
    grid-template-areas: "preview" "settings" "saved";
    grid-template-rows: auto;
  }
`;
