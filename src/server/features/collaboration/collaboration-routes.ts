import { Schema } from "@effect/schema";
import {
  ActionComment,
  ActionCommentRemoval,
  ActionCommentsResponse,
  ActionPatch,
  ActionsQuery,
  ActionsResponse,
  AssigneesResponse,
  CommentPatch,
  CommentPin,
  CommentSaved,
  KpiAction,
  KpiComment,
  KpiCommentsResponse,
  MentionCandidates,
  NewAction,
  NewActionComment,
  NewComment,
} from "../../../contracts/collaboration";
import { IssuesResponse } from "../../../contracts/issues";
import { MarkNotificationsReadBody, NotificationsResponse } from "../../../contracts/notifications";
import type { AppServices } from "../../services";
import { IdParams, PathId, signedIn, userRoute, type Reader } from "../../platform/http/route";
import { READ_REPORTING } from "../kpis/kpi-access";
import { addActionComment, deleteActionComment, listActionComments } from "./action-comments";
import { actionAssignees, assigneesFor, createAction, deleteAction, listActions, patchAction, readableAction } from "./action-service";
import type { Collaborator } from "./collaboration-access";
import { addComment, deleteComment, editComment, listComments, pinComment } from "./comment-service";
import { issuesFor } from "./issue-list";
import { mentionCandidates } from "./mention-candidates";
import { inboxOf, markRead } from "./notification-service";

/**
 * Comments, actions, the inbox and the issues view (issue 15). Everything about a KPI needs a KPI
 * read permission to reach (READ_REPORTING) and then the KPI's own level, checked per KPI by the
 * services: another level's KPI, its comments and actions answer 404 as missing ones do. The inbox
 * is every signed-in person's own.
 */
const CommentParams = Schema.Struct({ id: PathId, commentId: PathId });
const who = (call: { user: { userId: number }; reader: Reader }): Collaborator => ({ ...call.reader, userId: call.user.userId });
const outbound = (services: AppServices) => ({ mailer: services.mailer, publicUrl: services.config.publicUrl });
const now = (services: AppServices) => services.now?.() ?? new Date();

export const collaborationRoutes = [
  userRoute({
    method: "GET",
    path: "/kpis/{id}/comments/",
    summary: "A KPI's comments (on the KPI and on its months), pinned first, then newest first",
    access: READ_REPORTING,
    params: IdParams,
    response: KpiCommentsResponse,
    handle: (call) => call.inTenant(async (context) => ({ comments: await listComments(context, who(call), call.params.id) })),
  }),
  userRoute({
    method: "POST",
    path: "/kpis/{id}/comments/",
    summary: "Comment on a KPI, or on one of its months; mentioned people who may read the KPI are told (inbox and mail)",
    description: "Mentions are e-mail-like words (spec section 5). The answer says who was told and which mentioned addresses were not (unknown, or may not read the KPI), so nothing about the KPI reaches them.",
    access: READ_REPORTING,
    params: IdParams,
    body: NewComment,
    response: CommentSaved,
    status: 201,
    handle: (call) => call.inTenant((context) => addComment(context, who(call), call.params.id, call.body, outbound(call.services))),
  }),
  userRoute({
    method: "PATCH",
    path: "/kpis/{id}/comments/{commentId}/",
    summary: "Edit a comment's text (its author only); people it newly mentions are told",
    access: READ_REPORTING,
    params: CommentParams,
    body: CommentPatch,
    response: CommentSaved,
    handle: (call) => call.inTenant((context) => editComment(context, who(call), call.params.id, call.params.commentId, call.body.text, outbound(call.services))),
  }),
  userRoute({
    method: "DELETE",
    path: "/kpis/{id}/comments/{commentId}/",
    summary: "Delete a comment (its author or an administrator); an action made from it stays",
    access: READ_REPORTING,
    params: CommentParams,
    status: 204,
    handle: (call) => call.inTenant((context) => deleteComment(context, who(call), call.params.id, call.params.commentId)),
  }),
  userRoute({
    method: "PUT",
    path: "/kpis/{id}/comments/{commentId}/pin/",
    summary: "Pin a comment to the top of the KPI's discussion, or unpin it (anyone who may read the KPI)",
    access: READ_REPORTING,
    params: CommentParams,
    body: CommentPin,
    response: KpiComment,
    handle: (call) => call.inTenant((context) => pinComment(context, who(call), call.params.id, call.params.commentId, call.body.pinned)),
  }),
  userRoute({
    method: "POST",
    path: "/kpis/{id}/comments/{commentId}/action/",
    summary: "Turn a comment into an action: assigned to someone who may read the KPI (told by inbox and mail), with an optional due date",
    description: "A comment becomes one action at most (409 for a second).",
    access: READ_REPORTING,
    params: CommentParams,
    body: NewAction,
    response: KpiAction,
    status: 201,
    handle: (call) => call.inTenant((context) => createAction(context, who(call), call.params.id, call.params.commentId, call.body, outbound(call.services))),
  }),
  userRoute({
    method: "GET",
    path: "/kpis/{id}/mention-candidates/",
    summary: "Whom a comment on this KPI can mention: the company's active people with their addresses, and whether each may read the KPI",
    access: READ_REPORTING,
    params: IdParams,
    response: MentionCandidates,
    handle: (call) => call.inTenant(async (context) => ({ people: await mentionCandidates(context, who(call), call.params.id) })),
  }),
  userRoute({
    method: "GET",
    path: "/kpis/{id}/assignees/",
    summary: "Whom an action on this KPI can be assigned to: active people who may read it",
    access: READ_REPORTING,
    params: IdParams,
    response: AssigneesResponse,
    handle: (call) => call.inTenant(async (context) => ({ people: await assigneesFor(context, who(call), call.params.id) })),
  }),
  userRoute({
    method: "GET",
    path: "/actions/",
    summary: "Actions on the KPIs the user may read, filtered by assignee (user), KPI and status, 25 a page",
    description: "Unfinished actions first, the soonest due on top; done ones after them, newest first.",
    access: READ_REPORTING,
    query: ActionsQuery,
    response: ActionsResponse,
    handle: (call) => call.inTenant((context) => listActions(context, who(call), call.query, now(call.services))),
  }),
  userRoute({
    method: "GET",
    path: "/actions/assignees/",
    summary: "The people actions on the KPIs the user may read are assigned to: the choices of the list's user filter",
    access: READ_REPORTING,
    response: AssigneesResponse,
    handle: (call) => call.inTenant(async (context) => ({ people: await actionAssignees(context, who(call)) })),
  }),
  userRoute({
    method: "GET",
    path: "/actions/{id}/",
    summary: "One action",
    access: READ_REPORTING,
    params: IdParams,
    response: KpiAction,
    handle: (call) => call.inTenant((context) => readableAction(context, who(call), call.params.id, now(call.services))),
  }),
  userRoute({
    method: "PATCH",
    path: "/actions/{id}/",
    summary: "Reassign an action (assignedUser as id; the new assignee is told), change its status or due date",
    description: "Its assignee, its creator or an administrator.",
    access: READ_REPORTING,
    params: IdParams,
    body: ActionPatch,
    response: KpiAction,
    handle: (call) => call.inTenant((context) => patchAction(context, who(call), call.params.id, call.body, outbound(call.services), now(call.services))),
  }),
  userRoute({
    method: "DELETE",
    path: "/actions/{id}/",
    summary: "Delete an action with its thread (its assignee, its creator or an administrator); its comment stays",
    access: READ_REPORTING,
    params: IdParams,
    status: 204,
    handle: (call) => call.inTenant((context) => deleteAction(context, who(call), call.params.id, now(call.services))),
  }),
  userRoute({
    method: "GET",
    path: "/actions/{id}/comments/",
    summary: "An action's thread, oldest first",
    access: READ_REPORTING,
    params: IdParams,
    response: ActionCommentsResponse,
    handle: (call) => call.inTenant(async (context) => ({ comments: await listActionComments(context, who(call), call.params.id, now(call.services)) })),
  }),
  userRoute({
    method: "POST",
    path: "/actions/{id}/comments/",
    summary: "Write in an action's thread (anyone who may read its KPI); the assignee is told",
    access: READ_REPORTING,
    params: IdParams,
    body: NewActionComment,
    response: ActionComment,
    status: 201,
    handle: (call) => call.inTenant((context) => addActionComment(context, who(call), call.params.id, call.body.text, now(call.services))),
  }),
  userRoute({
    method: "DELETE",
    path: "/actions/{id}/comments/",
    summary: "Delete a comment of an action's thread, named by its id in the body (its author or an administrator)",
    access: READ_REPORTING,
    params: IdParams,
    body: ActionCommentRemoval,
    status: 204,
    handle: (call) => call.inTenant((context) => deleteActionComment(context, who(call), call.params.id, call.body.id, now(call.services))),
  }),
  userRoute({
    method: "GET",
    path: "/notifications/",
    summary: "The user's own notifications (mentions, actions assigned, alerts), newest first, with the unread count",
    access: signedIn(),
    response: NotificationsResponse,
    handle: (call) => call.inTenant((context) => inboxOf(context, call.user.userId)),
  }),
  userRoute({
    method: "POST",
    path: "/notifications/read/",
    summary: "Mark some of the user's notifications read (ids that are not theirs are passed over)",
    access: signedIn(),
    body: MarkNotificationsReadBody,
    response: NotificationsResponse,
    handle: (call) => call.inTenant((context) => markRead(context, call.user.userId, call.body.ids)),
  }),
  userRoute({
    method: "POST",
    path: "/notifications/read-all/",
    summary: "Mark all of the user's notifications read",
    access: signedIn(),
    response: NotificationsResponse,
    handle: (call) => call.inTenant((context) => markRead(context, call.user.userId, "all")),
  }),
  userRoute({
    method: "GET",
    path: "/issues/",
    summary: "The issues view: what needs attention on the KPIs the user may read (active), what was settled late (inactive), and data issues",
    description: "Active: alerts triggered this period, overdue actions. Inactive: earlier alerts, actions done after their due date (90 days). Data: KPIs outdated by their reporting cadence. Each entry links to what resolves it.",
    access: READ_REPORTING,
    response: IssuesResponse,
    handle: (call) => call.inTenant(async (context) => ({ issues: await issuesFor(context, call.reader, now(call.services)) })),
  }),
];
