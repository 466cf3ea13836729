import { castDraft, produce } from "immer";
import type { DashboardFilter, HistoryBucket, KpiAggregatesResult, KpiCategory, KpiMeta, ValuesResponse } from "../../../contracts/kpis";
import { DEFAULT_DASHBOARD_FILTER } from "../../../contracts/kpis-defaults";
import type { Reducer } from "../../bus/store";

/** One loaded view: the data stays while a newer request for the same key runs (status loading). */
export interface ViewData<T> {
  readonly status: "loading" | "loaded" | "error";
  /** The request this data (or the running load) answers. */
  readonly params: string;
  readonly data: T | null;
  readonly message: string | null;
}

export type Dashboard = "operational" | "strategic";
export interface PendingValue {
  readonly text: string;
  readonly value: number | "-";
}

/** KPI reporting's read models: the catalogue, the loaded views, pending edits and the filters. */
export interface KpisModel {
  /**
   * The KPI catalogue, kept for the session. `answers` is the data revision it was requested at
   * (null before the first load): it is loaded again only when `revision` moved past it. A
   * reload keeps status "loaded" (with `refreshing`), so open views never drop their data or
   * send their requests again while it runs.
   */
  readonly meta: {
    readonly status: "idle" | "loading" | "loaded" | "error";
    readonly message: string | null;
    readonly kpis: readonly KpiMeta[];
    readonly answers: number | null;
    readonly refreshing: boolean;
    readonly requestedAt: number;
  };
  readonly favorites: readonly number[];
  readonly favoriteError: string | null;
  readonly categories: Readonly<Record<"financial" | "kpi", { readonly status: "loaded" | "error"; readonly categories: readonly KpiCategory[]; readonly message: string | null } | undefined>>;
  readonly aggregates: Readonly<Record<string, ViewData<Readonly<Record<string, KpiAggregatesResult>>>>>;
  readonly history: Readonly<Record<string, ViewData<Readonly<Record<string, readonly HistoryBucket[]>>>>>;
  readonly values: Readonly<Record<string, ViewData<ValuesResponse["kpis"]>>>;
  /** Bumped whenever KPI data changed (here or by another user): open views load again. */
  readonly revision: number;
  readonly pending: Readonly<Record<number, Readonly<Record<string, PendingValue>>>>;
  readonly rejected: Readonly<Record<number, Readonly<Record<string, { readonly text: string; readonly message: string }>>>>;
  readonly saving: Readonly<Record<number, { readonly status: "saving" | "error"; readonly message: string | null; readonly fields: Readonly<Record<string, readonly string[]>> } | undefined>>;
  readonly filters: Readonly<Record<Dashboard, DashboardFilter>>;
  /** The category sections a person folded on each dashboard, kept while the session lasts. */
  readonly folded: Readonly<Record<Dashboard, readonly string[]>>;
  /** The reporting month (null: the last complete month) and the 0-3 last months left out. */
  readonly period: { readonly endDate: string | null; readonly ignoreLastMonths: number };
  /** The saved filters and period are in (or could not be read): views load only then, once. */
  readonly settingsLoaded: boolean;
  readonly settingsError: string | null;
}

export const initialKpis: KpisModel = {
  meta: { status: "idle", message: null, kpis: [], answers: null, refreshing: false, requestedAt: 0 },
  favorites: [],
  favoriteError: null,
  categories: { financial: undefined, kpi: undefined },
  aggregates: {},
  history: {},
  values: {},
  revision: 0,
  pending: {},
  rejected: {},
  saving: {},
  filters: { operational: DEFAULT_DASHBOARD_FILTER, strategic: DEFAULT_DASHBOARD_FILTER },
  folded: { operational: [], strategic: [] },
  period: { endDate: null, ignoreLastMonths: 0 },
  settingsLoaded: false,
  settingsError: null,
};

const VIEW_SLICES = { aggregates: "aggregates", history: "history", values: "values" } as const;

export const kpisReducer: Reducer<KpisModel> = (model, event) => {
  switch (event._tag) {
    case "KpiMetaLoadStarted":
      return produce(model, (draft) => {
        draft.meta.requestedAt = draft.revision;
        if (draft.meta.status === "loaded") draft.meta.refreshing = true;
        else draft.meta.status = "loading";
        draft.meta.message = null;
      });
    case "KpiMetaLoaded":
      return produce(model, (draft) => {
        draft.meta = castDraft({ status: "loaded" as const, message: null, kpis: event.kpis, answers: draft.meta.requestedAt, refreshing: false, requestedAt: draft.meta.requestedAt });
        draft.favorites = event.kpis.filter((kpi) => kpi.favorite).map((kpi) => kpi.id);
      });
    case "KpiMetaLoadFailed":
      return produce(model, (draft) => {
        // A failed refresh keeps the catalogue the screens show; a failed first load is an error.
        if (draft.meta.refreshing) draft.meta.answers = draft.meta.requestedAt;
        else draft.meta.status = "error";
        draft.meta.refreshing = false;
        draft.meta.message = event.message;
      });
    case "KpiCategoriesLoaded":
      return produce(model, (draft) => {
        draft.categories[event.kind] = castDraft({ status: "loaded" as const, categories: event.categories, message: null });
      });
    case "KpiCategoriesLoadFailed":
      return produce(model, (draft) => {
        draft.categories[event.kind] = { status: "error", categories: [], message: event.message };
      });
    case "KpiViewLoadStarted":
      return produce(model, (draft) => {
        const slice = draft[VIEW_SLICES[event.kind]] as Record<string, ViewData<unknown>>;
        const previous = slice[event.key];
        slice[event.key] = { status: "loading", params: event.params, data: previous?.data ?? null, message: null };
      });
    case "KpiViewLoadFailed":
      return produce(model, (draft) => {
        const slice = draft[VIEW_SLICES[event.kind]] as Record<string, ViewData<unknown>>;
        if (slice[event.key]?.params !== event.params) return;
        slice[event.key] = { status: "error", params: event.params, data: slice[event.key]?.data ?? null, message: event.message };
      });
    case "KpiAggregatesLoaded":
      return produce(model, (draft) => {
        draft.aggregates[event.key] = castDraft({ status: "loaded" as const, params: event.params, data: event.results, message: null });
      });
    case "KpiHistoryLoaded":
      return produce(model, (draft) => {
        draft.history[event.key] = castDraft({ status: "loaded" as const, params: event.params, data: event.results, message: null });
      });
    case "KpiValuesLoaded":
      return produce(model, (draft) => {
        draft.values[event.key] = castDraft({ status: "loaded" as const, params: event.params, data: event.kpis, message: null });
      });
    case "PendingValueSet":
      return produce(model, (draft) => {
        (draft.pending[event.kpiId] ??= {})[event.date] = { text: event.text, value: event.value };
        delete draft.rejected[event.kpiId]?.[event.date];
      });
    case "PendingValueRejected":
      return produce(model, (draft) => {
        (draft.rejected[event.kpiId] ??= {})[event.date] = { text: event.text, message: event.message };
        delete draft.pending[event.kpiId]?.[event.date];
      });
    case "PendingValuesDiscarded":
      return produce(model, (draft) => {
        delete draft.pending[event.kpiId];
        delete draft.rejected[event.kpiId];
        delete draft.saving[event.kpiId];
      });
    case "KpiValuesSaveStarted":
      return produce(model, (draft) => {
        draft.saving[event.kpiId] = { status: "saving", message: null, fields: {} };
      });
    case "KpiValuesSaveFailed":
      return produce(model, (draft) => {
        draft.saving[event.kpiId] = castDraft({ status: "error" as const, message: event.message, fields: event.fields });
      });
    case "KpiMonthValuesSaveStarted":
      return produce(model, (draft) => {
        for (const kpiId of event.kpiIds) draft.saving[kpiId] = { status: "saving", message: null, fields: {} };
      });
    case "KpiMonthValuesSaveFailed":
      return produce(model, (draft) => {
        for (const kpiId of event.kpiIds) draft.saving[kpiId] = castDraft({ status: "error" as const, message: event.message, fields: event.fields });
      });
    case "KpiValueEdited":
      return produce(model, (draft) => {
        // Saving clears the pending values of the saved KPIs; their views load again.
        for (const kpiId of new Set(event.values.map((value) => value.kpi))) {
          delete draft.pending[kpiId];
          delete draft.rejected[kpiId];
          delete draft.saving[kpiId];
        }
        draft.revision += 1;
      });
    case "KpiDataChangedElsewhere":
    // KPI settings saved here (kpi-settings): names, benchmarks, categories change the catalogue.
    case "ManagedKpiSaved":
    case "ManagedKpiDeleted":
    case "ManagedCategorySaved":
    case "ManagedCategoryDeleted":
      return produce(model, (draft) => {
        draft.revision += 1;
      });
    case "FavoriteAdded":
    case "FavoriteRemoved":
      return produce(model, (draft) => {
        draft.favorites = [...event.favorites];
        draft.favoriteError = null;
        const favorites = new Set(event.favorites);
        for (const kpi of draft.meta.kpis) kpi.favorite = favorites.has(kpi.id);
      });
    case "FavoriteToggleFailed":
      return produce(model, (draft) => {
        draft.favoriteError = event.message;
      });
    case "AppSettingsLoaded":
      return produce(model, (draft) => {
        draft.settingsLoaded = true;
        const saved = event.settings.kpiDashboardFilter ?? {};
        for (const dashboard of ["operational", "strategic"] as const) draft.filters[dashboard] = { ...DEFAULT_DASHBOARD_FILTER, ...saved[dashboard] };
        if (event.settings.daterangeFilter) draft.period = { ...event.settings.daterangeFilter };
      });
    case "DashboardFilterChanged":
      return produce(model, (draft) => {
        draft.filters[event.dashboard] = event.filter;
      });
    case "DashboardCategoryFolded":
      return produce(model, (draft) => {
        const others = draft.folded[event.dashboard].filter((category) => category !== event.category);
        draft.folded[event.dashboard] = event.folded ? [...others, event.category] : others;
      });
    case "ReportingPeriodChanged":
      return produce(model, (draft) => {
        draft.period = { endDate: event.endDate, ignoreLastMonths: event.ignoreLastMonths };
      });
    case "AppSettingsLoadFailed":
      return produce(model, (draft) => {
        draft.settingsLoaded = true;
        draft.settingsError = event.message;
      });
    case "AppSettingsSaved":
      return produce(model, (draft) => {
        draft.settingsError = null;
      });
    case "AppSettingsSaveFailed":
      return produce(model, (draft) => {
        draft.settingsError = event.message;
      });
    case "SignedOut":
      return initialKpis;
    default:
      return model;
  }
};
