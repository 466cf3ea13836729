import type { ActionComment } from "../../../contracts/collaboration";
import { mayDeleteComment } from "../../../domain/collaboration/actions";
import { ACTION_COMMENT_DELETE_FORBIDDEN, ACTION_COMMENT_UNKNOWN } from "../../../domain/collaboration/texts";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, forbidden } from "../../platform/http/errors";
import { notifyUser } from "../../platform/notifications/notify-user";
import { userNames } from "../../platform/people";
import { participantOf, type Collaborator } from "./collaboration-access";
import { actionLink, readableAction } from "./action-service";

/** An action's thread, oldest first (it reads as a conversation). */
export async function listActionComments(context: TenantContext, who: Collaborator, actionId: number, now: Date): Promise<ActionComment[]> {
  await readableAction(context, who, actionId, now);
  const rows = await context.db.selectFrom("action_comments").selectAll().where("action_id", "=", actionId).orderBy("created_at").orderBy("id").execute();
  const names = await userNames(context, rows.map((row) => row.author_id));
  return rows.map((row) => commentOf(row, names, who));
}

/**
 * Anyone who may read the action's KPI writes in its thread. The assignee hears of what others
 * write (inbox, live): the thread is where they are asked about progress.
 */
export async function addActionComment(context: TenantContext, who: Collaborator, actionId: number, text: string, now: Date): Promise<ActionComment> {
  const action = await readableAction(context, who, actionId, now);
  const row = await context.db.insertInto("action_comments").values({ tenant_id: context.tenantId, action_id: actionId, author_id: who.userId, text }).returningAll().executeTakeFirstOrThrow();
  const names = await userNames(context, [who.userId]);
  const comment = commentOf(row, names, who);
  await context.appendEvent({ type: "ActionCommentAdded", payload: { kpiId: action.kpiId, actionId, comment } });
  if (action.assignedUser.id !== who.userId) {
    await notifyUser(context, { userId: action.assignedUser.id, kind: "action_comment", title: `${comment.author.name} commented on your action “${action.title.slice(0, 120)}”`, body: text.slice(0, 280), link: actionLink(actionId) });
  }
  return comment;
}

/** DELETE /api/actions/{id}/comments/ with the comment's id in the body: its author or an administrator. */
export async function deleteActionComment(context: TenantContext, who: Collaborator, actionId: number, commentId: number, now: Date): Promise<void> {
  const action = await readableAction(context, who, actionId, now);
  const row = await context.db.selectFrom("action_comments").select(["id", "author_id"]).where("id", "=", commentId).where("action_id", "=", actionId).executeTakeFirst();
  if (!row) throw badRequest({ id: [ACTION_COMMENT_UNKNOWN] });
  if (!mayDeleteComment(participantOf(who), row.author_id)) throw forbidden(ACTION_COMMENT_DELETE_FORBIDDEN);
  await context.db.deleteFrom("action_comments").where("id", "=", commentId).execute();
  await context.appendEvent({ type: "ActionCommentDeleted", payload: { kpiId: action.kpiId, actionId, commentId } });
}

function commentOf(row: { id: number; action_id: number; author_id: number; text: string; created_at: Date }, names: ReadonlyMap<number, string>, who: Collaborator): ActionComment {
  return {
    id: row.id,
    actionId: row.action_id,
    author: { id: row.author_id, name: names.get(row.author_id) ?? "A former user" },
    text: row.text,
    createdAt: row.created_at.toISOString(),
    mayDelete: mayDeleteComment(participantOf(who), row.author_id),
  };
}
