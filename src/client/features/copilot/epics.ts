import { Effect } from "effect";
import { catchError, concat, concatMap, defer, EMPTY, exhaustMap, from, map, merge, mergeMap, of, switchMap, tap, type Observable } from "rxjs";
import { Conversation, ConversationList, ConversationSummary, CopilotSettings, GptUsageMeta, ModelRequestLog, type AnswerEvent, type Snapshot } from "../../../contracts/copilot";
import type { DomainEvent } from "../../../contracts/messages";
import {
  AnswerCompleted,
  AnswerFailed,
  AnswerStarted,
  AnswerTextReceived,
  AnswerToolCalled,
  ConversationActionFailed,
  ConversationActionStarted,
  ConversationCreated,
  ConversationDeleted,
  ConversationOpened,
  ConversationOpenFailed,
  ConversationOpenStarted,
  ConversationRenamed,
  ConversationsLoaded,
  ConversationsLoadFailed,
  ConversationsLoadStarted,
  CopilotSettingsLoaded,
  CopilotSettingsLoadFailed,
  CopilotSettingsLoadStarted,
  CopilotSettingsSaved,
  CopilotUsageLoaded,
  CopilotUsageLoadFailed,
  ModelRequestsLoaded,
  ModelRequestsLoadFailed,
  NewChatStarted,
  QuestionStored,
  SnapshotAttached,
  SnapshotDetached,
} from "../../../contracts/messages/copilot";
import { ToastShown } from "../../../contracts/messages/notifications";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Epic } from "../../bus/bus";
import { causedBy, ofCommand } from "../../bus/operators";
import { describeApiError, fieldMessagesOf, type ApiError } from "../../effect/errors";
import { fromEffect, outcome$ } from "../../effect/observable";
import { ANSWER_CUT_OFF, answerEvents$ } from "./answer-stream";

type CopilotEpic = Epic<AppState, EpicDeps>;

/** The API's addresses on the `ai` root (src/contracts/copilot.ts). */
export const COPILOT_PATHS = {
  conversations: "/conversations/",
  conversation: (id: number) => `/conversations/${id}/`,
  messages: (id: number) => `/conversations/${id}/messages/`,
  usage: "/usage/",
  settings: "/settings/",
  dpa: "/settings/dpa/",
  requests: "/requests/",
} as const;

/** A streamed answer may think for a while before its first byte; the headers come at once. */
const ASK_TIMEOUT_MS = 60_000;

export const loadConversations: CopilotEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadConversations"),
    switchMap(({ commandId }) => concat(of(ConversationsLoadStarted.make({})), conversations$(deps)).pipe(causedBy(commandId))),
  );

export const openConversation: CopilotEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("OpenConversation", "StartNewChat"),
    switchMap(({ command, commandId }) => {
      if (command._tag === "StartNewChat") return of(NewChatStarted.make({})).pipe(causedBy(commandId));
      const { conversationId } = command;
      return concat(
        of(ConversationOpenStarted.make({ conversationId })),
        outcome$(
          deps.api.request({ root: "ai", method: "GET", path: COPILOT_PATHS.conversation(conversationId), decode: Conversation }),
          (conversation): DomainEvent => ConversationOpened.make({ conversation }),
          (error): DomainEvent => ConversationOpenFailed.make({ conversationId, message: describeApiError(error) }),
        ),
      ).pipe(causedBy(commandId));
    }),
  );

/** Renames and deletions keep their order. */
export const changeConversation: CopilotEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("RenameConversation", "DeleteConversation"),
    concatMap(({ command, commandId }) => {
      const action = command._tag === "RenameConversation" ? ("rename" as const) : ("delete" as const);
      const fail = (error: ApiError): DomainEvent[] => [ConversationActionFailed.make({ action, conversationId: command.conversationId, message: describeApiError(error), fields: fieldMessagesOf(error) })];
      const request: Effect.Effect<DomainEvent[]> =
        command._tag === "RenameConversation"
          ? deps.api
              .request({ root: "ai", method: "PATCH", path: COPILOT_PATHS.conversation(command.conversationId), body: { title: command.title }, decode: ConversationSummary })
              .pipe(Effect.match({ onSuccess: (conversation): DomainEvent[] => [ConversationRenamed.make({ conversation })], onFailure: fail }))
          : deps.api
              .request({ root: "ai", method: "DELETE", path: COPILOT_PATHS.conversation(command.conversationId) })
              .pipe(Effect.match({ onSuccess: (): DomainEvent[] => [ConversationDeleted.make({ conversationId: command.conversationId }), toast(deps, `"${command.title}" was deleted.`)], onFailure: fail }));
      return concat(of(ConversationActionStarted.make({ action, conversationId: command.conversationId })), fromEffect(request).pipe(mergeMap((events) => from(events)))).pipe(causedBy(commandId));
    }),
  );

/**
 * A question and its streamed answer. exhaustMap: the composer is disabled while an answer comes,
 * and a second Enter must not ask twice. A new chat's conversation is created first. The stream
 * goes through the API layer (the same access token, refresh and 401 retry as every call); the
 * events it carries become bus events as they arrive. After the answer the list (its title and
 * order) and the month's usage are read again.
 */
export const ask: CopilotEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("AskCopilot"),
    exhaustMap(({ command, commandId }) => {
      const started = AnswerStarted.make({ conversationId: command.conversationId, content: command.content, snapshotTitle: command.snapshot?.title ?? null });
      const conversation$: Observable<{ id: number } | { failed: DomainEvent }> =
        command.conversationId !== null
          ? of({ id: command.conversationId })
          : fromEffect(
              deps.api.request({ root: "ai", method: "POST", path: COPILOT_PATHS.conversations, body: {}, decode: ConversationSummary }).pipe(
                Effect.match({ onSuccess: (summary) => ({ id: summary.id, summary }), onFailure: (error) => ({ failed: AnswerFailed.make({ conversationId: null, message: describeApiError(error) }) as DomainEvent }) }),
              ),
            );
      return concat(
        of<DomainEvent>(started),
        conversation$.pipe(
          mergeMap((outcome) => {
            if ("failed" in outcome) return of(outcome.failed);
            // A new chat's conversation goes into the address, so a reload or a shared link opens it.
            const created =
              "summary" in outcome
                ? concat(
                    of<DomainEvent>(ConversationCreated.make({ conversation: outcome.summary as ConversationSummary })),
                    defer(() => {
                      deps.navigate(`/chat/${outcome.id}`, { replace: true });
                      return EMPTY;
                    }),
                  )
                : EMPTY;
            return concat(created, answer$(deps, outcome.id, command.content, command.snapshot));
          }),
        ),
      ).pipe(causedBy(commandId));
    }),
  );

export const loadUsage: CopilotEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadCopilotUsage"),
    switchMap(({ commandId }) => usage$(deps).pipe(causedBy(commandId))),
  );

/** Attaching opens the chat with the snapshot on the composer; detaching drops it. */
export const attachSnapshot: CopilotEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("AttachSnapshot", "DetachSnapshot"),
    tap(({ command }) => {
      if (command._tag === "AttachSnapshot") deps.navigate("/chat");
    }),
    map(({ command, commandId }) => ({ event: command._tag === "AttachSnapshot" ? SnapshotAttached.make({ snapshot: command.snapshot }) : SnapshotDetached.make({}), commandId })),
  );

export const loadSettings: CopilotEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadCopilotSettings"),
    switchMap(({ commandId }) =>
      concat(
        of(CopilotSettingsLoadStarted.make({})),
        outcome$(
          deps.api.request({ root: "ai", method: "GET", path: COPILOT_PATHS.settings, decode: CopilotSettings }),
          (settings): DomainEvent => CopilotSettingsLoaded.make({ settings }),
          (error): DomainEvent => CopilotSettingsLoadFailed.make({ message: describeApiError(error) }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

/** Settings changes and the agreement's acceptance keep their order; the request log is read again after each. */
export const changeSettings: CopilotEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("SaveCopilotSettings", "AcceptDataProcessingAgreement"),
    concatMap(({ command, commandId }) => {
      const action = command._tag === "SaveCopilotSettings" ? ("settings" as const) : ("dpa" as const);
      const request =
        command._tag === "SaveCopilotSettings"
          ? deps.api.request({ root: "ai", method: "PATCH", path: COPILOT_PATHS.settings, body: command.change, decode: CopilotSettings })
          : deps.api.request({ root: "ai", method: "POST", path: COPILOT_PATHS.dpa, body: {}, decode: CopilotSettings });
      return concat(
        of(ConversationActionStarted.make({ action, conversationId: null })),
        fromEffect(
          request.pipe(
            Effect.match({
              onSuccess: (settings): DomainEvent[] => [CopilotSettingsSaved.make({ settings }), toast(deps, action === "dpa" ? "The data processing agreement is accepted." : "Copilot settings saved.")],
              onFailure: (error): DomainEvent[] => [ConversationActionFailed.make({ action, conversationId: null, message: describeApiError(error), fields: fieldMessagesOf(error) })],
            }),
          ),
        ).pipe(mergeMap((events) => from(events))),
      ).pipe(causedBy(commandId));
    }),
  );

export const loadRequests: CopilotEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadModelRequests"),
    switchMap(({ commandId }) =>
      outcome$(
        deps.api.request({ root: "ai", method: "GET", path: COPILOT_PATHS.requests, decode: ModelRequestLog }),
        (log): DomainEvent => ModelRequestsLoaded.make({ log }),
        (error): DomainEvent => ModelRequestsLoadFailed.make({ message: describeApiError(error) }),
      ).pipe(causedBy(commandId)),
    ),
  );

export const copilotEpics = { loadConversations, openConversation, changeConversation, ask, loadUsage, attachSnapshot, loadSettings, changeSettings, loadRequests };

/** The answer's events as bus events; a stream that ends without `done` or `error` was cut off. */
function answer$(deps: EpicDeps, conversationId: number, content: string, snapshot: Snapshot | null): Observable<DomainEvent> {
  const body = { content, ...(snapshot ? { snapshot } : {}) };
  return fromEffect(
    deps.api.request<ReadableStream<Uint8Array> | null>({ root: "ai", method: "POST", path: COPILOT_PATHS.messages(conversationId), body, expect: "stream", timeoutMs: ASK_TIMEOUT_MS }).pipe(Effect.either),
  ).pipe(
    mergeMap((result): Observable<DomainEvent> => {
      if (result._tag === "Left") return of(AnswerFailed.make({ conversationId, message: describeApiError(result.left) }));
      if (!result.right) return of(AnswerFailed.make({ conversationId, message: ANSWER_CUT_OFF }));
      let finished = false;
      const events$ = answerEvents$(result.right).pipe(
        map((event) => {
          if (event.type === "done" || event.type === "error") finished = true;
          return busEventOf(conversationId, event);
        }),
        catchError((error: unknown) => of(AnswerFailed.make({ conversationId, message: `${ANSWER_CUT_OFF} (${error instanceof Error ? error.message : String(error)})` }))),
      );
      const after$ = defer(() => (finished ? merge(conversations$(deps), usage$(deps)) : of(AnswerFailed.make({ conversationId, message: ANSWER_CUT_OFF }))));
      return concat(events$, after$);
    }),
  );
}

function busEventOf(conversationId: number, event: AnswerEvent): DomainEvent {
  switch (event.type) {
    case "question":
      return QuestionStored.make({ conversationId, message: event.message });
    case "tool":
      return AnswerToolCalled.make({ conversationId, name: event.name, arguments: event.arguments });
    case "delta":
      return AnswerTextReceived.make({ conversationId, text: event.text });
    case "done":
      return AnswerCompleted.make({ conversationId, message: event.message, tokens: event.usage?.tokens ?? null });
    case "error":
      return AnswerFailed.make({ conversationId, message: event.detail });
  }
}

const conversations$ = (deps: EpicDeps) =>
  outcome$(
    deps.api.request({ root: "ai", method: "GET", path: COPILOT_PATHS.conversations, decode: ConversationList }),
    ({ conversations }): DomainEvent => ConversationsLoaded.make({ conversations }),
    (error): DomainEvent => ConversationsLoadFailed.make({ message: describeApiError(error) }),
  );

const usage$ = (deps: EpicDeps) =>
  outcome$(
    deps.api.request({ root: "ai", method: "GET", path: COPILOT_PATHS.usage, decode: GptUsageMeta }),
    (usage): DomainEvent => CopilotUsageLoaded.make({ usage }),
    (error): DomainEvent => CopilotUsageLoadFailed.make({ message: describeApiError(error) }),
  );

const toast = (deps: EpicDeps, text: string): DomainEvent => ToastShown.make({ id: deps.ids(), tone: "success", text, action: null });
