import { mayChangeAction, mayDeleteComment, mayEditComment } from "../../../domain/collaboration/actions";
import type { TenantContext } from "../../db/tenancy";
import { permissionsOf } from "../../platform/auth/permissions";
import type { EventFilter } from "../../platform/events/stream-route";
import { loadKpis } from "../kpis/kpi-repository";
import { mayRead } from "../kpis/kpi-service";
import { ownEventFilter } from "../kpis/kpi-event-filter";
import { participantOf } from "./collaboration-access";

/**
 * Comment and action events go to the people who may read their KPI now (effective sensitivity),
 * each with what that reader may do with the comment or action (the writer's own rights are not
 * sent on). Nothing at all reaches anyone else: not even that the KPI was discussed.
 */
async function readerOfKpi(payload: unknown, context: TenantContext, userId: number) {
  const kpiId = (payload as { kpiId?: unknown } | null)?.kpiId;
  if (typeof kpiId !== "number") return null;
  const reader = await permissionsOf(context, userId);
  const kpi = (await loadKpis(context)).find((row) => row.id === kpiId);
  return kpi && mayRead(reader, kpi) ? participantOf({ ...reader, userId }) : null;
}

const commentFilter: EventFilter = async (payload, context, userId) => {
  const participant = await readerOfKpi(payload, context, userId);
  if (!participant) return null;
  const event = payload as { comment?: { author?: { id?: number } } };
  if (!event.comment) return payload;
  const authorId = event.comment.author?.id ?? -1;
  return { ...event, comment: { ...event.comment, mayEdit: mayEditComment(participant, authorId), mayDelete: mayDeleteComment(participant, authorId) } };
};

const actionFilter: EventFilter = async (payload, context, userId) => {
  const participant = await readerOfKpi(payload, context, userId);
  if (!participant) return null;
  const event = payload as { action?: { assignedUser?: { id?: number }; createdBy?: { id?: number } }; comment?: { author?: { id?: number } } };
  if (event.action) {
    const mayChange = mayChangeAction(participant, { assignedUserId: event.action.assignedUser?.id ?? -1, createdBy: event.action.createdBy?.id ?? -1 });
    return { ...event, action: { ...event.action, mayChange } };
  }
  if (event.comment) return { ...event, comment: { ...event.comment, mayDelete: mayDeleteComment(participant, event.comment.author?.id ?? -1) } };
  return payload;
};

export const collaborationEventFilters: Readonly<Record<string, EventFilter>> = {
  CommentAdded: commentFilter,
  CommentEdited: commentFilter,
  CommentDeleted: commentFilter,
  CommentPinned: commentFilter,
  CommentUnpinned: commentFilter,
  ActionCreated: actionFilter,
  ActionChanged: actionFilter,
  ActionDeleted: actionFilter,
  ActionCommentAdded: actionFilter,
  ActionCommentDeleted: actionFilter,
  NotificationReceived: ownEventFilter,
  NotificationsMarkedRead: ownEventFilter,
};
