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
import { useUnsavedChangesGuard } from "../../../ui/navigation-guard";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { monthDateOf } from "../../../../domain/months";
import { useKpiMeta, useReportingFrame } from "../../kpis/views/hooks";
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
  const frame = useReportingFrame();
  const save = useModel((state: AppState) => state.charts.save);
  // What a save keeps: the chart as it was opened (or a new chart's defaults), then as last saved.
  const [baseline, setBaseline] = useState<Draft>(() => ({ name: initial?.name ?? "", settings: initial?.settings ?? defaultChartSettings(startKpi !== null && meta.kpis.some((kpi) => kpi.id === startKpi) ? [startKpi] : []) }));
  const [name, setName] = useState(baseline.name);
  const [settings, setSettings] = useState<ChartSettings>(baseline.settings);
  const [checked, setChecked] = useState(false);
  /** The draft a running save sent. */
  const [sent, setSent] = useState<Draft | null>(null);
  useEffect(() => {
    dispatch({ _tag: "ResetChartSave" });
  }, [dispatch]);
  const readOnly = initial !== null && !initial.canEdit;
  // Saved just now: compared with what was sent already in this render, so the guard is off
  // before the effect below navigates on (to the dashboard, or to the new chart's address).
  const savedNow = sent !== null && save.status === "saved" && save.chart !== null;
  const dirty = !readOnly && changedFrom(savedNow ? sent : baseline, { name, settings });
  useUnsavedChangesGuard(dirty, "This chart has unsaved changes. If you leave the chart builder, they are lost.");
  // A save of this builder ended: back to the dashboard it was for, or on to the saved chart.
  useEffect(() => {
    if (!savedNow || !sent || !save.chart) return;
    setBaseline(sent);
    setSent(null);
    if (save.dashboardId !== null) navigate(`/reporting/custom-dashboard/${save.dashboardId}`);
    else if (chartId === null) navigate(`${BUILDER_PATH}?chart=${save.chart.id}`, { replace: true });
  }, [savedNow, sent, save, chartId, navigate]);
  const discard = () => {
    setName(baseline.name);
    setSettings(baseline.settings);
    setChecked(false);
    dispatch({ _tag: "ResetChartSave" });
  };

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
    setSent({ name: name.trim(), settings });
    dispatch({ _tag: "SaveChart", chartId, name: name.trim(), settings, dashboardId: toDashboard ? dashboardId : null });
  };
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
            {dirty ? <Button onClick={discard}>Discard changes</Button> : null}
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
            <ChartBuilderForm name={name} settings={settings} catalogue={meta.kpis} reportingMonth={monthDateOf(frame.end - frame.ignoreLastMonths)} onName={setName} onChange={setSettings} errors={errors} />
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

/** A chart as the builder edits it: its name and settings. */
interface Draft {
  readonly name: string;
  readonly settings: ChartSettings;
}

/** Whether the builder holds something a save would keep (a name differing only in spaces is the same name). */
function changedFrom(saved: Draft, current: Draft): boolean {
  return saved.name.trim() !== current.name.trim() || JSON.stringify(saved.settings) !== JSON.stringify(current.settings);
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
