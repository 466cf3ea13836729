import { castDraft, produce } from "immer";
import type { ChatMessage, ConversationSummary, CopilotSettings, GptUsageMeta, ModelRequestLog, Snapshot } from "../../../contracts/copilot";
import type { CopilotAction } from "../../../contracts/messages/copilot";
import type { Reducer } from "../../bus/store";

type LoadStatus = "idle" | "loading" | "loaded" | "error";

/** The answer on its way: the question as asked, the tools called so far and the text so far. */
export interface PendingAnswer {
  /** Null until the server has created the conversation of a new chat's first question. */
  readonly conversationId: number | null;
  readonly question: string;
  readonly snapshotTitle: string | null;
  /** The server has stored the question: it is in the thread's messages from then on. */
  readonly questionStored: boolean;
  readonly tools: readonly { readonly name: string; readonly arguments: string }[];
  readonly text: string;
}

/** /chat and /settings/chatgpt-settings. */
export interface CopilotModel {
  readonly conversations: { readonly status: LoadStatus; readonly value: readonly ConversationSummary[]; readonly message: string | null };
  /** The open conversation; id null is a new chat not asked yet. */
  readonly thread: { readonly status: LoadStatus; readonly conversationId: number | null; readonly messages: readonly ChatMessage[]; readonly message: string | null };
  readonly pending: PendingAnswer | null;
  /** Why the last question got no answer, in the server's words. */
  readonly answerError: string | null;
  /** What a screen showed, attached to the next question. */
  readonly snapshot: Snapshot | null;
  readonly usage: GptUsageMeta | null;
  readonly settings: { readonly status: LoadStatus; readonly value: CopilotSettings | null; readonly message: string | null };
  readonly requests: { readonly status: LoadStatus; readonly value: (typeof ModelRequestLog.Type)["requests"]; readonly message: string | null };
  readonly action: { readonly status: "idle" | "busy" | "error"; readonly action: CopilotAction | null; readonly target: number | null; readonly message: string | null; readonly fields: Readonly<Record<string, readonly string[]>> };
}

const IDLE_ACTION: CopilotModel["action"] = { status: "idle", action: null, target: null, message: null, fields: {} };

export const initialCopilot: CopilotModel = {
  conversations: { status: "idle", value: [], message: null },
  thread: { status: "idle", conversationId: null, messages: [], message: null },
  pending: null,
  answerError: null,
  snapshot: null,
  usage: null,
  settings: { status: "idle", value: null, message: null },
  requests: { status: "idle", value: [], message: null },
  action: IDLE_ACTION,
};

/** Newest first, as the server lists them. */
const byUpdated = (left: ConversationSummary, right: ConversationSummary) => right.updatedAt.localeCompare(left.updatedAt) || right.id - left.id;

export const copilotReducer: Reducer<CopilotModel> = (model, event) => {
  switch (event._tag) {
    case "ConversationsLoadStarted":
      return produce(model, (draft) => {
        if (draft.conversations.status !== "loaded") draft.conversations.status = "loading";
        draft.conversations.message = null;
      });
    case "ConversationsLoaded":
      return produce(model, (draft) => {
        draft.conversations = castDraft({ status: "loaded" as const, value: event.conversations, message: null });
      });
    case "ConversationsLoadFailed":
      return produce(model, (draft) => {
        draft.conversations.status = "error";
        draft.conversations.message = event.message;
      });
    case "ConversationOpenStarted":
      return produce(model, (draft) => {
        draft.thread = { status: "loading", conversationId: event.conversationId, messages: [], message: null };
        draft.answerError = null;
      });
    case "ConversationOpened":
      return produce(model, (draft) => {
        if (draft.thread.conversationId !== event.conversation.conversation.id) return; // another one was opened meanwhile
        draft.thread = castDraft({ status: "loaded" as const, conversationId: event.conversation.conversation.id, messages: event.conversation.messages, message: null });
      });
    case "ConversationOpenFailed":
      return produce(model, (draft) => {
        if (draft.thread.conversationId !== event.conversationId) return;
        draft.thread.status = "error";
        draft.thread.message = event.message;
      });
    case "NewChatStarted":
      return produce(model, (draft) => {
        draft.thread = { status: "loaded", conversationId: null, messages: [], message: null };
        draft.answerError = null;
      });
    case "ConversationCreated":
      return produce(model, (draft) => {
        draft.conversations.value = castDraft([event.conversation, ...draft.conversations.value.filter((entry) => entry.id !== event.conversation.id)]);
        if (draft.thread.conversationId === null) draft.thread.conversationId = event.conversation.id;
        if (draft.pending && draft.pending.conversationId === null) draft.pending.conversationId = event.conversation.id;
      });
    case "ConversationRenamed":
      return produce(model, (draft) => {
        draft.conversations.value = castDraft(draft.conversations.value.map((entry) => (entry.id === event.conversation.id ? event.conversation : entry)));
        draft.action = castDraft(IDLE_ACTION);
      });
    case "ConversationDeleted":
      return produce(model, (draft) => {
        draft.conversations.value = draft.conversations.value.filter((entry) => entry.id !== event.conversationId);
        if (draft.thread.conversationId === event.conversationId) draft.thread = { status: "loaded", conversationId: null, messages: [], message: null };
        draft.action = castDraft(IDLE_ACTION);
      });
    case "ConversationActionStarted":
      return produce(model, (draft) => {
        draft.action = { status: "busy", action: event.action, target: event.conversationId, message: null, fields: {} };
      });
    case "ConversationActionFailed":
      return produce(model, (draft) => {
        draft.action = castDraft({ status: "error" as const, action: event.action, target: event.conversationId, message: event.message, fields: event.fields });
      });
    case "AnswerStarted":
      return produce(model, (draft) => {
        draft.pending = { conversationId: event.conversationId, question: event.content, snapshotTitle: event.snapshotTitle, questionStored: false, tools: [], text: "" };
        draft.answerError = null;
        // The snapshot goes with this question only.
        draft.snapshot = null;
      });
    case "QuestionStored":
      return produce(model, (draft) => {
        if (draft.thread.conversationId === event.conversationId) draft.thread.messages.push(castDraft(event.message));
        if (draft.pending) draft.pending.questionStored = true;
      });
    case "AnswerToolCalled":
      return produce(model, (draft) => {
        draft.pending?.tools.push({ name: event.name, arguments: event.arguments });
      });
    case "AnswerTextReceived":
      return produce(model, (draft) => {
        if (draft.pending) draft.pending.text += event.text;
      });
    case "AnswerCompleted":
      return produce(model, (draft) => {
        draft.pending = null;
        if (draft.thread.conversationId === event.conversationId) draft.thread.messages.push(castDraft(event.message));
        const summary = draft.conversations.value.find((entry) => entry.id === event.conversationId);
        if (summary) {
          summary.updatedAt = event.message.createdAt;
          summary.messageCount = Math.max(summary.messageCount, draft.thread.messages.length);
          draft.conversations.value.sort(byUpdated);
        }
      });
    case "AnswerFailed":
      return produce(model, (draft) => {
        draft.pending = null;
        draft.answerError = event.message;
      });
    case "SnapshotAttached":
      return produce(model, (draft) => {
        draft.snapshot = castDraft(event.snapshot);
      });
    case "SnapshotDetached":
      return produce(model, (draft) => {
        draft.snapshot = null;
      });
    case "CopilotUsageLoaded":
      return produce(model, (draft) => {
        draft.usage = castDraft(event.usage);
      });
    case "CopilotSettingsLoadStarted":
      return produce(model, (draft) => {
        if (draft.settings.status !== "loaded") draft.settings.status = "loading";
        draft.settings.message = null;
      });
    case "CopilotSettingsLoaded":
      return produce(model, (draft) => {
        draft.settings = castDraft({ status: "loaded" as const, value: event.settings, message: null });
        draft.usage = castDraft(event.settings.usage);
      });
    case "CopilotSettingsLoadFailed":
      return produce(model, (draft) => {
        draft.settings.status = "error";
        draft.settings.message = event.message;
      });
    case "CopilotSettingsSaved":
      return produce(model, (draft) => {
        draft.settings.value = castDraft(event.settings);
        draft.usage = castDraft(event.settings.usage);
        draft.action = castDraft(IDLE_ACTION);
      });
    case "ModelRequestsLoaded":
      return produce(model, (draft) => {
        draft.requests = castDraft({ status: "loaded" as const, value: event.log.requests, message: null });
      });
    case "ModelRequestsLoadFailed":
      return produce(model, (draft) => {
        draft.requests.status = "error";
        draft.requests.message = event.message;
      });
    default:
      return model;
  }
};

/** A form's state shows the server's answer only if it is that form's. */
export function actionFor(model: CopilotModel, action: CopilotAction, target: number | null) {
  const mine = model.action.action === action && model.action.target === target;
  return {
    busy: mine && model.action.status === "busy",
    fields: mine && model.action.status === "error" ? model.action.fields : {},
    message: mine && model.action.status === "error" ? model.action.message : null,
  };
}

/** The spec's token-usage warning: the percentage used, once usage passes the threshold. */
export function usageWarningPercent(usage: GptUsageMeta | null): number | null {
  if (!usage || !usage.warning || usage.budgetTokens <= 0) return null;
  return Math.min(100, Math.floor((usage.usedTokens / usage.budgetTokens) * 100));
}
