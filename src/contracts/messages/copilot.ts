import { Schema } from "@effect/schema";
import { SensitiveString } from "../sensitive";
import { ChatMessage, Conversation, ConversationSummary, CopilotSettings, GptUsageMeta, ModelRequestLog, Snapshot } from "../copilot";

/**
 * The copilot (issue 18): conversations at /chat whose answers stream in (the question as
 * stored, tool steps, text deltas, then the final message with its citations and blocks), the
 * snapshot a person attaches from a KPI detail, and the settings at /settings/chatgpt-settings.
 */

const FieldMessages = Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) });
/** What a person did on the settings screen or a conversation, for its busy and failed states. */
export const CopilotAction = Schema.Literal("settings", "dpa", "rename", "delete");
export type CopilotAction = typeof CopilotAction.Type;
/** What the settings form holds: the server checks it and answers by field. */
const SettingsDraft = Schema.Struct({
  enabled: Schema.optional(Schema.Boolean),
  baseUrl: Schema.optional(Schema.NullOr(Schema.String)),
  model: Schema.optional(Schema.NullOr(Schema.String)),
  /** Write-only: redacted from the session log. */
  apiKey: Schema.optional(Schema.NullOr(SensitiveString)),
  monthlyTokenBudget: Schema.optional(Schema.Number),
  warningThreshold: Schema.optional(Schema.Number),
});

// ── commands ────────────────────────────────────────────────────────────────
export class LoadConversations extends Schema.TaggedStruct("LoadConversations", {}) {}
export class OpenConversation extends Schema.TaggedStruct("OpenConversation", { conversationId: Schema.Number }) {}
/** "New chat": an empty thread; the conversation is created with its first question. */
export class StartNewChat extends Schema.TaggedStruct("StartNewChat", {}) {}
export class RenameConversation extends Schema.TaggedStruct("RenameConversation", { conversationId: Schema.Number, title: Schema.String }) {}
export class DeleteConversation extends Schema.TaggedStruct("DeleteConversation", { conversationId: Schema.Number, title: Schema.String }) {}
/** A question (in the open conversation, or a new one when none is open) with the attached snapshot, if any. */
export class AskCopilot extends Schema.TaggedStruct("AskCopilot", { conversationId: Schema.NullOr(Schema.Number), content: Schema.String, snapshot: Schema.NullOr(Snapshot) }) {}
/** Attaches what a screen shows to the next question and opens the chat. */
export class AttachSnapshot extends Schema.TaggedStruct("AttachSnapshot", { snapshot: Snapshot }) {}
export class DetachSnapshot extends Schema.TaggedStruct("DetachSnapshot", {}) {}
export class LoadCopilotUsage extends Schema.TaggedStruct("LoadCopilotUsage", {}) {}

export class LoadCopilotSettings extends Schema.TaggedStruct("LoadCopilotSettings", {}) {}
export class SaveCopilotSettings extends Schema.TaggedStruct("SaveCopilotSettings", { change: SettingsDraft }) {}
export class AcceptDataProcessingAgreement extends Schema.TaggedStruct("AcceptDataProcessingAgreement", {}) {}
export class LoadModelRequests extends Schema.TaggedStruct("LoadModelRequests", {}) {}

export const CopilotCommand = Schema.Union(
  LoadConversations,
  OpenConversation,
  StartNewChat,
  RenameConversation,
  DeleteConversation,
  AskCopilot,
  AttachSnapshot,
  DetachSnapshot,
  LoadCopilotUsage,
  LoadCopilotSettings,
  SaveCopilotSettings,
  AcceptDataProcessingAgreement,
  LoadModelRequests,
);
export type CopilotCommand = typeof CopilotCommand.Type;

// ── events ──────────────────────────────────────────────────────────────────
export class ConversationsLoadStarted extends Schema.TaggedStruct("ConversationsLoadStarted", {}) {}
export class ConversationsLoaded extends Schema.TaggedStruct("ConversationsLoaded", { conversations: Schema.Array(ConversationSummary) }) {}
export class ConversationsLoadFailed extends Schema.TaggedStruct("ConversationsLoadFailed", { message: Schema.String }) {}
export class ConversationOpenStarted extends Schema.TaggedStruct("ConversationOpenStarted", { conversationId: Schema.Number }) {}
export class ConversationOpened extends Schema.TaggedStruct("ConversationOpened", { conversation: Conversation }) {}
export class ConversationOpenFailed extends Schema.TaggedStruct("ConversationOpenFailed", { conversationId: Schema.Number, message: Schema.String }) {}
export class NewChatStarted extends Schema.TaggedStruct("NewChatStarted", {}) {}
export class ConversationCreated extends Schema.TaggedStruct("ConversationCreated", { conversation: ConversationSummary }) {}
export class ConversationRenamed extends Schema.TaggedStruct("ConversationRenamed", { conversation: ConversationSummary }) {}
export class ConversationDeleted extends Schema.TaggedStruct("ConversationDeleted", { conversationId: Schema.Number }) {}
export class ConversationActionStarted extends Schema.TaggedStruct("ConversationActionStarted", { action: CopilotAction, conversationId: Schema.NullOr(Schema.Number) }) {}
export class ConversationActionFailed extends Schema.TaggedStruct("ConversationActionFailed", { action: CopilotAction, conversationId: Schema.NullOr(Schema.Number), message: Schema.String, fields: FieldMessages }) {}

/** The question is on its way: shown at once, before the server has stored it. */
export class AnswerStarted extends Schema.TaggedStruct("AnswerStarted", { conversationId: Schema.NullOr(Schema.Number), content: Schema.String, snapshotTitle: Schema.NullOr(Schema.String) }) {}
export class QuestionStored extends Schema.TaggedStruct("QuestionStored", { conversationId: Schema.Number, message: ChatMessage }) {}
/** The answer called a tool ("Looking up: kpi_aggregates"). */
export class AnswerToolCalled extends Schema.TaggedStruct("AnswerToolCalled", { conversationId: Schema.Number, name: Schema.String, arguments: Schema.String }) {}
export class AnswerTextReceived extends Schema.TaggedStruct("AnswerTextReceived", { conversationId: Schema.Number, text: Schema.String }) {}
export class AnswerCompleted extends Schema.TaggedStruct("AnswerCompleted", { conversationId: Schema.Number, message: ChatMessage, tokens: Schema.NullOr(Schema.Number) }) {}
/** The server's words (COPILOT_DISABLED, DPA_REQUIRED, BUDGET_SPENT, MODEL_UNAVAILABLE, …) or the network's. */
export class AnswerFailed extends Schema.TaggedStruct("AnswerFailed", { conversationId: Schema.NullOr(Schema.Number), message: Schema.String }) {}

export class SnapshotAttached extends Schema.TaggedStruct("SnapshotAttached", { snapshot: Snapshot }) {}
export class SnapshotDetached extends Schema.TaggedStruct("SnapshotDetached", {}) {}
export class CopilotUsageLoaded extends Schema.TaggedStruct("CopilotUsageLoaded", { usage: GptUsageMeta }) {}
export class CopilotUsageLoadFailed extends Schema.TaggedStruct("CopilotUsageLoadFailed", { message: Schema.String }) {}

export class CopilotSettingsLoadStarted extends Schema.TaggedStruct("CopilotSettingsLoadStarted", {}) {}
export class CopilotSettingsLoaded extends Schema.TaggedStruct("CopilotSettingsLoaded", { settings: CopilotSettings }) {}
export class CopilotSettingsLoadFailed extends Schema.TaggedStruct("CopilotSettingsLoadFailed", { message: Schema.String }) {}
export class CopilotSettingsSaved extends Schema.TaggedStruct("CopilotSettingsSaved", { settings: CopilotSettings }) {}
export class ModelRequestsLoaded extends Schema.TaggedStruct("ModelRequestsLoaded", { log: ModelRequestLog }) {}
export class ModelRequestsLoadFailed extends Schema.TaggedStruct("ModelRequestsLoadFailed", { message: Schema.String }) {}

export const CopilotEvent = Schema.Union(
  ConversationsLoadStarted,
  ConversationsLoaded,
  ConversationsLoadFailed,
  ConversationOpenStarted,
  ConversationOpened,
  ConversationOpenFailed,
  NewChatStarted,
  ConversationCreated,
  ConversationRenamed,
  ConversationDeleted,
  ConversationActionStarted,
  ConversationActionFailed,
  AnswerStarted,
  QuestionStored,
  AnswerToolCalled,
  AnswerTextReceived,
  AnswerCompleted,
  AnswerFailed,
  SnapshotAttached,
  SnapshotDetached,
  CopilotUsageLoaded,
  CopilotUsageLoadFailed,
  CopilotSettingsLoadStarted,
  CopilotSettingsLoaded,
  CopilotSettingsLoadFailed,
  CopilotSettingsSaved,
  ModelRequestsLoaded,
  ModelRequestsLoadFailed,
);
export type CopilotEvent = typeof CopilotEvent.Type;
