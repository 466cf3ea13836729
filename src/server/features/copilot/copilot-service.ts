import type { ModelRequestLog } from "../../../contracts/copilot";
import { BUDGET_SPENT, DPA_REQUIRED, MODEL_UNAVAILABLE, type AnswerEvent, type AskRequest, type ChatMessage, type Snapshot } from "../../../contracts/copilot";
import type { ServerConfig } from "../../config";
import type { TenantContext } from "../../db/tenancy";
import { companyToday } from "../../platform/company-clock";
import { forbidden } from "../../platform/http/errors";
import { userNames } from "../../platform/people";
import { appendMessage, conversationMessages, conversationSummary, storedTitle, withdrawQuestion } from "./conversation-store";
import { answerEngine as engineOf, budgetOf, companyMonth, requireCopilotEnabled, tokensUsed, type AnswerEngine, type ModelEndpoint } from "./copilot-settings";
import { ModelFailure, runModelLoop, type ModelCall } from "./model-loop";
import type { AnalystAnswer, CopilotTool, OfflineAnalyst, ToolContext } from "./tool-types";

/**
 * Answering a question: checks first (flag, ownership, DPA, budget) so a refusal is an ordinary
 * 403 and nothing is stored; then the question is stored, the answer streams (from the model or
 * the offline analyst, no transaction held meanwhile: every read and write opens its own), and
 * the answer is stored. A failed answer takes the question back, so nothing is half stored.
 */

/** The tools and the offline analyst the copilot answers with (tools/, offline-analyst.ts). */
export interface CopilotEngine {
  readonly tools: () => readonly CopilotTool[];
  readonly analyst: OfflineAnalyst;
}

/** Who asks, and how their reads run: each call its own transaction as them. */
export interface Asker {
  readonly userId: number;
  readonly reader: ToolContext["reader"];
  readonly inTenant: ToolContext["inTenant"];
}

export interface PreparedQuestion {
  readonly conversationId: number;
  readonly engine: AnswerEngine;
  readonly history: readonly { readonly role: "user" | "assistant"; readonly content: string }[];
  readonly titleBefore: string | null;
  readonly today: string;
  readonly month: string;
  readonly askerName: string;
}

/** The checks before anything streams; refusals throw (403, 404). */
export async function prepareQuestion(context: TenantContext, config: ServerConfig, userId: number, conversationId: number, now: Date): Promise<PreparedQuestion> {
  await requireCopilotEnabled(context);
  await conversationSummary(context, userId, conversationId);
  const engine = await engineOf(context, config);
  const [today, month] = await Promise.all([companyToday(context, now), companyMonth(context, now)]);
  if (engine.kind === "model") {
    if (!engine.dpaAccepted) throw forbidden(DPA_REQUIRED);
    const { budget } = await budgetOf(context);
    if ((await tokensUsed(context, month)) >= budget) throw forbidden(BUDGET_SPENT);
  }
  const history = (await conversationMessages(context, conversationId)).map((message) => ({ role: message.role, content: message.content }));
  const askerName = (await userNames(context, [userId])).get(userId) ?? `user ${userId}`;
  return { conversationId, engine, history, titleBefore: await storedTitle(context, conversationId), today, month, askerName };
}

/**
 * Streams the answer as AnswerEvents through `emit`, ending with `done` or `error`. `onFailure`
 * hears what went wrong (for the server log); the person hears MODEL_UNAVAILABLE.
 */
export async function streamAnswer(
  prepared: PreparedQuestion,
  question: AskRequest,
  asker: Asker,
  engine: CopilotEngine,
  io: { readonly emit: (event: AnswerEvent) => void; readonly signal: AbortSignal; readonly onFailure: (error: unknown) => void },
): Promise<void> {
  const { conversationId } = prepared;
  const snapshot = question.snapshot ?? null;
  const stored = await asker.inTenant((context) => appendMessage(context, conversationId, { role: "user", content: question.content.trim(), snapshot }));
  io.emit({ type: "question", message: stored });
  const toolContext: ToolContext = { reader: asker.reader, inTenant: asker.inTenant, today: prepared.today };
  try {
    const { answer, tokens, model } = await answerWith(prepared, stored.content, snapshot, asker, engine, toolContext, io);
    const message: ChatMessage = await asker.inTenant((context) =>
      appendMessage(context, conversationId, { role: "assistant", content: answer.content, citations: answer.citations, blocks: answer.blocks, toolCalls: answer.toolCalls, model }),
    );
    io.emit({ type: "done", message, usage: tokens === null ? null : { tokens } });
  } catch (error) {
    await asker.inTenant((context) => withdrawQuestion(context, conversationId, stored.id, prepared.titleBefore));
    if (io.signal.aborted) return; // the person left: nobody to tell
    io.onFailure(error);
    io.emit({ type: "error", detail: MODEL_UNAVAILABLE });
  }
}

async function answerWith(
  prepared: PreparedQuestion,
  content: string,
  snapshot: AskRequest["snapshot"] | null,
  asker: Asker,
  engine: CopilotEngine,
  toolContext: ToolContext,
  io: { readonly emit: (event: AnswerEvent) => void; readonly signal: AbortSignal },
): Promise<{ answer: AnalystAnswer; tokens: number | null; model: string }> {
  const answerEngine = prepared.engine;
  if (answerEngine.kind === "offline") return { answer: await offlineAnswer(engine.analyst, content, snapshot ?? null, toolContext, io.emit), tokens: null, model: OFFLINE_MODEL };
  const endpoint = answerEngine.endpoint;
  const answer = await runModelLoop({
    endpoint,
    history: prepared.history,
    question: content,
    snapshot: snapshot ?? null,
    tools: engine.tools(),
    toolContext,
    signal: io.signal,
    emit: io.emit,
    record: (call) => asker.inTenant((context) => recordModelCall(context, prepared, asker.userId, endpoint, call)),
  });
  return { answer, tokens: answer.tokens, model: endpoint.model };
}

/** ChatMessage.model of the built-in analyst's answers. */
export const OFFLINE_MODEL = "offline";

/** The offline analyst's answer, told as the model's would be: its tool calls, then its text. */
async function offlineAnswer(analyst: OfflineAnalyst, content: string, snapshot: Snapshot | null, context: ToolContext, emit: (event: AnswerEvent) => void): Promise<AnalystAnswer> {
  const answer = await analyst(content, snapshot, context);
  for (const call of answer.toolCalls) emit({ type: "tool", name: call.name, arguments: call.arguments });
  emit({ type: "delta", text: answer.content });
  return answer;
}

/** One request to an external model, for the administrator's log and the month's meter. */
async function recordModelCall(context: TenantContext, prepared: PreparedQuestion, userId: number, endpoint: ModelEndpoint, call: ModelCall): Promise<void> {
  await context.db
    .insertInto("copilot_model_requests")
    .values({
      tenant_id: context.tenantId,
      user_id: userId,
      user_name: prepared.askerName,
      month: prepared.month,
      model: endpoint.model,
      base_url: endpoint.baseUrl,
      prompt_tokens: call.promptTokens,
      completion_tokens: call.completionTokens,
      sent: call.sent,
      ok: call.ok,
    })
    .execute();
}

/** The log's newest requests. */
export const REQUEST_LOG_LIMIT = 200;

export async function requestLog({ db }: TenantContext): Promise<typeof ModelRequestLog.Type> {
  const rows = await db.selectFrom("copilot_model_requests").selectAll().orderBy("id", "desc").limit(REQUEST_LOG_LIMIT).execute();
  return {
    requests: rows.map((row) => ({
      id: row.id,
      at: row.created_at.toISOString(),
      user: row.user_name,
      model: row.model,
      baseUrl: row.base_url,
      promptTokens: row.prompt_tokens,
      completionTokens: row.completion_tokens,
      sent: row.sent,
      ok: row.ok,
    })),
  };
}
