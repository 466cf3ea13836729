import { Schema } from "@effect/schema";
import { FiniteNumber, List, RecordId, RecordIdFromString, RequiredText, Text } from "./fields";

/**
 * The AI copilot (issue 18, spec sections 1, 2, 3, 6, 7, 8): conversations at /chat whose
 * answers are built from tool calls that read through the same permission-checked services as
 * the screens, by an OpenAI-compatible model when one is configured (AI_BASE_URL / AI_API_KEY /
 * AI_MODEL, or per company in /settings/chatgpt-settings) and otherwise by the built-in offline
 * analyst. The API lives on the `ai` root (/ai-api, src/server/features/copilot).
 *
 * Access: the company flag (canViewChatgptFunctionalities, feature copilot_chat) must be on;
 * chatting needs access_copilot_chat (access_copilot implies it); settings need
 * manage_company_settings. No external model is called before a data processing agreement is
 * accepted, nor once the month's token budget is spent.
 */

// ── limits and texts ────────────────────────────────────────────────────────
export const MAX_QUESTION_LENGTH = 4_000;
export const MAX_TITLE_LENGTH = 120;
/** Tool rounds per answer before the copilot stops and answers with what it has. */
export const MAX_TOOL_ROUNDS = 6;
export const DEFAULT_MONTHLY_TOKEN_BUDGET = 500_000;
/** Spec: GPT usage meta's warning_threshold (percent of the budget); the spec leaves the number open. */
export const DEFAULT_WARNING_THRESHOLD = 80;
export const COPILOT_DISABLED = "The copilot is not enabled for this company.";
export const DPA_REQUIRED = "An administrator must accept the data processing agreement before an external model is used.";
export const BUDGET_SPENT = "This month's AI token budget is used up. An administrator can raise it in the copilot settings.";
export const MODEL_UNAVAILABLE = "The AI model did not answer. Try again in a moment.";
export const QUESTION_BLANK = "Ask a question.";
/** Spec section 8: the token-usage warning. */
export const tokenWarningText = (percent: number) => `Your company has used ${percent}% of this month's AI tokens.`;

// ── what an answer carries ──────────────────────────────────────────────────
/** A number the answer used: the KPI, the period and the value, linking to the KPI detail. */
export const Citation = Schema.Struct({
  kpiId: Schema.Number,
  kpiName: Schema.String,
  /** "YTD Oct 2026", "Oct 2026", "FY 2026". */
  period: Schema.String,
  /** What the number is: actual, plan, deviation, forecast, … */
  measure: Schema.String,
  value: Schema.NullOr(Schema.Number),
  unit: Schema.String,
  /** The KPI detail's address, for the link. */
  href: Schema.String,
});
export type Citation = typeof Citation.Type;

/** A small table or chart inside an answer, drawn by the client (d3), never code from the model. */
export const AnswerTable = Schema.Struct({ kind: Schema.Literal("table"), title: Schema.String, columns: Schema.Array(Schema.String), rows: Schema.Array(Schema.Array(Schema.Union(Schema.String, Schema.Number, Schema.Null))) });
export const AnswerChart = Schema.Struct({
  kind: Schema.Literal("chart"),
  title: Schema.String,
  chart: Schema.Literal("line", "bar"),
  unit: Schema.String,
  series: Schema.Array(Schema.Struct({ name: Schema.String, points: Schema.Array(Schema.Struct({ label: Schema.String, value: Schema.NullOr(Schema.Number) })) })),
});
export const AnswerBlock = Schema.Union(AnswerTable, AnswerChart);
export type AnswerBlock = typeof AnswerBlock.Type;

export const ToolCallRecord = Schema.Struct({ name: Schema.String, arguments: Schema.String, ok: Schema.Boolean });
export type ToolCallRecord = typeof ToolCallRecord.Type;

export const ChatMessage = Schema.Struct({
  id: Schema.Number,
  role: Schema.Literal("user", "assistant"),
  /** Plain text with light markdown (paragraphs, lists, **bold**); the client never renders HTML from it. */
  content: Schema.String,
  createdAt: Schema.String,
  citations: Schema.Array(Citation),
  blocks: Schema.Array(AnswerBlock),
  toolCalls: Schema.Array(ToolCallRecord),
  /** "offline" for the built-in analyst, else the model's name; null on the person's messages. */
  model: Schema.NullOr(Schema.String),
  /** The snapshot attached to a question, if any. */
  snapshot: Schema.NullOr(Schema.Struct({ title: Schema.String, path: Schema.String })),
});
export type ChatMessage = typeof ChatMessage.Type;

// ── conversations ───────────────────────────────────────────────────────────
export const ConversationSummary = Schema.Struct({ id: Schema.Number, title: Schema.String, createdAt: Schema.String, updatedAt: Schema.String, messageCount: Schema.Number });
export type ConversationSummary = typeof ConversationSummary.Type;
/** GET /ai-api/conversations/: the person's own conversations, newest first. */
export const ConversationList = Schema.Struct({ conversations: Schema.Array(ConversationSummary) });
export const Conversation = Schema.Struct({ conversation: ConversationSummary, messages: Schema.Array(ChatMessage) });
export type Conversation = typeof Conversation.Type;
export const ConversationParams = Schema.Struct({ conversationId: RecordIdFromString });
/** POST /ai-api/conversations/ ("New chat"); the title defaults to the first question. */
export const ConversationCreateRequest = Schema.Struct({ title: Schema.optional(Text(MAX_TITLE_LENGTH)) });
/** PATCH /ai-api/conversations/{id}/ */
export const ConversationRenameRequest = Schema.Struct({ title: RequiredText(MAX_TITLE_LENGTH, "Enter a title.") });

/**
 * What the current screen showed when the person attached it (snapshot capture): the screen's
 * title and address and the numbers on it, as data. It is data for the answer, never instructions.
 */
export const Snapshot = Schema.Struct({
  title: Text(200),
  path: Text(500),
  kpis: List(Schema.Struct({ kpiId: RecordId, name: Text(200), period: Text(60), values: List(Schema.Struct({ label: Text(60), value: Schema.NullOr(FiniteNumber) }), 60) }), 50),
});
export type Snapshot = typeof Snapshot.Type;

/**
 * POST /ai-api/conversations/{id}/messages/: the question; the answer streams back as
 * text/event-stream, one AnswerEvent per `data:` line, ending with `done` or `error`.
 */
export const AskRequest = Schema.Struct({ content: RequiredText(MAX_QUESTION_LENGTH, QUESTION_BLANK), snapshot: Schema.optional(Snapshot) });
export type AskRequest = typeof AskRequest.Type;

export const AnswerEvent = Schema.Union(
  /** The question as stored. */
  Schema.Struct({ type: Schema.Literal("question"), message: ChatMessage }),
  Schema.Struct({ type: Schema.Literal("tool"), name: Schema.String, arguments: Schema.String }),
  Schema.Struct({ type: Schema.Literal("delta"), text: Schema.String }),
  Schema.Struct({ type: Schema.Literal("done"), message: ChatMessage, usage: Schema.NullOr(Schema.Struct({ tokens: Schema.Number })) }),
  Schema.Struct({ type: Schema.Literal("error"), detail: Schema.String }),
);
export type AnswerEvent = typeof AnswerEvent.Type;

// ── settings, consent and usage ─────────────────────────────────────────────
/** Spec section 3, "GPT usage meta": warning, warning_threshold, date (the month it counts). */
export const GptUsageMeta = Schema.Struct({
  warning: Schema.Boolean,
  warning_threshold: Schema.Number,
  date: Schema.String,
  usedTokens: Schema.Number,
  budgetTokens: Schema.Number,
});
export type GptUsageMeta = typeof GptUsageMeta.Type;

export const CopilotSettings = Schema.Struct({
  /** The company flag canViewChatgptFunctionalities. */
  enabled: Schema.Boolean,
  /** Where answers come from now: the built-in analyst, the server's environment, or the company's own endpoint. */
  source: Schema.Literal("offline", "environment", "company"),
  baseUrl: Schema.NullOr(Schema.String),
  model: Schema.NullOr(Schema.String),
  /** A key is stored (encrypted); it is never sent back. */
  hasApiKey: Schema.Boolean,
  dpa: Schema.NullOr(Schema.Struct({ acceptedAt: Schema.String, acceptedBy: Schema.String })),
  monthlyTokenBudget: Schema.Number,
  warningThreshold: Schema.Number,
  usage: GptUsageMeta,
});
export type CopilotSettings = typeof CopilotSettings.Type;

/** PATCH /ai-api/settings/: apiKey null removes the stored key; baseUrl null returns to the environment or offline. */
export const CopilotSettingsChange = Schema.Struct({
  enabled: Schema.optional(Schema.Boolean),
  baseUrl: Schema.optional(Schema.NullOr(Text(500))),
  model: Schema.optional(Schema.NullOr(Text(120))),
  apiKey: Schema.optional(Schema.NullOr(Text(500))),
  monthlyTokenBudget: Schema.optional(FiniteNumber.pipe(Schema.filter((n) => (Number.isInteger(n) && n >= 0 && n <= 1_000_000_000) || "Enter a whole number of tokens from 0 to 1,000,000,000."))),
  warningThreshold: Schema.optional(FiniteNumber.pipe(Schema.filter((n) => (Number.isInteger(n) && n >= 1 && n <= 100) || "Enter a percentage from 1 to 100."))),
});
export type CopilotSettingsChange = typeof CopilotSettingsChange.Type;

/** GET /ai-api/requests/ (administrators): what was sent to an external model, per request. */
export const ModelRequestLog = Schema.Struct({
  requests: Schema.Array(
    Schema.Struct({ id: Schema.Number, at: Schema.String, user: Schema.String, model: Schema.String, baseUrl: Schema.String, promptTokens: Schema.Number, completionTokens: Schema.Number, sent: Schema.String, ok: Schema.Boolean }),
  ),
});
