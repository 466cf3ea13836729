import { Effect } from "effect";
import { concat, concatMap, EMPTY, exhaustMap, filter, map, mergeMap, of, switchMap } from "rxjs";
import { IntegrationDetail, IntegrationsOverview, PreviewResponse, SummariesResponse, SyncStarted } from "../../../contracts/integrations";
import type { DomainEvent } from "../../../contracts/messages";
import {
  IntegrationActionFailed,
  IntegrationLoaded,
  IntegrationLoadFailed,
  IntegrationLoadStarted,
  IntegrationPreviewDiscarded,
  IntegrationPreviewed,
  IntegrationPreviewFailed,
  IntegrationPreviewStarted,
  IntegrationRemoved,
  IntegrationSaved,
  IntegrationsLoaded,
  IntegrationsLoadFailed,
  IntegrationsLoadStarted,
  IntegrationSummariesLoaded,
  IntegrationSyncQueued,
  IntegrationSyncRefused,
  IntegrationSyncStarted,
} from "../../../contracts/messages/integrations";
import { ToastShown } from "../../../contracts/messages/notifications";
import { INTEGRATION_PATHS } from "../../../domain/integrations/catalogue";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError, fieldMessagesOf, type ApiError } from "../../effect/errors";
import { fromEffect, outcome$ } from "../../effect/observable";

type IntegrationsEpic = Epic<AppState, EpicDeps>;

/** Reading a source may take its connect and query time: the calls that read one wait longer. */
const SOURCE_CALL_TIMEOUT_MS = 60_000;

/** Server events after which the open integration screens load again. */
const INTEGRATION_EVENTS = new Set(["IntegrationConnected", "IntegrationChanged", "IntegrationReconnected", "IntegrationRemoved", "IntegrationSyncRequested", "IntegrationSyncFinished"]);

const failed = (action: string) => (error: ApiError): DomainEvent => IntegrationActionFailed.make({ action, message: describeApiError(error), fields: fieldMessagesOf(error) });
const toast = (deps: EpicDeps, tone: "success" | "error" | "info", text: string): DomainEvent => ToastShown.make({ id: deps.ids(), tone, text, action: null });

const overviewLoad = (deps: EpicDeps) =>
  concat(
    of<DomainEvent>(IntegrationsLoadStarted.make({})),
    outcome$(
      deps.api.request({ root: "main", method: "GET", path: "/integrations/", decode: IntegrationsOverview }),
      (overview): DomainEvent => IntegrationsLoaded.make({ overview }),
      (error): DomainEvent => IntegrationsLoadFailed.make({ message: describeApiError(error) }),
    ),
  );

const detailLoad = (deps: EpicDeps, id: number) =>
  concat(
    of<DomainEvent>(IntegrationLoadStarted.make({ id })),
    outcome$(
      deps.api.request({ root: "main", method: "GET", path: `/integrations/${id}/`, decode: IntegrationDetail }),
      (integration): DomainEvent => IntegrationLoaded.make({ integration }),
      (error): DomainEvent => IntegrationLoadFailed.make({ id, message: describeApiError(error), notFound: error._tag === "NotFound" }),
    ),
  );

/** The overview; a newer load supersedes a running one. */
export const loadOverview: IntegrationsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadIntegrations"),
    switchMap(({ commandId }) => overviewLoad(deps).pipe(causedBy(commandId))),
  );

export const loadDetail: IntegrationsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadIntegration"),
    switchMap(({ command, commandId }) => detailLoad(deps, command.id).pipe(causedBy(commandId))),
  );

/** Summaries by names (the server keeps them ten minutes); a failure leaves the cards without one. */
export const loadSummaries: IntegrationsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadIntegrationSummaries"),
    switchMap(({ command, commandId }) =>
      fromEffect(
        deps.api.request({ root: "main", method: "GET", path: "/integrations/summaries/", query: { names: command.names.join(",") }, decode: SummariesResponse }).pipe(
          Effect.match({
            onSuccess: (answer): DomainEvent[] => [IntegrationSummariesLoaded.make({ summaries: Object.values(answer.results) })],
            onFailure: (): DomainEvent[] => [],
          }),
        ),
      ).pipe(
        mergeMap((events) => events),
        causedBy(commandId),
      ),
    ),
  );

/** A preview: a newer one (changed inputs) supersedes a running one. */
export const preview: IntegrationsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("PreviewIntegration", "DiscardIntegrationPreview"),
    switchMap(({ command, commandId }) => {
      if (command._tag === "DiscardIntegrationPreview") return of<DomainEvent>(IntegrationPreviewDiscarded.make({})).pipe(causedBy(commandId));
      const body = {
        kind: command.kind,
        ...(command.integrationId !== null ? { integration: command.integrationId } : { connection: command.connection ?? "" }),
        query: command.query,
        kpi: command.kpi,
      };
      return concat(
        of<DomainEvent>(IntegrationPreviewStarted.make({})),
        outcome$(
          deps.api.request({ root: "main", method: "POST", path: "/integrations/preview/", body, decode: PreviewResponse, timeoutMs: SOURCE_CALL_TIMEOUT_MS }),
          (answer): DomainEvent => IntegrationPreviewed.make({ preview: answer }),
          (error): DomainEvent => IntegrationPreviewFailed.make({ message: describeApiError(error), fields: fieldMessagesOf(error) }),
        ),
      ).pipe(causedBy(commandId));
    }),
  );

/** Connect, change, reconnect, remove: one at a time (a double press sends once). */
export const change: IntegrationsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("ConnectIntegration", "ChangeIntegration", "ReconnectIntegration", "RemoveIntegration"),
    exhaustMap(({ command, commandId }) => {
      switch (command._tag) {
        case "ConnectIntegration":
          return outcome$(
            deps.api.request({
              root: "main",
              method: "POST",
              path: "/integrations/",
              body: { kind: command.kind, name: command.name, connection: command.connection, query: command.query, kpi: command.kpi, schedule: command.schedule },
              decode: IntegrationDetail,
              timeoutMs: SOURCE_CALL_TIMEOUT_MS,
            }),
            (integration): DomainEvent[] => {
              deps.navigate(INTEGRATION_PATHS.manage(integration.id));
              return [IntegrationSaved.make({ integration, created: true }), toast(deps, "success", `Connected ${integration.name}. Run its first sync with "Sync now".`)];
            },
            (error): DomainEvent[] => [failed(command._tag)(error)],
          ).pipe(mergeMap((events) => events), causedBy(commandId));
        case "ChangeIntegration":
          return outcome$(
            deps.api.request({ root: "main", method: "PATCH", path: `/integrations/${command.id}/`, body: { name: command.name, query: command.query, kpi: command.kpi, schedule: command.schedule }, decode: IntegrationDetail, timeoutMs: SOURCE_CALL_TIMEOUT_MS }),
            (integration): DomainEvent[] => [IntegrationSaved.make({ integration, created: false }), toast(deps, "success", `Saved ${integration.name}`)],
            (error): DomainEvent[] => [failed(command._tag)(error)],
          ).pipe(mergeMap((events) => events), causedBy(commandId));
        case "ReconnectIntegration":
          return outcome$(
            deps.api.request({ root: "main", method: "PUT", path: `/integrations/${command.id}/connection/`, body: { connection: command.connection }, decode: IntegrationDetail, timeoutMs: SOURCE_CALL_TIMEOUT_MS }),
            (integration): DomainEvent[] => [IntegrationSaved.make({ integration, created: false }), toast(deps, "success", `Reconnected ${integration.name}`)],
            (error): DomainEvent[] => [failed(command._tag)(error)],
          ).pipe(mergeMap((events) => events), causedBy(commandId));
        case "RemoveIntegration":
          return outcome$(
            deps.api.request({ root: "main", method: "DELETE", path: `/integrations/${command.id}/` }),
            (): DomainEvent[] => {
              deps.navigate(INTEGRATION_PATHS.overview);
              return [IntegrationRemoved.make({ id: command.id }), toast(deps, "success", `Removed ${command.name}. The values it synchronized stay.`)];
            },
            (error): DomainEvent[] => [failed(command._tag)(error), toast(deps, "error", `Could not remove ${command.name}: ${describeApiError(error)}`)],
          ).pipe(mergeMap((events) => events), causedBy(commandId));
      }
    }),
  );

/** Sync now: queued as a job, or refused for the rerun wait with the server's words. */
export const syncNow: IntegrationsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("SyncIntegration"),
    exhaustMap(({ command, commandId }) =>
      concat(
        of<DomainEvent>(IntegrationSyncStarted.make({ id: command.id })),
        outcome$(
          deps.api.request({ root: "main", method: "POST", path: `/integrations/${command.id}/sync/`, decode: SyncStarted }),
          (answer): DomainEvent => IntegrationSyncQueued.make({ id: command.id, run: answer.run }),
          (error): DomainEvent =>
            error._tag === "TooManyRequests" ? IntegrationSyncRefused.make({ id: command.id, message: describeApiError(error) }) : failed(command._tag)(error),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

/**
 * Changes on the server (a sync finished, someone else connected one): what is open loads again,
 * without a reload of the page.
 */
export const changedElsewhere: IntegrationsEpic = ({ event$, state$ }, deps) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    filter((envelope) => INTEGRATION_EVENTS.has(envelope.payload.type)),
    concatMap((envelope) => {
      const id = (envelope.payload.payload as { integrationId?: unknown } | null)?.integrationId;
      const { overview, detail } = state$.value.integrations;
      const loads = [
        ...(overview.status !== "idle" ? [overviewLoad(deps)] : []),
        ...(detail.id !== null && detail.id === id && envelope.payload.type !== "IntegrationRemoved" ? [detailLoad(deps, detail.id)] : []),
      ];
      return loads.length ? concat(...loads).pipe(map((event): Emitted => ({ event, origin: "remote" }))) : EMPTY;
    }),
  );

export const integrationsEpics = { loadOverview, loadDetail, loadSummaries, preview, change, syncNow, changedElsewhere };
