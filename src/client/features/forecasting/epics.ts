import { Schema } from "@effect/schema";
import { concat, concatMap, exhaustMap, filter, map, of, switchMap } from "rxjs";
import { ForecastCategories, ForecastComputed, ForecastDetail, ForecastPatched, ForecastReports, ForecastSources, ForecastSummary, ForecastSwitched } from "../../../contracts/forecasting";
import type { DomainEvent } from "../../../contracts/messages";
import {
  ForecastActionFailed,
  ForecastActionStarted,
  ForecastActivated,
  ForecastCategoriesLoaded,
  ForecastCategoriesLoadFailed,
  ForecastCategoriesLoadStarted,
  ForecastCellEdited,
  ForecastCreated,
  ForecastCreatedDismissed,
  ForecastCreateFailed,
  ForecastCreateStarted,
  ForecastDeactivated,
  ForecastDeleted,
  ForecastEditsDiscarded,
  ForecastEditsSaved,
  ForecastEditsSaveFailed,
  ForecastEditsSaveStarted,
  ForecastLoaded,
  ForecastLoadFailed,
  ForecastLoadStarted,
  ForecastOverrideSet,
  ForecastRecomputed,
  ForecastReportsLoaded,
  ForecastReportsLoadFailed,
  ForecastReportsLoadStarted,
  ForecastsChangedElsewhere,
  ForecastSourcesLoaded,
  ForecastSourcesLoadFailed,
} from "../../../contracts/messages/forecasting";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError, fieldMessagesOf, type ApiError } from "../../effect/errors";
import { outcome$ } from "../../effect/observable";
import { parseNumberInput } from "../../../domain/kpi/number-input";
import { pendingChanges } from "./model";

type ForecastingEpic = Epic<AppState, EpicDeps>;

/** The first message a refusal names (a field's, else the detail), else the error in words. */
function messageOf(error: ApiError): string {
  const fields = fieldMessagesOf(error);
  const first = Object.values(fields).find((messages) => messages.length > 0)?.[0];
  return first ?? describeApiError(error);
}

const load = <T extends "LoadForecastCategories" | "LoadForecastReports" | "LoadForecastSources" | "LoadForecast">(
  tag: T,
  run: (command: Extract<import("../../../contracts/messages").Command, { _tag: T }>, deps: EpicDeps) => import("rxjs").Observable<DomainEvent>,
): ForecastingEpic =>
  ({ command$ }, deps) =>
    command$.pipe(
      ofCommand(tag),
      switchMap(({ command, commandId }) => run(command as never, deps).pipe(causedBy(commandId))),
    );

export const loadCategories = load("LoadForecastCategories", (_command, deps) =>
  concat(
    of(ForecastCategoriesLoadStarted.make({})),
    outcome$(
      deps.api.request({ root: "main", method: "GET", path: "/forecasting/categories/", decode: ForecastCategories }),
      (categories): DomainEvent => ForecastCategoriesLoaded.make({ categories }),
      (error): DomainEvent => ForecastCategoriesLoadFailed.make({ message: describeApiError(error) }),
    ),
  ),
);

export const loadReports = load("LoadForecastReports", (command, deps) =>
  concat(
    of(ForecastReportsLoadStarted.make({ categoryId: command.categoryId })),
    outcome$(
      deps.api.request({ root: "main", method: "GET", path: `/forecasting/${command.categoryId}/reports/`, decode: ForecastReports }),
      (reports): DomainEvent => ForecastReportsLoaded.make({ reports }),
      (error): DomainEvent => ForecastReportsLoadFailed.make({ categoryId: command.categoryId, message: describeApiError(error), notFound: error._tag === "NotFound" }),
    ),
  ),
);

export const loadSources = load("LoadForecastSources", (command, deps) =>
  outcome$(
    deps.api.request({ root: "main", method: "GET", path: `/forecasting/${command.categoryId}/sources/`, decode: ForecastSources }),
    (sources): DomainEvent => ForecastSourcesLoaded.make({ categoryId: command.categoryId, sources }),
    (error): DomainEvent => ForecastSourcesLoadFailed.make({ categoryId: command.categoryId, message: describeApiError(error) }),
  ),
);

export const loadForecast = load("LoadForecast", (command, deps) =>
  concat(
    of(ForecastLoadStarted.make({ forecastId: command.forecastId })),
    outcome$(
      deps.api.request({ root: "main", method: "GET", path: `/forecasting/${command.forecastId}/`, decode: ForecastDetail }),
      (detail): DomainEvent => ForecastLoaded.make({ detail }),
      (error): DomainEvent => ForecastLoadFailed.make({ forecastId: command.forecastId, message: describeApiError(error), notFound: error._tag === "NotFound" }),
    ),
  ),
);

/** A create must not double (exhaustMap); its refusal keeps the field messages for the wizard. */
export const createForecast: ForecastingEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("CreateForecast"),
    exhaustMap(({ command, commandId }) =>
      concat(
        of(ForecastCreateStarted.make({})),
        outcome$(
          deps.api.request({ root: "main", method: "POST", path: "/forecasting/", body: command.request, decode: ForecastComputed }),
          (result): DomainEvent => ForecastCreated.make({ result }),
          (error): DomainEvent => ForecastCreateFailed.make({ message: describeApiError(error), fields: fieldMessagesOf(error) }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

/** Activate, deactivate, recompute and delete keep their order (concatMap). */
export const changeForecasts: ForecastingEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("ActivateForecast", "DeactivateForecast", "RecomputeForecast", "DeleteForecast"),
    concatMap(({ command, commandId }) => {
      const failed = (action: string) => (error: ApiError): DomainEvent => ForecastActionFailed.make({ forecastId: command.forecastId, action, message: messageOf(error) });
      const started = (action: string) => of(ForecastActionStarted.make({ forecastId: command.forecastId, action }));
      const path = `/forecasting/${command.forecastId}/`;
      switch (command._tag) {
        case "ActivateForecast":
          return concat(started("activate"), outcome$(deps.api.request({ root: "main", method: "POST", path: `${path}activate/`, decode: ForecastSwitched }), (result): DomainEvent => ForecastActivated.make({ result }), failed("activate"))).pipe(causedBy(commandId));
        case "DeactivateForecast":
          return concat(started("deactivate"), outcome$(deps.api.request({ root: "main", method: "POST", path: `${path}deactivate/`, decode: ForecastSummary }), (forecast): DomainEvent => ForecastDeactivated.make({ forecast }), failed("deactivate"))).pipe(causedBy(commandId));
        case "RecomputeForecast":
          return concat(started("recompute"), outcome$(deps.api.request({ root: "main", method: "POST", path: `${path}recompute/`, decode: ForecastComputed }), (result): DomainEvent => ForecastRecomputed.make({ result }), failed("recompute"))).pipe(causedBy(commandId));
        case "DeleteForecast":
          return concat(
            started("delete"),
            outcome$(deps.api.request({ root: "main", method: "DELETE", path, decode: Schema.Unknown }), (): DomainEvent => ForecastDeleted.make({ forecastId: command.forecastId, categoryId: command.categoryId }), failed("delete")),
          ).pipe(causedBy(commandId));
      }
    }),
  );

/** Typing in the grid (parsed here by the KPI detail's rules, so the model stays out of the first load) and the override switches. */
export const editGrid: ForecastingEpic = ({ command$ }) =>
  command$.pipe(
    ofCommand("EditForecastValue", "SetForecastOverride", "DiscardForecastEdits", "DismissForecastCreated"),
    map(({ command, commandId }): Emitted => {
      switch (command._tag) {
        case "EditForecastValue":
        {
          const parsed = parseNumberInput(command.text, command.unit);
          const value = parsed.kind === "value" ? parsed.value : null;
          return { event: ForecastCellEdited.make({ kpiId: command.kpiId, date: command.date, text: command.text, value, error: parsed.kind === "invalid" ? parsed.message : null }), commandId };
        }
        case "SetForecastOverride":
          return { event: ForecastOverrideSet.make({ kpiId: command.kpiId, override: command.override }), commandId };
        case "DiscardForecastEdits":
          return { event: ForecastEditsDiscarded.make({}), commandId };
        case "DismissForecastCreated":
          return { event: ForecastCreatedDismissed.make({}), commandId };
      }
    }),
  );

/** Every pending value and override of the open forecast in one PATCH: all or nothing. */
export const saveEdits: ForecastingEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("SaveForecastEdits"),
    exhaustMap(({ command, commandId }) => {
      const changes = pendingChanges(state$.value.forecasting.edits);
      if (!changes) return of(ForecastEditsSaveFailed.make({ forecastId: command.forecastId, message: "Correct the values marked in the grid first." })).pipe(causedBy(commandId));
      const body = { ...(changes.values.length ? { values: changes.values } : {}), ...(changes.overrides.length ? { overrides: changes.overrides } : {}) };
      return concat(
        of(ForecastEditsSaveStarted.make({ forecastId: command.forecastId })),
        outcome$(
          deps.api.request({ root: "main", method: "PATCH", path: `/forecasting/${command.forecastId}/`, body, decode: ForecastPatched }),
          (result): DomainEvent => ForecastEditsSaved.make({ result }),
          (error): DomainEvent => ForecastEditsSaveFailed.make({ forecastId: command.forecastId, message: messageOf(error) }),
        ),
      ).pipe(causedBy(commandId));
    }),
  );

/** Server event types of forecasting: another person's (or browser's) change reloads the open screens. */
export const FORECAST_CHANGES = new Set(["ForecastCreated", "ForecastActivated", "ForecastDeactivated", "ForecastRecomputed", "ForecastValuesAdjusted", "ForecastDeleted", "ForecastValueEdited"]);

export const forecastsChangedElsewhere: ForecastingEpic = ({ event$ }) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    filter((envelope) => FORECAST_CHANGES.has(envelope.payload.type)),
    map((envelope): Emitted => {
      const payload = envelope.payload.payload as { categoryId?: unknown; forecastId?: unknown } | null;
      return {
        event: ForecastsChangedElsewhere.make({ categoryId: typeof payload?.categoryId === "number" ? payload.categoryId : null, forecastId: typeof payload?.forecastId === "number" ? payload.forecastId : null }),
        origin: "remote",
      };
    }),
  );

export const forecastingEpics = { loadCategories, loadReports, loadSources, loadForecast, createForecast, changeForecasts, editGrid, saveEdits, forecastsChangedElsewhere };
