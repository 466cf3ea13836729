import { Effect } from "effect";
import { concat, concatMap, filter, from, groupBy, map, mergeMap, of, switchMap } from "rxjs";
import { ActionComment, CommentSaved, KpiAction, KpiComment } from "../../../contracts/collaboration";
import type { DomainEvent } from "../../../contracts/messages";
import {
  ActionCommentAdded,
  ActionCommentRemoved,
  ActionRemoved,
  ActionSaved,
  ActionsLoadStarted,
  CollaborationActionFailed,
  CollaborationActionStarted,
  IssuesLoadStarted,
  KpiCommentDeleted,
  KpiCommentPinned,
  KpiCommentSaved,
  KpiDiscussionLoadStarted,
  type CollaborationAction,
} from "../../../contracts/messages/collaboration";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError, fieldMessagesOf, type ApiError } from "../../effect/errors";
import { fromEffect } from "../../effect/observable";
import { loadAction$, loadActions$, loadDiscussion$, loadIssues$ } from "./requests";

type CollaborationEpic = Epic<AppState, EpicDeps>;

/** Per KPI a newer load supersedes the running one. */
export const loadDiscussion: CollaborationEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadKpiDiscussion"),
    groupBy(({ command }) => command.kpiId),
    mergeMap((kpi$) => kpi$.pipe(switchMap(({ command, commandId }) => concat(of<DomainEvent>(KpiDiscussionLoadStarted.make({ kpiId: command.kpiId })), loadDiscussion$(deps, command.kpiId)).pipe(causedBy(commandId))))),
  );

export const loadActions: CollaborationEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadActions"),
    switchMap(({ command, commandId }) => concat(of<DomainEvent>(ActionsLoadStarted.make({ filter: command.filter })), loadActions$(deps, command.filter)).pipe(causedBy(commandId))),
  );

export const loadAction: CollaborationEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadAction"),
    groupBy(({ command }) => command.actionId),
    mergeMap((action$) => action$.pipe(switchMap(({ command, commandId }) => loadAction$(deps, command.actionId).pipe(causedBy(commandId))))),
  );

export const loadIssues: CollaborationEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadIssues"),
    switchMap(({ commandId }) => concat(of<DomainEvent>(IssuesLoadStarted.make({})), loadIssues$(deps)).pipe(causedBy(commandId))),
  );

/**
 * The person's changes, in the order asked (concatMap: an edit then a delete reach the server in
 * that order). Each says it is busy, then what happened.
 */
export const changeDiscussion: CollaborationEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("AddKpiComment", "EditKpiComment", "DeleteKpiComment", "PinKpiComment", "CreateAction", "ChangeAction", "DeleteAction", "AddActionComment", "DeleteActionComment"),
    concatMap(({ command, commandId }) => {
      const action: CollaborationAction = ACTION_OF[command._tag];
      const failed = (error: ApiError): DomainEvent[] => [CollaborationActionFailed.make({ action, message: describeApiError(error), fields: fieldMessagesOf(error) })];
      const send = <A>(method: "POST" | "PATCH" | "PUT" | "DELETE", path: string, body: unknown, decode: import("@effect/schema").Schema.Schema<A, any> | undefined, onSuccess: (answer: A) => DomainEvent[]) =>
        deps.api.request({ root: "main", method, path, ...(body === undefined ? {} : { body }), ...(decode ? { decode } : {}) }).pipe(Effect.match({ onSuccess: (answer) => onSuccess(answer as A), onFailure: failed }));
      const request = (): Effect.Effect<DomainEvent[]> => {
        switch (command._tag) {
          case "AddKpiComment":
            return send("POST", `/kpis/${command.kpiId}/comments/`, { text: command.text, month: command.month }, CommentSaved, (saved) => [KpiCommentSaved.make({ kpiId: command.kpiId, edited: false, ...saved })]);
          case "EditKpiComment":
            return send("PATCH", `/kpis/${command.kpiId}/comments/${command.commentId}/`, { text: command.text }, CommentSaved, (saved) => [KpiCommentSaved.make({ kpiId: command.kpiId, edited: true, ...saved })]);
          case "DeleteKpiComment":
            return send("DELETE", `/kpis/${command.kpiId}/comments/${command.commentId}/`, undefined, undefined, () => [KpiCommentDeleted.make({ kpiId: command.kpiId, commentId: command.commentId })]);
          case "PinKpiComment":
            return send("PUT", `/kpis/${command.kpiId}/comments/${command.commentId}/pin/`, { pinned: command.pinned }, KpiComment, (comment) => [KpiCommentPinned.make({ kpiId: command.kpiId, comment })]);
          case "CreateAction":
            return send("POST", `/kpis/${command.kpiId}/comments/${command.commentId}/action/`, { assignedUser: command.assignedUser, dueDate: command.dueDate }, KpiAction, (action) => [ActionSaved.make({ action, created: true })]);
          case "ChangeAction": {
            const { _tag, actionId, ...patch } = command;
            return send("PATCH", `/actions/${actionId}/`, patch, KpiAction, (action) => [ActionSaved.make({ action, created: false })]);
          }
          case "DeleteAction":
            return deps.api.request({ root: "main", method: "GET", path: `/actions/${command.actionId}/`, decode: KpiAction }).pipe(
              Effect.flatMap((action) => deps.api.request({ root: "main", method: "DELETE", path: `/actions/${command.actionId}/` }).pipe(Effect.as(action))),
              Effect.match({ onSuccess: (action): DomainEvent[] => [ActionRemoved.make({ actionId: command.actionId, kpiId: action.kpiId })], onFailure: failed }),
            );
          case "AddActionComment":
            return send("POST", `/actions/${command.actionId}/comments/`, { text: command.text }, ActionComment, (comment) => [ActionCommentAdded.make({ actionId: command.actionId, comment })]);
          case "DeleteActionComment":
            return send("DELETE", `/actions/${command.actionId}/comments/`, { id: command.commentId }, undefined, () => [ActionCommentRemoved.make({ actionId: command.actionId, commentId: command.commentId })]);
        }
      };
      return concat(of<DomainEvent>(CollaborationActionStarted.make({ action })), fromEffect(request()).pipe(mergeMap((events) => from(events)))).pipe(causedBy(commandId));
    }),
  );

const ACTION_OF = {
  AddKpiComment: "comment",
  EditKpiComment: "edit",
  DeleteKpiComment: "delete",
  PinKpiComment: "pin",
  CreateAction: "createAction",
  ChangeAction: "changeAction",
  DeleteAction: "deleteAction",
  AddActionComment: "actionComment",
  DeleteActionComment: "deleteActionComment",
} as const satisfies Record<string, CollaborationAction>;

const DISCUSSION_EVENTS = new Set(["CommentAdded", "CommentEdited", "CommentDeleted", "CommentPinned", "CommentUnpinned", "ActionCreated", "ActionChanged", "ActionDeleted"]);
const ACTION_EVENTS = new Set(["ActionCreated", "ActionChanged", "ActionDeleted", "ActionCommentAdded", "ActionCommentDeleted"]);

/**
 * Others' comments and actions, live: what is on screen about their KPI or action is read again
 * (the server's event says what changed, the read says it as this reader may see it). The
 * person's own changes from this tab are already folded; reading again is harmless.
 */
export const discussionChangedElsewhere: CollaborationEpic = ({ event$, state$ }, deps) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    filter((envelope) => DISCUSSION_EVENTS.has(envelope.payload.type) || ACTION_EVENTS.has(envelope.payload.type)),
    mergeMap((envelope) => {
      const payload = (envelope.payload.payload ?? {}) as { kpiId?: unknown; actionId?: unknown; action?: { id?: unknown } };
      const model = state$.value.collaboration;
      const loads = [];
      if (typeof payload.kpiId === "number" && model.discussions[payload.kpiId]?.status === "loaded" && DISCUSSION_EVENTS.has(envelope.payload.type)) loads.push(loadDiscussion$(deps, payload.kpiId));
      const actionId = typeof payload.actionId === "number" ? payload.actionId : typeof payload.action?.id === "number" ? payload.action.id : null;
      if (actionId !== null && model.open[actionId]) loads.push(loadAction$(deps, actionId));
      if (model.list.filter && ACTION_EVENTS.has(envelope.payload.type)) loads.push(loadActions$(deps, model.list.filter));
      if (model.issues.status === "loaded" && ACTION_EVENTS.has(envelope.payload.type)) loads.push(loadIssues$(deps));
      return from(loads).pipe(
        mergeMap((load) => load),
        map((event): Emitted => ({ event, origin: "remote" })),
      );
    }),
  );

export const collaborationEpics = { loadDiscussion, loadActions, loadAction, loadIssues, changeDiscussion, discussionChangedElsewhere };
