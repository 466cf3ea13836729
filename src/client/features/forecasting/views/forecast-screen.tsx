import { useEffect, useId } from "react";
import { Link, useLocation, useParams } from "wouter";
import { styled } from "styled-components";
import { FORECAST_METHOD_LABELS, FORECAST_SOURCE_LABELS, type ForecastDetail, type ForecastKpiRow } from "../../../../contracts/forecasting";
import { ACCURACY_NO_ACTUALS, ACCURACY_ZERO_ACTUALS } from "../../../../domain/forecasting/texts";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import { NUMBER_INPUT_HINT } from "../../../../domain/kpi/number-input";
import { monthIndexOf, monthLabel } from "../../../../domain/months";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useConfirm } from "../../../ui/confirm";
import { Checkbox } from "../../../ui/inputs";
import { Cluster, Page, Stack } from "../../../ui/layout";
import { useUnsavedChangesGuard } from "../../../ui/navigation-guard";
import { PageHeader } from "../../../ui/page-header";
import { ErrorState, LoadingState, NotFoundState } from "../../../ui/states";
import { Table, TableFrame, Td, Th } from "../../../ui/table-parts";
import { Text } from "../../../ui/text";
import { VisuallyHidden } from "../../../ui/visually-hidden";
import { SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { ValueCell } from "../../kpis/views/detail/value-cell";
import { useDrafts } from "../../kpis/views/value-grid";
import { cellKey } from "../model";
import { day, timeframe } from "./format";

/**
 * /forecasting/{id}: a forecast's KPIs × months. People who may write a KPI and forecasts adjust
 * values in place (the KPI detail's typing rules; '-' removes a value) and choose per KPI whether
 * it keeps its hand-set values when the forecast is recomputed; Save sends all in one request.
 * Beside each value the actual that arrived for the month, and per KPI the accuracy (MAPE).
 */
export default function ForecastScreen() {
  const dispatch = useDispatch();
  const params = useParams<{ forecastId: string }>();
  const forecastId = Number(params.forecastId);
  const detail = useModel((state: AppState) => state.forecasting.detail);
  const revision = useModel((state: AppState) => state.forecasting.revision);
  useEffect(() => {
    if (Number.isSafeInteger(forecastId)) dispatch({ _tag: "LoadForecast", forecastId });
  }, [dispatch, forecastId, revision]);
  useEffect(() => {
    dispatch({ _tag: "LoadForecastCategories" });
  }, [dispatch, revision]);

  if (!Number.isSafeInteger(forecastId) || (detail.status === "error" && detail.notFound && detail.forecastId === forecastId)) return <NotFoundState homeHref="/forecasting" homeLabel="Go to forecasting" />;
  const data = detail.forecastId === forecastId ? detail.data : null;
  if (!data) {
    return (
      <Page>
        <PageHeader title="Forecast" breadcrumbs={[{ label: "Forecasting", href: "/forecasting" }]} />
        {detail.status === "error" ? <ErrorState message={detail.message} onRetry={() => dispatch({ _tag: "LoadForecast", forecastId })} /> : <LoadingState label="Loading the forecast…" variant="skeleton" lines={8} />}
      </Page>
    );
  }
  return <Forecast data={data} />;
}

function Forecast({ data }: { data: ForecastDetail }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const [, navigate] = useLocation();
  const { forecast, category } = data;
  const edits = useModel((state: AppState) => state.forecasting.edits);
  const action = useModel((state: AppState) => state.forecasting.action);
  const active = useModel((state: AppState) => state.forecasting.categories.items.find((item) => item.id === category.id)?.activeForecast ?? null);
  const currency = useModel((state: AppState) => state.session.company?.localCurrency ?? "EUR");
  const drafts = useDrafts();
  const hintId = useId();
  const changed = Object.keys(edits.cells).length + Object.keys(edits.overrides).length;
  const refused = Object.values(edits.cells).some((edit) => "error" in edit);
  useUnsavedChangesGuard(changed > 0 || drafts.any);
  useEffect(() => {
    if (action.status === "done" && action.action === "delete" && action.forecastId === forecast.id) navigate(`/forecasting/category/${category.id}`, { replace: true });
  }, [action, forecast.id, category.id, navigate]);

  const activate = async () => {
    const yes =
      active && active.id !== forecast.id
        ? await confirm({
            title: "Switch the active forecast?",
            message: `The active forecast of ${category.name} changes from ${active.name} to ${forecast.name}. Every dashboard, KPI detail and financial table then shows the values of ${forecast.name}.`,
            confirmLabel: `Switch to ${forecast.name}`,
          })
        : await confirm({ title: `Activate ${forecast.name}?`, message: `${category.name} has no active forecast. Every dashboard, KPI detail and financial table then shows the values of ${forecast.name}.`, confirmLabel: "Activate" });
    if (yes) dispatch({ _tag: "ActivateForecast", forecastId: forecast.id });
  };
  const deactivate = async () => {
    if (await confirm({ title: `Deactivate ${forecast.name}?`, message: `${category.name} then has no active forecast: its KPIs show no forecast figures until one is activated.`, confirmLabel: "Deactivate", tone: "danger" })) dispatch({ _tag: "DeactivateForecast", forecastId: forecast.id });
  };
  const recompute = async () => {
    const kept = data.kpis.filter((kpi) => kpi.override).length;
    const source = forecast.source === "meridian" ? `the actuals of ${timeframe(forecast.actualsFrom, forecast.actualsTo)}` : "the forecasting spreadsheet";
    if (await confirm({ title: `Compute ${forecast.name} again?`, message: `Its values are computed again from ${source}.${kept ? ` ${kept === 1 ? "1 KPI keeps its" : `${kept} KPIs keep their`} values set by hand.` : ""} Other hand-set values are replaced.`, confirmLabel: "Compute again" })) {
      dispatch({ _tag: "RecomputeForecast", forecastId: forecast.id });
    }
  };
  const remove = async () => {
    if (await confirm({ title: `Delete ${forecast.name}?`, message: "The forecast and all its values are deleted for good.", confirmLabel: "Delete", tone: "danger" })) dispatch({ _tag: "DeleteForecast", forecastId: forecast.id, categoryId: category.id });
  };
  const running = action.status === "running";

  return (
    <Page $width="wide">
      <PageHeader
        title={forecast.name}
        breadcrumbs={[
          { label: "Forecasting", href: "/forecasting" },
          { label: category.name, href: `/forecasting/category/${category.id}` },
          { label: forecast.name, href: `/forecasting/${forecast.id}` },
        ]}
        titleAddon={
          <Cluster $gap="xs">
            {forecast.isActive ? <Badge tone="good">Active</Badge> : <Badge>Not active</Badge>}
            {forecast.isSystem ? <Badge tone="accent">System</Badge> : <Badge>User</Badge>}
          </Cluster>
        }
        description={`${FORECAST_SOURCE_LABELS[forecast.source]} · ${FORECAST_METHOD_LABELS[forecast.method]} · actuals ${timeframe(forecast.actualsFrom, forecast.actualsTo)} · forecast ${timeframe(forecast.forecastFrom, forecast.forecastTo)} · created ${day(forecast.createdAt)}${forecast.createdBy ? ` by ${forecast.createdBy}` : ""}`}
        actions={
          data.mayWrite ? (
            <Cluster $gap="xs">
              {forecast.isActive ? (
                <Button onClick={deactivate} disabled={running}>
                  Deactivate
                </Button>
              ) : (
                <Button variant="primary" onClick={activate} disabled={running}>
                  {active ? "Switch to this forecast" : "Activate"}
                </Button>
              )}
              <Button onClick={recompute} disabled={running || changed > 0}>
                Compute again
              </Button>
              {!forecast.isActive && !forecast.isSystem ? (
                <Button variant="danger" onClick={remove} disabled={running}>
                  Delete
                </Button>
              ) : null}
            </Cluster>
          ) : null
        }
      />
      <Column $gap="md">
        {action.status === "done" && action.notice && action.forecastId === forecast.id ? (
          <Alert tone="success" role="status">
            {action.notice}
          </Alert>
        ) : null}
        {action.status === "error" && action.forecastId === forecast.id ? (
          <Alert tone="danger" title="Not done">
            {action.message}
          </Alert>
        ) : null}
        {data.kpis.some((kpi) => kpi.writable) ? (
          <Cluster $gap="md">
            <Button variant="primary" disabled={changed === 0 || refused} busy={edits.status === "saving"} onClick={() => dispatch({ _tag: "SaveForecastEdits", forecastId: forecast.id })}>
              {changed === 0 ? "Save changes" : changed === 1 ? "Save 1 change" : `Save ${changed} changes`}
            </Button>
            <Button disabled={changed === 0} onClick={() => dispatch({ _tag: "DiscardForecastEdits" })}>
              Discard
            </Button>
            <Text $size="sm" $tone="muted" id={hintId}>
              {NUMBER_INPUT_HINT} A KPI whose values you change keeps them when the forecast is computed again.
            </Text>
          </Cluster>
        ) : null}
        {edits.status === "error" && edits.message ? (
          <Alert tone="danger" title="Not saved">
            {edits.message} Nothing was saved; your changes are kept below.
          </Alert>
        ) : null}
        <Card title={`${category.name}: forecast values and actuals`} padding="md" style={{ minWidth: 0 }}>
          {data.kpis.length === 0 ? (
            <Text $tone="muted">You may not read any KPI of this category.</Text>
          ) : (
            <TableFrame label={`${forecast.name}: KPIs by month, scrollable`} maxHeight="70vh">
              <Table aria-label={`${forecast.name}: forecast values by KPI and month`}>
                <thead>
                  <tr>
                    <Th scope="col" sticky>
                      KPI
                    </Th>
                    <Th scope="col" numeric>
                      Accuracy (MAPE)
                    </Th>
                    <Th scope="col">Keep by hand</Th>
                    {data.months.map((date) => (
                      <Th scope="col" numeric key={date}>
                        {monthLabel(monthIndexOf(date))}
                      </Th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.kpis.map((kpi) => (
                    <KpiRow key={kpi.id} kpi={kpi} data={data} currency={currency} hintId={hintId} onDraft={(dirty, key) => drafts.set(key, dirty)} />
                  ))}
                </tbody>
              </Table>
            </TableFrame>
          )}
        </Card>
        <Text $size="sm" $tone="muted">
          Accuracy is the mean absolute percentage error of the forecast against the actuals that arrived after it was made; lower is better. {ACCURACY_ZERO_ACTUALS}
        </Text>
      </Column>
    </Page>
  );
}

function KpiRow({ kpi, data, currency, hintId, onDraft }: { kpi: ForecastKpiRow; data: ForecastDetail; currency: string; hintId: string; onDraft: (dirty: boolean, key: string) => void }) {
  const dispatch = useDispatch();
  const cells = useModel((state: AppState) => state.forecasting.edits.cells);
  const overrides = useModel((state: AppState) => state.forecasting.edits.overrides);
  const format = (value: number | null) => formatKpiValue(value, kpi.unit, { currency, scale: "none" });
  const editable = kpi.writable && data.fxRateId === null;
  const override = overrides[kpi.id] ?? kpi.override;
  const accuracy = kpi.accuracy;
  return (
    <tr data-kpi={kpi.id}>
      <Th scope="row" sticky>
        <KpiName>
          <Link href={`/reporting/kpi-detail/${kpi.id}`} state={{ from: `/forecasting/${data.forecast.id}` }}>
            {kpi.name}
          </Link>
          {kpi.note ? <Note>{kpi.note}</Note> : null}
        </KpiName>
      </Th>
      <Td numeric title={accuracy.mape === null ? ACCURACY_NO_ACTUALS : `Over ${accuracy.months} month${accuracy.months === 1 ? "" : "s"}${accuracy.zeroActualMonths ? `; ${accuracy.zeroActualMonths} with an actual of 0 left out` : ""}`}>
        {accuracy.mape === null ? <Text $tone="muted">—</Text> : `${accuracy.mape.toFixed(1)} %`}
        {accuracy.mape !== null ? <Sub>{`${accuracy.months} mo${accuracy.zeroActualMonths ? `, ${accuracy.zeroActualMonths} × 0 left out` : ""}`}</Sub> : null}
      </Td>
      <OverrideTd>
        <Checkbox label={<VisuallyHidden>{`Keep ${kpi.name} by hand`}</VisuallyHidden>} checked={override} disabled={!editable} onChange={(event) => dispatch({ _tag: "SetForecastOverride", kpiId: kpi.id, override: event.target.checked })} />
      </OverrideTd>
      {data.months.map((date, index) => {
        const key = cellKey(kpi.id, date);
        const edit = cells[key];
        const stored = kpi.values[index] ?? null;
        const actual = kpi.actuals[index] ?? null;
        const label = `${kpi.name} forecast ${monthLabel(monthIndexOf(date))}`;
        return (
          <ValueTd numeric key={date} $adjusted={kpi.adjusted[index] ?? false}>
            {editable ? (
              <ValueCell
                label={label}
                id={`forecast-${kpi.id}-${date}`}
                stored={stored}
                text={edit?.text}
                display={edit ? ("error" in edit ? null : format(edit.value)) : stored === null ? null : format(stored)}
                error={edit && "error" in edit ? edit.error : undefined}
                hintId={hintId}
                pending={edit !== undefined}
                onCommit={(text) => dispatch({ _tag: "EditForecastValue", kpiId: kpi.id, date, text, unit: kpi.unit })}
                onDraftChange={(dirty) => onDraft(dirty, key)}
              />
            ) : (
              <span aria-label={label}>{stored === null ? "—" : format(stored)}</span>
            )}
            {actual !== null ? <Sub>{`Actual ${format(actual)}`}</Sub> : null}
          </ValueTd>
        );
      })}
    </tr>
  );
}

/** One column that never grows past the page: the grid scrolls inside its frame instead. */
const Column = styled(Stack)`
  grid-template-columns: minmax(0, 1fr);
`;

/** The hidden label is placed inside its cell, not at the page's edge (it would widen the page on a phone). */
const OverrideTd = styled(Td)`
  position: relative;
`;

const KpiName = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 10rem;
`;

const Note = styled.span`
  font-size: ${TYPE_SCALE.sm.size};
  line-height: ${TYPE_SCALE.sm.lineHeight};
  font-weight: normal;
  color: ${({ theme }) => theme.textMuted};
`;

const Sub = styled.span`
  display: block;
  font-size: ${TYPE_SCALE.sm.size};
  line-height: ${TYPE_SCALE.sm.lineHeight};
  color: ${({ theme }) => theme.textMuted};
  white-space: nowrap;
`;

const ValueTd = styled(Td)<{ $adjusted: boolean }>`
  height: auto;
  min-width: 9.5rem;
  padding-top: 2px;
  padding-bottom: ${SPACE.xs};
  ${({ $adjusted, theme }) => ($adjusted ? `box-shadow: inset 3px 0 0 ${theme.accent};` : "")}
`;
