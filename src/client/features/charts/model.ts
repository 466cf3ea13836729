import { castDraft, produce } from "immer";
import type { SavedChart } from "../../../contracts/charts";
import type { HistoryBucket } from "../../../contracts/kpis";
import type { Reducer } from "../../bus/store";

type History = Readonly<Record<string, readonly HistoryBucket[]>>;

export interface ChartData {
  readonly status: "loading" | "loaded" | "error";
  readonly params: string;
  readonly history: History | null;
  /** The same range in fiscal years (pivot subtotals and totals), when asked for. */
  readonly years: History | null;
  readonly message: string | null;
}

/**
 * The charts' read model: chart lists (all, or by KPI), single charts by id (`missing` once the
 * server said it does not exist for this reader), each drawn chart's figures by key, the save's
 * state with the server's field messages, and a revision that another person's change bumps so
 * open views load again.
 */
export interface ChartsModel {
  readonly lists: Readonly<Record<string, { readonly status: "loading" | "loaded" | "error"; readonly charts: readonly SavedChart[]; readonly message: string | null }>>;
  readonly charts: Readonly<Record<number, { readonly status: "loading" | "loaded" | "error" | "missing"; readonly chart: SavedChart | null; readonly message: string | null }>>;
  readonly data: Readonly<Record<string, ChartData>>;
  readonly save: { readonly status: "idle" | "saving" | "saved" | "error"; readonly message: string | null; readonly fields: Readonly<Record<string, readonly string[]>>; readonly chart: SavedChart | null; readonly dashboardId: number | null };
  readonly revision: number;
}

export const initialCharts: ChartsModel = { lists: {}, charts: {}, data: {}, save: { status: "idle", message: null, fields: {}, chart: null, dashboardId: null }, revision: 0 };

export const chartsReducer: Reducer<ChartsModel> = (model, event) => {
  switch (event._tag) {
    case "ChartsLoadStarted":
      return produce(model, (draft) => {
        const current = draft.lists[event.key];
        draft.lists[event.key] = { status: "loading", charts: current?.charts ?? [], message: null };
      });
    case "ChartsLoaded":
      return produce(model, (draft) => {
        draft.lists[event.key] = { status: "loaded", charts: castDraft(event.charts), message: null };
      });
    case "ChartsLoadFailed":
      return produce(model, (draft) => {
        draft.lists[event.key] = { status: "error", charts: draft.lists[event.key]?.charts ?? [], message: event.message };
      });
    case "ChartLoadStarted":
      return produce(model, (draft) => {
        draft.charts[event.chartId] = { status: "loading", chart: draft.charts[event.chartId]?.chart ?? null, message: null };
      });
    case "ChartLoaded":
      return produce(model, (draft) => {
        draft.charts[event.chart.id] = { status: "loaded", chart: castDraft(event.chart), message: null };
      });
    case "ChartLoadFailed":
      return produce(model, (draft) => {
        draft.charts[event.chartId] = { status: event.missing ? "missing" : "error", chart: event.missing ? null : (draft.charts[event.chartId]?.chart ?? null), message: event.message };
      });
    case "ChartDataLoadStarted":
      return produce(model, (draft) => {
        const current = draft.data[event.key];
        // The same figures asked again (a reload) stay on screen while they load.
        const same = current?.params === event.params;
        draft.data[event.key] = { status: "loading", params: event.params, history: same ? current.history : null, years: same ? current.years : null, message: null };
      });
    case "ChartDataLoaded":
      return produce(model, (draft) => {
        if (draft.data[event.key]?.params !== event.params) return;
        draft.data[event.key] = { status: "loaded", params: event.params, history: castDraft(event.history), years: castDraft(event.years), message: null };
      });
    case "ChartDataLoadFailed":
      return produce(model, (draft) => {
        const current = draft.data[event.key];
        if (current?.params !== event.params) return;
        current.status = "error";
        current.message = event.message;
      });
    case "ChartSaveStarted":
      return produce(model, (draft) => {
        draft.save = { status: "saving", message: null, fields: {}, chart: null, dashboardId: null };
      });
    case "ChartSaved":
      return produce(model, (draft) => {
        draft.save = { status: "saved", message: null, fields: {}, chart: castDraft(event.chart), dashboardId: event.dashboardId };
        draft.charts[event.chart.id] = { status: "loaded", chart: castDraft(event.chart), message: null };
        for (const list of Object.values(draft.lists)) {
          const index = list.charts.findIndex((chart) => chart.id === event.chart.id);
          if (index >= 0) list.charts.splice(index, 1);
        }
        // Newest change first, as the server lists them; a list by KPI only when the chart draws it.
        for (const [key, list] of Object.entries(draft.lists)) {
          if (key === "all" || event.chart.settings.kpiIds.some((kpi) => key === `kpi/${kpi}`)) list.charts.unshift(castDraft(event.chart));
        }
      });
    case "ChartSaveFailed":
      return produce(model, (draft) => {
        draft.save = { status: "error", message: event.message, fields: castDraft(event.fields), chart: castDraft(event.chart), dashboardId: null };
      });
    case "ChartSaveReset":
      return produce(model, (draft) => {
        draft.save = castDraft(initialCharts.save);
      });
    case "ChartDeleted":
      return produce(model, (draft) => {
        for (const list of Object.values(draft.lists)) list.charts = list.charts.filter((chart) => chart.id !== event.chartId);
        draft.charts[event.chartId] = { status: "missing", chart: null, message: null };
      });
    case "ChartsChangedElsewhere":
      return produce(model, (draft) => {
        draft.revision += 1;
      });
    default:
      return model;
  }
};
