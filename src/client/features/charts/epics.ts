import { Schema } from "@effect/schema";
import { Effect } from "effect";
import { concat, concatMap, exhaustMap, filter, groupBy, map, mergeMap, of, switchMap } from "rxjs";
import { ChartsResponse, SavedChart } from "../../../contracts/charts";
import { HistoryResponse } from "../../../contracts/kpis";
import type { CommandOf, DomainEvent } from "../../../contracts/messages";
import {
  ChartDataLoaded,
  ChartDataLoadFailed,
  ChartDataLoadStarted,
  ChartDeleted,
  ChartDeleteFailed,
  ChartLoaded,
  ChartLoadFailed,
  ChartLoadStarted,
  ChartSaved,
  ChartSaveFailed,
  ChartSaveReset,
  ChartSaveStarted,
  ChartsChangedElsewhere,
  ChartsLoaded,
  ChartsLoadFailed,
  ChartsLoadStarted,
} from "../../../contracts/messages/charts";
import { ToastShown } from "../../../contracts/messages/notifications";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError, fieldMessagesOf, type ApiError } from "../../effect/errors";
import { fromEffect, outcome$ } from "../../effect/observable";

type ChartsEpic = Epic<AppState, EpicDeps>;

/** Where a chart list is kept: every chart, or those drawing one KPI. */
export const chartListKey = (kpiId: number | null) => (kpiId === null ? "all" : `kpi/${kpiId}`);

/** What a chart's data answers: the command without its key, as stable text. */
export const chartDataParams = (command: CommandOf<"LoadChartData">) => {
  const { _tag, key, ...params } = command;
  return JSON.stringify(params);
};

/** Lists: a newer load of the same list supersedes the running one. */
export const loadLists: ChartsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadCharts"),
    groupBy(({ command }) => chartListKey(command.kpiId)),
    mergeMap((list$) =>
      list$.pipe(
        switchMap(({ command, commandId }) => {
          const key = chartListKey(command.kpiId);
          return concat(
            of<DomainEvent>(ChartsLoadStarted.make({ key })),
            outcome$(
              deps.api.request({ root: "main", method: "GET", path: "/charts/", query: { kpi: command.kpiId ?? undefined }, decode: ChartsResponse }),
              (answer): DomainEvent => ChartsLoaded.make({ key, charts: answer.charts }),
              (error): DomainEvent => ChartsLoadFailed.make({ key, message: describeApiError(error) }),
            ),
          ).pipe(causedBy(commandId));
        }),
      ),
    ),
  );

/** One chart: per chart a newer load supersedes the running one; a 404 says it no longer exists. */
export const loadOne: ChartsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadChart"),
    groupBy(({ command }) => command.chartId),
    mergeMap((chart$) =>
      chart$.pipe(
        switchMap(({ command, commandId }) =>
          concat(
            of<DomainEvent>(ChartLoadStarted.make({ chartId: command.chartId })),
            outcome$(
              deps.api.request({ root: "main", method: "GET", path: `/charts/${command.chartId}/`, decode: SavedChart }),
              (chart): DomainEvent => ChartLoaded.make({ chart }),
              (error: ApiError): DomainEvent => ChartLoadFailed.make({ chartId: command.chartId, message: describeApiError(error), missing: error._tag === "NotFound" }),
            ),
          ).pipe(causedBy(commandId)),
        ),
      ),
    ),
  );

/**
 * A chart's figures: its KPIs' history in one request (and in fiscal years for a pivot's totals),
 * in the FX selection. Per key a newer request supersedes the running one, so a quick FX switch
 * or settings change never shows older numbers.
 */
export const loadData: ChartsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadChartData"),
    groupBy(({ command }) => command.key),
    mergeMap((data$) =>
      data$.pipe(
        switchMap(({ command, commandId }) => {
          const params = chartDataParams(command);
          const history = (bucketSize: number) =>
            deps.api.request({
              root: "main",
              method: "GET",
              path: "/kpis/history/",
              query: { endDate: command.endDate, timeRange: command.timeRange, bucketSize, fxRate: command.fxRate ?? undefined, idList: command.kpiIds.join(",") },
              decode: HistoryResponse,
            });
          const both = Effect.all([history(command.bucketSize), command.years ? history(12) : Effect.succeed(null)], { concurrency: 2 });
          return concat(
            of<DomainEvent>(ChartDataLoadStarted.make({ key: command.key, params })),
            outcome$(
              both,
              ([buckets, years]): DomainEvent => ChartDataLoaded.make({ key: command.key, params, history: buckets.results, years: years?.results ?? null }),
              (error): DomainEvent => ChartDataLoadFailed.make({ key: command.key, params, message: describeApiError(error) }),
            ),
          ).pipe(causedBy(commandId));
        }),
      ),
    ),
  );

/**
 * Saving (exhaustMap: a second press does not save twice): POST a new chart or PUT a change; with
 * a dashboard, then add the chart to it as a card. A chart saved but not added says so.
 */
export const saveChart: ChartsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("SaveChart", "ResetChartSave"),
    exhaustMap(({ command, commandId }) => {
      if (command._tag === "ResetChartSave") return of<Emitted>({ event: ChartSaveReset.make({}), commandId });
      const toast = (text: string): DomainEvent => ToastShown.make({ id: deps.ids(), tone: "success", text, action: null });
      const body = { name: command.name, settings: command.settings };
      const save =
        command.chartId === null
          ? deps.api.request({ root: "main", method: "POST", path: "/charts/", body, decode: SavedChart })
          : deps.api.request({ root: "main", method: "PUT", path: `/charts/${command.chartId}/`, body, decode: SavedChart });
      const created = command.chartId === null;
      const saved = save.pipe(
        Effect.flatMap((chart) => {
          if (command.dashboardId === null) return Effect.succeed<DomainEvent[]>([ChartSaved.make({ chart, created, dashboardId: null }), toast(`Saved the chart “${chart.name}”.`)]);
          return deps.api
            .request({ root: "main", method: "POST", path: `/custom-dashboards/${command.dashboardId}/cards/`, body: { title: chart.name, content: { type: "chart", chartId: chart.id } } })
            .pipe(
              Effect.match({
                onSuccess: (): DomainEvent[] => [ChartSaved.make({ chart, created, dashboardId: command.dashboardId }), toast(`Saved the chart “${chart.name}” and added it to the dashboard.`)],
                onFailure: (error): DomainEvent[] => [ChartSaveFailed.make({ message: `The chart was saved, but not added to the dashboard: ${describeApiError(error)}`, fields: {}, chart })],
              }),
            );
        }),
        Effect.catchAll((error: ApiError) => Effect.succeed<DomainEvent[]>([ChartSaveFailed.make({ message: describeApiError(error), fields: fieldMessagesOf(error), chart: null })])),
      );
      return concat(of<DomainEvent>(ChartSaveStarted.make({})), fromEffect(saved).pipe(mergeMap((events) => events))).pipe(causedBy(commandId));
    }),
  );

/** Deletes keep their order; each outcome says itself in a toast. */
export const deleteChart: ChartsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("DeleteChart"),
    concatMap(({ command, commandId }) => {
      const toast = (tone: "success" | "error", text: string): DomainEvent => ToastShown.make({ id: deps.ids(), tone, text, action: null });
      return fromEffect(
        deps.api.request({ root: "main", method: "DELETE", path: `/charts/${command.chartId}/` }).pipe(
          Effect.match({
            onSuccess: (): DomainEvent[] => [ChartDeleted.make({ chartId: command.chartId }), toast("success", `Deleted the chart “${command.name}”.`)],
            onFailure: (error): DomainEvent[] => {
              const message = describeApiError(error);
              return [ChartDeleteFailed.make({ chartId: command.chartId, message }), toast("error", `The chart “${command.name}” was not deleted: ${message}`)];
            },
          }),
        ),
      ).pipe(
        mergeMap((events) => events),
        causedBy(commandId),
      );
    }),
  );

const CHART_CHANGES = new Set(["ChartCreated", "ChartChanged", "ChartDeleted"]);
const ChangedChart = Schema.Struct({ chartId: Schema.Number });
const decodeChanged = Schema.decodeUnknownOption(ChangedChart);

/** Another person's (or tab's) chart change: the open lists and that chart load again. */
export const chartsChangedElsewhere: ChartsEpic = ({ event$ }) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    filter((envelope) => CHART_CHANGES.has(envelope.payload.type)),
    map((envelope): Emitted => {
      const changed = decodeChanged(envelope.payload.payload);
      return { event: ChartsChangedElsewhere.make({ chartId: changed._tag === "Some" ? changed.value.chartId : null }), origin: "remote" };
    }),
  );

export const chartsEpics = { loadLists, loadOne, loadData, saveChart, deleteChart, chartsChangedElsewhere };
