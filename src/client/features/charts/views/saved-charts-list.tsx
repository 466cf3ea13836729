import { useEffect } from "react";
import { Link } from "wouter";
import { styled } from "styled-components";
import type { SavedChart } from "../../../../contracts/charts";
import type { KpiMeta } from "../../../../contracts/kpis";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Button } from "../../../ui/button";
import { useConfirm } from "../../../ui/confirm";
import { ErrorState, LoadingState } from "../../../ui/states";
import { chartListKey } from "../epics";
import { CHART_TYPE_NAMES } from "./chart-builder-form";

export const BUILDER_PATH = "/reporting/custom-dashboard-helper";
/** Where a saved chart is seen: on the detail of its first KPI, at …/charts/{chartId}. */
export const chartDetailPath = (chart: Pick<SavedChart, "id" | "settings">, kpiId = chart.settings.kpiIds[0]) => `/reporting/kpi-detail/${kpiId}/charts/${chart.id}`;

/** The saved charts (all, or those of one KPI), loaded when shown and again after another person's change. */
export function useChartList(kpiId: number | null) {
  const dispatch = useDispatch();
  const revision = useModel((state: AppState) => state.charts.revision);
  useEffect(() => {
    dispatch({ _tag: "LoadCharts", kpiId });
  }, [dispatch, kpiId, revision]);
  return useModel((state: AppState) => state.charts.lists[chartListKey(kpiId)]);
}

/** The builder's list of saved charts: open one to edit, see it on its KPI's detail, delete it (its creator or staff). */
export function SavedChartsList({ catalogue, editing }: { catalogue: readonly KpiMeta[]; editing: number | null }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const list = useChartList(null);
  if (!list || (list.status === "loading" && !list.charts.length)) return <LoadingState variant="skeleton" lines={3} label="Loading charts…" />;
  if (list.status === "error") return <ErrorState title="The charts could not be loaded" message={list.message ?? ""} onRetry={() => dispatch({ _tag: "LoadCharts", kpiId: null })} />;
  if (!list.charts.length) return <p>No saved charts yet.</p>;
  const nameOf = (id: number) => catalogue.find((kpi) => kpi.id === id)?.name ?? `KPI ${id}`;
  const remove = async (chart: SavedChart) => {
    if (await confirm({ title: `Delete the chart “${chart.name}”?`, message: "Dashboard cards showing it will say it no longer exists.", confirmLabel: "Delete chart", tone: "danger" })) dispatch({ _tag: "DeleteChart", chartId: chart.id, name: chart.name });
  };
  return (
    <Items aria-label="Saved charts">
      {list.charts.map((chart) => (
        <li key={chart.id} aria-current={chart.id === editing ? "true" : undefined}>
          <div className="what">
            <Link href={chartDetailPath(chart)} className="name">
              {chart.name}
            </Link>
            <span className="meta">
              {CHART_TYPE_NAMES[chart.settings.type]} · {chart.settings.kpiIds.map(nameOf).join(", ")}
              {chart.createdBy ? ` · by ${chart.createdBy.name}` : ""}
            </span>
          </div>
          {chart.canEdit ? (
            <div className="actions">
              <Link href={`${BUILDER_PATH}?chart=${chart.id}`} aria-label={`Edit ${chart.name}`}>
                Edit
              </Link>
              <Button size="sm" variant="quiet" aria-label={`Delete ${chart.name}`} onClick={() => void remove(chart)}>
                Delete
              </Button>
            </div>
          ) : null}
        </li>
      ))}
    </Items>
  );
}

const Items = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  li { display: flex; justify-content: space-between; align-items: center; gap: 12px; padding: 8px 0; border-bottom: 1px solid ${(p) => p.theme.border}; }
  li:last-child { border-bottom: 0; }
  li[aria-current="true"] .name { font-weight: 600; }
  .what { display: grid; min-width: 0; }
  .meta { font-size: 13px; color: ${(p) => p.theme.textMuted}; overflow-wrap: anywhere; }
  .actions { display: flex; align-items: center; gap: 8px; white-space: nowrap; }
`;
