import { Effect } from "effect";
import type { Observable } from "rxjs";
import { ActionCommentsResponse, ActionsResponse, AssigneesResponse, KpiAction, KpiCommentsResponse, MentionCandidates } from "../../../contracts/collaboration";
import { IssuesResponse } from "../../../contracts/issues";
import type { DomainEvent } from "../../../contracts/messages";
import { ActionLoaded, ActionLoadFailed, ActionsLoaded, ActionsLoadFailed, IssuesLoaded, IssuesLoadFailed, KpiDiscussionLoaded, KpiDiscussionLoadFailed, type ActionsFilter } from "../../../contracts/messages/collaboration";
import type { EpicDeps } from "../../app/deps";
import { describeApiError } from "../../effect/errors";
import { outcome$ } from "../../effect/observable";

export const ACTION_GONE_TEXT = "This action does not exist, or its KPI is not one you may read.";

const get = <A>(deps: EpicDeps, path: string, decode: import("@effect/schema").Schema.Schema<A, any>, query?: Record<string, string | undefined>) =>
  deps.api.request({ root: "main", method: "GET", path, decode, idempotent: true, ...(query ? { query } : {}) });

/** A KPI's comments, actions, mention candidates and assignees, at once: the tab shows them together. */
export function loadDiscussion$(deps: EpicDeps, kpiId: number): Observable<DomainEvent> {
  const all = Effect.all(
    [
      get(deps, `/kpis/${kpiId}/comments/`, KpiCommentsResponse),
      get(deps, "/actions/", ActionsResponse, { kpi: String(kpiId) }),
      get(deps, `/kpis/${kpiId}/mention-candidates/`, MentionCandidates),
      get(deps, `/kpis/${kpiId}/assignees/`, AssigneesResponse),
    ],
    { concurrency: "unbounded" },
  );
  return outcome$(
    all,
    ([comments, actions, candidates, assignees]): DomainEvent => KpiDiscussionLoaded.make({ kpiId, comments: comments.comments, actions: actions.actions, candidates: candidates.people, assignees: assignees.people }),
    (error): DomainEvent => KpiDiscussionLoadFailed.make({ kpiId, message: describeApiError(error) }),
  );
}

/** A page of the actions list, with the people the user filter offers. */
export function loadActions$(deps: EpicDeps, filter: ActionsFilter): Observable<DomainEvent> {
  const query = { user: filter.user?.toString(), kpi: filter.kpi?.toString(), status: filter.status ?? undefined, page: String(filter.page) };
  return outcome$(
    Effect.all([get(deps, "/actions/", ActionsResponse, query), get(deps, "/actions/assignees/", AssigneesResponse)], { concurrency: "unbounded" }),
    ([response, assignees]): DomainEvent => ActionsLoaded.make({ filter, response, assignees: assignees.people }),
    (error): DomainEvent => ActionsLoadFailed.make({ filter, message: describeApiError(error) }),
  );
}

/** One action with its thread. */
export function loadAction$(deps: EpicDeps, actionId: number): Observable<DomainEvent> {
  const loaded = Effect.all([get(deps, `/actions/${actionId}/`, KpiAction), get(deps, `/actions/${actionId}/comments/`, ActionCommentsResponse)], { concurrency: "unbounded" }).pipe(
    Effect.flatMap(([action, thread]) => get(deps, `/kpis/${action.kpiId}/assignees/`, AssigneesResponse).pipe(Effect.map((assignees) => ({ action, comments: thread.comments, assignees: assignees.people })))),
  );
  return outcome$(
    loaded,
    (answer): DomainEvent => ActionLoaded.make(answer),
    (error): DomainEvent => ActionLoadFailed.make({ actionId, message: error._tag === "NotFound" ? ACTION_GONE_TEXT : describeApiError(error), notFound: error._tag === "NotFound" }),
  );
}

export function loadIssues$(deps: EpicDeps): Observable<DomainEvent> {
  return outcome$(
    get(deps, "/issues/", IssuesResponse),
    (answer): DomainEvent => IssuesLoaded.make({ issues: answer.issues }),
    (error): DomainEvent => IssuesLoadFailed.make({ message: describeApiError(error) }),
  );
}
