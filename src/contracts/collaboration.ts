import { Schema } from "@effect/schema";
import { IsoDate, MonthDate, RecordId, RecordIdFromString, RequiredText, WholeNumberFromString } from "./fields";

/**
 * Comments on KPIs, mentions and the actions comments become (issue 15, spec sections 3, 5, 7).
 * Only people who may read a KPI (its effective sensitivity) see or write anything about it.
 */

/** The longest comment (the column's bound). */
export const MAX_COMMENT_LENGTH = 5000;
/** Actions per page of GET /api/actions/. */
export const ACTIONS_PAGE_SIZE = 25;

export const Person = Schema.Struct({ id: Schema.Number, name: Schema.String });
export type Person = typeof Person.Type;

const CommentText = RequiredText(MAX_COMMENT_LENGTH, "Write a comment first.");

export const KpiComment = Schema.Struct({
  id: Schema.Number,
  kpiId: Schema.Number,
  /** The month it is about (YYYY-MM-01), shown as a marker on the KPI's chart; null: the KPI as a whole. */
  month: Schema.NullOr(Schema.String),
  author: Person,
  text: Schema.String,
  pinned: Schema.Boolean,
  createdAt: Schema.String,
  editedAt: Schema.NullOr(Schema.String),
  /** The action made from this comment, if any. */
  actionId: Schema.NullOr(Schema.Number),
  /** What the reader may do with it: edit (its author), delete (its author, an administrator). */
  mayEdit: Schema.Boolean,
  mayDelete: Schema.Boolean,
});
export type KpiComment = typeof KpiComment.Type;

export const KpiCommentsResponse = Schema.Struct({ comments: Schema.Array(KpiComment) });
export type KpiCommentsResponse = typeof KpiCommentsResponse.Type;

export const NewComment = Schema.Struct({ text: CommentText, month: Schema.optional(Schema.NullOr(MonthDate)) });
export type NewComment = typeof NewComment.Type;
export const CommentPatch = Schema.Struct({ text: CommentText });
export const CommentPin = Schema.Struct({ pinned: Schema.Boolean });

/** A mentioned address nobody was told about, and why (said to the writer only). */
export const UnnotifiedMention = Schema.Struct({
  address: Schema.String,
  reason: Schema.Literal("unknown", "may_not_read"),
});
export type UnnotifiedMention = typeof UnnotifiedMention.Type;

/** A comment written or changed, with what its mentions did: who was told, who was not. */
export const CommentSaved = Schema.Struct({
  comment: KpiComment,
  notified: Schema.Array(Person),
  unnotified: Schema.Array(UnnotifiedMention),
});
export type CommentSaved = typeof CommentSaved.Type;

/** Whom a comment can mention: the company's active people, and whether each may read the KPI. */
export const MentionCandidate = Schema.Struct({ id: Schema.Number, name: Schema.String, email: Schema.String, mayRead: Schema.Boolean });
export type MentionCandidate = typeof MentionCandidate.Type;
export const MentionCandidates = Schema.Struct({ people: Schema.Array(MentionCandidate) });

/** An action's state: open, in progress, done (spec section 3). */
export const ActionStatus = Schema.Literal("open", "in_progress", "done");
export type ActionStatus = typeof ActionStatus.Type;

export const KpiAction = Schema.Struct({
  id: Schema.Number,
  kpiId: Schema.Number,
  kpiName: Schema.String,
  /** The comment it was made from (null once that comment is deleted). */
  commentId: Schema.NullOr(Schema.Number),
  /** The comment's month, when it was about one. */
  month: Schema.NullOr(Schema.String),
  title: Schema.String,
  assignedUser: Person,
  status: ActionStatus,
  dueDate: Schema.NullOr(Schema.String),
  createdBy: Person,
  createdAt: Schema.String,
  updatedAt: Schema.String,
  doneAt: Schema.NullOr(Schema.String),
  commentCount: Schema.Number,
  /** Not done and its due date passed (in the company's calendar). */
  overdue: Schema.Boolean,
  /** The reader may change or delete it (its assignee, its creator, an administrator). */
  mayChange: Schema.Boolean,
});
export type KpiAction = typeof KpiAction.Type;

/** Turn a comment into an action: whom it is for and by when; the title is the comment's text unless given. */
export const NewAction = Schema.Struct({
  assignedUser: RecordId,
  dueDate: Schema.optional(Schema.NullOr(IsoDate)),
  title: Schema.optional(RequiredText(300, "Give the action a title.")),
});
export type NewAction = typeof NewAction.Type;

/** PATCH /api/actions/{id}/: any of the three. */
export const ActionPatch = Schema.Struct({
  assignedUser: Schema.optional(RecordId),
  status: Schema.optional(ActionStatus),
  dueDate: Schema.optional(Schema.NullOr(IsoDate)),
});
export type ActionPatch = typeof ActionPatch.Type;

/** GET /api/actions/: user (assignee), kpi, status, page (from 1). */
export const ActionsQuery = Schema.Struct({
  user: Schema.optional(RecordIdFromString),
  kpi: Schema.optional(RecordIdFromString),
  status: Schema.optional(ActionStatus),
  page: Schema.optional(WholeNumberFromString(1, 100_000)),
});
export type ActionsQuery = typeof ActionsQuery.Type;

export const ActionsResponse = Schema.Struct({
  count: Schema.Number,
  page: Schema.Number,
  pageSize: Schema.Number,
  actions: Schema.Array(KpiAction),
});
export type ActionsResponse = typeof ActionsResponse.Type;

export const ActionComment = Schema.Struct({
  id: Schema.Number,
  actionId: Schema.Number,
  author: Person,
  text: Schema.String,
  createdAt: Schema.String,
  mayDelete: Schema.Boolean,
});
export type ActionComment = typeof ActionComment.Type;

export const ActionCommentsResponse = Schema.Struct({ comments: Schema.Array(ActionComment) });
export type ActionCommentsResponse = typeof ActionCommentsResponse.Type;
export const NewActionComment = Schema.Struct({ text: CommentText });
/** DELETE /api/actions/{id}/comments/ names the comment in its body (spec section 7). */
export const ActionCommentRemoval = Schema.Struct({ id: RecordId });

/** The people an action can be assigned to: active, and able to read the action's KPI. */
export const AssigneesResponse = Schema.Struct({ people: Schema.Array(Person) });
