import { Schema } from "@effect/schema";
import { ActionComment, ActionsResponse, ActionStatus, KpiAction, KpiComment, MentionCandidate, Person, UnnotifiedMention } from "../collaboration";
import { KpiIssue } from "../issues";

/**
 * Comments, actions and the issues view (issue 15). Server changes by others arrive as
 * ServerEventReceived (CommentAdded, ActionChanged, …) and reload what is on screen.
 */

// ── commands ────────────────────────────────────────────────────────────────
/** A KPI's discussion: its comments, its actions, whom it can mention and assign. */
export class LoadKpiDiscussion extends Schema.TaggedStruct("LoadKpiDiscussion", { kpiId: Schema.Number }) {}
export class AddKpiComment extends Schema.TaggedStruct("AddKpiComment", { kpiId: Schema.Number, text: Schema.String, month: Schema.NullOr(Schema.String) }) {}
export class EditKpiComment extends Schema.TaggedStruct("EditKpiComment", { kpiId: Schema.Number, commentId: Schema.Number, text: Schema.String }) {}
export class DeleteKpiComment extends Schema.TaggedStruct("DeleteKpiComment", { kpiId: Schema.Number, commentId: Schema.Number }) {}
export class PinKpiComment extends Schema.TaggedStruct("PinKpiComment", { kpiId: Schema.Number, commentId: Schema.Number, pinned: Schema.Boolean }) {}
export class CreateAction extends Schema.TaggedStruct("CreateAction", { kpiId: Schema.Number, commentId: Schema.Number, assignedUser: Schema.Number, dueDate: Schema.NullOr(Schema.String) }) {}

export const ActionsFilter = Schema.Struct({ user: Schema.NullOr(Schema.Number), kpi: Schema.NullOr(Schema.Number), status: Schema.NullOr(ActionStatus), page: Schema.Number });
export type ActionsFilter = typeof ActionsFilter.Type;
export class LoadActions extends Schema.TaggedStruct("LoadActions", { filter: ActionsFilter }) {}
export class LoadAction extends Schema.TaggedStruct("LoadAction", { actionId: Schema.Number }) {}
export class ChangeAction extends Schema.TaggedStruct("ChangeAction", {
  actionId: Schema.Number,
  assignedUser: Schema.optional(Schema.Number),
  status: Schema.optional(ActionStatus),
  dueDate: Schema.optional(Schema.NullOr(Schema.String)),
}) {}
export class DeleteAction extends Schema.TaggedStruct("DeleteAction", { actionId: Schema.Number }) {}
export class AddActionComment extends Schema.TaggedStruct("AddActionComment", { actionId: Schema.Number, text: Schema.String }) {}
export class DeleteActionComment extends Schema.TaggedStruct("DeleteActionComment", { actionId: Schema.Number, commentId: Schema.Number }) {}
export class LoadIssues extends Schema.TaggedStruct("LoadIssues", {}) {}

export const CollaborationCommand = Schema.Union(LoadKpiDiscussion, AddKpiComment, EditKpiComment, DeleteKpiComment, PinKpiComment, CreateAction, LoadActions, LoadAction, ChangeAction, DeleteAction, AddActionComment, DeleteActionComment, LoadIssues);

// ── events ──────────────────────────────────────────────────────────────────
export class KpiDiscussionLoadStarted extends Schema.TaggedStruct("KpiDiscussionLoadStarted", { kpiId: Schema.Number }) {}
export class KpiDiscussionLoaded extends Schema.TaggedStruct("KpiDiscussionLoaded", {
  kpiId: Schema.Number,
  comments: Schema.Array(KpiComment),
  actions: Schema.Array(KpiAction),
  candidates: Schema.Array(MentionCandidate),
  assignees: Schema.Array(Person),
}) {}
export class KpiDiscussionLoadFailed extends Schema.TaggedStruct("KpiDiscussionLoadFailed", { kpiId: Schema.Number, message: Schema.String }) {}
/** The person's comment was written or edited; `notified`/`unnotified` say what its mentions did. */
export class KpiCommentSaved extends Schema.TaggedStruct("KpiCommentSaved", {
  kpiId: Schema.Number,
  comment: KpiComment,
  edited: Schema.Boolean,
  notified: Schema.Array(Person),
  unnotified: Schema.Array(UnnotifiedMention),
}) {}
export class KpiCommentPinned extends Schema.TaggedStruct("KpiCommentPinned", { kpiId: Schema.Number, comment: KpiComment }) {}
export class KpiCommentDeleted extends Schema.TaggedStruct("KpiCommentDeleted", { kpiId: Schema.Number, commentId: Schema.Number }) {}
export class ActionSaved extends Schema.TaggedStruct("ActionSaved", { action: KpiAction, created: Schema.Boolean }) {}
export class ActionRemoved extends Schema.TaggedStruct("ActionRemoved", { actionId: Schema.Number, kpiId: Schema.Number }) {}
export class ActionsLoadStarted extends Schema.TaggedStruct("ActionsLoadStarted", { filter: ActionsFilter }) {}
export class ActionsLoaded extends Schema.TaggedStruct("ActionsLoaded", { filter: ActionsFilter, response: ActionsResponse, assignees: Schema.Array(Person) }) {}
export class ActionsLoadFailed extends Schema.TaggedStruct("ActionsLoadFailed", { filter: ActionsFilter, message: Schema.String }) {}
export class ActionLoaded extends Schema.TaggedStruct("ActionLoaded", { action: KpiAction, comments: Schema.Array(ActionComment), assignees: Schema.Array(Person) }) {}
export class ActionLoadFailed extends Schema.TaggedStruct("ActionLoadFailed", { actionId: Schema.Number, message: Schema.String, notFound: Schema.Boolean }) {}
export class ActionCommentAdded extends Schema.TaggedStruct("ActionCommentAdded", { actionId: Schema.Number, comment: ActionComment }) {}
export class ActionCommentRemoved extends Schema.TaggedStruct("ActionCommentRemoved", { actionId: Schema.Number, commentId: Schema.Number }) {}
export class IssuesLoadStarted extends Schema.TaggedStruct("IssuesLoadStarted", {}) {}
export class IssuesLoaded extends Schema.TaggedStruct("IssuesLoaded", { issues: Schema.Array(KpiIssue) }) {}
export class IssuesLoadFailed extends Schema.TaggedStruct("IssuesLoadFailed", { message: Schema.String }) {}

/** Which change failed: the dialogs and forms show their own, a toast says the rest. */
export const CollaborationAction = Schema.Literal("comment", "edit", "delete", "pin", "createAction", "changeAction", "deleteAction", "actionComment", "deleteActionComment");
export type CollaborationAction = typeof CollaborationAction.Type;
export class CollaborationActionStarted extends Schema.TaggedStruct("CollaborationActionStarted", { action: CollaborationAction }) {}
export class CollaborationActionFailed extends Schema.TaggedStruct("CollaborationActionFailed", {
  action: CollaborationAction,
  message: Schema.String,
  fields: Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) }),
}) {}

export const CollaborationEvent = Schema.Union(
  KpiDiscussionLoadStarted,
  KpiDiscussionLoaded,
  KpiDiscussionLoadFailed,
  KpiCommentSaved,
  KpiCommentPinned,
  KpiCommentDeleted,
  ActionSaved,
  ActionRemoved,
  ActionsLoadStarted,
  ActionsLoaded,
  ActionsLoadFailed,
  ActionLoaded,
  ActionLoadFailed,
  ActionCommentAdded,
  ActionCommentRemoved,
  IssuesLoadStarted,
  IssuesLoaded,
  IssuesLoadFailed,
  CollaborationActionStarted,
  CollaborationActionFailed,
);
