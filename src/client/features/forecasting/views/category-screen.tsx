import { useEffect, useState } from "react";
import { Link, useParams } from "wouter";
import { styled } from "styled-components";
import { FORECAST_METHOD_LABELS, FORECAST_SOURCE_LABELS, type ForecastSummary } from "../../../../contracts/forecasting";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { useConfirm } from "../../../ui/confirm";
import { DataTable, type DataTableColumn } from "../../../ui/data-table";
import { Page, Stack } from "../../../ui/layout";
import { LinkTabs } from "../../../ui/link-tabs";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState, NotFoundState } from "../../../ui/states";
import { SPACE } from "../../../ui/tokens";
import { CreateWizard } from "./create-wizard";
import { day, timeframe } from "./format";

/**
 * /forecasting/category/{categoryId}: the category's forecasts (active marked, system or user,
 * source, method, timeframes, created) with their actions, and the create wizard. Activating
 * while another forecast is active is a switch: the question names both.
 */
export default function CategoryScreen() {
  const params = useParams<{ categoryId: string }>();
  return <CategoryOverview categoryId={Number(params.categoryId)} />;
}

/** A category's overview; also what /forecasting shows, for the first category. */
export function CategoryOverview({ categoryId }: { categoryId: number }) {
  const dispatch = useDispatch();
  const categories = useModel((state: AppState) => state.forecasting.categories);
  const reports = useModel((state: AppState) => state.forecasting.reports);
  const action = useModel((state: AppState) => state.forecasting.action);
  const revision = useModel((state: AppState) => state.forecasting.revision);
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    dispatch({ _tag: "LoadForecastCategories" });
  }, [dispatch, revision]);
  useEffect(() => {
    if (Number.isSafeInteger(categoryId)) dispatch({ _tag: "LoadForecastReports", categoryId });
  }, [dispatch, categoryId, revision]);

  if (!Number.isSafeInteger(categoryId) || (reports.status === "error" && reports.notFound && reports.categoryId === categoryId)) return <NotFoundState homeHref="/forecasting" homeLabel="Go to forecasting" />;
  const data = reports.categoryId === categoryId ? reports.data : null;
  const category = data?.category ?? categories.items.find((item) => item.id === categoryId);
  const forecasts = data?.forecasts ?? [];
  const active = forecasts.find((forecast) => forecast.isActive) ?? null;

  const columns: DataTableColumn<ForecastSummary>[] = [
    {
      key: "name",
      header: "Forecast",
      rowHeader: true,
      sticky: true,
      sortValue: (forecast) => forecast.name.toLowerCase(),
      cell: (forecast) => (
        <NameCell>
          <Link href={`/forecasting/${forecast.id}`}>{forecast.name}</Link>
          {forecast.isActive ? <Badge tone="good">Active</Badge> : null}
        </NameCell>
      ),
    },
    { key: "kind", header: "Made by", sortValue: (forecast) => (forecast.isSystem ? 0 : 1), cell: (forecast) => (forecast.isSystem ? <Badge tone="accent">System</Badge> : <Badge>User{forecast.createdBy ? ` · ${forecast.createdBy}` : ""}</Badge>) },
    { key: "source", header: "Source", sortValue: (forecast) => forecast.source, cell: (forecast) => FORECAST_SOURCE_LABELS[forecast.source] },
    { key: "method", header: "Method", cell: (forecast) => FORECAST_METHOD_LABELS[forecast.method] },
    { key: "actuals", header: "Actuals timeframe", sortValue: (forecast) => forecast.actualsFrom ?? "", cell: (forecast) => timeframe(forecast.actualsFrom, forecast.actualsTo) },
    { key: "forecast", header: "Forecast timeframe", sortValue: (forecast) => forecast.forecastFrom, cell: (forecast) => timeframe(forecast.forecastFrom, forecast.forecastTo) },
    { key: "created", header: "Created", sortValue: (forecast) => forecast.createdAt, cell: (forecast) => <time dateTime={forecast.createdAt}>{day(forecast.createdAt)}</time> },
    ...(data?.mayWrite ? [{ key: "actions", header: "Actions", cell: (forecast: ForecastSummary) => <ForecastActions forecast={forecast} active={active} categoryName={category?.name ?? "this category"} stale={reports.status !== "loaded"} /> }] : []),
  ];

  return (
    <Page>
      <PageHeader
        title={category ? `Forecasting: ${category.name}` : "Forecasting"}
        breadcrumbs={[{ label: "Forecasting", href: "/forecasting" }, ...(category ? [{ label: category.name, href: `/forecasting/category/${categoryId}` }] : [])]}
        description="Each category has at most one active forecast: its values are the forecast figures of every dashboard, KPI detail and financial table."
        actions={
          data?.mayWrite && !creating ? (
            <Button variant="primary" onClick={() => setCreating(true)}>
              New forecast
            </Button>
          ) : null
        }
      />
      <Stack>
        {categories.items.length > 1 ? <LinkTabs label="KPI categories" tabs={categories.items.map((item) => ({ href: `/forecasting/category/${item.id}`, label: item.name }))} current={`/forecasting/category/${categoryId}`} /> : null}
        {action.status === "done" && action.notice ? (
          <Alert tone="success" role="status">
            {action.notice}
          </Alert>
        ) : null}
        {action.status === "error" && action.message ? (
          <Alert tone="danger" title="Not done">
            {action.message}
          </Alert>
        ) : null}
        {creating && category ? <CreateWizard categoryId={categoryId} categoryName={category.name} onClose={() => setCreating(false)} /> : null}
        {reports.status === "error" && reports.categoryId === categoryId ? (
          <ErrorState message={reports.message} onRetry={() => dispatch({ _tag: "LoadForecastReports", categoryId })} />
        ) : !data ? (
          <LoadingState label="Loading forecasts…" variant="skeleton" />
        ) : forecasts.length === 0 ? (
          <EmptyState title="No forecasts yet" text={`${data.category.name} has no forecast. Create one from the company's actuals or from the forecasting spreadsheet.`} />
        ) : (
          <DataTable label={`Forecasts of ${data.category.name}`} columns={columns} rows={forecasts} rowKey={(forecast) => forecast.id} />
        )}
      </Stack>
    </Page>
  );
}

/** While the list loads again, its actions wait: a question must name the forecast active now. */
function ForecastActions({ forecast, active, categoryName, stale }: { forecast: ForecastSummary; active: ForecastSummary | null; categoryName: string; stale: boolean }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const running = useModel((state: AppState) => state.forecasting.action.status === "running") || stale;
  const activate = async () => {
    const yes = active
      ? await confirm({
          title: "Switch the active forecast?",
          message: `The active forecast of ${categoryName} changes from ${active.name} to ${forecast.name}. Every dashboard, KPI detail and financial table then shows the values of ${forecast.name}.`,
          confirmLabel: `Switch to ${forecast.name}`,
        })
      : await confirm({
          title: `Activate ${forecast.name}?`,
          message: `${categoryName} has no active forecast. Every dashboard, KPI detail and financial table then shows the values of ${forecast.name}.`,
          confirmLabel: "Activate",
        });
    if (yes) dispatch({ _tag: "ActivateForecast", forecastId: forecast.id });
  };
  const deactivate = async () => {
    if (await confirm({ title: `Deactivate ${forecast.name}?`, message: `${categoryName} then has no active forecast: its KPIs show no forecast figures until one is activated.`, confirmLabel: "Deactivate", tone: "danger" })) {
      dispatch({ _tag: "DeactivateForecast", forecastId: forecast.id });
    }
  };
  const remove = async () => {
    if (await confirm({ title: `Delete ${forecast.name}?`, message: "The forecast and all its values are deleted for good.", confirmLabel: "Delete", tone: "danger" })) {
      dispatch({ _tag: "DeleteForecast", forecastId: forecast.id, categoryId: forecast.categoryId });
    }
  };
  return (
    <ActionCell>
      {forecast.isActive ? (
        <Button size="sm" variant="quiet" disabled={running} onClick={deactivate} aria-label={`Deactivate ${forecast.name}`}>
          Deactivate
        </Button>
      ) : (
        <Button size="sm" variant="quiet" disabled={running} onClick={activate} aria-label={active ? `Switch to ${forecast.name}` : `Activate ${forecast.name}`}>
          {active ? "Switch to" : "Activate"}
        </Button>
      )}
      {!forecast.isActive && !forecast.isSystem ? (
        <Button size="sm" variant="quiet" disabled={running} onClick={remove} aria-label={`Delete ${forecast.name}`}>
          Delete
        </Button>
      ) : null}
    </ActionCell>
  );
}

const NameCell = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${SPACE.xs};
  flex-wrap: wrap;
`;

const ActionCell = styled.div`
  display: flex;
  gap: ${SPACE.xs};
`;
