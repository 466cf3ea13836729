import type { CommentSaved, KpiComment, NewComment } from "../../../contracts/collaboration";
import { mayDeleteComment, mayEditComment } from "../../../domain/collaboration/actions";
import { COMMENT_DELETE_FORBIDDEN, COMMENT_EDIT_FORBIDDEN } from "../../../domain/collaboration/texts";
import type { TenantContext } from "../../db/tenancy";
import { forbidden, notFound } from "../../platform/http/errors";
import type { Mailer } from "../../platform/mail/mailer";
import { userNames } from "../../platform/people";
import { participantOf, readableKpi, type Collaborator } from "./collaboration-access";
import { notifyMentions } from "./mentions";

/** What a comment's writing needs besides the database: the mailer and the site's address for links in mail. */
export interface Outbound {
  readonly mailer: Mailer;
  readonly publicUrl: string;
}

/** The in-app path of a KPI's discussion, scrolled to one comment. */
export const commentLink = (kpiId: number, commentId: number) => `/reporting/kpi-detail/${kpiId}/comments?comment=${commentId}`;

/** A KPI's comments, pinned first (latest pin on top), then newest first. */
export async function listComments(context: TenantContext, who: Collaborator, kpiId: number): Promise<KpiComment[]> {
  await readableKpi(context, who, kpiId);
  const rows = await commentRows(context).where("kpi_comments.kpi_id", "=", kpiId).orderBy("kpi_comments.pinned_at", (order) => order.desc().nullsLast()).orderBy("kpi_comments.created_at", "desc").orderBy("kpi_comments.id", "desc").execute();
  const names = await userNames(context, rows.map((row) => row.author_id));
  return rows.map((row) => commentOf(row, names, who));
}

export async function addComment(context: TenantContext, who: Collaborator, kpiId: number, body: NewComment, outbound: Outbound): Promise<CommentSaved> {
  const kpi = await readableKpi(context, who, kpiId);
  const { id } = await context.db
    .insertInto("kpi_comments")
    .values({ tenant_id: context.tenantId, kpi_id: kpiId, month: body.month ?? null, author_id: who.userId, text: body.text })
    .returning("id")
    .executeTakeFirstOrThrow();
  const comment = await commentFor(context, who, id);
  await context.appendEvent({ type: "CommentAdded", payload: { kpiId, comment } });
  const mentions = await notifyMentions(context, outbound.mailer, { kpi, text: body.text, writerId: who.userId, link: commentLink(kpiId, id), publicUrl: outbound.publicUrl });
  return { comment, ...mentions };
}

/** The author changes the text; people newly mentioned by the change are told, the others were already. */
export async function editComment(context: TenantContext, who: Collaborator, kpiId: number, commentId: number, text: string, outbound: Outbound): Promise<CommentSaved> {
  const kpi = await readableKpi(context, who, kpiId);
  const row = await storedComment(context, kpiId, commentId);
  if (!mayEditComment(participantOf(who), row.author_id)) throw forbidden(COMMENT_EDIT_FORBIDDEN);
  await context.db.updateTable("kpi_comments").set({ text, edited_at: new Date() }).where("id", "=", commentId).execute();
  const comment = await commentFor(context, who, commentId);
  await context.appendEvent({ type: "CommentEdited", payload: { kpiId, comment } });
  const mentions = await notifyMentions(context, outbound.mailer, { kpi, text, before: row.text, writerId: who.userId, link: commentLink(kpiId, commentId), publicUrl: outbound.publicUrl });
  return { comment, ...mentions };
}

/** The author or an administrator deletes it; an action made from it stays, without its comment. */
export async function deleteComment(context: TenantContext, who: Collaborator, kpiId: number, commentId: number): Promise<void> {
  await readableKpi(context, who, kpiId);
  const row = await storedComment(context, kpiId, commentId);
  if (!mayDeleteComment(participantOf(who), row.author_id)) throw forbidden(COMMENT_DELETE_FORBIDDEN);
  await context.db.deleteFrom("kpi_comments").where("id", "=", commentId).execute();
  await context.appendEvent({ type: "CommentDeleted", payload: { kpiId, commentId } });
}

/** Anyone who may read the KPI pins a comment for everyone (or unpins it): the discussion's notice board. */
export async function pinComment(context: TenantContext, who: Collaborator, kpiId: number, commentId: number, pinned: boolean): Promise<KpiComment> {
  await readableKpi(context, who, kpiId);
  const row = await storedComment(context, kpiId, commentId);
  if ((row.pinned_at !== null) !== pinned) {
    await context.db.updateTable("kpi_comments").set({ pinned_at: pinned ? new Date() : null }).where("id", "=", commentId).execute();
    const comment = await commentFor(context, who, commentId);
    await context.appendEvent({ type: pinned ? "CommentPinned" : "CommentUnpinned", payload: { kpiId, comment } });
    return comment;
  }
  return commentFor(context, who, commentId);
}

/** One comment as the reader sees it (the KPI already checked). */
export async function commentFor(context: TenantContext, who: Collaborator, commentId: number): Promise<KpiComment> {
  const row = await commentRows(context).where("kpi_comments.id", "=", commentId).executeTakeFirstOrThrow();
  return commentOf(row, await userNames(context, [row.author_id]), who);
}

/** A comment of this KPI, or 404 (one of another KPI, or another company's, is no comment here). */
export async function storedComment(context: TenantContext, kpiId: number, commentId: number) {
  const row = await context.db.selectFrom("kpi_comments").selectAll().where("id", "=", commentId).where("kpi_id", "=", kpiId).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

const commentRows = ({ db }: TenantContext) =>
  db
    .selectFrom("kpi_comments")
    .leftJoin("kpi_actions", (join) => join.onRef("kpi_actions.tenant_id", "=", "kpi_comments.tenant_id").onRef("kpi_actions.comment_id", "=", "kpi_comments.id"))
    .select([
      "kpi_comments.id",
      "kpi_comments.kpi_id",
      "kpi_comments.month",
      "kpi_comments.author_id",
      "kpi_comments.text",
      "kpi_comments.pinned_at",
      "kpi_comments.created_at",
      "kpi_comments.edited_at",
      "kpi_actions.id as action_id",
    ]);

type CommentRow = Awaited<ReturnType<ReturnType<typeof commentRows>["executeTakeFirstOrThrow"]>>;

function commentOf(row: CommentRow, names: ReadonlyMap<number, string>, who: Collaborator): KpiComment {
  const participant = participantOf(who);
  return {
    id: row.id,
    kpiId: row.kpi_id,
    month: row.month,
    author: { id: row.author_id, name: names.get(row.author_id) ?? "A former user" },
    text: row.text,
    pinned: row.pinned_at !== null,
    createdAt: row.created_at.toISOString(),
    editedAt: row.edited_at ? row.edited_at.toISOString() : null,
    actionId: row.action_id,
    mayEdit: mayEditComment(participant, row.author_id),
    mayDelete: mayDeleteComment(participant, row.author_id),
  };
}
