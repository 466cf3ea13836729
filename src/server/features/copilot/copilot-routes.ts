import {
  AskRequest,
  Conversation,
  ConversationCreateRequest,
  ConversationList,
  ConversationParams,
  ConversationRenameRequest,
  ConversationSummary,
  CopilotSettings,
  CopilotSettingsChange,
  GptUsageMeta,
  ModelRequestLog,
  type AnswerEvent,
} from "../../../contracts/copilot";
import { needs, userRoute, type RouteDefinition, type UserCall } from "../../platform/http/route";
import { conversationMessages, conversationSummary, createConversation, deleteConversation, listConversations, renameConversation } from "./conversation-store";
import { prepareQuestion, requestLog, streamAnswer, type CopilotEngine } from "./copilot-service";
import { acceptDpa, changeSettings, requireCopilotEnabled, settingsOf, usageMeta } from "./copilot-settings";

/** Chatting: access_copilot_chat (access_copilot implies it); the company flag is checked per route (COPILOT_DISABLED). */
const CHAT = needs("access_copilot_chat", { deniedDetail: "You don't have permission to use the copilot." });
/** The settings page shows usage to whoever chats, and everything to company administrators. */
const READ_SETTINGS = needs(["access_copilot_chat", "manage_company_settings"]);
const MANAGE = needs("manage_company_settings");

const nowOf = (call: Pick<UserCall<unknown, unknown, unknown>, "services">) => call.services.now?.() ?? new Date();

/**
 * The `ai` root (/ai-api): the person's own conversations (another's answers 404), questions
 * answered as a stream of AnswerEvents, and the company's copilot settings, consent, usage and
 * request log. Settings stay reachable while the flag is off, so an administrator can switch it on.
 */
export function copilotRoutes(engine: CopilotEngine): readonly RouteDefinition[] {
  return [
    userRoute({
      method: "GET",
      path: "/conversations/",
      summary: "The caller's own copilot conversations, most recently active first",
      access: CHAT,
      response: ConversationList,
      handle: (call) =>
        call.inTenant(async (context) => {
          await requireCopilotEnabled(context);
          return { conversations: await listConversations(context, call.user.userId) };
        }),
    }),
    userRoute({
      method: "POST",
      path: "/conversations/",
      summary: "Start a conversation (New chat); without a title, the first question names it",
      access: CHAT,
      body: ConversationCreateRequest,
      response: ConversationSummary,
      status: 201,
      handle: (call) =>
        call.inTenant(async (context) => {
          await requireCopilotEnabled(context);
          return createConversation(context, call.user.userId, call.body.title);
        }),
    }),
    userRoute({
      method: "GET",
      path: "/conversations/{conversationId}/",
      summary: "One of the caller's conversations with its messages, oldest first",
      access: CHAT,
      params: ConversationParams,
      response: Conversation,
      handle: (call) =>
        call.inTenant(async (context) => {
          await requireCopilotEnabled(context);
          const conversation = await conversationSummary(context, call.user.userId, call.params.conversationId);
          return { conversation, messages: await conversationMessages(context, conversation.id) };
        }),
    }),
    userRoute({
      method: "PATCH",
      path: "/conversations/{conversationId}/",
      summary: "Rename one of the caller's conversations",
      access: CHAT,
      params: ConversationParams,
      body: ConversationRenameRequest,
      response: ConversationSummary,
      handle: (call) =>
        call.inTenant(async (context) => {
          await requireCopilotEnabled(context);
          return renameConversation(context, call.user.userId, call.params.conversationId, call.body.title);
        }),
    }),
    userRoute({
      method: "DELETE",
      path: "/conversations/{conversationId}/",
      summary: "Delete one of the caller's conversations with its messages",
      access: CHAT,
      params: ConversationParams,
      status: 204,
      handle: (call) =>
        call.inTenant(async (context) => {
          await requireCopilotEnabled(context);
          await deleteConversation(context, call.user.userId, call.params.conversationId);
        }),
    }),
    userRoute({
      method: "POST",
      path: "/conversations/{conversationId}/messages/",
      summary: "Ask a question; the answer streams back as server-sent AnswerEvents",
      description:
        "One AnswerEvent per `data:` line: question (as stored), tool (each tool call), delta (answer text), then done (the stored answer with citations and blocks, and the tokens used) or error. Refusals come before the stream as ordinary errors: 403 when the copilot is off, when an external model is configured but its data processing agreement is not accepted, or when the month's token budget is spent.",
      access: CHAT,
      params: ConversationParams,
      body: AskRequest,
      bodyLimit: 512 * 1024,
      response: { mediaType: "text/event-stream", description: "AnswerEvents, one per data: line, ending with done or error" },
      handle: async (call) => {
        const { user, reader, request, reply, services } = call;
        const prepared = await call.inTenant((context) => prepareQuestion(context, services.config, user.userId, call.params.conversationId, nowOf(call)));
        const aborter = new AbortController();
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-cache, no-transform",
          connection: "keep-alive",
          "x-accel-buffering": "no",
          "x-request-id": String(request.id),
        });
        raw.on("close", () => {
          if (!raw.writableFinished) aborter.abort();
        });
        const emit = (event: AnswerEvent) => {
          if (!raw.writableEnded) raw.write(`data: ${JSON.stringify(event)}\n\n`);
        };
        try {
          await streamAnswer(prepared, call.body, { userId: user.userId, reader: { ...reader, userId: user.userId }, inTenant: call.inTenant }, engine, {
            emit,
            signal: aborter.signal,
            onFailure: (error) => request.log.warn({ err: error }, "copilot answer failed"),
          });
        } catch (error) {
          request.log.error({ err: error }, "copilot stream failed");
          emit({ type: "error", detail: "The copilot could not answer. Try again in a moment." });
        } finally {
          raw.end();
        }
        return reply;
      },
    }),
    userRoute({
      method: "GET",
      path: "/settings/",
      summary: "The company's copilot settings: the flag, where answers come from, consent, budget and this month's usage",
      description: "The API key is never sent back (hasApiKey says whether one is stored).",
      access: READ_SETTINGS,
      response: CopilotSettings,
      handle: (call) => call.inTenant((context) => settingsOf(context, call.services.config, nowOf(call))),
    }),
    userRoute({
      method: "PATCH",
      path: "/settings/",
      summary: "Change the copilot settings (flag, own endpoint, model, API key, budget, warning threshold)",
      description: "apiKey null removes the stored key; baseUrl null returns to the installation's model or the offline analyst. A new baseUrl withdraws the data processing agreement's acceptance.",
      access: MANAGE,
      body: CopilotSettingsChange,
      response: CopilotSettings,
      handle: (call) =>
        call.inTenant(async (context) => {
          await changeSettings(context, call.services.config, call.body);
          return settingsOf(context, call.services.config, nowOf(call));
        }),
    }),
    userRoute({
      method: "POST",
      path: "/settings/dpa/",
      summary: "Accept the data processing agreement for external models (who and when are recorded)",
      access: MANAGE,
      response: CopilotSettings,
      handle: (call) =>
        call.inTenant(async (context) => {
          await acceptDpa(context, call.user.userId, nowOf(call));
          return settingsOf(context, call.services.config, nowOf(call));
        }),
    }),
    userRoute({
      method: "GET",
      path: "/usage/",
      summary: "GPT usage meta: this month's tokens against the budget, and whether the warning is on",
      access: CHAT,
      response: GptUsageMeta,
      handle: (call) =>
        call.inTenant(async (context) => {
          await requireCopilotEnabled(context);
          return usageMeta(context, nowOf(call));
        }),
    }),
    userRoute({
      method: "GET",
      path: "/requests/",
      summary: "What was sent to external models, per request, newest first (the last 200)",
      access: MANAGE,
      response: ModelRequestLog,
      handle: (call) => call.inTenant((context) => requestLog(context)),
    }),
  ];
}
