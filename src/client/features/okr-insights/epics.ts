import { concat, concatMap, filter, map, of, switchMap } from "rxjs";
import { ChangeLogResponse, DEFAULT_LIST_COLUMNS, ListColumnsResponse, OkrListResponse, TeamAnalyticsResponse } from "../../../contracts/okr-insights";
import type { DomainEvent } from "../../../contracts/messages";
import {
  OkrChangeLogLoaded,
  OkrChangeLogLoadFailed,
  OkrChangeLogLoadStarted,
  OkrInsightsChangedElsewhere,
  OkrListColumnsLoaded,
  OkrListColumnsLoadFailed,
  OkrListColumnsSaved,
  OkrListColumnsSaveFailed,
  OkrListColumnsSaveStarted,
  OkrListLoaded,
  OkrListLoadFailed,
  OkrListLoadStarted,
  OkrTeamAnalyticsLoaded,
  OkrTeamAnalyticsLoadFailed,
  OkrTeamAnalyticsLoadStarted,
  type OkrListFilter,
} from "../../../contracts/messages/okr-insights";
import { OKR_CHANGED_EVENT } from "../../../contracts/okrs";
import { ToastShown } from "../../../contracts/messages/notifications";
import { changeLogParams } from "../../../domain/okr-insights/change-log-query";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError } from "../../effect/errors";
import { outcome$ } from "../../effect/observable";

type InsightsEpic = Epic<AppState, EpicDeps>;

/** The list view's filter as the API's query (only what is set). */
export function listQuery(filter: OkrListFilter): Record<string, string> {
  const query: Record<string, string> = {};
  if (filter.level !== null) query.level = filter.level;
  if (filter.unitId !== null) query.unitId = String(filter.unitId);
  if (filter.from !== null) query.from = filter.from;
  if (filter.to !== null) query.to = filter.to;
  if (filter.statusId !== null) query.statusId = String(filter.statusId);
  if (filter.responsibleId !== null) query.responsibleId = String(filter.responsibleId);
  return query;
}

/** Loads: a newer question supersedes the running one (switchMap), per screen. */
export const loadList: InsightsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadOkrList"),
    switchMap(({ command, commandId }) => {
      const query = listQuery(command.filter);
      const key = JSON.stringify(query);
      return concat(
        of<DomainEvent>(OkrListLoadStarted.make({ key })),
        outcome$(
          deps.api.request({ root: "main", method: "GET", path: "/okrs/list/", query, decode: OkrListResponse, idempotent: true }),
          (list): DomainEvent => OkrListLoaded.make({ key, list }),
          (error): DomainEvent => OkrListLoadFailed.make({ key, message: describeApiError(error) }),
        ),
      ).pipe(causedBy(commandId));
    }),
  );

export const loadAnalytics: InsightsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadOkrTeamAnalytics"),
    switchMap(({ command, commandId }) => {
      const query: Record<string, string> = {};
      if (command.from !== null) query.from = command.from;
      if (command.to !== null) query.to = command.to;
      const key = JSON.stringify(query);
      return concat(
        of<DomainEvent>(OkrTeamAnalyticsLoadStarted.make({ key })),
        outcome$(
          deps.api.request({ root: "main", method: "GET", path: "/okrs/team-analytics/", query, decode: TeamAnalyticsResponse, idempotent: true }),
          (analytics): DomainEvent => OkrTeamAnalyticsLoaded.make({ key, analytics }),
          (error): DomainEvent => OkrTeamAnalyticsLoadFailed.make({ key, message: describeApiError(error) }),
        ),
      ).pipe(causedBy(commandId));
    }),
  );

export const loadChangeLog: InsightsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadOkrChangeLog"),
    switchMap(({ command, commandId }) => {
      const query = changeLogParams(command.filter);
      const key = JSON.stringify(query);
      return concat(
        of<DomainEvent>(OkrChangeLogLoadStarted.make({ key })),
        outcome$(
          deps.api.request({ root: "main", method: "GET", path: "/okrs/changelog/", query, decode: ChangeLogResponse, idempotent: true }),
          (log): DomainEvent => OkrChangeLogLoaded.make({ key, log }),
          (error): DomainEvent => OkrChangeLogLoadFailed.make({ key, message: describeApiError(error) }),
        ),
      ).pipe(causedBy(commandId));
    }),
  );

export const loadColumns: InsightsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadOkrListColumns"),
    switchMap(({ commandId }) =>
      outcome$(
        deps.api.request({ root: "main", method: "GET", path: "/okrs/list/columns/", decode: ListColumnsResponse, idempotent: true }),
        (answer): DomainEvent => OkrListColumnsLoaded.make(answer),
        (error): DomainEvent => OkrListColumnsLoadFailed.make({ message: describeApiError(error) }),
      ).pipe(causedBy(commandId)),
    ),
  );

/** Column choices keep their order (concatMap): the last one saved is the one shown. A failure puts the previous columns back and says so. */
export const saveColumns: InsightsEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("SaveOkrListColumns"),
    concatMap(({ command, commandId }) => {
      const { columns: previous, isDefault: previousIsDefault } = state$.value.okrInsights.columns;
      return concat(
        of<DomainEvent>(OkrListColumnsSaveStarted.make({ columns: command.columns ?? DEFAULT_LIST_COLUMNS, isDefault: command.columns === null, previous, previousIsDefault })),
        outcome$(
          deps.api.request({ root: "main", method: "PUT", path: "/okrs/list/columns/", body: { columns: command.columns }, decode: ListColumnsResponse }),
          (answer): DomainEvent => OkrListColumnsSaved.make(answer),
          (error): DomainEvent => OkrListColumnsSaveFailed.make({ message: describeApiError(error), previous, previousIsDefault }),
        ).pipe(
          concatMap((event) =>
            event._tag === "OkrListColumnsSaveFailed" ? of<DomainEvent[]>(event, ToastShown.make({ id: deps.ids(), tone: "error", text: `The columns were not saved: ${event.message}`, action: null })) : of(event),
          ),
        ),
      ).pipe(causedBy(commandId));
    }),
  );

/** Someone changed an OKR (OkrChanged from the server): the open screen reads again. */
export const okrChangedElsewhere: InsightsEpic = ({ event$ }) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    filter((envelope) => envelope.payload.type === OKR_CHANGED_EVENT),
    map((): Emitted => ({ event: OkrInsightsChangedElsewhere.make({}), origin: "remote" })),
  );

export const okrInsightsEpics = { loadList, loadAnalytics, loadChangeLog, loadColumns, saveColumns, okrChangedElsewhere };
