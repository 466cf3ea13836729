import { Schema } from "@effect/schema";
import { concat, concatMap, debounceTime, filter, groupBy, map, mergeMap, of, switchMap, type Observable } from "rxjs";
import { AggregatesResponse, AppSettings, FavoritesResponse, HistoryResponse, KpiCategory, KpiMeta, ValuesResponse } from "../../../contracts/kpis";
import type { CommandOf, DomainEvent } from "../../../contracts/messages";
import {
  AppSettingsLoaded,
  AppSettingsLoadFailed,
  AppSettingsSaved,
  AppSettingsSaveFailed,
  DashboardCategoryFolded,
  DashboardFilterChanged,
  FavoriteAdded,
  FavoriteRemoved,
  FavoriteToggleFailed,
  KpiAggregatesLoaded,
  KpiCategoriesLoaded,
  KpiCategoriesLoadFailed,
  KpiDataChangedElsewhere,
  KpiHistoryLoaded,
  KpiMetaLoaded,
  KpiMetaLoadFailed,
  KpiMetaLoadStarted,
  KpiMonthValuesSaveFailed,
  KpiMonthValuesSaveStarted,
  KpiValueEdited,
  KpiValuesLoaded,
  KpiValuesSaveFailed,
  KpiValuesSaveStarted,
  KpiViewLoadFailed,
  KpiViewLoadStarted,
  PendingValueRejected,
  PendingValuesDiscarded,
  PendingValueSet,
  ReportingPeriodChanged,
} from "../../../contracts/messages/kpis";
import { parseNumberInput } from "../../../domain/kpi/number-input";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError, fieldMessagesOf } from "../../effect/errors";
import { outcome$ } from "../../effect/observable";

type KpisEpic = Epic<AppState, EpicDeps>;

/** How long filter changes wait before they are saved (spec section 9: 100 ms). */
export const FILTER_SAVE_DEBOUNCE_MS = 100;

/** Server event types that change KPI values other users may have open. */
const VALUE_CHANGES = new Set([
  "KpiValueEdited",
  "PlanningValueEdited",
  "ForecastValueEdited",
  "ForecastActivated",
  "ForecastDeactivated",
  "ForecastRecomputed",
  "ForecastValuesAdjusted",
  // KPI settings (issue 15): the catalogue itself changed, so the KPI meta loads again.
  "CustomKpiCreated",
  "KpiSettingsChanged",
  "KpiBenchmarksChanged",
  "CustomKpiDeleted",
  "KpiCategoryRenamed",
  "KpiCategoryDeleted",
]);

export const loadMeta: KpisEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadKpiMeta"),
    switchMap(({ commandId }) =>
      concat(
        of(KpiMetaLoadStarted.make({})),
        outcome$(
          deps.api.request({ root: "main", method: "GET", path: "/kpis/meta/", decode: Schema.Array(KpiMeta) }),
          (kpis): DomainEvent => KpiMetaLoaded.make({ kpis }),
          (error): DomainEvent => KpiMetaLoadFailed.make({ message: describeApiError(error) }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

export const loadCategories: KpisEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadKpiCategories"),
    switchMap(({ command, commandId }) =>
      outcome$(
        deps.api.request({ root: "main", method: "GET", path: "/kpis/categories/", query: { kind: command.kind }, decode: Schema.Struct({ categories: Schema.Array(KpiCategory) }) }),
        (answer): DomainEvent => KpiCategoriesLoaded.make({ kind: command.kind, categories: answer.categories }),
        (error): DomainEvent => KpiCategoriesLoadFailed.make({ kind: command.kind, message: describeApiError(error) }),
      ).pipe(causedBy(commandId)),
    ),
  );

type ViewCommand = CommandOf<"LoadKpiAggregates" | "LoadKpiHistory" | "LoadKpiValues">;
const KIND = { LoadKpiAggregates: "aggregates", LoadKpiHistory: "history", LoadKpiValues: "values" } as const;

/** What a view's data answers: the command without its key, as stable text. */
export const viewParams = (command: ViewCommand) => {
  const { _tag, key, ...params } = command;
  return JSON.stringify(params);
};

/**
 * The three view loads. Per view key a newer request supersedes the running one (switchMap in a
 * group), so a quick FX switch never shows the older currency's numbers.
 */
export const loadViews: KpisEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadKpiAggregates", "LoadKpiHistory", "LoadKpiValues"),
    groupBy(({ command }) => `${command._tag}/${command.key}`),
    mergeMap((group$) =>
      group$.pipe(
        switchMap(({ command, commandId }) => {
          const kind = KIND[command._tag];
          const params = viewParams(command);
          const failed = (error: Parameters<typeof describeApiError>[0]): DomainEvent => KpiViewLoadFailed.make({ kind, key: command.key, params, message: describeApiError(error) });
          return concat(of<DomainEvent>(KpiViewLoadStarted.make({ kind, key: command.key, params })), viewRequest(deps, command, params, failed)).pipe(causedBy(commandId));
        }),
      ),
    ),
  );

function viewRequest(deps: EpicDeps, command: ViewCommand, params: string, failed: (error: Parameters<typeof describeApiError>[0]) => DomainEvent): Observable<DomainEvent> {
  const fxRate = command.fxRate ?? undefined;
  switch (command._tag) {
    case "LoadKpiAggregates":
      return outcome$(
        deps.api.request({
          root: "main",
          method: "GET",
          path: "/kpis/aggregates/",
          query: { endDate: command.endDate, ignoreLastMonths: command.ignoreLastMonths, fxRate, idList: command.idList?.join(",") },
          decode: AggregatesResponse,
        }),
        (answer) => KpiAggregatesLoaded.make({ key: command.key, params, results: answer.results }),
        failed,
      );
    case "LoadKpiHistory":
      return outcome$(
        deps.api.request({
          root: "main",
          method: "GET",
          path: "/kpis/history/",
          query: { endDate: command.endDate, timeRange: command.timeRange, bucketSize: command.bucketSize, fxRate, idList: String(command.kpiId) },
          decode: HistoryResponse,
        }),
        (answer) => KpiHistoryLoaded.make({ key: command.key, params, results: answer.results }),
        failed,
      );
    case "LoadKpiValues":
      return outcome$(
        deps.api.request({
          root: "main",
          method: "POST",
          path: "/kpis/values/",
          // A read: safe to retry.
          idempotent: true,
          body: { startDate: command.startDate, date: command.date, type: command.type, idList: command.idList ?? undefined, includePlanning: command.includePlanning, fxRate: command.fxRate, ...(command.planningVersion ? { planningVersion: command.planningVersion } : {}) },
          decode: ValuesResponse,
        }),
        (answer) => KpiValuesLoaded.make({ key: command.key, params, kpis: answer.kpis }),
        failed,
      );
  }
}

/** A typed cell becomes a pending value or the spec's message for it; nothing is sent yet. */
export const editValue: KpisEpic = ({ command$ }) =>
  command$.pipe(
    ofCommand("EditKpiValue", "DiscardPendingValues"),
    map(({ command, commandId }): Emitted => {
      if (command._tag === "DiscardPendingValues") return { event: PendingValuesDiscarded.make({ kpiId: command.kpiId }), commandId };
      const input = parseNumberInput(command.text, command.unit);
      const event =
        input.kind === "invalid"
          ? PendingValueRejected.make({ kpiId: command.kpiId, date: command.date, text: command.text, message: input.message })
          : PendingValueSet.make({ kpiId: command.kpiId, date: command.date, text: command.text, value: input.kind === "remove" ? "-" : input.value });
      return { event, commandId };
    }),
  );

/** The KPI's pending values in one request; the server saves all of them or none. */
export const saveValues: KpisEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("SavePendingValues"),
    concatMap(({ command, commandId }) => {
      const pending = state$.value.kpis.pending[command.kpiId] ?? {};
      const values = Object.entries(pending).map(([date, entry]) => ({ kpi: command.kpiId, date, value: entry.value }));
      if (values.length === 0) return of<Emitted>();
      return concat(
        of<DomainEvent>(KpiValuesSaveStarted.make({ kpiId: command.kpiId })),
        outcome$(
          deps.api.request({ root: "main", method: "POST", path: "/kpis/monthly-values/", body: { values }, decode: SavedValues }),
          (answer): DomainEvent => KpiValueEdited.make({ values: answer.values }),
          (error): DomainEvent => KpiValuesSaveFailed.make({ kpiId: command.kpiId, message: describeApiError(error), fields: fieldMessagesOf(error) }),
        ),
      ).pipe(causedBy(commandId));
    }),
  );

/**
 * One month's pending values across KPIs (the data input grid) in one request: the server saves
 * all of them or none, as for one KPI.
 */
export const saveMonthValues: KpisEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("SaveMonthValues"),
    concatMap(({ command, commandId }) => {
      const pending = state$.value.kpis.pending;
      const values = command.kpiIds.flatMap((kpi) => {
        const entry = pending[kpi]?.[command.date];
        return entry ? [{ kpi, date: command.date, value: entry.value }] : [];
      });
      if (values.length === 0) return of<Emitted>();
      const kpiIds = values.map((value) => value.kpi);
      return concat(
        of<DomainEvent>(KpiMonthValuesSaveStarted.make({ date: command.date, kpiIds })),
        outcome$(
          deps.api.request({ root: "main", method: "POST", path: "/kpis/monthly-values/", body: { values }, decode: SavedValues }),
          (answer): DomainEvent => KpiValueEdited.make({ values: answer.values }),
          (error): DomainEvent => KpiMonthValuesSaveFailed.make({ date: command.date, kpiIds, message: describeApiError(error), fields: fieldMessagesOf(error) }),
        ),
      ).pipe(causedBy(commandId));
    }),
  );

const SavedValues = Schema.Struct({ values: Schema.Array(Schema.Struct({ kpi: Schema.Number, date: Schema.String, value: Schema.NullOr(Schema.Number) })) });

/** Favorites in the order they are toggled; the server answers the whole ordered list. */
export const toggleFavorite: KpisEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("ToggleFavorite"),
    concatMap(({ command, commandId }) => {
      const isFavorite = state$.value.kpis.favorites.includes(command.kpiId);
      const request = isFavorite
        ? deps.api.request({ root: "main", method: "DELETE", path: `/kpis/favorites/${command.kpiId}/`, decode: FavoritesResponse })
        : deps.api.request({ root: "main", method: "POST", path: "/kpis/favorites/", body: { kpi: command.kpiId }, decode: FavoritesResponse });
      return outcome$(
        request,
        (answer): DomainEvent => (isFavorite ? FavoriteRemoved : FavoriteAdded).make({ kpiId: command.kpiId, favorites: answer.kpis }),
        (error): DomainEvent => FavoriteToggleFailed.make({ kpiId: command.kpiId, message: describeApiError(error) }),
      ).pipe(causedBy(commandId));
    }),
  );

export const loadSettings: KpisEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadAppSettings"),
    switchMap(({ commandId }) =>
      outcome$(
        deps.api.request({ root: "main", method: "GET", path: "/settings/", decode: AppSettings }),
        (settings): DomainEvent => AppSettingsLoaded.make({ settings }),
        // Without saved settings the defaults of spec section 9 apply.
        (error): DomainEvent => AppSettingsLoadFailed.make({ message: describeApiError(error) }),
      ).pipe(causedBy(commandId)),
    ),
  );

/** Filter, period and folding changes apply at once; filters and period are saved after a 100 ms pause. */
export const changeFilters: KpisEpic = ({ command$ }) =>
  command$.pipe(
    ofCommand("ChangeDashboardFilter", "ChangeReportingPeriod", "FoldDashboardCategory"),
    map(({ command, commandId }): Emitted => {
      const event =
        command._tag === "ChangeDashboardFilter"
          ? DashboardFilterChanged.make({ dashboard: command.dashboard, filter: command.filter })
          : command._tag === "FoldDashboardCategory"
            ? DashboardCategoryFolded.make({ dashboard: command.dashboard, category: command.category, folded: command.folded })
            : ReportingPeriodChanged.make({ endDate: command.endDate, ignoreLastMonths: command.ignoreLastMonths });
      return { event, commandId };
    }),
  );

export const saveSettings: KpisEpic = ({ event$, state$ }, deps) =>
  event$.pipe(
    ofEvent("DashboardFilterChanged", "ReportingPeriodChanged"),
    // Only the person's own changes (a replayed log folds without saving anything).
    filter((envelope) => envelope.origin === "local"),
    debounceTime(FILTER_SAVE_DEBOUNCE_MS),
    switchMap(() => {
      const { filters, period } = state$.value.kpis;
      const changedPeriod = period.endDate !== null || period.ignoreLastMonths !== 0;
      const settings = { kpiDashboardFilter: { ...filters }, ...(changedPeriod ? { daterangeFilter: { endDate: period.endDate, ignoreLastMonths: period.ignoreLastMonths } } : {}) };
      return outcome$(
        deps.api.request({ root: "main", method: "PUT", path: "/settings/", body: settings, decode: AppSettings }),
        (): DomainEvent => AppSettingsSaved.make({}),
        (error): DomainEvent => AppSettingsSaveFailed.make({ message: describeApiError(error) }),
      ).pipe(map((event): Emitted => ({ event })));
    }),
  );

/** Another user's value edits: the KPIs' open views load again, without a reload of the page. */
export const valuesChangedElsewhere: KpisEpic = ({ event$ }) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    filter((envelope) => VALUE_CHANGES.has(envelope.payload.type)),
    map((envelope): Emitted => {
      // Value edits name their KPIs per value; a forecast switched, recomputed or adjusted names its category's KPIs (kpiIds).
      const payload = envelope.payload.payload as { values?: { kpi?: unknown }[]; kpiIds?: unknown[] } | null;
      const named = [...(payload?.values ?? []).map((value) => value.kpi), ...(Array.isArray(payload?.kpiIds) ? payload.kpiIds : [])];
      const kpiIds = [...new Set(named.filter((kpi): kpi is number => typeof kpi === "number"))];
      return { event: KpiDataChangedElsewhere.make({ kpiIds }), origin: "remote" };
    }),
  );

export const kpisEpics = { loadMeta, loadCategories, loadViews, editValue, saveValues, saveMonthValues, toggleFavorite, loadSettings, changeFilters, saveSettings, valuesChangedElsewhere };
