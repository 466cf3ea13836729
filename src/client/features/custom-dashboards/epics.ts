import { Schema } from "@effect/schema";
import { Effect } from "effect";
import { concat, concatMap, exhaustMap, filter, from, groupBy, map, mergeMap, of, switchMap, type Observable } from "rxjs";
import { CustomDashboard, ShareCandidates } from "../../../contracts/custom-dashboards";
import { exportFileName } from "../../../domain/exports/file-name";
import type { DomainEvent } from "../../../contracts/messages";
import {
  ChartChoicesLoaded,
  ChartChoicesLoadFailed,
  CustomDashboardActionFailed,
  CustomDashboardActionStarted,
  CustomDashboardCreated,
  CustomDashboardDeleted,
  CustomDashboardExported,
  CustomDashboardExportFailed,
  CustomDashboardExportStarted,
  CustomDashboardLoaded,
  CustomDashboardLoadStarted,
  CustomDashboardRenamed,
  CustomDashboardsLoadStarted,
  CustomDashboardsReordered,
  CustomDashboardShared,
  DashboardCardActionFailed,
  DashboardCardActionStarted,
  DashboardCardAdded,
  DashboardCardEdited,
  DashboardCardRemoved,
  ShareCandidatesLoaded,
  ShareCandidatesLoadFailed,
  type OverviewAction,
} from "../../../contracts/messages/custom-dashboards";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError, fieldMessagesOf, type ApiError } from "../../effect/errors";
import { fromEffect, outcome$ } from "../../effect/observable";
import { layoutEpics } from "./layout-epics";
import { BASE, loadDashboard$, loadList$ } from "./requests";

type DashboardsEpic = Epic<AppState, EpicDeps>;

export const loadDashboards: DashboardsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadCustomDashboards"),
    switchMap(({ commandId }) => concat(of<DomainEvent>(CustomDashboardsLoadStarted.make({})), loadList$(deps)).pipe(causedBy(commandId))),
  );

/** Per dashboard a newer load supersedes the running one. */
export const loadOneDashboard: DashboardsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadCustomDashboard"),
    groupBy(({ command }) => command.dashboardId),
    mergeMap((dashboard$) =>
      dashboard$.pipe(
        switchMap(({ command, commandId }) => concat(of<DomainEvent>(CustomDashboardLoadStarted.make({ dashboardId: command.dashboardId })), loadDashboard$(deps, command.dashboardId)).pipe(causedBy(commandId))),
      ),
    ),
  );

/**
 * The overview's changes, in the order they were asked for (concatMap: a rename then a delete
 * must reach the server in that order). Each says it is busy, then what happened.
 */
export const changeOverview: DashboardsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("CreateCustomDashboard", "RenameCustomDashboard", "DuplicateCustomDashboard", "DeleteCustomDashboard", "ReorderCustomDashboards", "ShareCustomDashboard"),
    concatMap(({ command, commandId }) => {
      const action: OverviewAction = ACTION_OF[command._tag];
      const failed = (error: ApiError): DomainEvent[] => [CustomDashboardActionFailed.make({ action, message: describeApiError(error), fields: fieldMessagesOf(error) })];
      const request = (): Effect.Effect<DomainEvent[]> => {
        switch (command._tag) {
          case "CreateCustomDashboard":
            return deps.api.request({ root: "main", method: "POST", path: `${BASE}/`, body: { name: command.name, kind: command.kind }, decode: CustomDashboard }).pipe(
              Effect.match({ onSuccess: (dashboard) => [CustomDashboardCreated.make({ dashboard, duplicateOf: null })], onFailure: failed }),
            );
          case "DuplicateCustomDashboard":
            return deps.api.request({ root: "main", method: "POST", path: `${BASE}/${command.dashboardId}/duplicate/`, body: { name: command.name }, decode: CustomDashboard }).pipe(
              Effect.match({ onSuccess: (dashboard) => [CustomDashboardCreated.make({ dashboard, duplicateOf: command.dashboardId })], onFailure: failed }),
            );
          case "RenameCustomDashboard":
            return deps.api.request({ root: "main", method: "PATCH", path: `${BASE}/${command.dashboardId}/`, body: { name: command.name }, decode: CustomDashboard }).pipe(
              Effect.match({ onSuccess: (dashboard) => [CustomDashboardRenamed.make({ dashboardId: command.dashboardId, name: dashboard.name }), CustomDashboardLoaded.make({ dashboard })], onFailure: failed }),
            );
          case "DeleteCustomDashboard":
            return deps.api.request({ root: "main", method: "DELETE", path: `${BASE}/${command.dashboardId}/` }).pipe(
              Effect.match({ onSuccess: () => [CustomDashboardDeleted.make({ dashboardId: command.dashboardId, name: command.name })], onFailure: failed }),
            );
          case "ReorderCustomDashboards":
            return deps.api.request({ root: "main", method: "PUT", path: `${BASE}/positions/`, body: { ids: command.ids } }).pipe(
              Effect.match({ onSuccess: () => [CustomDashboardsReordered.make({ ids: command.ids })], onFailure: failed }),
            );
          case "ShareCustomDashboard":
            return deps.api.request({ root: "main", method: "PUT", path: `${BASE}/${command.dashboardId}/permissions/`, body: { shares: command.shares }, decode: CustomDashboard }).pipe(
              Effect.match({ onSuccess: (dashboard) => [CustomDashboardShared.make({ dashboardId: command.dashboardId, shares: dashboard.shares }), CustomDashboardLoaded.make({ dashboard })], onFailure: failed }),
            );
        }
      };
      return concat(of<DomainEvent>(CustomDashboardActionStarted.make({ action })), fromEffect(request()).pipe(mergeMap((events) => from(events)))).pipe(causedBy(commandId));
    }),
  );

const ACTION_OF = {
  CreateCustomDashboard: "create",
  RenameCustomDashboard: "rename",
  DuplicateCustomDashboard: "duplicate",
  DeleteCustomDashboard: "delete",
  ReorderCustomDashboards: "reorder",
  ShareCustomDashboard: "share",
} as const satisfies Record<string, OverviewAction>;

/**
 * Who a dashboard can be shared with: the company's active users by name, from a route of its own
 * (an owner with control_custom_dashboards need not be able to read user management).
 */
export const loadShareCandidates: DashboardsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadShareCandidates"),
    switchMap(({ commandId }) =>
      outcome$(
        deps.api.request({ root: "main", method: "GET", path: "/custom-dashboards/share-candidates/", decode: ShareCandidates, idempotent: true }),
        (answer): DomainEvent => ShareCandidatesLoaded.make({ users: answer.users }),
        (error): DomainEvent => ShareCandidatesLoadFailed.make({ message: describeApiError(error) }),
      ).pipe(causedBy(commandId)),
    ),
  );

/** Adding, editing and removing cards keep their order; each answers the whole dashboard with its new revision. */
export const changeCards: DashboardsEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("AddDashboardCard", "AddKpiToDashboard", "EditDashboardCard", "RemoveDashboardCard"),
    concatMap(({ command, commandId }) => {
      const { dashboardId } = command;
      const failed = (error: ApiError): DomainEvent => DashboardCardActionFailed.make({ dashboardId, message: describeApiError(error), fields: fieldMessagesOf(error) });
      const path = `${BASE}/${dashboardId}`;
      const request = (): Observable<DomainEvent> => {
        switch (command._tag) {
          case "AddDashboardCard":
          case "AddKpiToDashboard": {
            // The new card is the one the dashboard did not have when it was asked for.
            const before = new Set((state$.value.customDashboards.open[dashboardId]?.dashboard?.cards ?? []).map((card) => card.id));
            const call =
              command._tag === "AddDashboardCard"
                ? deps.api.request({ root: "main", method: "POST", path: `${path}/cards/`, body: { title: command.title, content: command.content }, decode: CustomDashboard })
                : deps.api.request({ root: "main", method: "POST", path: `${path}/add-kpi/`, body: { kpiId: command.kpiId }, decode: CustomDashboard });
            return outcome$(call, (dashboard) => DashboardCardAdded.make({ dashboard, cardId: dashboard.cards.find((card) => !before.has(card.id))?.id ?? null }), failed);
          }
          case "EditDashboardCard":
            return outcome$(
              deps.api.request({ root: "main", method: "PATCH", path: `${path}/cards/${command.cardId}/`, body: { title: command.title, content: command.content }, decode: CustomDashboard }),
              (dashboard) => DashboardCardEdited.make({ dashboard, cardId: command.cardId }),
              failed,
            );
          case "RemoveDashboardCard":
            return outcome$(deps.api.request({ root: "main", method: "DELETE", path: `${path}/cards/${command.cardId}/`, decode: CustomDashboard }), (dashboard) => DashboardCardRemoved.make({ dashboard, cardId: command.cardId }), failed);
        }
      };
      return concat(of<DomainEvent>(DashboardCardActionStarted.make({ dashboardId })), request()).pipe(causedBy(commandId));
    }),
  );

/** PDF (the print pipeline) and Excel exports, downloaded; a second press while one runs does nothing. */
export const exportDashboard: DashboardsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("ExportCustomDashboard"),
    exhaustMap(({ command, commandId }) => {
      const { dashboardId, format } = command;
      const fileName = exportFileName(command.name, format);
      const body = format === "pdf" ? { orientation: command.orientation, theme: command.theme } : {};
      return concat(
        of<DomainEvent>(CustomDashboardExportStarted.make({ dashboardId, format })),
        outcome$(
          deps.api.request<Blob>({ root: "main", method: "POST", path: `${BASE}/${dashboardId}/export/${format}/`, body, expect: "blob", timeoutMs: 120_000 }).pipe(Effect.tap((file) => Effect.sync(() => deps.saveFile(file, fileName)))),
          (): DomainEvent => CustomDashboardExported.make({ dashboardId, format, fileName }),
          (error): DomainEvent => CustomDashboardExportFailed.make({ dashboardId, format, message: describeApiError(error) }),
        ),
      ).pipe(causedBy(commandId));
    }),
  );

const ChartChoices = Schema.Struct({ charts: Schema.Array(Schema.Struct({ id: Schema.Number, name: Schema.String })) });

/** The saved charts of the chart builder, for a chart card's picker. */
export const loadChartChoices: DashboardsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadChartChoices"),
    switchMap(({ commandId }) =>
      outcome$(
        deps.api.request({ root: "main", method: "GET", path: "/charts/", decode: ChartChoices, idempotent: true }),
        (answer): DomainEvent => ChartChoicesLoaded.make({ charts: answer.charts }),
        (error): DomainEvent => ChartChoicesLoadFailed.make({ message: describeApiError(error) }),
      ).pipe(causedBy(commandId)),
    ),
  );

/** Server event types of custom dashboards (the server's names): another person's change reloads what is open. */
export const isDashboardChange = (type: string) => /^(CustomDashboard|DashboardCard|DashboardLayout)/.test(type);

/**
 * Another person's change to a dashboard: the overview loads again when it was loaded, and an
 * open dashboard the change names loads again (all open ones when it names none). The
 * notification itself comes from the notifications feature, like every other change.
 */
export const dashboardsChangedElsewhere: DashboardsEpic = ({ event$, state$ }, deps) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    filter((envelope) => isDashboardChange(envelope.payload.type)),
    mergeMap((envelope) => {
      const state = state$.value.customDashboards;
      const named = dashboardIdOf(envelope.payload.payload);
      const open = Object.keys(state.open)
        .map(Number)
        .filter((id) => named === null || id === named);
      const loads = [...(state.list.status === "loaded" ? [loadList$(deps)] : []), ...open.map((id) => loadDashboard$(deps, id))];
      return from(loads).pipe(
        mergeMap((load) => load),
        map((event): Emitted => ({ event, origin: "remote" })),
      );
    }),
  );

function dashboardIdOf(payload: unknown): number | null {
  const data = (payload ?? {}) as Record<string, unknown>;
  const id = data["dashboardId"] ?? data["id"];
  return typeof id === "number" ? id : null;
}

export const customDashboardsEpics = { loadDashboards, loadOneDashboard, changeOverview, loadShareCandidates, changeCards, exportDashboard, loadChartChoices, dashboardsChangedElsewhere, ...layoutEpics };
