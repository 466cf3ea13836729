import { sql } from "kysely";
import type { AnswerBlock, ChatMessage, Citation, ConversationSummary, Snapshot, ToolCallRecord } from "../../../contracts/copilot";
import { MAX_TITLE_LENGTH } from "../../../contracts/copilot";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, notFound } from "../../platform/http/errors";

/**
 * Conversations belong to the person who started them: every read and write here is scoped to
 * the owner, so another person's conversation answers 404 as a missing one does.
 */

/** What a conversation is called until it is named or its first question names it. */
export const UNTITLED = "New chat";

export async function listConversations({ db }: TenantContext, ownerId: number): Promise<ConversationSummary[]> {
  const rows = await summaries(db).where("c.owner_user_id", "=", ownerId).orderBy("c.updated_at", "desc").orderBy("c.id", "desc").execute();
  return rows.map(summaryOf);
}

export async function createConversation(context: TenantContext, ownerId: number, title: string | undefined): Promise<ConversationSummary> {
  const named = title?.trim() || null;
  const row = await context.db.insertInto("copilot_conversations").values({ tenant_id: context.tenantId, owner_user_id: ownerId, title: named }).returning("id").executeTakeFirstOrThrow();
  return conversationSummary(context, ownerId, row.id);
}

/** The conversation's summary; 404 unless it is the owner's. */
export async function conversationSummary({ db }: TenantContext, ownerId: number, id: number): Promise<ConversationSummary> {
  const row = await summaries(db).where("c.owner_user_id", "=", ownerId).where("c.id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  return summaryOf(row);
}

export async function conversationMessages({ db }: TenantContext, conversationId: number): Promise<ChatMessage[]> {
  const rows = await db.selectFrom("copilot_messages").selectAll().where("conversation_id", "=", conversationId).orderBy("id").execute();
  return rows.map(messageOf);
}

/** The rename form's message for a title of spaces only. */
export const TITLE_BLANK = "Enter a title.";

export async function renameConversation(context: TenantContext, ownerId: number, id: number, title: string): Promise<ConversationSummary> {
  const trimmed = title.trim();
  if (trimmed === "") throw badRequest({ title: [TITLE_BLANK] });
  const changed = await context.db.updateTable("copilot_conversations").set({ title: trimmed, updated_at: new Date() }).where("owner_user_id", "=", ownerId).where("id", "=", id).executeTakeFirst();
  if (changed.numUpdatedRows === 0n) throw notFound();
  return conversationSummary(context, ownerId, id);
}

export async function deleteConversation({ db }: TenantContext, ownerId: number, id: number): Promise<void> {
  const deleted = await db.deleteFrom("copilot_conversations").where("owner_user_id", "=", ownerId).where("id", "=", id).executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw notFound();
}

export interface NewMessage {
  readonly role: "user" | "assistant";
  readonly content: string;
  readonly citations?: readonly Citation[];
  readonly blocks?: readonly AnswerBlock[];
  readonly toolCalls?: readonly ToolCallRecord[];
  readonly model?: string | null;
  readonly snapshot?: Snapshot | null;
}

/** Adds a message and touches the conversation; the first question names an untitled one. */
export async function appendMessage(context: TenantContext, conversationId: number, message: NewMessage): Promise<ChatMessage> {
  const row = await context.db
    .insertInto("copilot_messages")
    .values({
      tenant_id: context.tenantId,
      conversation_id: conversationId,
      role: message.role,
      content: message.content,
      citations: JSON.stringify(message.citations ?? []),
      blocks: JSON.stringify(message.blocks ?? []),
      tool_calls: JSON.stringify(message.toolCalls ?? []),
      model: message.model ?? null,
      snapshot: message.snapshot ? JSON.stringify(message.snapshot) : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await context.db
    .updateTable("copilot_conversations")
    .set({ updated_at: new Date(), ...(message.role === "user" ? { title: sql<string>`coalesce(title, ${titleFrom(message.content)})` } : {}) })
    .where("id", "=", conversationId)
    .execute();
  return messageOf(row);
}

/** Takes back a question whose answer failed, and the title it gave, so nothing is half stored. */
export async function withdrawQuestion({ db }: TenantContext, conversationId: number, messageId: number, titleBefore: string | null): Promise<void> {
  await db.deleteFrom("copilot_messages").where("conversation_id", "=", conversationId).where("id", "=", messageId).execute();
  if (titleBefore === null) await db.updateTable("copilot_conversations").set({ title: null }).where("id", "=", conversationId).execute();
}

/** The stored title (null while untitled), for withdrawQuestion. */
export async function storedTitle({ db }: TenantContext, conversationId: number): Promise<string | null> {
  const row = await db.selectFrom("copilot_conversations").select("title").where("id", "=", conversationId).executeTakeFirst();
  return row?.title ?? null;
}

/** The question, shortened to a title on a word boundary. */
export function titleFrom(question: string): string {
  const flat = question.replace(/\s+/g, " ").trim();
  if (flat.length <= MAX_TITLE_LENGTH) return flat || UNTITLED;
  const cut = flat.slice(0, MAX_TITLE_LENGTH - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > 40 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function summaries(db: TenantContext["db"]) {
  return db
    .selectFrom("copilot_conversations as c")
    .select(["c.id", "c.title", "c.created_at", "c.updated_at"])
    .select((eb) => eb.selectFrom("copilot_messages as m").whereRef("m.conversation_id", "=", "c.id").select(sql<number>`count(*)::int`.as("n")).as("message_count"));
}

function summaryOf(row: { id: number; title: string | null; created_at: Date; updated_at: Date; message_count: number | null }): ConversationSummary {
  return { id: row.id, title: row.title ?? UNTITLED, createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString(), messageCount: Number(row.message_count ?? 0) };
}

type MessageRow = { id: number; role: "user" | "assistant"; content: string; created_at: Date; citations: unknown[]; blocks: unknown[]; tool_calls: unknown[]; model: string | null; snapshot: unknown };

function messageOf(row: MessageRow): ChatMessage {
  const snapshot = row.snapshot as Snapshot | null;
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    createdAt: row.created_at.toISOString(),
    citations: row.citations as Citation[],
    blocks: row.blocks as AnswerBlock[],
    toolCalls: row.tool_calls as ToolCallRecord[],
    model: row.model,
    snapshot: snapshot ? { title: snapshot.title, path: snapshot.path } : null,
  };
}

