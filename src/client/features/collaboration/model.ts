import { castDraft, produce } from "immer";
import type { ActionComment, KpiAction, KpiComment, MentionCandidate, Person, UnnotifiedMention } from "../../../contracts/collaboration";
import type { KpiIssue } from "../../../contracts/issues";
import type { ActionsFilter, CollaborationAction } from "../../../contracts/messages/collaboration";
import type { Reducer } from "../../bus/store";

/** A KPI's discussion as the Comments tab shows it. */
export interface Discussion {
  readonly status: "loading" | "loaded" | "error";
  readonly comments: readonly KpiComment[];
  readonly actions: readonly KpiAction[];
  readonly candidates: readonly MentionCandidate[];
  readonly assignees: readonly Person[];
  readonly message: string | null;
}

/** What the person's last comment did with its mentions: who was told, who was not and why. */
export interface MentionReport {
  readonly kpiId: number;
  readonly commentId: number;
  readonly notified: readonly Person[];
  readonly unnotified: readonly UnnotifiedMention[];
}

export interface OpenAction {
  readonly status: "loading" | "loaded" | "error";
  readonly action: KpiAction | null;
  readonly comments: readonly ActionComment[];
  /** Whom it can be reassigned to: active people who may read its KPI. */
  readonly assignees: readonly Person[];
  readonly message: string | null;
  readonly notFound: boolean;
}

export interface CollaborationModel {
  readonly discussions: Readonly<Record<number, Discussion>>;
  readonly mentionReport: MentionReport | null;
  readonly list: {
    readonly status: "idle" | "loading" | "loaded" | "error";
    readonly filter: ActionsFilter | null;
    readonly actions: readonly KpiAction[];
    readonly count: number;
    readonly pageSize: number;
    readonly assignees: readonly Person[];
    readonly message: string | null;
  };
  readonly open: Readonly<Record<number, OpenAction>>;
  readonly issues: { readonly status: "idle" | "loading" | "loaded" | "error"; readonly issues: readonly KpiIssue[]; readonly message: string | null };
  /** The change in flight or failed, for the forms (their fields) and buttons (busy). */
  readonly change: { readonly status: "idle" | "busy" | "error"; readonly action: CollaborationAction | null; readonly message: string | null; readonly fields: Readonly<Record<string, readonly string[]>> };
  /** The action the person just made from a comment: the tab opens it. */
  readonly created: number | null;
}

export const initialCollaboration: CollaborationModel = {
  discussions: {},
  mentionReport: null,
  list: { status: "idle", filter: null, actions: [], count: 0, pageSize: 25, assignees: [], message: null },
  open: {},
  issues: { status: "idle", issues: [], message: null },
  change: { status: "idle", action: null, message: null, fields: {} },
  created: null,
};

const IDLE = { status: "idle" as const, action: null, message: null, fields: {} };

/** Pinned first (the latest pin first), then newest first: the server's order, kept as comments change here. */
export function inDiscussionOrder(comments: readonly KpiComment[], pinnedAt: ReadonlyMap<number, number> = new Map()): KpiComment[] {
  return [...comments].sort((a, b) => Number(b.pinned) - Number(a.pinned) || (pinnedAt.get(b.id) ?? 0) - (pinnedAt.get(a.id) ?? 0) || b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

export const collaborationReducer: Reducer<CollaborationModel> = (model, event, envelope) => {
  switch (event._tag) {
    case "KpiDiscussionLoadStarted":
      return produce(model, (draft) => {
        const known = draft.discussions[event.kpiId];
        if (known) known.status = known.status === "loaded" ? "loaded" : "loading";
        else draft.discussions[event.kpiId] = { status: "loading", comments: [], actions: [], candidates: [], assignees: [], message: null };
      });
    case "KpiDiscussionLoaded":
      return produce(model, (draft) => {
        draft.discussions[event.kpiId] = castDraft({ status: "loaded", comments: event.comments, actions: event.actions, candidates: event.candidates, assignees: event.assignees, message: null });
      });
    case "KpiDiscussionLoadFailed":
      return produce(model, (draft) => {
        const known = draft.discussions[event.kpiId];
        draft.discussions[event.kpiId] = castDraft({ ...(known ?? { comments: [], actions: [], candidates: [], assignees: [] }), status: "error", message: event.message });
      });
    case "CollaborationActionStarted":
      return produce(model, (draft) => {
        draft.change = { status: "busy", action: event.action, message: null, fields: {} };
        if (event.action === "comment" || event.action === "edit") draft.mentionReport = null;
      });
    case "CollaborationActionFailed":
      return produce(model, (draft) => {
        draft.change = castDraft({ status: "error", action: event.action, message: event.message, fields: event.fields });
      });
    case "KpiCommentSaved":
      return produce(model, (draft) => {
        draft.change = IDLE;
        draft.mentionReport = castDraft({ kpiId: event.kpiId, commentId: event.comment.id, notified: event.notified, unnotified: event.unnotified });
        const discussion = draft.discussions[event.kpiId];
        if (!discussion) return;
        const others = discussion.comments.filter((comment) => comment.id !== event.comment.id);
        discussion.comments = castDraft(inDiscussionOrder([...others, event.comment]));
      });
    case "KpiCommentPinned":
      return produce(model, (draft) => {
        draft.change = IDLE;
        const discussion = draft.discussions[event.kpiId];
        if (!discussion) return;
        const others = discussion.comments.filter((comment) => comment.id !== event.comment.id);
        // A new pin goes on top of the pinned ones, as the server orders them.
        const pins = new Map(event.comment.pinned ? [[event.comment.id, 1]] : []);
        discussion.comments = castDraft(inDiscussionOrder([event.comment, ...others], pins));
      });
    case "KpiCommentDeleted":
      return produce(model, (draft) => {
        draft.change = IDLE;
        const discussion = draft.discussions[event.kpiId];
        if (discussion) discussion.comments = discussion.comments.filter((comment) => comment.id !== event.commentId);
      });
    case "ActionSaved":
      return produce(model, (draft) => {
        draft.change = IDLE;
        if (event.created) draft.created = event.action.id;
        const discussion = draft.discussions[event.action.kpiId];
        if (discussion) {
          discussion.actions = castDraft([event.action, ...discussion.actions.filter((action) => action.id !== event.action.id)]);
          const comment = discussion.comments.find((entry) => entry.id === event.action.commentId);
          if (comment) comment.actionId = event.action.id;
        }
        draft.list.actions = castDraft(draft.list.actions.map((action) => (action.id === event.action.id ? event.action : action)));
        const open = draft.open[event.action.id];
        if (open) open.action = castDraft(event.action);
      });
    case "ActionRemoved":
      return produce(model, (draft) => {
        draft.change = IDLE;
        const discussion = draft.discussions[event.kpiId];
        if (discussion) {
          discussion.actions = discussion.actions.filter((action) => action.id !== event.actionId);
          for (const comment of discussion.comments) if (comment.actionId === event.actionId) comment.actionId = null;
        }
        draft.list.actions = draft.list.actions.filter((action) => action.id !== event.actionId);
        draft.open[event.actionId] = { status: "error", action: null, comments: [], assignees: [], message: "This action was deleted.", notFound: true };
      });
    case "ActionsLoadStarted":
      return produce(model, (draft) => {
        draft.list.status = "loading";
        draft.list.filter = castDraft(event.filter);
      });
    case "ActionsLoaded":
      return produce(model, (draft) => {
        draft.list = castDraft({ status: "loaded", filter: event.filter, actions: event.response.actions, count: event.response.count, pageSize: event.response.pageSize, assignees: event.assignees, message: null });
      });
    case "ActionsLoadFailed":
      return produce(model, (draft) => {
        draft.list.status = "error";
        draft.list.message = event.message;
      });
    case "ActionLoaded":
      return produce(model, (draft) => {
        draft.open[event.action.id] = castDraft({ status: "loaded", action: event.action, comments: event.comments, assignees: event.assignees, message: null, notFound: false });
      });
    case "ActionLoadFailed":
      return produce(model, (draft) => {
        draft.open[event.actionId] = { status: "error", action: null, comments: [], assignees: [], message: event.message, notFound: event.notFound };
      });
    case "ActionCommentAdded":
      return produce(model, (draft) => {
        draft.change = IDLE;
        const open = draft.open[event.actionId];
        if (open && !open.comments.some((comment) => comment.id === event.comment.id)) {
          open.comments.push(castDraft(event.comment));
          if (open.action) open.action.commentCount = open.comments.length;
        }
        const listed = draft.list.actions.find((action) => action.id === event.actionId);
        if (listed && open) listed.commentCount = open.comments.length;
      });
    case "ActionCommentRemoved":
      return produce(model, (draft) => {
        draft.change = IDLE;
        const open = draft.open[event.actionId];
        if (open) {
          open.comments = open.comments.filter((comment) => comment.id !== event.commentId);
          if (open.action) open.action.commentCount = open.comments.length;
        }
        const listed = draft.list.actions.find((action) => action.id === event.actionId);
        if (listed && open) listed.commentCount = open.comments.length;
      });
    case "IssuesLoadStarted":
      return produce(model, (draft) => {
        draft.issues.status = draft.issues.status === "loaded" ? "loaded" : "loading";
      });
    case "IssuesLoaded":
      return produce(model, (draft) => {
        draft.issues = castDraft({ status: "loaded", issues: event.issues, message: null });
      });
    case "IssuesLoadFailed":
      return produce(model, (draft) => {
        draft.issues = castDraft({ ...draft.issues, status: "error", message: event.message });
      });
    case "SignedOut":
      return initialCollaboration;
    default:
      void envelope;
      return model;
  }
};
