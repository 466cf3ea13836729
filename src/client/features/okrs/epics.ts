import type { Schema } from "@effect/schema";
import { Effect } from "effect";
import { concat, concatMap, debounceTime, filter, from, groupBy, map, mergeMap, of, switchMap, type Observable } from "rxjs";
import type { DomainEvent } from "../../../contracts/messages";
import {
  ExternalTasksLoaded,
  KeyResultCheckedIn,
  KeyResultsReordered,
  KeyResultSuggested,
  KeyResultSuggestionFailed,
  ObjectiveLoadStarted,
  ObjectiveRemoved,
  ObjectiveSaved,
  ObjectivesLoadStarted,
  ObjectivesReordered,
  OkrActionFailed,
  OkrActionStarted,
  OkrActionSucceeded,
  OkrContextLoadStarted,
  OkrPeriodChosen,
  type OkrAction,
} from "../../../contracts/messages/okrs";
import { ToastShown } from "../../../contracts/messages/notifications";
import { CheckIn, ExternalTasksResponse, KeyResultSuggestion, Objective, OKR_CHANGED_EVENT } from "../../../contracts/okrs";
import { okrErrorText } from "../../../domain/okrs/errors";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError, fieldMessagesOf, type ApiError } from "../../effect/errors";
import type { ApiRequest } from "../../effect/http-client";
import { fromEffect, outcome$ } from "../../effect/observable";
import { selectManagesCompany } from "../session/model";
import { followsKpis } from "./model";
import { selectMe } from "./permissions";
import { loadCheckIns$, loadContext$, loadExternalTasks$, loadObjective$, loadObjectives$ } from "./requests";

type OkrsEpic = Epic<AppState, EpicDeps>;

/** Several changes in a burst (a check-in, then its objective) are read again once. */
export const RELOAD_DEBOUNCE_MS = 250;

/** The objective-error rule for every OKR form: the line above the form, and the server's messages by field beside the fields. */
export const failedAs =
  (action: OkrAction) =>
  (error: ApiError): DomainEvent => {
    const body = "body" in error ? error.body : undefined;
    const fields = Object.fromEntries(Object.entries(fieldMessagesOf(error)).filter(([field]) => field !== "detail" && field !== "non_field_errors"));
    return OkrActionFailed.make({ action, message: okrErrorText(body, describeApiError(error)), fields });
  };

export const loadContext: OkrsEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("LoadOkrContext"),
    switchMap(({ commandId }) => concat(of<DomainEvent>(OkrContextLoadStarted.make({})), loadContext$(deps, selectManagesCompany(state$.value.session), selectMe(state$.value))).pipe(causedBy(commandId))),
  );

export const choosePeriod: OkrsEpic = ({ command$ }) =>
  command$.pipe(
    ofCommand("ChooseOkrPeriod"),
    map(({ command, commandId }): Emitted => ({ event: OkrPeriodChosen.make({ period: command.period }), commandId })),
  );

/** Per list a newer load supersedes the running one. */
export const loadObjectives: OkrsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadObjectives"),
    groupBy(({ command }) => command.listKey),
    mergeMap((list$) =>
      list$.pipe(switchMap(({ command, commandId }) => concat(of<DomainEvent>(ObjectivesLoadStarted.make({ listKey: command.listKey, query: command.query })), loadObjectives$(deps, command.listKey, command.query)).pipe(causedBy(commandId)))),
    ),
  );

export const loadObjective: OkrsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadObjective"),
    groupBy(({ command }) => command.objectiveId),
    mergeMap((objective$) => objective$.pipe(switchMap(({ command, commandId }) => concat(of<DomainEvent>(ObjectiveLoadStarted.make({ objectiveId: command.objectiveId })), loadObjective$(deps, command.objectiveId)).pipe(causedBy(commandId))))),
  );

export const loadCheckIns: OkrsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadCheckIns"),
    groupBy(({ command }) => command.keyResultId),
    mergeMap((keyResult$) => keyResult$.pipe(switchMap(({ command, commandId }) => loadCheckIns$(deps, command.keyResultId).pipe(causedBy(commandId))))),
  );

export const loadExternalTasks: OkrsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadExternalTasks"),
    groupBy(({ command }) => command.objectiveId),
    mergeMap((objective$) => objective$.pipe(switchMap(({ command, commandId }) => loadExternalTasks$(deps, command.objectiveId).pipe(causedBy(commandId))))),
  );

/** The latest suggestion wins: picking another KPI supersedes the running one. */
export const suggestKeyResult: OkrsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("SuggestKeyResult"),
    switchMap(({ command, commandId }) =>
      outcome$(
        deps.api.request({ root: "main", method: "GET", path: "/okrs/key-results/suggestion/", query: { kpiId: String(command.kpiId), startsOn: command.startsOn, endsOn: command.endsOn }, decode: KeyResultSuggestion, idempotent: true }),
        (suggestion): DomainEvent => KeyResultSuggested.make({ kpiId: command.kpiId, suggestion }),
        (error): DomainEvent => KeyResultSuggestionFailed.make({ kpiId: command.kpiId, message: okrErrorText("body" in error ? error.body : undefined, describeApiError(error)) }),
      ).pipe(causedBy(commandId)),
    ),
  );

/**
 * The person's changes, in the order asked (concatMap: an edit then a delete reach the server in
 * that order). Each says it is busy, then what happened. A change to a key result, milestone or
 * check-in ends with its objective read again: progress and confidence are the server's.
 */
export const changeObjectives: OkrsEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand(
      "CreateObjective",
      "ChangeObjective",
      "MoveObjective",
      "CopyObjective",
      "DeleteObjective",
      "ReorderObjectives",
      "CreateKeyResult",
      "ChangeKeyResult",
      "DeleteKeyResult",
      "ReorderKeyResults",
      "CheckInKeyResult",
      "CreateMilestone",
      "ChangeMilestone",
      "DeleteMilestone",
      "AttachExternalTask",
      "DetachExternalTask",
    ),
    concatMap(({ command, commandId }) => {
      const action: OkrAction = ACTION_OF[command._tag];
      const send = <A>(method: "POST" | "PATCH" | "DELETE", path: string, body: unknown, decode?: Schema.Schema<A, any>) =>
        deps.api.request({ root: "main", method, path, ...(body === undefined ? {} : { body }), ...(decode ? { decode } : {}) } as ApiRequest<A>);
      const objectiveAfter = (objectiveId: number) => deps.api.request({ root: "main", method: "GET", path: `/okrs/objectives/${objectiveId}/`, decode: Objective, idempotent: true });
      const tasksAfter = (objectiveId: number) =>
        deps.api
          .request({ root: "main", method: "GET", path: "/okrs/external-tasks/", query: { objectiveId: String(objectiveId) }, decode: ExternalTasksResponse, idempotent: true })
          .pipe(Effect.map((answer): DomainEvent[] => [OkrActionSucceeded.make({ action }), ExternalTasksLoaded.make({ objectiveId, tasks: answer.externalTasks })]));
      const saved = (objective: Objective, created = false): DomainEvent[] => [ObjectiveSaved.make({ action, objective, created })];
      const request = (): Effect.Effect<DomainEvent[], ApiError> => {
        switch (command._tag) {
          case "CreateObjective":
            return send("POST", "/okrs/objectives/", command.request, Objective).pipe(Effect.map((objective) => [...saved(objective, true), toast(deps, `Objective “${objective.title}” created.`)]));
          case "ChangeObjective":
            return send("PATCH", `/okrs/objectives/${command.objectiveId}/`, command.change, Objective).pipe(Effect.map((objective) => saved(objective)));
          case "MoveObjective":
            return send("POST", `/okrs/objectives/${command.objectiveId}/move/`, command.move, Objective).pipe(Effect.map((objective) => [...saved(objective), toast(deps, `Objective “${objective.title}” moved.`)]));
          case "CopyObjective":
            return send("POST", `/okrs/objectives/${command.objectiveId}/copy/`, command.copy, Objective).pipe(Effect.map((objective) => [...saved(objective, true), toast(deps, `Copy “${objective.title}” created.`)]));
          case "DeleteObjective":
            return send("DELETE", `/okrs/objectives/${command.objectiveId}/`, undefined).pipe(Effect.map(() => [ObjectiveRemoved.make({ objectiveId: command.objectiveId }), toast(deps, `Objective “${command.title}” deleted.`)]));
          case "ReorderObjectives":
            return send("POST", "/okrs/objectives/positions/", { ids: command.ids }).pipe(Effect.map(() => [ObjectivesReordered.make({ ids: command.ids, announcement: command.announcement })]));
          case "ReorderKeyResults":
            return send("POST", "/okrs/key-results/positions/", { ids: command.ids }).pipe(Effect.map(() => [KeyResultsReordered.make({ objectiveId: command.objectiveId, ids: command.ids, announcement: command.announcement })]));
          case "CreateKeyResult":
            return send("POST", `/okrs/objectives/${command.objectiveId}/key-results/`, command.request).pipe(Effect.zipRight(objectiveAfter(command.objectiveId)), Effect.map((objective) => saved(objective)));
          case "ChangeKeyResult":
            return send("PATCH", `/okrs/key-results/${command.keyResultId}/`, command.change).pipe(Effect.zipRight(objectiveAfter(command.objectiveId)), Effect.map((objective) => saved(objective)));
          case "DeleteKeyResult":
            return send("DELETE", `/okrs/key-results/${command.keyResultId}/`, undefined).pipe(Effect.zipRight(objectiveAfter(command.objectiveId)), Effect.map((objective) => saved(objective)));
          case "CheckInKeyResult":
            return send("POST", `/okrs/key-results/${command.keyResultId}/check-ins/`, command.request, CheckIn).pipe(
              Effect.flatMap((checkIn) => objectiveAfter(command.objectiveId).pipe(Effect.map((objective) => [KeyResultCheckedIn.make({ keyResultId: command.keyResultId, checkIn }), ...saved(objective), toast(deps, "Check-in saved.")]))),
            );
          case "CreateMilestone":
            return send("POST", `/okrs/objectives/${command.objectiveId}/milestones/`, command.request).pipe(Effect.zipRight(objectiveAfter(command.objectiveId)), Effect.map((objective) => saved(objective)));
          case "ChangeMilestone":
            return send("PATCH", `/okrs/milestones/${command.milestoneId}/`, command.change).pipe(Effect.zipRight(objectiveAfter(command.objectiveId)), Effect.map((objective) => saved(objective)));
          case "DeleteMilestone":
            return send("DELETE", `/okrs/milestones/${command.milestoneId}/`, undefined).pipe(Effect.zipRight(objectiveAfter(command.objectiveId)), Effect.map((objective) => saved(objective)));
          case "AttachExternalTask":
            return send("POST", "/okrs/external-tasks/", { ...command.request, objectiveId: command.objectiveId, keyResultId: null }).pipe(Effect.zipRight(tasksAfter(command.objectiveId)));
          case "DetachExternalTask":
            return send("DELETE", `/okrs/external-tasks/${command.taskId}/`, undefined).pipe(Effect.zipRight(tasksAfter(command.objectiveId)));
        }
      };
      return concat(
        of<DomainEvent>(OkrActionStarted.make({ action })),
        fromEffect(request().pipe(Effect.catchAll((error) => Effect.succeed([failedAs(action)(error)])))).pipe(mergeMap((events) => from(events))),
      ).pipe(causedBy(commandId));
    }),
  );

const ACTION_OF = {
  CreateObjective: "objective",
  ChangeObjective: "objective",
  MoveObjective: "move",
  CopyObjective: "copy",
  DeleteObjective: "delete",
  ReorderObjectives: "reorder",
  CreateKeyResult: "key-result",
  ChangeKeyResult: "key-result",
  DeleteKeyResult: "key-result-delete",
  ReorderKeyResults: "reorder",
  CheckInKeyResult: "check-in",
  CreateMilestone: "milestone",
  ChangeMilestone: "milestone",
  DeleteMilestone: "milestone-delete",
  AttachExternalTask: "external-task",
  DetachExternalTask: "external-task-delete",
} as const satisfies Record<string, OkrAction>;

const toast = (deps: EpicDeps, text: string): DomainEvent => ToastShown.make({ id: deps.ids(), tone: "success", text, action: null });

/**
 * Live: another person's OKR change reads again every list and objective on screen (the server's
 * event says what changed; the read says it as this reader may see it). A KPI value edited
 * anywhere reads again what shows key results fed by that KPI. Check-in histories that are open
 * follow too. Per list or objective a burst is read once.
 */
export const okrChangedElsewhere: OkrsEpic = ({ event$, state$ }, deps) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    filter((envelope) => envelope.payload.type === OKR_CHANGED_EVENT || envelope.payload.type === "KpiValueEdited"),
    mergeMap((envelope) => from(targetsOf(state$.value, envelope.payload.type, envelope.payload.payload))),
    groupBy((target) => target.key),
    mergeMap((target$) => target$.pipe(debounceTime(RELOAD_DEBOUNCE_MS), switchMap((target) => target.load(deps)))),
    map((event): Emitted => ({ event, origin: "remote" })),
  );

interface ReloadTarget {
  readonly key: string;
  readonly load: (deps: EpicDeps) => Observable<DomainEvent>;
}

/** What on screen an event concerns: its key (one reload per key) and how to read it again. */
export function targetsOf(state: AppState, type: string, payload: unknown): ReloadTarget[] {
  const model = state.okrs;
  const targets: ReloadTarget[] = [];
  if (type === OKR_CHANGED_EVENT) {
    for (const [listKey, list] of Object.entries(model.lists)) if (list.status === "loaded" || list.status === "error") targets.push({ key: `list:${listKey}`, load: (deps) => loadObjectives$(deps, listKey, list.query) });
    for (const [id, open] of Object.entries(model.open)) if (open.status === "loaded") targets.push({ key: `objective:${id}`, load: (deps) => loadObjective$(deps, Number(id)) });
    const changed = payload as { itemType?: unknown; itemId?: unknown };
    if (changed.itemType === "key_result" && typeof changed.itemId === "number" && model.checkIns[changed.itemId]) {
      const keyResultId = changed.itemId;
      targets.push({ key: `check-ins:${keyResultId}`, load: (deps) => loadCheckIns$(deps, keyResultId) });
    }
    return targets;
  }
  const values = (payload as { values?: readonly { kpiId?: unknown; kpi?: unknown }[] } | null)?.values;
  const ids = Array.isArray(values) ? values.map((value) => value.kpiId ?? value.kpi).filter((id): id is number => typeof id === "number") : [];
  const kpiIds = ids.length > 0 ? new Set(ids) : null;
  for (const [listKey, list] of Object.entries(model.lists)) if (list.status === "loaded" && followsKpis(list.objectives, kpiIds)) targets.push({ key: `list:${listKey}`, load: (deps) => loadObjectives$(deps, listKey, list.query) });
  for (const [id, open] of Object.entries(model.open)) if (open.objective && followsKpis([open.objective], kpiIds)) targets.push({ key: `objective:${id}`, load: (deps) => loadObjective$(deps, Number(id)) });
  return targets;
}

export const okrsEpics = { loadContext, choosePeriod, loadObjectives, loadObjective, loadCheckIns, loadExternalTasks, suggestKeyResult, changeObjectives, okrChangedElsewhere };
