import { Effect } from "effect";
import { concat, concatMap, exhaustMap, filter, groupBy, map, mergeMap, of, switchMap } from "rxjs";
import { AlertsResponse, KpiAlert } from "../../../contracts/alerts";
import type { DomainEvent } from "../../../contracts/messages";
import {
  AlertActionFailed,
  AlertActionStarted,
  AlertChanged,
  AlertDeleted,
  AlertSaved,
  AlertSaveFailed,
  AlertSaveReset,
  AlertSaveStarted,
  AlertsChangedElsewhere,
  AlertsLoaded,
  AlertsLoadFailed,
  AlertsLoadStarted,
} from "../../../contracts/messages/alerts";
import { ToastShown } from "../../../contracts/messages/notifications";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError, fieldMessagesOf, type ApiError } from "../../effect/errors";
import { fromEffect, outcome$ } from "../../effect/observable";
import { alertListKey } from "./model";

type AlertsEpic = Epic<AppState, EpicDeps>;

/** Lists: a newer load of the same list supersedes the running one. */
export const loadAlerts: AlertsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadAlerts"),
    groupBy(({ command }) => alertListKey(command.kpiId)),
    mergeMap((list$) =>
      list$.pipe(
        switchMap(({ command, commandId }) => {
          const key = alertListKey(command.kpiId);
          return concat(
            of<DomainEvent>(AlertsLoadStarted.make({ key })),
            outcome$(
              deps.api.request({ root: "main", method: "GET", path: "/kpis/alerts/", query: { kpi: command.kpiId ?? undefined }, decode: AlertsResponse }),
              (answer): DomainEvent => AlertsLoaded.make({ key, alerts: answer.alerts, timeZone: answer.timeZone }),
              (error): DomainEvent => AlertsLoadFailed.make({ key, message: describeApiError(error) }),
            ),
          ).pipe(causedBy(commandId));
        }),
      ),
    ),
  );

/** Saving (exhaustMap: a second press does not save twice): POST a new alert or PATCH a change. */
export const saveAlert: AlertsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("SaveAlert", "ResetAlertSave"),
    exhaustMap(({ command, commandId }) => {
      if (command._tag === "ResetAlertSave") return of<Emitted>({ event: AlertSaveReset.make({}), commandId });
      const fields = { condition: command.condition, monthOffset: command.monthOffset, frequency: command.frequency };
      const created = command.alertId === null;
      const save = created
        ? deps.api.request({ root: "main", method: "POST", path: "/kpis/alerts/", body: { kpiId: command.kpiId, ...fields }, decode: KpiAlert })
        : deps.api.request({ root: "main", method: "PATCH", path: `/kpis/alerts/${command.alertId}/`, body: fields, decode: KpiAlert });
      const saved = save.pipe(
        Effect.map((alert): DomainEvent[] => [
          AlertSaved.make({ alert, created }),
          ToastShown.make({ id: deps.ids(), tone: "success", text: created ? `Alert set on ${command.kpiName}.` : `Alert on ${command.kpiName} saved.`, action: null }),
        ]),
        Effect.catchAll((error: ApiError) => Effect.succeed<DomainEvent[]>([AlertSaveFailed.make({ message: describeApiError(error), fields: fieldMessagesOf(error) })])),
      );
      return concat(of<DomainEvent>(AlertSaveStarted.make({})), fromEffect(saved).pipe(mergeMap((events) => events))).pipe(causedBy(commandId));
    }),
  );

/** Pause, resume and delete keep their order; each outcome says itself in a toast. */
export const alertActions: AlertsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("PauseAlert", "DeleteAlert"),
    concatMap(({ command, commandId }) => {
      const toast = (tone: "success" | "error", text: string): DomainEvent => ToastShown.make({ id: deps.ids(), tone, text, action: null });
      const failed = (error: ApiError): DomainEvent[] => {
        const message = describeApiError(error);
        return [AlertActionFailed.make({ alertId: command.alertId, message }), toast("error", `The alert on ${command.kpiName} was not changed: ${message}`)];
      };
      const request =
        command._tag === "DeleteAlert"
          ? deps.api.request({ root: "main", method: "DELETE", path: `/kpis/alerts/${command.alertId}/` }).pipe(Effect.map((): DomainEvent[] => [AlertDeleted.make({ alertId: command.alertId }), toast("success", `Deleted the alert on ${command.kpiName}.`)]))
          : deps.api
              .request({ root: "main", method: "PATCH", path: `/kpis/alerts/${command.alertId}/`, body: { paused: command.paused }, decode: KpiAlert })
              .pipe(Effect.map((alert): DomainEvent[] => [AlertChanged.make({ alert }), toast("success", command.paused ? `Paused the alert on ${command.kpiName}.` : `Resumed the alert on ${command.kpiName}.`)]));
      return concat(of<DomainEvent>(AlertActionStarted.make({ alertId: command.alertId })), fromEffect(request.pipe(Effect.catchAll((error: ApiError) => Effect.succeed(failed(error))))).pipe(mergeMap((events) => events))).pipe(causedBy(commandId));
    }),
  );

const ALERT_EVENTS = new Set(["KpiAlertCreated", "KpiAlertChanged", "KpiAlertDeleted", "KpiAlertTriggered"]);

/** The person's alerts changed in another tab, or one fired: the open lists load again. */
export const alertsChangedElsewhere: AlertsEpic = ({ event$ }) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    filter((envelope) => ALERT_EVENTS.has(envelope.payload.type)),
    map((): Emitted => ({ event: AlertsChangedElsewhere.make({}), origin: "remote" })),
  );

export const alertsEpics = { loadAlerts, saveAlert, alertActions, alertsChangedElsewhere };
